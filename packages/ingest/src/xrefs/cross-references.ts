// OpenBible.info cross references (`cross_references.txt`): reading the rows, classifying them, the
// data file the bundle keeps every row in, and the references materialised on chapters.
//
// The upstream file is tab-separated: a header (`From Verse`, `To Verse`, `Votes`, then a comment
// naming the edition), then one row per directed reference: an OSIS verse, an OSIS verse or range
// (`Gen.4.25-Gen.5.32`, full OSIS on both sides) and the net votes (negative when voted down).

import { BOOKS, type Book, formatBookName } from '@skg/core';
import type { KjvSlots } from '../kjv-slots.ts';
import { isKjvSlot } from '../naves/references.ts';

export interface CrossReferenceRow {
  /** OSIS verse, as upstream writes it: `John.3.16`. */
  readonly from: string;
  /** OSIS verse or range, as upstream writes it: `Num.21.9`, `1John.4.9-1John.4.10`. */
  readonly to: string;
  readonly votes: number;
}

export interface OsisVerse {
  readonly book: Book;
  readonly chapter: number;
  readonly verse: number;
}

/** A reference's target: one verse (`end` absent) or a range, possibly across chapters or books. */
export interface OsisTarget {
  readonly start: OsisVerse;
  readonly end?: OsisVerse;
}

export interface ParsedCrossReferences {
  readonly rows: readonly CrossReferenceRow[];
  /** 1-based line numbers of lines that are not `from<TAB>to<TAB>votes`. */
  readonly malformed: readonly number[];
  /** The header's comment (`#www.openbible.info CC-BY 2026-02-23`), when there is one. */
  readonly edition: string;
}

const byOsis = new Map(BOOKS.map((book) => [book.osis, book]));

/** `John.3.16` → John 3:16; undefined unless it is an OSIS book id (exact case) and two positive numbers. */
export function parseOsisVerse(text: string): OsisVerse | undefined {
  // Each of the 344,799 rows is read three times and names about 60,000 distinct verses: each is parsed once.
  if (parsedVerses.has(text)) return parsedVerses.get(text);
  const match = /^([1-3]?[A-Za-z]+)\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  const book = match ? byOsis.get(match[1] ?? '') : undefined;
  const chapter = Number(match?.[2]);
  const verse = Number(match?.[3]);
  const parsed = book && chapter >= 1 && verse >= 1 ? Object.freeze({ book, chapter, verse }) : undefined;
  parsedVerses.set(text, parsed);
  return parsed;
}

const parsedVerses = new Map<string, OsisVerse | undefined>();

/** `Num.21.9` or `Gen.4.25-Gen.5.32`; undefined when either side is not an OSIS verse. */
export function parseOsisTarget(text: string): OsisTarget | undefined {
  const [startText = '', endText, extra] = text.split('-');
  if (extra !== undefined) return undefined;
  const start = parseOsisVerse(startText);
  if (!start) return undefined;
  if (endText === undefined) return { start };
  const end = parseOsisVerse(endText);
  return end ? { start, end } : undefined;
}

/** Bible order: book, chapter, verse. */
export function compareVerses(a: OsisVerse, b: OsisVerse): number {
  return a.book.order - b.book.order || a.chapter - b.chapter || a.verse - b.verse;
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Reads the upstream file. Lines that do not hold three fields with an integer vote are reported, not kept. */
export function parseCrossReferences(text: string): ParsedCrossReferences {
  const rows: CrossReferenceRow[] = [];
  const malformed: number[] = [];
  let edition = '';
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line === '') return;
    const cells = line.split('\t');
    if (index === 0 && cells[0] === 'From Verse') {
      edition = (cells[3] ?? '').replace(/^#/, '').trim();
      return;
    }
    const [from = '', to = '', votes = ''] = cells;
    if (cells.length !== 3 || from === '' || to === '' || !/^-?\d+$/.test(votes)) {
      malformed.push(index + 1);
      return;
    }
    rows.push({ from, to, votes: Number(votes) });
  });
  return { rows, malformed, edition };
}

/** Where a row stands against the KJV verse slots. */
export type RowPlace = 'kjv' | 'outside-kjv' | 'unreadable';

