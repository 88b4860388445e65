// The reverse interlinear (`interlinear.bin`, optional): per verse, the English in English order, each
// segment with the original word it renders.
//
//   header        INTERLINEAR_LAYOUT.header, u32 each
//   sections      INTERLINEAR_SECTIONS, padded to 4
//   tail          one StoredInterlinearVerse msgpack array per verse with data, in verse order
//
// The head (about 0.6 MB on the full data) is held in memory; the tail stays on disk, and a chapter's
// records are one contiguous read.

import type { InterlinearLanguage } from '../interlinear.ts';
import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';
import { CHAPTER_TABLE_WORDS } from './verses.ts';

export const INTERLINEAR_LAYOUT = defineArtefactLayout({
  name: 'interlinear',
  file: 'interlinear.bin',
  magic: 'SKGI',
  header: {
    /** C: chapters (rows of the verse store's chapter table). */
    chapters: 8,
    /** V: verse slots (global verse index 0…V-1, as in verses.bin). */
    verseSlots: 12,
    /** Where the verse records begin. */
    tailOffset: 16,
    /** T: bytes of the shared tables. */
    tableBytes: 20,
    /** R: verses with data. */
    verses: 24,
    /** E: entries of all verses. */
    entries: 28,
  },
  headerBytes: 32,
});

/** One entry, in English order; `strongs`, `code`, `morphology` and `language` are positions in the shared tables. */
export type StoredInterlinearEntry = [
  english: string | null,
  first: number | null,
  last: number | null,
  strongs: number,
  word: string | null,
  transliteration: string | null,
  code: number | null,
  morphology: number | null,
  language: number | null,
];

/** One verse's record; `licence` is a position in the shared table. */
export type StoredInterlinearVerse = [text: string, licence: number, entries: StoredInterlinearEntry[]];

/** The shared tables, keys in this order. */
export interface StoredInterlinearTables {
  strongs: string[];
  codes: string[];
  morphology: string[];
  languages: InterlinearLanguage[];
  licences: string[];
}

export const INTERLINEAR_SECTIONS = defineSections(
  INTERLINEAR_LAYOUT,
  [
    /** Chapter table, as in verses.bin (CHAPTER_TABLE). */
    { name: 'chapterTable', kind: 'u32', length: (h) => h.chapters * CHAPTER_TABLE_WORDS },
    /** Record offsets, relative to the tail; verse i's record is [off[i], off[i+1]), empty when the verse has no data. */
    { name: 'offsets', kind: 'u32', length: (h) => h.verseSlots + 1 },
    /** Msgpack map StoredInterlinearTables: what the records name by position. */
    { name: 'tables', kind: 'bytes', length: (h) => h.tableBytes },
  ],
  4,
);
