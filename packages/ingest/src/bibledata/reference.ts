// Verse references: BibleData's `GEN 1:1` and OSIS `Gen.1.1`, checked against the KJV verse slots,
// and the chapter document each verse belongs to.

import { type Book, chapterPath, formatReference, getBook, getBookByUsfm } from '@skg/core';
import type { IngestContext } from '../collections/collection.ts';
import { type KjvSlots, parseKjvSlots } from '../kjv-slots.ts';

export const KJV_SLOTS_FILE = 'bibledata/BibleData-Reference.csv';

/** One verse, resolved to its book. */
export interface VerseRef {
  readonly book: Book;
  readonly chapter: number;
  readonly verse: number;
  /** `Gen.1.1` */
  readonly osis: string;
  /** The Chapter document: `bible/genesis/1`. */
  readonly chapterId: string;
}

function createVerseRef(book: Book, chapter: number, verse: number): VerseRef {
  return { book, chapter, verse, osis: `${book.osis}.${chapter}.${verse}`, chapterId: chapterPath(book, chapter) };
}

/** Book codes BibleData-Epoch.csv writes that are not USFM codes (Nahum, Ezekiel, Zechariah). */
const BOOK_CODE_TYPOS: ReadonlyMap<string, string> = new Map([['NAH', 'NAM'], ['EZE', 'EZK'], ['ZEH', 'ZEC']]);

/**
 * Parses a BibleData reference (`GEN 1:1`, `1SA 3:10`); of a list (`EXO 6:18, NUM 26:58`) the first.
 * Verse 0 (a Psalm title, `PSA 3:0`) is returned as verse 0: the caller decides what to anchor it to.
 * `undefined` when it does not parse or names no book.
 */
export function parseBibleDataReference(text: string): VerseRef | undefined {
  const match = /^\s*([1-3A-Z]{3}) (\d+):(\d+)\b/.exec(text);
  if (!match) return undefined;
  const code = match[1] ?? '';
  const book = getBookByUsfm(BOOK_CODE_TYPOS.get(code) ?? code);
  if (!book) return undefined;
  return createVerseRef(book, Number(match[2]), Number(match[3]));
}

/** Parses an OSIS verse (`2Kgs.5.12`); `undefined` when it is not one. */
export function parseOsisVerse(text: string): VerseRef | undefined {
  const match = /^([1-3]?[A-Za-z]+)\.(\d+)\.(\d+)$/.exec(text);
  if (!match) return undefined;
  const book = getBook(match[1] ?? '');
  if (!book || book.osis !== match[1]) return undefined;
  return createVerseRef(book, Number(match[2]), Number(match[3]));
}

/** Whether the verse is one of the 31,102 KJV verse slots. */
export function isKjvSlot(slots: KjvSlots, ref: VerseRef): boolean {
  const count = slots.get(ref.book.usfm)?.[ref.chapter - 1];
  return count !== undefined && ref.verse >= 1 && ref.verse <= count;
}

/**
 * A BibleData reference (see `parseBibleDataReference`) checked against the KJV verse slots: verse 0
 * (a Psalm title) is anchored to verse 1; `outside` when it parses but names no slot (BibleData has
 * slips such as `EZR 13:6` for Nehemiah 13:6: Ezra has 10 chapters), `undefined` when it does not
 * parse or is empty.
 */
export function parseKjvReference(text: string, slots: KjvSlots): VerseRef | 'outside' | undefined {
  const parsed = parseBibleDataReference(text);
  if (!parsed) return undefined;
  const ref = parsed.verse === 0 ? withVerse(parsed, 1) : parsed;
  return isKjvSlot(slots, ref) ? ref : 'outside';
}

/** Canonical order: book, chapter, verse. */
export function compareVerseRefs(a: VerseRef, b: VerseRef): number {
  return a.book.order - b.book.order || a.chapter - b.chapter || a.verse - b.verse;
}

/** The same verse with another verse number in its chapter. */
export function withVerse(ref: VerseRef, verse: number): VerseRef {
  return createVerseRef(ref.book, ref.chapter, verse);
}

/** A markdown link to the verse's chapter: `[Genesis 11:26](/bible/genesis/11)`. */
export function formatVerseLink(ref: VerseRef): string {
  return `[${formatReference({ kind: 'verse', book: ref.book, chapter: ref.chapter, verse: ref.verse })}](/${ref.chapterId})`;
}

const slotsByContext = new WeakMap<IngestContext, Promise<KjvSlots>>();

/** The KJV verse slots, read once per ingest. */
export function loadKjvSlots(context: IngestContext): Promise<KjvSlots> {
  let slots = slotsByContext.get(context);
  if (!slots) slotsByContext.set(context, (slots = context.readText(KJV_SLOTS_FILE).then(parseKjvSlots)));
  return slots;
}
