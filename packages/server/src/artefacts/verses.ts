// The verse store: every verse slot's text, flags and speaker, addressable by global verse index.

import { BOOKS, type Book, ARTEFACT_MAGIC, type VersesPerChapter } from '@skg/core';
import { align4, artefactError, checkHeader, viewU16, viewU32 } from './binary.ts';
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
  /** Verse counts per chapter, for `createCanon`. */
  getVersesPerChapter(): VersesPerChapter;
}

const FLAG_OMITTED = 1;
const HEADER_BYTES = 32;
/** More than any book's chapter count (Psalms: 150). */
const CHAPTER_STRIDE = 152;

/**
 * verses.bin: little-endian; every section starts on a 4-byte boundary.
 *
 *   offset  type        field
 *   0       4 × ascii   magic "SKGV"
 *   4       u32         format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32         C: chapters
 *   12      u32         V: verse slots, omitted ones included; global verse index 0…V-1, canonical order
 *   16      u32         S: distinct speakers
 *   20      u32         T: bytes of verse text
 *   24      u32         P: bytes of the speaker table
 *   28      u32         reserved, 0
 *   32      C × 4 u32   chapter table, canonical order: book order (1…66), chapter, first verse index, verse count
 *   …       (V+1) u32   text offsets: verse i's UTF-8 text is text[off[i], off[i+1])
 *   …       V × u16     speaker: 0 none, n → speakers[n - 1]          (padded to 4)
 *   …       V × u8      flags: bit 0 omitted                           (padded to 4)
 *   …       P bytes     msgpack array of the S speaker names          (padded to 4)
 *   …       T bytes     verse text, UTF-8, concatenated
 *
 * Nothing is decoded up front: the sections are views over the file's buffer.
 */
export function loadVerseStore(buffer: Buffer, file: string): VerseStore {
  checkHeader(buffer, ARTEFACT_MAGIC.verses, file, HEADER_BYTES);
  const chapterCount = buffer.readUInt32LE(8);
  const verseCount = buffer.readUInt32LE(12);
  const speakerCount = buffer.readUInt32LE(16);
  const textBytes = buffer.readUInt32LE(20);
  const speakerBytes = buffer.readUInt32LE(24);
  let at = HEADER_BYTES;
  const table = viewU32(buffer, at, chapterCount * 4);
  at += chapterCount * 16;
  const offsets = viewU32(buffer, at, verseCount + 1);
  at += (verseCount + 1) * 4;
  const speakerIndex = viewU16(buffer, at, verseCount);
  at = align4(at + verseCount * 2);
  const flags = buffer.subarray(at, at + verseCount);
  at = align4(at + verseCount);
  const speakers = decodeMsgpack(buffer, at, at + speakerBytes) as string[];
  at = align4(at + speakerBytes);
  const textStart = at;
  if (textStart + textBytes !== buffer.length || speakers.length !== speakerCount) throw artefactError(file, 'is truncated or malformed');

  const slots: ChapterSlot[] = [];
  const byChapter = new Int32Array(67 * CHAPTER_STRIDE).fill(-1);
  for (let ordinal = 0; ordinal < chapterCount; ordinal++) {
    const book = BOOKS[(table[ordinal * 4] ?? 0) - 1];
    const chapter = table[ordinal * 4 + 1] ?? 0;
    if (!book || chapter < 1 || chapter > book.chapters) throw artefactError(file, `chapter table row ${ordinal} is malformed`);
    slots.push({ ordinal, book, chapter, firstVerse: table[ordinal * 4 + 2] ?? 0, verseCount: table[ordinal * 4 + 3] ?? 0 });
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
      return ((flags[index] ?? 0) & FLAG_OMITTED) !== 0;
    },
    getSpeaker(index) {
      const speaker = speakerIndex[index] ?? 0;
      return speaker === 0 ? undefined : speakers[speaker - 1];
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
