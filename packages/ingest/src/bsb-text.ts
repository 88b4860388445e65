// The BSB's USFM, parsed once per ingest and shared: the scripture collection writes the chapters from
// it, the people collection matches names against the verses' own words.

import { BOOKS } from '@skg/core';
import type { IngestContext } from './collections/collection.ts';
import { selectSourceFiles } from './sources-manifest.ts';
import { parseUsfm, type UsfmBook } from './usfm.ts';

export const USFM_FOLDER = 'bsb/usfm/';

const booksByContext = new WeakMap<IngestContext, Promise<readonly UsfmBook[]>>();

/** Every USFM book of the pinned BSB, parsed once per ingest. */
export function loadBsbBooks(context: IngestContext): Promise<readonly UsfmBook[]> {
  let books = booksByContext.get(context);
  if (!books) {
    const files = selectSourceFiles(context.manifest, [USFM_FOLDER]);
    books = Promise.all(files.map(async (file) => parseUsfm(await context.readText(file.path))));
    booksByContext.set(context, books);
  }
  return books;
}

/** The words a verse reference can be matched against. */
export interface VerseTexts {
  /** OSIS verse (`Luke.1.5`) → the verse text as the chapter stores it. */
  readonly verses: ReadonlyMap<string, string>;
  /** OSIS chapter (`Ps.3`) → its Psalm title (the `d` headings before verse 1), where it has one. */
  readonly psalmTitles: ReadonlyMap<string, string>;
}

/** Verse texts and Psalm titles by OSIS id. Pure. */
export function createVerseTexts(books: readonly UsfmBook[]): VerseTexts {
  const osisByUsfm = new Map(BOOKS.map((book) => [book.usfm, book.osis]));
  const verses = new Map<string, string>();
  const psalmTitles = new Map<string, string>();
  for (const book of books) {
    const osis = osisByUsfm.get(book.code);
    if (osis === undefined) continue;
    for (const chapter of book.chapters) {
      for (const verse of chapter.verses) verses.set(`${osis}.${chapter.chapter}.${verse.verse}`, verse.text);
      const title = chapter.headings.filter((heading) => heading.level === 'd' && heading.before === 1).map((heading) => heading.text);
      if (title.length > 0) psalmTitles.set(`${osis}.${chapter.chapter}`, title.join(' '));
    }
  }
  return { verses, psalmTitles };
}
