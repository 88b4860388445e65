// The connections aggregate (`connections.bin`): per chapter and per pair of chapters and of books,
// how many cross references join them and with how many votes, ranked by the compiler.
//
//   header        CONNECTIONS_LAYOUT.header, u32 each
//   C u32         chapter keys, canonical order: packChapter
//   C × CONNECTIONS_CHAPTER_WORDS u32   per chapter: the columns of CONNECTIONS_CHAPTER
//   K u32         chapter ordinals by rank, strongest first
//   for each of CONNECTIONS_PAIR_SIDES (outgoing: pairs grouped by citing chapter, partner = the cited
//   one; incoming: by cited chapter, partner = the citing one), strongest first inside a group:
//     (C+1) u32   offsets: chapter i's pairs are rows [start[i], start[i+1])
//     P u32 each  the CONNECTIONS_PAIR_COLUMNS, in that order
//   B×B u32       book pair references (B = CONNECTIONS_BOOKS), cell (citing order - 1) × B + (cited order - 1)
//   B×B u32       book pair votes, same cells
//   Q u32         book pair cells joining two different books, strongest first
//   M bytes       msgpack StoredConnectionsMeta                                    (padded to 4)
//
// Votes are the data file's net votes summed (not capped); strength is votes, then references.

import { defineArtefactLayout } from './layout.ts';
import type { ConnectionTotals } from '../cross-references.ts';

export const CONNECTIONS_LAYOUT = defineArtefactLayout({
  name: 'connections',
  file: 'connections.bin',
  magic: 'SKGN',
  header: {
    /** C: chapters (the verse store's chapter table, same ordinals). */
    chapters: 8,
    /** P: distinct directed chapter pairs. */
    pairs: 12,
    /** K: ranked chapters (those some reference touches). */
    ranked: 16,
    /** Q: ranked book pairs (two different books). */
    bookPairs: 20,
    /** M: bytes of the msgpack totals record. */
    metaBytes: 24,
  },
  headerBytes: 32,
});

/** Word positions of one chapter's row of the chapter table. */
export const CONNECTIONS_CHAPTER = Object.freeze({
  outReferences: 0,
  outVotes: 1,
  inReferences: 2,
  inVotes: 3,
  selfReferences: 4,
  selfVotes: 5,
  /** Partner chapters. */
  partners: 6,
  /** 1-based; 0 = unranked. */
  rank: 7,
});
export const CONNECTIONS_CHAPTER_WORDS = 8;

/** The two groupings of the chapter pairs, in file order. */
export const CONNECTIONS_PAIR_SIDES = Object.freeze(['outgoing', 'incoming'] as const);
/** The u32 columns of each grouping, in file order. */
export const CONNECTIONS_PAIR_COLUMNS = Object.freeze(['partner', 'references', 'votes'] as const);

/** Books of the book-pair matrices (its side). */
export const CONNECTIONS_BOOKS = 66;

/** The msgpack record at the end. */
export interface StoredConnectionsMeta {
  totals: ConnectionTotals;
  threshold: number;
}
