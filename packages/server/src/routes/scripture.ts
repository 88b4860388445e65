// GET /scripture: full-text search of the scripture text.

import { BOOKS, type Book, formatReference, formatUrl, getBook, LICENCE, type Testament, TRANSLATION } from '@skg/core';
import { ApiError } from '@skg/core';
import { type IntegerParameter, readEnum, readInteger, readString, requireString, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { ScriptureResults } from '../openapi/schemas/index.ts';

const Q: StringParameter = {
  kind: 'string',
  name: 'q',
  in: 'query',
  required: true,
  description: 'Words that must all appear in the same verse; double quotes around words require them as an adjacent phrase',
  example: 'only son',
};
export const BOOK: StringParameter = {
  kind: 'string',
  name: 'book',
  in: 'query',
  required: false,
  description: 'Only this book: its OSIS id (`John`) or slug (`john`), as listed by /vocabulary',
  example: 'John',
};
export const TESTAMENTS: readonly Testament[] = ['OT', 'NT'];
export const TESTAMENT: StringParameter = {
  kind: 'string',
  name: 'testament',
  in: 'query',
  required: false,
  description: 'Only this testament (case-insensitive)',
  enum: TESTAMENTS,
};
const LIMIT: IntegerParameter = { kind: 'integer', name: 'limit', description: 'Hits per page', minimum: 1, maximum: 100, default: 25 };
const OFFSET: IntegerParameter = { kind: 'integer', name: 'offset', description: 'Hits to skip', minimum: 0, default: 0 };

const BOOK_IDS: readonly string[] = BOOKS.map((book) => book.osis);

/** The book a `book` parameter names; `unknown_value` with every OSIS id when it names none. */
export function readBook(value: string | undefined): Book | undefined {
  if (value === undefined) return undefined;
  const book = getBook(value);
  if (!book) throw new ApiError('unknown_value', `'${value}' is not a book: use an OSIS id or slug`, { param: 'book', available: BOOK_IDS });
  return book;
}

export const scriptureRoute = defineRoute({
  path: '/scripture',
  operationId: 'search_scripture',
  summary: 'Full-text search of the scripture text: every word in one verse, quoted phrases adjacent; shortest exact matches first',
  description:
    'Ranked by how much of the verse the query makes up, so short exact matches come first; ties in canonical order. ' +
    'Omitted verses are never matched. `limit` and `offset` page through `total` hits.',
  parameters: [Q, BOOK, TESTAMENT, LIMIT, OFFSET],
  responseSchema: ScriptureResults,
  errorStatuses: [400],
  cache: 'data',
  async handle({ dataSet, query }) {
    const q = requireString(query.q, 'q');
    const book = readBook(readString(query.book));
    const testament = readEnum(query.testament, 'testament', TESTAMENTS, (text) => text.toUpperCase());
    const limit = readInteger(query.limit, LIMIT);
    const offset = readInteger(query.offset, OFFSET);
    const result = await dataSet.scripture.search({
      q,
      limit,
      offset,
      ...(book ? { book } : {}),
      ...(testament ? { testament } : {}),
    });
    return {
      query: q,
      total: result.total,
      offset,
      count: result.hits.length,
      terms: result.terms,
      phrases: result.phrases,
      translation: TRANSLATION,
      hits: result.hits.map((hit) => {
        const reference = { kind: 'verse', book: hit.book, chapter: hit.chapter, verse: hit.verse } as const;
        return {
          osis: hit.osis,
          reference: formatReference(reference),
          url: formatUrl(reference),
          text: hit.text,
          book: hit.book.name,
          testament: hit.book.testament,
        };
      }),
      licence: LICENCE,
    };
  },
});