/** `kjv` when the from verse and every end of the target are KJV slots; `unreadable` when either side is not OSIS. */
export function placeRow(row: CrossReferenceRow, slots: KjvSlots): RowPlace {
  const from = parseOsisVerse(row.from);
  const to = parseOsisTarget(row.to);
  if (!from || !to) return 'unreadable';
  const points = [from, to.start, ...(to.end ? [to.end] : [])];
  return points.every((point) => isKjvSlot(slots, point.book, point.chapter, point.verse)) ? 'kjv' : 'outside-kjv';
}

/** A verse's place in Bible order as one number; `Infinity` when it does not read. */
function verseKey(verse: OsisVerse | undefined): number {
  return verse ? verse.book.order * 1_000_000 + verse.chapter * 1_000 + verse.verse : Number.POSITIVE_INFINITY;
}

interface SortKey {
  readonly row: CrossReferenceRow;
  readonly from: number;
  readonly start: number;
  readonly end: number;
}

function createSortKey(row: CrossReferenceRow): SortKey {
  const target = parseOsisTarget(row.to);
  return { row, from: verseKey(parseOsisVerse(row.from)), start: verseKey(target?.start), end: verseKey(target?.end ?? target?.start) };
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (a.from !== b.from) return a.from < b.from ? -1 : 1;
  if (a.row.votes !== b.row.votes) return b.row.votes - a.row.votes;
  if (a.start !== b.start) return a.start < b.start ? -1 : 1;
  if (a.end !== b.end) return a.end < b.end ? -1 : 1;
  return compareText(a.row.from, b.row.from) || compareText(a.row.to, b.row.to);
}

/**
 * The rows in the data file's order: by from verse (Bible order), votes (highest first), then target
 * (Bible order of its start, then of its end). Rows whose references do not read come last, by text.
 */
export function sortRows(rows: readonly CrossReferenceRow[]): CrossReferenceRow[] {
  return rows.map(createSortKey).sort(compareKeys).map((key) => key.row);
}

/** Header of the bundle's data file. */
export const CROSS_REFERENCES_TSV_HEADER = 'from\tto\tvotes';

/** The data file: the header, then one `from<TAB>to<TAB>votes` line per row in the given order, LF, final newline. */
export function formatCrossReferencesTsv(rows: readonly CrossReferenceRow[]): string {
  const lines = [CROSS_REFERENCES_TSV_HEADER];
  for (const row of rows) lines.push(`${row.from}\t${row.to}\t${row.votes}`);
  return `${lines.join('\n')}\n`;
}

/** `John 3:16` (`Psalm 23:1` for a psalm). */
export function formatVerseLabel(verse: OsisVerse): string {
  return `${formatBookName(verse.book)} ${verse.chapter}:${verse.verse}`;
}

/** `Numbers 21:9`, `Numbers 21:8–9`, `Genesis 4:25–5:32`, `2 John 1:1–3 John 1:15`. */
export function formatTargetLabel(target: OsisTarget): string {
  const { start, end } = target;
  const first = formatVerseLabel(start);
  if (!end) return first;
  if (end.book !== start.book) return `${first}–${formatVerseLabel(end)}`;
  if (end.chapter !== start.chapter) return `${first}–${end.chapter}:${end.verse}`;
  return end.verse === start.verse ? first : `${first}–${end.verse}`;
}

export interface CrossReferenceCounts {
  readonly rows: number;
  readonly negativeVotes: number;
  readonly zeroVotes: number;
  /** Rows whose target is a range (`Gen.4.25-Gen.5.32`). */
  readonly rangeTargets: number;
  /** Rows whose from verse or a target end is not a KJV slot (OpenBible follows the ESV: `3John.1.15`). */
  readonly outsideKjv: number;
  /** Rows whose references are not OSIS. */
  readonly unreadable: number;
  readonly minVotes: number;
  readonly maxVotes: number;
  /** Rows with votes ≥ the floor inside the KJV slots: materialised on chapters. */
  readonly materialised: number;
  /** Rows with votes ≥ the floor left out because a verse is outside the KJV slots (or unreadable). */
  readonly aboveFloorOutsideKjv: number;
  /** Chapters holding at least one materialised reference. */
  readonly chaptersWithReferences: number;
  /** Materialised references whose target lies in the chapter of their from verse. */
  readonly sameChapter: number;
}
