// The connections aggregate: per chapter and per pair of chapters and of books, how many cross
// references join them and with how many votes, precomputed and ranked by the compiler. Held as
// typed-array views over the file's buffer; only the small totals record is decoded.

import { BOOKS, type Book, packChapter, XREF_ARTEFACT_MAGIC } from '@skg/core';
import { artefactError, checkHeader, indexOfKey, readSections, SectionReader } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';
import type {
  BookConnectionsRecord,
  BookPairRecord,
  ChapterConnectionsRecord,
  ChapterPairRecord,
  ConnectionDirection,
  ConnectionsStore,
  ConnectionTotals,
  Page,
} from './types.ts';

const HEADER_BYTES = 32;
const BOOK_COUNT = 66;
/** u32 columns per chapter in the chapter table. */
const CHAPTER_COLUMNS = 8;

/**
 * connections.bin: little-endian; every section starts on a 4-byte boundary.
 *
 *   offset  type          field
 *   0       4 × ascii     magic "SKGN"
 *   4       u32           format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32           C: chapters (the verse store's chapter table, same ordinals)
 *   12      u32           P: distinct directed chapter pairs
 *   16      u32           K: ranked chapters (those some reference touches)
 *   20      u32           Q: ranked book pairs (two different books)
 *   24      u32           M: bytes of the msgpack totals record
 *   28      u32           reserved, 0
 *   32      C u32         chapter keys, canonical order: book order << 16 | chapter << 8
 *   …       C × 8 u32     per chapter: out references, out votes, in references, in votes, self
 *                         references, self votes, partner chapters, rank (1-based; 0 = unranked)
 *   …       K u32         chapter ordinals by rank, strongest first
 *   …       (C+1) u32     outgoing offsets: chapter i's pairs are [out[i], out[i+1]) of the next three
 *   …       P u32 × 3     outgoing pairs, strongest first per chapter: cited chapter, references, votes
 *   …       (C+1) u32     incoming offsets
 *   …       P u32 × 3     incoming pairs, strongest first per chapter: citing chapter, references, votes
 *   …       66×66 u32     book pair references, cell (citing order - 1) × 66 + (cited order - 1)
 *   …       66×66 u32     book pair votes, same cells
 *   …       Q u32         book pair cells joining two different books, strongest first
 *   …       M bytes       msgpack {totals, threshold}                                   (padded to 4)
 *
 * Votes are the data file's net votes summed (not capped); strength is votes, then references.
 */
export function loadConnections(buffer: Buffer, file: string): ConnectionsStore {
  checkHeader(buffer, XREF_ARTEFACT_MAGIC.connections, file, HEADER_BYTES);
  const chapterCount = buffer.readUInt32LE(8);
  const pairCount = buffer.readUInt32LE(12);
  const rankedCount = buffer.readUInt32LE(16);
  const bookPairCount = buffer.readUInt32LE(20);
  const metaBytes = buffer.readUInt32LE(24);
  const s = readSections(file, () => {
    const reader = new SectionReader(buffer, HEADER_BYTES);
    const keys = reader.u32s(chapterCount);
    const table = reader.u32s(chapterCount * CHAPTER_COLUMNS);
    const ranking = reader.u32s(rankedCount);
    const outgoing = { start: reader.u32s(chapterCount + 1), partner: reader.u32s(pairCount), references: reader.u32s(pairCount), votes: reader.u32s(pairCount) };
    const incoming = { start: reader.u32s(chapterCount + 1), partner: reader.u32s(pairCount), references: reader.u32s(pairCount), votes: reader.u32s(pairCount) };
    const bookReferences = reader.u32s(BOOK_COUNT * BOOK_COUNT);
    const bookVotes = reader.u32s(BOOK_COUNT * BOOK_COUNT);
    const bookRanking = reader.u32s(bookPairCount);
    const [metaStart, metaEnd] = reader.bytes(metaBytes);
    reader.align();
    if (reader.offset !== buffer.length) throw new RangeError('sizes disagree');
    return { keys, table, ranking, outgoing, incoming, bookReferences, bookVotes, bookRanking, metaStart, metaEnd };
  });
  const meta = decodeMsgpack(buffer, s.metaStart, s.metaEnd) as { totals: ConnectionTotals; threshold: number };
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
    const column = (i: number): number => s.table[ordinal * CHAPTER_COLUMNS + i] ?? 0;
    const outReferences = column(0);
    const outVotes = column(1);
    const inReferences = column(2);
    const inVotes = column(3);
    const selfReferences = column(4);
    const selfVotes = column(5);
    return {
      ...chapterAt(ordinal),
      rank: column(7),
      weight: outVotes + inVotes - selfVotes,
      references: outReferences + inReferences - selfReferences,
      outgoing: { references: outReferences, votes: outVotes },
      incoming: { references: inReferences, votes: inVotes },
      internal: { references: selfReferences, votes: selfVotes },
      partners: column(6),
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
