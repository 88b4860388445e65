// GET /random: one verse drawn at random, optionally from one book or one testament, answered as
// /passage/{osis} answers that verse (the same Passage, context and licence), so a client reads both with
// the same code. Never an omitted verse: each non-omitted verse of the scope is equally likely. Computed on
// every request (`Cache-Control: no-store`), never cached or stored ahead of time.

import { ApiError, BOOKS, type Book, type Canon, type Reference, type Testament } from '@skg/core';
import type { ScriptureStore } from '../artefacts/types.ts';
import { readEnum, readString } from '../params.ts';
import { defineRoute } from './define.ts';
import { createPassage } from './passage.ts';
import { bsbText } from './translation.ts';
import { BOOK, readBook, TESTAMENT, TESTAMENTS } from './scripture.ts';
import { Passage } from '../openapi/schemas/index.ts';

export type VerseReference = Extract<Reference, { kind: 'verse' }>;

/**
 * Draws after which the pick stops drawing and takes the next non-omitted verse after the last draw. The
 * BSB omits 16 of its 31,102 verses, at most 1 in 135 of a book (Mark: 5 of 678), so on real data a
 * second draw is rare and this bound is never reached; it keeps a scope of only omitted verses finite.
 */
const MAX_DRAWS = 32;

/** Verse slots of `books` in the text: the sum of their chapters' verse counts. */
function countSlots(canon: Canon, books: readonly Book[]): number {
  let total = 0;
  for (const book of books) for (let chapter = 1; chapter <= book.chapters; chapter++) total += canon.verseCount(book, chapter);
  return total;
}

/** The verse at position `slot` (0-based, canonical order) among the verse slots of `books`. */
function locateSlot(canon: Canon, books: readonly Book[], slot: number): VerseReference | undefined {
  let left = slot;
  for (const book of books) {
    for (let chapter = 1; chapter <= book.chapters; chapter++) {
      const count = canon.verseCount(book, chapter);
      if (left < count) return { kind: 'verse', book, chapter, verse: left + 1 };
      left -= count;
    }
  }
  return undefined;
}

function isReadable(store: ScriptureStore, reference: VerseReference): boolean {
  const verse = store.getVerse(reference.book, reference.chapter, reference.verse);
  return verse !== undefined && verse.omitted !== true;
}

/**
 * A verse of `books` that the text has and does not omit, every such verse equally likely: draws a slot
 * with `random` (a number in [0, 1)) and draws again while it lands on an omitted verse (rejection keeps
 * the choice uniform). After MAX_DRAWS the next readable slot after the last draw is taken. `undefined`
 * when `books` hold no readable verse (a bundle that lacks those books).
 */
export function pickRandomVerse(store: ScriptureStore, books: readonly Book[], random: () => number): VerseReference | undefined {
  const { canon } = store;
  const total = countSlots(canon, books);
  if (total === 0) return undefined;
  let slot = 0;
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    slot = Math.min(total - 1, Math.floor(random() * total));
    const reference = locateSlot(canon, books, slot);
    if (reference && isReadable(store, reference)) return reference;
  }
  for (let step = 1; step <= total; step++) {
    const reference = locateSlot(canon, books, (slot + step) % total);
    if (reference && isReadable(store, reference)) return reference;
  }
  return undefined;
}

/** The books a request draws from: the one `book` names, those of `testament`, or all 66. */
function selectBooks(book: Book | undefined, testament: Testament | undefined): readonly Book[] {
  if (book && testament && book.testament !== testament) {
    throw new ApiError('invalid_parameter', `${book.name} is in the ${book.testament}, not the ${testament}: send one of book and testament, or both agreeing`, {
      param: 'testament',
    });
  }
  if (book) return [book];
  return testament ? BOOKS.filter((entry) => entry.testament === testament) : BOOKS;
}

export const randomRoute = defineRoute({
  path: '/random',
  operationId: 'random_verse',
  summary: 'A verse drawn at random, optionally from one book or one testament: the Passage /passage/{osis} answers for that verse',
  description:
    'Every verse of the scope that has text is equally likely; omitted verses are never drawn. The body is exactly what ' +
    '`/passage/{osis}` answers for the verse drawn (`osis` names it), so it is read with the same code. Drawn on every request: ' +
    '`Cache-Control: no-store`, and a conditional GET answers 304 only when the same verse is drawn again. ' +
    "400 `unknown_value` (with `available`) for a `book` or `testament` that is not one; 400 `invalid_parameter` for a book outside the testament named; " +
    '404 `not_found` when the data holds no verse of that scope (a partial build without the book).',
  parameters: [BOOK, TESTAMENT],
  responseSchema: Passage,
  errorStatuses: [400, 404],
  cache: 'live',
  handle({ dataSet, query, app }) {
    const book = readBook(readString(query.book));
    const testament = readEnum(query.testament, 'testament', TESTAMENTS, (text) => text.toUpperCase());
    const books = selectBooks(book, testament);
    const reference = pickRandomVerse(dataSet.scripture, books, app.random);
    if (!reference) throw new ApiError('not_found', `the text holds no verse of ${book?.name ?? testament ?? 'the Bible'}`);
    return createPassage([bsbText(dataSet.scripture)], dataSet.graph, dataSet.xrefs, reference);
  },
});
