// The cross-reference shards: every kept reference, sharded by the chapter of its from verse, held as
// typed-array views over the file's buffer (about 10 bytes per reference; 0.2 MB on the full data).

import { CONFIDENCE_SCALE, XREF_ARTEFACT_MAGIC, type Book, unpackVerse, packChapter } from '@skg/core';
import { artefactError, checkHeader, indexOfKey, readSections, SectionReader } from './binary.ts';
import type { CrossReferenceQuery, CrossReferenceRecord, CrossReferenceStore, Page, VerseKey } from './types.ts';

const HEADER_BYTES = 24;

/**
 * xrefs.bin: little-endian; every section starts on a 4-byte boundary.
 *
 *   offset  type        field
 *   0       4 × ascii   magic "SKGR"
 *   4       u32         format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32         C: chapters (the verse store's chapter table, same ordinals)
 *   12      u32         R: references
 *   16      u32         threshold: the vote floor the build applied (no reference below it is stored)
 *   20      u32         reserved, 0
 *   24      C u32       chapter keys, canonical order: book order << 16 | chapter << 8
 *   …       (C+1) u32   shard offsets: chapter i's references are rows [start[i], start[i+1])
 *   …       R u32       target start: book order << 16 | chapter << 8 | verse
 *   …       R u32       target end, packed the same way (equal to the start for one verse)
 *   …       R u8        from verse: the verse number inside the shard's chapter      (padded to 4)
 *   …       R u8        confidence in 200ths: min(votes, 200)                         (padded to 4)
 *
 * Inside a shard rows are ordered by the net votes of the data file, highest first (then from verse,
 * then target in Bible order), so the first rows are the most-supported even where the stored
 * confidence saturates. Votes are reconstructed as confidence × 200.
 */
export function loadCrossReferences(buffer: Buffer, file: string): CrossReferenceStore {
  checkHeader(buffer, XREF_ARTEFACT_MAGIC.crossReferences, file, HEADER_BYTES);
  const chapterCount = buffer.readUInt32LE(8);
  const count = buffer.readUInt32LE(12);
  const threshold = buffer.readUInt32LE(16);
  const sections = readSections(file, () => {
    const reader = new SectionReader(buffer, HEADER_BYTES);
    const keys = reader.u32s(chapterCount);
    const start = reader.u32s(chapterCount + 1);
    const targetStart = reader.u32s(count);
    const targetEnd = reader.u32s(count);
    const fromVerse = reader.u8s(count);
    reader.align();
    const confidence = reader.u8s(count);
    reader.align();
    if (reader.offset !== buffer.length || start[chapterCount] !== count) throw new RangeError('sizes disagree');
    return { keys, start, targetStart, targetEnd, fromVerse, confidence };
  });
  const { keys, start, targetStart, targetEnd, fromVerse, confidence } = sections;

  /** The chapter's ordinal: the keys are in Bible order. */
  const findChapter = (book: Book, chapter: number): number => indexOfKey(keys, packChapter(book, chapter));

  function verseKey(packed: number): VerseKey {
    const verse = unpackVerse(packed);
    if (!verse) throw artefactError(file, `holds a target ${packed} outside the book table`);
    return verse;
  }

  return {
    threshold,
    count,
    find(query: CrossReferenceQuery): Page<CrossReferenceRecord> {
      const ordinal = findChapter(query.book, query.chapter);
      if (ordinal < 0) return { total: 0, items: [] };
      const first = query.fromVerse ?? 1;
      const last = query.toVerse ?? query.fromVerse ?? Number.MAX_SAFE_INTEGER;
      const minimum = Math.min(query.minVotes, CONFIDENCE_SCALE);
      const items: CrossReferenceRecord[] = [];
      let total = 0;
      for (let row = start[ordinal] ?? 0, end = start[ordinal + 1] ?? 0; row < end; row++) {
        const verse = fromVerse[row] ?? 0;
        const votes = confidence[row] ?? 0;
        if (verse < first || verse > last || votes < minimum) continue;
        total++;
        if (items.length >= query.limit) continue;
        items.push({
          from: { book: query.book, chapter: query.chapter, verse },
          start: verseKey(targetStart[row] ?? 0),
          end: verseKey(targetEnd[row] ?? 0),
          votes,
        });
      }
      return { total, items };
    },
  };
}
