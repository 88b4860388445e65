// The cross-reference codec contract between the compiler (encoders) and the server (decoders): the
// bundle files the compiler reads, the vote floor, the stored confidence and the packed verse keys.
// Layouts are declared in ./artefacts/xrefs.ts and ./artefacts/connections.ts.

import { BOOKS, type Book } from './books.ts';

/** The Dataset document of the cross references and the data file beside it (docs/bundle-format.md). */
export const CROSS_REFERENCES_DOCUMENT = 'references/cross-references';
export const CROSS_REFERENCES_FILE = 'references/cross-references.tsv';

/**
 * The vote floor when the bundle does not state one (its dataset document's `min_votes`): the spec's
 * "no reference below 20 votes exists".
 */
export const DEFAULT_XREF_THRESHOLD = 20;

/**
 * The default vote floor for materialising cross references as links between chapters (`skg ingest`
 * and its `--xref-min-votes`): the API's, nothing below 20 votes exists. Here, not in the ingest
 * package, so that the CLI can show it without loading the ingest.
 */
export const DEFAULT_XREF_MIN_VOTES = 20;

/**
 * Votes are stored as a confidence of votes / 200 capped at 1, in steps of 1/200 (one byte:
 * `min(votes, 200)`), so the votes an answer shows saturate at 200 (spec: CrossReferences).
 */
export const CONFIDENCE_SCALE = 200;

/** The stored confidence, in 200ths, of a reference with these net votes. */
export function encodeConfidence(votes: number): number {
  return Math.max(0, Math.min(CONFIDENCE_SCALE, Math.trunc(votes)));
}

/** A verse as the cross-reference artefacts store it: `book order << 16 | chapter << 8 | verse`. */
export function packVerse(book: Book, chapter: number, verse: number): number {
  if (chapter < 1 || chapter > 255 || verse < 1 || verse > 255) throw new RangeError(`cannot pack ${book.osis}.${chapter}.${verse}`);
  return ((book.order << 16) | (chapter << 8) | verse) >>> 0;
}

export interface PackedVerse {
  readonly book: Book;
  readonly chapter: number;
  readonly verse: number;
}

/** The inverse of `packVerse`; undefined when the book order is not 1…66. */
export function unpackVerse(key: number): PackedVerse | undefined {
  const book = BOOKS[(key >>> 16) - 1];
  return book ? { book, chapter: (key >>> 8) & 0xff, verse: key & 0xff } : undefined;
}

/** A chapter key: `packVerse` with verse 0, so chapter keys sort in Bible order. */
export function packChapter(book: Book, chapter: number): number {
  return ((book.order << 16) | (chapter << 8)) >>> 0;
}

/**
 * The connections aggregate's `totals` (spec: Connections): computed by the compiler, stored in
 * connections.bin, answered as they are by the server.
 */
export interface ConnectionTotals {
  /** Rows of the corpus that resolved to a chapter pair, with no negative votes. */
  readonly references: number;
  /** Rows that resolved and were voted below zero: counted here, in no other figure. */
  readonly negativeReferences: number;
  readonly distinctPairs: number;
  readonly arcs: number;
  readonly selfPairs: number;
  readonly crossTestament: number;
  readonly chapters: number;
  /** When the data was generated: the bundle's `generated` (a build records nothing about itself). */
  readonly generated: string;
  /** The dataset the aggregate is computed from: its site route. */
  readonly source: string;
}
