// The connections aggregate: per chapter and per pair of chapters and of books, how many cross
// references join them and with how many votes, precomputed and ranked by the compiler. Held as
// typed-array views over the file's buffer; only the small totals record is decoded. Layout:
// CONNECTIONS_LAYOUT (@skg/core `artefacts/connections.ts`).

import {
  BOOKS,
  type Book,
  CONNECTIONS_BOOKS as BOOK_COUNT,
  CONNECTIONS_CHAPTER,
  CONNECTIONS_CHAPTER_WORDS,
  CONNECTIONS_LAYOUT,
  CONNECTIONS_SECTIONS,
  packChapter,
  type StoredConnectionsMeta,
} from '@skg/core';
import { artefactError, indexOfKey, readHeader, readSectionViews } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';
import type {
  BookConnectionsRecord,
  BookPairRecord,
  ChapterConnectionsRecord,
  ChapterPairRecord,
  ConnectionDirection,
  ConnectionsStore,
  Page,
} from './types.ts';

export function loadConnections(buffer: Buffer, file: string): ConnectionsStore {
  const header = readHeader(buffer, CONNECTIONS_LAYOUT, file);
  const { ranked: rankedCount } = header;
  const v = readSectionViews(buffer, file, CONNECTIONS_SECTIONS, header);
  const s = {
    ...v,
    outgoing: { start: v.outgoingStart, partner: v.outgoingPartner, references: v.outgoingReferences, votes: v.outgoingVotes },
    incoming: { start: v.incomingStart, partner: v.incomingPartner, references: v.incomingReferences, votes: v.incomingVotes },
  };
  const meta = decodeMsgpack(buffer, ...v.meta) as StoredConnectionsMeta;
  const totals = Object.freeze({ ...meta.totals });

  /** The chapter's ordinal: the keys are in Bible order. */
  const findChapter = (book: Book, chapter: number): number => indexOfKey(s.keys, packChapter(book, chapter));

  function chapterAt(ordinal: number): { book: Book; chapter: number } {
    const key = s.keys[ordinal] ?? 0;
    const book = BOOKS[(key >>> 16) - 1];
    if (!book) throw artefactError(file, `chapter key ${key} is outside the book table`);
    return { book, chapter: (key >>> 8) & 0xff };
  }

  function chapterRecord(ordinal: number): ChapterConnectionsRecord {
    const column = (name: keyof typeof CONNECTIONS_CHAPTER): number => s.table[ordinal * CONNECTIONS_CHAPTER_WORDS + CONNECTIONS_CHAPTER[name]] ?? 0;
    const outReferences = column('outReferences');
    const outVotes = column('outVotes');
    const inReferences = column('inReferences');
    const inVotes = column('inVotes');
    const selfReferences = column('selfReferences');
    const selfVotes = column('selfVotes');
    return {
      ...chapterAt(ordinal),
      rank: column('rank'),
      weight: outVotes + inVotes - selfVotes,
      references: outReferences + inReferences - selfReferences,
      outgoing: { references: outReferences, votes: outVotes },
      incoming: { references: inReferences, votes: inVotes },
      internal: { references: selfReferences, votes: selfVotes },
      partners: column('partners'),
    };
  }

  function bookPair(cell: number): BookPairRecord {
    const from = BOOKS[Math.floor(cell / BOOK_COUNT)];
    const to = BOOKS[cell % BOOK_COUNT];
    if (!from || !to) throw artefactError(file, `book pair cell ${cell} is outside the book table`);
    return { from, to, references: s.bookReferences[cell] ?? 0, votes: s.bookVotes[cell] ?? 0 };
  }

  return {
    totals,
    threshold: meta.threshold,
    rankedChapters: rankedCount,
    topChapters(limit) {
      return [...s.ranking.subarray(0, limit)].map(chapterRecord);
    },
    topBookPairs(limit) {
      return [...s.bookRanking.subarray(0, limit)].map(bookPair);
    },
    getChapter(book, chapter) {
      const ordinal = findChapter(book, chapter);
      return ordinal < 0 ? undefined : chapterRecord(ordinal);
    },
    chapterPairs(book, chapter, direction: ConnectionDirection, limit): Page<ChapterPairRecord> {
      const ordinal = findChapter(book, chapter);
      if (ordinal < 0) return { total: 0, items: [] };
      const side = direction === 'out' ? s.outgoing : s.incoming;
      const first = side.start[ordinal] ?? 0;
      const end = side.start[ordinal + 1] ?? 0;
      const items: ChapterPairRecord[] = [];
      for (let row = first; row < end && items.length < limit; row++) {
        items.push({ ...chapterAt(side.partner[row] ?? 0), references: side.references[row] ?? 0, votes: side.votes[row] ?? 0 });
      }
      return { total: end - first, items };
    },
    getBook(book): BookConnectionsRecord {
      const row = (book.order - 1) * BOOK_COUNT;
      let outReferences = 0;
      let outVotes = 0;
      let inReferences = 0;
      let inVotes = 0;
      for (let other = 0; other < BOOK_COUNT; other++) {
        outReferences += s.bookReferences[row + other] ?? 0;
        outVotes += s.bookVotes[row + other] ?? 0;
        inReferences += s.bookReferences[other * BOOK_COUNT + book.order - 1] ?? 0;
        inVotes += s.bookVotes[other * BOOK_COUNT + book.order - 1] ?? 0;
      }
      const self = row + book.order - 1;
      return {
        book,
        outgoing: { references: outReferences, votes: outVotes },
        incoming: { references: inReferences, votes: inVotes },
        internal: { references: s.bookReferences[self] ?? 0, votes: s.bookVotes[self] ?? 0 },
      };
    },
    bookPairs(book, direction: ConnectionDirection, limit): Page<BookPairRecord> {
      const cells: number[] = [];
      for (let other = 0; other < BOOK_COUNT; other++) {
        if (other === book.order - 1) continue;
        const cell = direction === 'out' ? (book.order - 1) * BOOK_COUNT + other : other * BOOK_COUNT + book.order - 1;
        if ((s.bookReferences[cell] ?? 0) > 0) cells.push(cell);
      }
      cells.sort((a, b) => (s.bookVotes[b] ?? 0) - (s.bookVotes[a] ?? 0) || (s.bookReferences[b] ?? 0) - (s.bookReferences[a] ?? 0) || a - b);
      return { total: cells.length, items: cells.slice(0, limit).map(bookPair) };
    },
  };
}
