// The cross-reference shards: every kept reference, sharded by the chapter of its from verse, held as
// typed-array views over the file's buffer (about 10 bytes per reference; 0.2 MB on the full data).
// Layout: XREFS_LAYOUT (@skg/core `artefacts/xrefs.ts`); votes are reconstructed as confidence × 200.

import { CONFIDENCE_SCALE, XREFS_LAYOUT, type Book, unpackVerse, packChapter } from '@skg/core';
import { artefactError, indexOfKey, readHeader, readSections, SectionReader } from './binary.ts';
import type { CrossReferenceQuery, CrossReferenceRecord, CrossReferenceStore, Page, VerseKey } from './types.ts';

export function loadCrossReferences(buffer: Buffer, file: string): CrossReferenceStore {
  const { chapters: chapterCount, references: count, threshold } = readHeader(buffer, XREFS_LAYOUT, file);
  const sections = readSections(file, () => {
    const reader = new SectionReader(buffer, XREFS_LAYOUT.headerBytes);
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
