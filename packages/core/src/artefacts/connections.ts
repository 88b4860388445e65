// The connections aggregate (`connections.bin`): per chapter and per pair of chapters and of books,
// how many cross references join them and with how many votes, ranked by the compiler.
//
//   header        CONNECTIONS_LAYOUT.header, u32 each
//   sections      CONNECTIONS_SECTIONS, padded to 4
//
// Votes are the data file's net votes summed (not capped); strength is votes, then references.

import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';
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

/** Books of the book-pair matrices (its side). */
export const CONNECTIONS_BOOKS = 66;

/**
 * The sections after the header. The chapter pairs are grouped twice, strongest first inside a group:
 * outgoing by citing chapter (partner: the cited one), incoming by cited chapter (partner: the citing
 * one); chapter i's pairs are rows [start[i], start[i+1]) of the group's columns.
 */
export const CONNECTIONS_SECTIONS = defineSections(
  CONNECTIONS_LAYOUT,
  [
    /** Chapter keys, canonical order: packChapter. */
    { name: 'keys', kind: 'u32', length: (h) => h.chapters },
    /** Per chapter: the columns of CONNECTIONS_CHAPTER. */
    { name: 'table', kind: 'u32', length: (h) => h.chapters * CONNECTIONS_CHAPTER_WORDS },
    /** Chapter ordinals by rank, strongest first. */
    { name: 'ranking', kind: 'u32', length: (h) => h.ranked },
    { name: 'outgoingStart', kind: 'u32', length: (h) => h.chapters + 1 },
    { name: 'outgoingPartner', kind: 'u32', length: (h) => h.pairs },
    { name: 'outgoingReferences', kind: 'u32', length: (h) => h.pairs },
    { name: 'outgoingVotes', kind: 'u32', length: (h) => h.pairs },
    { name: 'incomingStart', kind: 'u32', length: (h) => h.chapters + 1 },
    { name: 'incomingPartner', kind: 'u32', length: (h) => h.pairs },
    { name: 'incomingReferences', kind: 'u32', length: (h) => h.pairs },
    { name: 'incomingVotes', kind: 'u32', length: (h) => h.pairs },
    /** Book pair references, cell (citing order - 1) × CONNECTIONS_BOOKS + (cited order - 1). */
    { name: 'bookReferences', kind: 'u32', length: () => CONNECTIONS_BOOKS * CONNECTIONS_BOOKS },
    /** Book pair votes, same cells. */
    { name: 'bookVotes', kind: 'u32', length: () => CONNECTIONS_BOOKS * CONNECTIONS_BOOKS },
    /** Book pair cells joining two different books, strongest first. */
    { name: 'bookRanking', kind: 'u32', length: (h) => h.bookPairs },
    /** Msgpack StoredConnectionsMeta. */
    { name: 'meta', kind: 'bytes', length: (h) => h.metaBytes },
  ],
  4,
);

/** The msgpack record at the end. */
export interface StoredConnectionsMeta {
  totals: ConnectionTotals;
  threshold: number;
}
