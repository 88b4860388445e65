// BibleData's USX-style scripture references: one verse (`GEN 1:1`, the commandments and lexemes) and
// the reference lists of Nave's Topical Bible (`EXO 6:16-20; JOS 21:4,10; 1CH 6:2,3; 23:13`).
//
// A Nave's list is read left to right:
// - a group is a book code, then a chapter spec: `6` (the whole chapter), `6:16` (a verse), `6:16-20`
//   (a range), `6:3-15,50-53` (a comma list of verses and ranges), `4:25-5:32` (a range across
//   chapters) or `1-3` (a run of whole chapters);
// - after `;` (also `; with`, `; and`) a chapter spec without a book carries the previous book over
//   (`1CH 6:2,3; 23:13` is 1 Chronicles 6:2,3 and 23:13); after `,` a spec with its own `c:v` does
//   too (`EXO 6:3, 7:2`), and after a whole chapter a bare number is another chapter (`EXO 28, 29`);
// - book codes are the USFM codes in capitals, plus the spellings Nave's also uses (`So` for the Song
//   of Solomon, `Jude`, `1JHN`, `Isa.`);
// - everything else is text and is kept as it is.

import { BOOKS, type Book, getBookByUsfm } from '@skg/core';
import type { KjvSlots } from '../kjv-slots.ts';

/** Where one cited range starts and (for a range) ends; `verse` undefined means the whole chapter. */
export interface CitedPoint {
  readonly chapter: number;
  readonly verse?: number;
}

export interface CitedRange {
  readonly start: CitedPoint;
  /** Absent for a single verse or chapter. */
  readonly end?: CitedPoint;
}

/** One book-and-chapter spec of a list: `EXO 6:16-20`, `23:13` (book carried over), `EXO 28`. */
export interface CitedGroup {
  readonly book: Book;
  readonly ranges: readonly CitedRange[];
  /** The text it was read from (`6:23,25`), for reports. */
  readonly source: string;
}

export type ReferenceSegment = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'reference'; readonly group: CitedGroup };

/** Spellings of book codes Nave's uses besides the USFM capitals. */
const BOOK_ALIASES: ReadonlyMap<string, string> = new Map([['So', 'SNG'], ['Jude', 'JUD'], ['1JHN', '1JN'], ['Isa', 'ISA']]);

const CODES = [...BOOKS.map((book) => book.usfm), ...BOOK_ALIASES.keys()].sort((a, b) => b.length - a.length);
/** A book code, an optional dot and spaces, before a digit; not inside a word. */
const BOOK_AT = new RegExp(`(${CODES.join('|')})\\.?[ \\t]+(?=\\d)`, 'y');
/** A chapter or verse number: not followed by a digit or a letter (`2KI` is a book, not chapter 2). */
const NUMBER_AT = /\d{1,3}(?![\dA-Za-z])/y;
const CARRY_SEPARATOR_AT = /[ \t]*;[ \t]*(?:(?:with|and)[ \t]+)?/y;
const COMMA_AT = /[ \t]*,[ \t]*/y;

function getBookByCode(code: string): Book | undefined {
  return getBookByUsfm(BOOK_ALIASES.get(code) ?? code);
}

function isWordCharacter(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z0-9]/.test(char);
}

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

function readNumber(text: string, at: number): { value: number; end: number } | undefined {
  const match = matchAt(NUMBER_AT, text, at);
  return match ? { value: Number(match[0]), end: at + match[0].length } : undefined;
}

/**
 * Reads a chapter spec at `at`: `6`, `6:16`, `6:16-20`, `6:3-15,50-53`, `4:25-5:32`, `1-3`. Returns
 * its ranges and where it ends, or undefined when no chapter number starts there. A comma is taken
 * as part of the verse list only when a verse number (not a `c:v`) follows it.
 */
