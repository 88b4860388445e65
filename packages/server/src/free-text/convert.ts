// The parser's passages → the references we serve: KJV-versification OSIS inside one book at a time.
//
// The OpenBible.info parser (parse-text.ts) reads the text with KJV versification, the one our data
// uses, so its book ids, chapters and verses are ours as they stand: what this module adds is our
// reference shapes (verse, range, chapter, span across chapters), the OSIS standard's full form for
// the whole reference (`John.3.16-John.3.18`, `Gen.1.31-Exod.1.1`), its human-readable form, and
// whether the data has it. A reference across books is split into one part per book, since a passage
// is read inside one book.

import {
  type Book,
  type BookLookup,
  type Canon,
  formatBookName,
  formatFullOsis,
  formatOsis,
  formatReference,
  getBook,
  isApiError,
  type PassageReference,
  resolvePassageReference,
} from '@skg/core';

/** One end of a passage as the parser gives it: a verse is absent for a whole chapter. */
export interface ParsedEnd {
  readonly b?: string;
  readonly c?: number;
  readonly v?: number;
}

/**
 * A passage the parser found: its OSIS (empty when it judged it invalid), its ends and where it stood;
 * its entities' `valid.messages` say where it was cut back (`end_verse_not_exist` for `Ps 117:1-3`).
 */
export interface ParsedPassage {
  readonly osis: string;
  readonly start: ParsedEnd;
  readonly end: ParsedEnd;
  readonly indices: readonly [number, number];
  readonly entities?: readonly { readonly valid?: { readonly messages?: Readonly<Record<string, unknown>> } }[];
}

export interface FoundReference {
  /** The OSIS standard's full form: `John.3.16`, `John.3.16-John.3.18`, `1Cor.13`, `Gen.1.1-Gen.2.3`. */
  readonly osis: string;
  /** Human-readable, in English: `John 3:16-18`, `Genesis 1:1-2:3`. */
  readonly reference: string;
  /** The words it was read from, and where they stand in the text: [start, end) in UTF-16 code units. */
  readonly text: string;
  readonly indices: readonly [number, number];
  /** Whether every verse it names is in our data (the parser also reports chapters and verses past the end). */
  readonly exists: boolean;
  /** Its parts, one per book, in order; empty when it does not exist. */
  readonly parts: readonly PassageReference[];
  /** Set when the text runs past the end of a chapter or book (`Ps 117:1-3`): what was read instead; `exists` is false. */
  readonly warning?: string;
}

/** The parser's messages for an end it cut back to the last verse of the chapter or chapter of the book. */
const PAST_THE_END: Readonly<Record<string, string>> = { end_verse_not_exist: 'chapter', end_chapter_not_exist: 'book' };

/** `chapter` or `book` when the parser cut the passage's end back to the last there is. */
function runsPastTheEnd(passage: ParsedPassage): string | undefined {
  for (const entity of passage.entities ?? []) {
    for (const key of Object.keys(entity.valid?.messages ?? {})) if (PAST_THE_END[key]) return PAST_THE_END[key];
  }
  return undefined;
}

interface End {
  readonly book: Book;
  readonly chapter: number;
  readonly verse: number | undefined;
}

const OSIS_END = /^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?$/;

/** The ends of a valid passage, from its OSIS (`Gen.1-Gen.2` keeps "whole chapters", which its ends do not). */
function readOsisEnds(osis: string): ParsedEnd[] | undefined {
  const parts = osis.split('-');
  if (parts.length > 2) return undefined;
  const ends: ParsedEnd[] = [];
  for (const part of parts) {
    const match = OSIS_END.exec(part);
    if (!match) return undefined;
    ends.push({ b: match[1], c: Number(match[2]), ...(match[3] !== undefined ? { v: Number(match[3]) } : {}) });
  }
  return ends;
}

function toEnd(end: ParsedEnd | undefined, books: BookLookup): End | undefined {
  const book = end?.b === undefined ? undefined : books(end.b);
  if (!book || end?.c === undefined || !Number.isInteger(end.c)) return undefined;
  return { book, chapter: end.c, verse: end.v };
}

