// GET /connections: the connections aggregate of the cross references: totals, the most-connected
// chapters and the strongest book-to-book pairs; with `book`, that book's outgoing and incoming rows;
// with `osis`, one chapter's rank and vote weight (an optional dataset: 503 when not built).

import {
  ApiError,
  BOOKS,
  type Book,
  chapterPath,
  formatReference,
  getBook,
  LICENCE,
  parseReference,
} from '@skg/core';
import type {
  BookPairRecord,
  ChapterConnectionsRecord,
  ChapterPairRecord,
  ConnectionsStore,
  ConnectionWeight,
} from '../artefacts/types.ts';
import { type IntegerParameter, readInteger, readString, type StringParameter } from '../params.ts';
import { datasetUnavailable } from './dataset-unavailable.ts';
import { defineRoute } from './define.ts';
import { toRoute } from './summary.ts';
import { Connections } from '../openapi/schemas/index.ts';

const BOOK: StringParameter = {
  kind: 'string',
  name: 'book',
  in: 'query',
  required: false,
  description: 'A book: its OSIS id (`Rom`) or slug (`romans`), as listed by /vocabulary; adds its outgoing and incoming rows',
  example: 'Rom',
};
const OSIS: StringParameter = {
  kind: 'string',
  name: 'osis',
  in: 'query',
  required: false,
  description: 'One chapter (`Ps.23`); adds its rank, vote weight and strongest partner chapters',
  example: 'Ps.23',
};
const LIMIT: IntegerParameter = { kind: 'integer', name: 'limit', description: 'Rows in each list', minimum: 1, maximum: 200, default: 20 };

const BOOK_IDS: readonly string[] = BOOKS.map((book) => book.osis);

const NOTE =
  'Computed from the whole cross-reference corpus: every row whose verses are all in the text, whatever its votes ' +
  '(`threshold` 0; /xrefs serves only those with its own floor of votes). Rows readers voted below zero are left out of ' +
  'every figure and only counted, as totals.negativeReferences. A reference joins ' +
  'the chapter of its verse to the chapter its target starts in; pairs are directed (citing → cited). distinctPairs counts ' +
  'distinct chapter pairs, selfPairs those inside one chapter, arcs the others, crossTestament the arcs joining the Old and ' +
  'New Testaments; chapters counts the chapters at either end of a pair. A chapter\'s weight is the sum of the votes of the ' +
  'references touching it (a reference inside the chapter once), uncapped; rank orders chapters by weight. Book pairs join ' +
  'two different books; references inside a book are its `internal` row. totals, topChapters and topBookPairs always cover ' +
  'the whole aggregate.';

function readBook(value: string | undefined): Book | undefined {
  if (value === undefined) return undefined;
  const book = getBook(value);
  if (!book) throw new ApiError('unknown_value', `'${value}' is not a book: use an OSIS id or slug`, { param: 'book', available: BOOK_IDS });
  return book;
}

/** `osis` must name one chapter: a verse or range is `invalid_parameter`, a bad reference `invalid_reference`. */
function readChapter(value: string | undefined): { book: Book; chapter: number } | undefined {
  if (value === undefined) return undefined;
  const reference = parseReference(value);
  if (reference.kind !== 'chapter') {
    throw new ApiError('invalid_parameter', `'${value}' is not a chapter: osis takes one chapter, e.g. Ps.23`, { param: 'osis' });
  }
  return reference;
}

function formatBookRef(book: Book) {
  return { id: book.osis, name: book.name, slug: book.slug, testament: book.testament };
}

function formatWeight(weight: ConnectionWeight) {
  return { references: weight.references, votes: weight.votes };
}

function formatChapterRef(book: Book, chapter: number) {
  return {
    osis: `${book.osis}.${chapter}`,
    id: toRoute(chapterPath(book, chapter)),
    title: formatReference({ kind: 'chapter', book, chapter }),
  };
}

