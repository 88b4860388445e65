// Stage 4, link: puts the chapters in canonical order, numbers every verse slot globally, checks that
// every book with chapters has its Book document, and links every document into the graph
// (link-graph.ts: relations, body links, sources).

import { BOOKS, type Book } from '@skg/core';
import type { Diagnostics } from '../diagnostics.ts';
import { type LinkedGraph, linkGraph } from './link-graph.ts';
import type { BundleInfo, ChapterDoc, DocumentSummary, ValidatedBundle } from './validate.ts';

export interface LinkedChapter extends ChapterDoc {
  /** 0-based ordinal in canonical order. */
  readonly ordinal: number;
  /** Global verse index of the chapter's first verse slot (0-based, canonical order). */
  readonly firstVerse: number;
}

export interface LinkedScripture {
  readonly info: BundleInfo;
  readonly log: string | null;
  readonly documents: readonly DocumentSummary[];
  /** Chapters in canonical order (book order, then chapter number). */
  readonly chapters: readonly LinkedChapter[];
  /** Books that have at least one chapter, in canonical order. */
  readonly books: readonly Book[];
  /** Verse slots, omitted ones included. */
  readonly verseCount: number;
  readonly omittedCount: number;
  /** Every document as a graph: typed relations both ways, links and backlinks, sources, degrees. */
  readonly graph: LinkedGraph;
}

/**
 * Returns null when the bundle has no usable root index (validate has already said why); everything
 * else is checked even then, so one run reports all problems.
 */
export function link(validated: ValidatedBundle, diagnostics: Diagnostics): LinkedScripture | null {
  const chapters = [...validated.chapters].sort((a, b) => a.book.order - b.book.order || a.chapter - b.chapter);
  const bookDocs = new Set(validated.books.map((b) => b.book.osis));

  const linked: LinkedChapter[] = [];
  let verseCount = 0;
  let omittedCount = 0;
  for (const chapter of chapters) {
    linked.push({ ...chapter, ordinal: linked.length, firstVerse: verseCount });
    verseCount += chapter.verses.length;
    omittedCount += chapter.verses.filter((v) => v.omitted).length;
  }

  const present = new Map<string, number>();
  for (const chapter of chapters) present.set(chapter.book.osis, (present.get(chapter.book.osis) ?? 0) + 1);
  const books = BOOKS.filter((book) => present.has(book.osis));
  for (const book of books) {
    const file = `bible/${book.slug}.md`;
    if (!bookDocs.has(book.osis)) diagnostics.warning('link', `${book.name} has chapters but no Book document`, { file });
    const count = present.get(book.osis) ?? 0;
    if (count < book.chapters) diagnostics.warning('link', `${book.name} has ${count} of its ${book.chapters} chapters`, { file });
  }
  const missing = BOOKS.filter((book) => !present.has(book.osis));
  if (missing.length > 0) {
    const names = missing.map((b) => b.osis);
    const shown = names.length > 8 ? `${names.slice(0, 8).join(', ')} and ${names.length - 8} more` : names.join(', ');
    diagnostics.warning('link', `the bundle holds scripture for ${books.length} of 66 books (missing: ${shown})`);
  }

  // Sources, relation targets and body links of every document, chapters included.
  const graph = linkGraph(validated.entities, diagnostics);

  if (!validated.info) return null;
  return {
    info: validated.info,
    log: validated.log,
    documents: validated.documents,
    chapters: linked,
    books,
    verseCount,
    omittedCount,
    graph,
  };
}
