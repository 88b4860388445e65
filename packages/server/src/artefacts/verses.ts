// The verse store: every verse slot's text, flags, speaker and footnotes, addressable by global verse
// index (layout: VERSES_LAYOUT, @skg/core `artefacts/verses.ts`). Nothing is decoded up front: the
// sections are views over the file's buffer, a verse's footnotes decoded when it is read.

import {
  BOOKS,
  type Book,
  CHAPTER_TABLE,
  CHAPTER_TABLE_WORDS,
  type Footnote,
  type StoredVerseFootnote,
  VERSE_FLAGS,
  VERSES_LAYOUT,
  VERSES_SECTIONS,
  type VersesPerChapter,
} from '@skg/core';
import { artefactError, readHeader, readSectionViews } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';

/** One row of the chapter table. */
export interface ChapterSlot {
  /** 0-based canonical ordinal; the same ordinal addresses the chapter record in chapters.bin. */
  readonly ordinal: number;
  readonly book: Book;
  readonly chapter: number;
  /** Global verse index of verse 1. */
  readonly firstVerse: number;
  readonly verseCount: number;
}

export interface VerseStore {
  readonly chapterCount: number;
  readonly verseCount: number;
  getChapterSlot(book: Book, chapter: number): ChapterSlot | undefined;
  getChapterSlotAt(ordinal: number): ChapterSlot;
  /** The chapter slot holding a global verse index. */
  getChapterSlotOf(index: number): ChapterSlot;
  getText(index: number): string;
  isOmitted(index: number): boolean;
  getSpeaker(index: number): string | undefined;
  /** The verse's footnotes in text order (the BSB's are all `footnote`); undefined when it has none. */
  getFootnotes(index: number): readonly Footnote[] | undefined;
  /** Verse counts per chapter, for `createCanon`. */
  getVersesPerChapter(): VersesPerChapter;
}

/** More than any book's chapter count (Psalms: 150). */
const CHAPTER_STRIDE = 152;

export function loadVerseStore(buffer: Buffer, file: string): VerseStore {
  const header = readHeader(buffer, VERSES_LAYOUT, file);
  const { chapters: chapterCount, verses: verseCount } = header;
  const {
    chapterTable: table,
    textOffsets: offsets,
    footnoteOffsets,
    speakerIndex,
    flags,
    speakerTable,
    text,
    footnotes: footnoteBytes,
  } = readSectionViews(buffer, file, VERSES_SECTIONS, header);
  const speakers = decodeMsgpack(buffer, ...speakerTable) as string[];
  const [textStart] = text;
  const [footnoteStart] = footnoteBytes;
  if (speakers.length !== header.speakers) throw artefactError(file, 'is truncated or malformed');

  const slots: ChapterSlot[] = [];
  const byChapter = new Int32Array(67 * CHAPTER_STRIDE).fill(-1);
  for (let ordinal = 0; ordinal < chapterCount; ordinal++) {
    const row = ordinal * CHAPTER_TABLE_WORDS;
    const book = BOOKS[(table[row + CHAPTER_TABLE.book] ?? 0) - 1];
    const chapter = table[row + CHAPTER_TABLE.chapter] ?? 0;
    if (!book || chapter < 1 || chapter > book.chapters) throw artefactError(file, `chapter table row ${ordinal} is malformed`);
    slots.push({ ordinal, book, chapter, firstVerse: table[row + CHAPTER_TABLE.firstVerse] ?? 0, verseCount: table[row + CHAPTER_TABLE.verseCount] ?? 0 });
    byChapter[book.order * CHAPTER_STRIDE + chapter] = ordinal;
  }

  function getChapterSlotAt(ordinal: number): ChapterSlot {
    const slot = slots[ordinal];
    if (!slot) throw new RangeError(`no chapter ordinal ${ordinal}`);
    return slot;
  }

  return {
    chapterCount,
    verseCount,
    getChapterSlot(book, chapter) {
      if (!Number.isInteger(chapter) || chapter < 1 || chapter >= CHAPTER_STRIDE) return undefined;
      const ordinal = byChapter[book.order * CHAPTER_STRIDE + chapter] ?? -1;
      return ordinal < 0 ? undefined : slots[ordinal];
    },
    getChapterSlotAt,
    getChapterSlotOf(index) {
      let low = 0;
      let high = slots.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if ((slots[mid]?.firstVerse ?? 0) <= index) low = mid;
        else high = mid - 1;
      }
      return getChapterSlotAt(low);
    },
    getText(index) {
      return buffer.toString('utf8', textStart + (offsets[index] ?? 0), textStart + (offsets[index + 1] ?? 0));
    },
    isOmitted(index) {
      return ((flags[index] ?? 0) & VERSE_FLAGS.omitted) !== 0;
    },
    getSpeaker(index) {
      const speaker = speakerIndex[index] ?? 0;
      return speaker === 0 ? undefined : speakers[speaker - 1];
    },
    getFootnotes(index) {
      const from = footnoteOffsets[index] ?? 0;
      const to = footnoteOffsets[index + 1] ?? 0;
      if (to <= from) return undefined;
      const notes = decodeMsgpack(buffer, footnoteStart + from, footnoteStart + to) as StoredVerseFootnote[];
      return notes.map(([offset, note]): Footnote => ({ offset, text: note, type: 'footnote' }));
    },
    getVersesPerChapter() {
      const counts: Record<string, number[]> = {};
      for (const slot of slots) {
        const list = (counts[slot.book.osis] ??= []);
        while (list.length < slot.chapter) list.push(0);
        list[slot.chapter - 1] = slot.verseCount;
      }
      return counts;
    },
  };
}