export function parseChapterSpec(text: string, at: number): { ranges: CitedRange[]; end: number } | undefined {
  const chapter = readNumber(text, at);
  if (!chapter) return undefined;
  let end = chapter.end;
  if (text[end] !== ':') {
    // `1-3`: whole chapters (but not `4-5:3`, a malformed range, left as text).
    if (text[end] === '-') {
      const last = readNumber(text, end + 1);
      if (last && text[last.end] !== ':') {
        return { ranges: [{ start: { chapter: chapter.value }, end: { chapter: last.value } }], end: last.end };
      }
    }
    return { ranges: [{ start: { chapter: chapter.value } }], end };
  }
  const ranges: CitedRange[] = [];
  let at2 = end + 1;
  for (;;) {
    const verse = readNumber(text, at2);
    if (!verse) break;
    let range: CitedRange = { start: { chapter: chapter.value, verse: verse.value } };
    end = verse.end;
    if (text[end] === '-') {
      const next = readNumber(text, end + 1);
      if (next && text[next.end] === ':') {
        const endVerse = readNumber(text, next.end + 1);
        if (endVerse) {
          range = { ...range, end: { chapter: next.value, verse: endVerse.value } };
          end = endVerse.end;
        }
      } else if (next) {
        range = { ...range, end: { chapter: chapter.value, verse: next.value } };
        end = next.end;
      }
    }
    ranges.push(range);
    // Only a crossing range ends the list: `4:25-5:32,40` would be ambiguous.
    if (range.end && range.end.chapter !== chapter.value) break;
    const comma = matchAt(COMMA_AT, text, end);
    if (!comma) break;
    const after = end + comma[0].length;
    const following = readNumber(text, after);
    if (!following || text[following.end] === ':') break;
    at2 = after;
  }
  if (ranges.length === 0) return { ranges: [{ start: { chapter: chapter.value } }], end: chapter.end };
  return { ranges, end };
}

/**
 * Splits a line of Nave's text into text and reference groups (see the module header). Text between
 * groups (`; `, `; with `) stays text, so joining the segments' source gives the line back.
 */
export function parseReferenceList(line: string): ReferenceSegment[] {
  const segments: ReferenceSegment[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') segments.push({ kind: 'text', text });
    text = '';
  };
  let at = 0;
  while (at < line.length) {
    const bookMatch = isWordCharacter(line[at - 1]) ? null : matchAt(BOOK_AT, line, at);
    const book = bookMatch ? getBookByCode(bookMatch[1] ?? '') : undefined;
    const spec = bookMatch && book ? parseChapterSpec(line, at + bookMatch[0].length) : undefined;
    if (!bookMatch || !book || !spec) {
      text += line[at];
      at++;
      continue;
    }
    flush();
    segments.push({ kind: 'reference', group: { book, ranges: spec.ranges, source: line.slice(at, spec.end) } });
    at = spec.end;
    // Carry the book over while the list goes on.
    let previous = spec.ranges;
    for (;;) {
      const separator = matchAt(CARRY_SEPARATOR_AT, line, at) ?? matchAt(COMMA_AT, line, at);
      if (!separator) break;
      const after = at + separator[0].length;
      if (!isWordCharacter(line[after - 1]) && matchAt(BOOK_AT, line, after)) break; // a new book: the outer loop reads it
      const next = parseChapterSpec(line, after);
      if (!next) break;
      const isComma = separator[0].trim() === ',';
      const [only, ...more] = previous;
      const wholeChapterBefore = only !== undefined && more.length === 0 && only.start.verse === undefined && only.end === undefined;
      // After a comma only `c:v` or, after a whole chapter, another chapter continue the list.
      if (isComma && !wholeChapterBefore && next.ranges[0]?.start.verse === undefined) break;
      segments.push({ kind: 'text', text: separator[0] });
      segments.push({ kind: 'reference', group: { book, ranges: next.ranges, source: line.slice(after, next.end) } });
      at = next.end;
      previous = next.ranges;
    }
  }
  flush();
  return segments;
}

/** `GEN 1:1` (a USFM/USX code, a space, chapter:verse) → book, chapter and verse; undefined when it is not one. */
export function parseUsxVerse(reference: string): { book: Book; chapter: number; verse: number } | undefined {
  const match = /^([1-4A-Z]{3}) (\d+):(\d+)$/.exec(reference.trim());
  if (!match) return undefined;
  const book = getBookByUsfm(match[1] ?? '');
  if (!book) return undefined;
  return { book, chapter: Number(match[2]), verse: Number(match[3]) };
}

/** Whether the verse (or, with no verse, the chapter) is a KJV slot. */
export function isKjvSlot(slots: KjvSlots, book: Book, chapter: number, verse?: number): boolean {
  const count = slots.get(book.usfm)?.[chapter - 1];
  if (count === undefined || chapter < 1) return false;
  return verse === undefined || (verse >= 1 && verse <= count);
}

/** `Gen.1.1`. */
export function formatOsisVerse(book: Book, chapter: number, verse: number): string {
  return `${book.osis}.${chapter}.${verse}`;
}
