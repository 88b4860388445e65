// What the routes read: the loaded artefact set. Loaders in this folder implement it from `dist/`.

import type { Book, Canon, Heading, Manifest, Testament, Verse } from '@skg/core';

/** One chapter of scripture as the chapter artefact stores it. */
export interface ChapterRecord {
  /** `John.3` */
  readonly osis: string;
  readonly book: Book;
  readonly chapter: number;
  /** Document path without a leading slash: `bible/john/3`. */
  readonly path: string;
  /** `John 3` */
  readonly title: string;
  /** Every verse slot, 1…n, omitted verses included (`omitted: true`, empty text). */
  readonly verses: readonly Verse[];
  readonly headings: readonly Heading[];
  /** Distinct attributed speakers in order of first appearance. */
  readonly speakers: readonly string[];
  readonly omittedVerses: readonly number[];
}

export interface ScriptureQuery {
  /** The raw `q` parameter: words, and double-quoted phrases. */
  readonly q: string;
  readonly book?: Book;
  readonly testament?: Testament;
  readonly limit: number;
  readonly offset: number;
}

export interface ScriptureHit {
  readonly osis: string;
  readonly book: Book;
  readonly chapter: number;
  readonly verse: number;
  readonly text: string;
}

export interface ScriptureSearchResult {
  /** How the query was tokenised (every word, phrase words included). */
  readonly terms: readonly string[];
  /** The double-quoted runs, normalised. */
  readonly phrases: readonly string[];
  /** Matches before paging. */
  readonly total: number;
  /** The requested page, best first. */
  readonly hits: readonly ScriptureHit[];
}

export interface ScriptureStore {
  readonly canon: Canon;
  getChapter(book: Book, chapter: number): ChapterRecord | undefined;
  getVerse(book: Book, chapter: number, verse: number): Verse | undefined;
  /**
   * Full-text search. Every term must appear in the verse as a whole word; phrase words must be
   * adjacent in order; omitted verses never match. Ranked by how much of the verse the query makes
   * up (short exact matches first), ties in canonical order. Throws ApiError `invalid_parameter`
   * (param `q`) when the query holds no searchable word.
   */
  search(query: ScriptureQuery): Promise<ScriptureSearchResult>;
}

/** A loaded, checked artefact set: what one request reads from start to finish. */
export interface DataSet {
  readonly dir: string;
  readonly manifest: Manifest;
  readonly scripture: ScriptureStore;
  /** Optional artefacts by name (`interlinear`, `connections`): true when built and loaded. */
  readonly datasets: Readonly<Record<string, boolean>>;
  readonly loadedAt: Date;
}
