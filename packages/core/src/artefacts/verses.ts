// The verse store (`verses.bin`): every verse slot's text, flags, speaker and footnotes, by global verse index.
//
//   header      VERSES_LAYOUT.header, u32 each
//   sections    VERSES_SECTIONS
//
// Nothing is decoded up front: the server views the sections over the file's buffer.

import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';

export const VERSES_LAYOUT = defineArtefactLayout({
  name: 'verses',
  file: 'verses.bin',
  magic: 'SKGV',
  header: {
    /** C: chapters. */
    chapters: 8,
    /** V: verse slots, omitted ones included; global verse index 0…V-1, canonical order. */
    verses: 12,
    /** S: distinct speakers. */
    speakers: 16,
    /** T: bytes of verse text. */
    textBytes: 20,
    /** P: bytes of the speaker table. */
    speakerTableBytes: 24,
    /** N: bytes of the footnote records. */
    footnoteBytes: 28,
  },
  headerBytes: 32,
});

/**
 * Word positions of one row of the chapter table (verses.bin, and its copy in interlinear.bin); row i
 * is the chapter of canonical ordinal i.
 */
export const CHAPTER_TABLE = Object.freeze({
  /** Book order, 1…66. */
  book: 0,
  chapter: 1,
  /** Global verse index of verse 1. */
  firstVerse: 2,
  verseCount: 3,
});
export const CHAPTER_TABLE_WORDS = 4;

/** One footnote of a verse: where it stands in the verse's text (a UTF-16 index) and its words. The BSB's are all of type `footnote`. */
export type StoredVerseFootnote = [offset: number, text: string];

/** Bits of a verse's flags byte. */
export const VERSE_FLAGS = Object.freeze({ omitted: 1 });

export const VERSES_SECTIONS = defineSections(VERSES_LAYOUT, [
  /** Chapter table, canonical order: the columns of CHAPTER_TABLE. */
  { name: 'chapterTable', kind: 'u32', length: (h) => h.chapters * CHAPTER_TABLE_WORDS },
  /** Text offsets: verse i's UTF-8 text is text[off[i], off[i+1]). */
  { name: 'textOffsets', kind: 'u32', length: (h) => h.verses + 1 },
  /** Footnote offsets: verse i's footnotes are the msgpack array of StoredVerseFootnote at footnotes[off[i], off[i+1]); none when empty. */
  { name: 'footnoteOffsets', kind: 'u32', length: (h) => h.verses + 1 },
  /** Speaker: 0 none, n → speakers[n - 1]. */
  { name: 'speakerIndex', kind: 'u16', length: (h) => h.verses },
  /** VERSE_FLAGS. */
  { name: 'flags', kind: 'u8', length: (h) => h.verses, align: 4 },
  /** Msgpack array of the S speaker names. */
  { name: 'speakerTable', kind: 'bytes', length: (h) => h.speakerTableBytes, align: 4 },
  /** Verse text, UTF-8, concatenated. */
  { name: 'text', kind: 'bytes', length: (h) => h.textBytes, align: 4 },
  /** Footnote records (see footnoteOffsets), concatenated. */
  { name: 'footnotes', kind: 'bytes', length: (h) => h.footnoteBytes, align: 4 },
]);