function formatChapter(record: ChapterConnectionsRecord) {
  return {
    rank: record.rank === 0 ? null : record.rank,
    ...formatChapterRef(record.book, record.chapter),
    testament: record.book.testament,
    weight: record.weight,
    references: record.references,
    outgoing: formatWeight(record.outgoing),
    incoming: formatWeight(record.incoming),
    internal: formatWeight(record.internal),
    partners: record.partners,
  };
}

function formatChapterPair(pair: ChapterPairRecord) {
  return { ...formatChapterRef(pair.book, pair.chapter), references: pair.references, votes: pair.votes };
}

function formatBookPair(pair: BookPairRecord, rank: number) {
  return { rank, from: formatBookRef(pair.from), to: formatBookRef(pair.to), references: pair.references, votes: pair.votes };
}

function createBookBlock(store: ConnectionsStore, book: Book, limit: number) {
  const record = store.getBook(book);
  const out = store.bookPairs(book, 'out', limit);
  const incoming = store.bookPairs(book, 'in', limit);
  return {
    book: {
      ...formatBookRef(book),
      chapters: book.chapters,
      outgoing: formatWeight(record.outgoing),
      incoming: formatWeight(record.incoming),
      internal: formatWeight(record.internal),
      booksCited: out.total,
      booksCitedBy: incoming.total,
    },
    referencesOut: out.items.map((pair) => ({ book: formatBookRef(pair.to), references: pair.references, votes: pair.votes })),
    referencesIn: incoming.items.map((pair) => ({ book: formatBookRef(pair.from), references: pair.references, votes: pair.votes })),
  };
}

function createChapterBlock(store: ConnectionsStore, book: Book, chapter: number, limit: number) {
  const record = store.getChapter(book, chapter);
  if (!record) throw new ApiError('not_found', `${formatReference({ kind: 'chapter', book, chapter })} is not in this data`);
  const out = store.chapterPairs(book, chapter, 'out', limit);
  const incoming = store.chapterPairs(book, chapter, 'in', limit);
  return {
    ...formatChapter(record),
    of: store.rankedChapters,
    referencesOut: out.items.map(formatChapterPair),
    referencesIn: incoming.items.map(formatChapterPair),
  };
}

export const connectionsRoute = defineRoute({
  path: '/connections',
  operationId: 'get_connections',
  summary: 'How the cross references connect chapters and books: totals, most-connected chapters, strongest book pairs',
  description:
    'No argument: totals, the most-connected chapters and the strongest book-to-book pairs. `book` adds that book\'s ' +
    'outgoing (`referencesOut`, the books it cites, strongest first) and incoming (`referencesIn`) rows; `osis` adds one ' +
    'chapter\'s rank and vote weight with its strongest partner chapters. 400 `unknown_value` for an unknown book, ' +
    '`invalid_reference` / `invalid_parameter` for an osis that is not one chapter; 404 `not_found` for a chapter the text ' +
    'does not have; 503 `dataset_unavailable` with `Retry-After` when this server was built without the aggregate.',
  parameters: [BOOK, OSIS, LIMIT],
  responseSchema: Connections,
  errorStatuses: [400, 404, 503],
  cache: 'data',
  handle({ dataSet, query }) {
    const book = readBook(readString(query.book));
    const chapter = readChapter(readString(query.osis));
    const limit = readInteger(query.limit, LIMIT);
    const store = dataSet.connections;
    if (!store) return datasetUnavailable('connections');
    return {
      totals: store.totals,
      threshold: store.threshold,
      topChapters: store.topChapters(limit).map(formatChapter),
      topBookPairs: store.topBookPairs(limit).map((pair, i) => formatBookPair(pair, i + 1)),
      ...(book ? createBookBlock(store, book, limit) : {}),
      ...(chapter ? { chapter: createChapterBlock(store, chapter.book, chapter.chapter, limit) } : {}),
      note: NOTE,
      licence: LICENCE,
    };
  },
});
