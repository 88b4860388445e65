// The chapter documents (`chapters.bin`): one msgpack record per chapter, found through an offset table.
//
//   header      CHAPTERS_LAYOUT.header, u32 each
//   sections    CHAPTERS_SECTIONS
//
// A request decodes only the record it needs.

import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';
import type { StoredVerseFootnote } from './verses.ts';

export const CHAPTERS_LAYOUT = defineArtefactLayout({
  name: 'chapters',
  file: 'chapters.bin',
  magic: 'SKGC',
  header: {
    /** C: chapters. */
    chapters: 8,
    /** T: bytes of the shared tables. */
    tableBytes: 12,
  },
  headerBytes: 16,
});

export const CHAPTERS_SECTIONS = defineSections(CHAPTERS_LAYOUT, [
  /** Record offsets, relative to the records: record i is [off[i], off[i+1]). */
  { name: 'offsets', kind: 'u32', length: (h) => h.chapters + 1 },
  /** A StoredChapter msgpack map per chapter, canonical order (row i = row i of the verse store's chapter table). */
  { name: 'records', kind: 'bytes', length: (h, before) => before.offsets?.[h.chapters] ?? 0 },
  /** Msgpack StoredChapterTables: what the relation tuples' `predicate` and `source` positions name. */
  { name: 'tables', kind: 'bytes', length: (h) => h.tableBytes, align: 4 },
]);

/**
 * One typed relation of a chapter, trailing nils dropped: `predicate` and `source` are positions in
 * the shared tables; `from` is the verse number when the verse is in this chapter, its OSIS otherwise;
 * `extra` is the JSON of any other keys.
 */
export type StoredChapterRelation = [
  predicate: number,
  target: string,
  from?: number | string | null,
  surface?: string | null,
  note?: string | null,
  source?: number | null,
  extra?: string | null,
];

/**
 * A heading in text order; the fourth member 1 on a heading inside its verse (0 when only footnotes
 * follow), the fifth its footnotes (`[offset, text]` into its text: the BSB's in Psalm titles), only when it has any.
 */
export type StoredHeading = [before: number, level: string, text: string, midVerse?: 0 | 1, footnotes?: StoredVerseFootnote[]];

/** One chapter's record: a msgpack map with these keys in this order, always present. */
export interface StoredChapter {
  osis: string;
  /** bible/john/3 */
  path: string;
  title: string;
  headings: StoredHeading[];
  relations: StoredChapterRelation[];
  /** The true total. */
  backlinkCount: number;
  /** Paths of the first CHAPTER_BACKLINK_CAP backlinks, non-chapters first. */
  backlinks: string[];
}

/** The shared tables at the end of chapters.bin. */
export interface StoredChapterTables {
  predicates: string[];
  sources: string[];
}
