// The chapter documents (`chapters.bin`): one msgpack record per chapter, found through an offset table.
//
//   header      CHAPTERS_LAYOUT.header, u32 each
//   (C+1) u32   record offsets, relative to the end of this table; record i is [off[i], off[i+1])
//   …           records: a StoredChapter msgpack map per chapter, canonical order (row i = row i of
//               the verse store's chapter table)
//   (pad to 4)
//   T bytes     msgpack map StoredChapterTables: what the relation tuples' `predicate` and `source`
//               positions name
//
// A request decodes only the record it needs.

import { defineArtefactLayout } from './layout.ts';

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

/** A heading in text order; the fourth member (1) only on a heading inside its verse. */
export type StoredHeading = [before: number, level: string, text: string, midVerse?: 1];

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