/** A reference inside one book from `start` to `end`; an end without a verse runs to its chapter's end. */
function createPart(book: Book, start: Omit<End, 'book'>, end: Omit<End, 'book'>, canon: Canon): PassageReference {
  const { chapter } = start;
  if (end.chapter !== chapter) {
    if (start.verse === undefined && end.verse === undefined) return { kind: 'span', book, chapter, endChapter: end.chapter };
    return {
      kind: 'span',
      book,
      chapter,
      verse: start.verse ?? 1,
      endChapter: end.chapter,
      endVerse: end.verse ?? canon.verseCount(book, end.chapter),
    };
  }
  if (start.verse === undefined && end.verse === undefined) return { kind: 'chapter', book, chapter };
  const first = start.verse ?? 1;
  const last = end.verse ?? canon.verseCount(book, chapter);
  return first === last ? { kind: 'verse', book, chapter, verse: first } : { kind: 'range', book, chapter, start: first, end: last };
}

/** The parts of a reference from `start` to `end`, one per book in the canon's order (none when `end` comes first). */
function createParts(start: End, end: End, canon: Canon): PassageReference[] {
  if (start.book === end.book) return [createPart(start.book, start, end, canon)];
  const first = canon.books.indexOf(start.book);
  const last = canon.books.indexOf(end.book);
  if (first < 0 || last <= first) return [];
  const parts: PassageReference[] = [createPart(start.book, start, { chapter: start.book.chapters, verse: undefined }, canon)];
  for (const book of canon.books.slice(first + 1, last)) {
    parts.push(createPart(book, { chapter: 1, verse: undefined }, { chapter: book.chapters, verse: undefined }, canon));
  }
  parts.push(createPart(end.book, { chapter: 1, verse: undefined }, end, canon));
  return parts;
}

function exists(part: PassageReference, canon: Canon, books: BookLookup): boolean {
  try {
    resolvePassageReference(formatOsis(part), canon, books);
    return true;
  } catch (error) {
    if (isApiError(error)) return false;
    throw error;
  }
}

function formatEnd(end: End, withBook: boolean): string {
  const head = withBook ? `${formatBookName(end.book)} ${end.chapter}` : `${end.chapter}`;
  return end.verse === undefined ? head : `${head}:${end.verse}`;
}

function formatOsisEnd(end: End): string {
  return end.verse === undefined ? `${end.book.osis}.${end.chapter}` : `${end.book.osis}.${end.chapter}.${end.verse}`;
}

/**
 * Converts one passage the parser found, read in `canon` with its books (`books`: the 66 by default; a
 * translation's own lookup adds its deuterocanon). `undefined` when it names no book there (the parser
 * can report a chapter number it could not tie to a book, or a deuterocanonical book).
 */
export function convertParsedPassage(passage: ParsedPassage, text: string, canon: Canon, books: BookLookup = getBook): FoundReference | undefined {
  // Cut back, the compacted OSIS would read as the whole chapter (`Ps 117:1-3` → `Ps.117`): read the ends.
  const pastTheEnd = runsPastTheEnd(passage);
  const [startRaw, endRaw] = (passage.osis === '' || pastTheEnd !== undefined ? undefined : readOsisEnds(passage.osis)) ?? [passage.start, passage.end];
  const start = toEnd(startRaw, books);
  const end = toEnd(endRaw ?? startRaw, books);
  if (!start || !end) return undefined;
  const parts = createParts(start, end, canon);
  const single = parts.length === 1 ? parts[0] : undefined;
  const found = pastTheEnd === undefined && parts.length > 0 && parts.every((part) => exists(part, canon, books));
  const [from, to] = passage.indices;
  const reference = single ? formatReference(single) : `${formatEnd(start, true)}-${formatEnd(end, true)}`;
  return {
    osis: single ? formatFullOsis(single) : `${formatOsisEnd(start)}-${formatOsisEnd(end)}`,
    reference,
    text: text.slice(from, to),
    indices: [from, to],
    exists: found,
    parts: found ? parts : [],
    ...(pastTheEnd ? { warning: `'${text.slice(from, to)}' runs past the end of the ${pastTheEnd}: it holds ${reference}` } : {}),
  };
}
