// The cross-reference shards: every kept reference, sharded by the chapter of its from verse, held as
// typed-array views over the file's buffer (about 10 bytes per reference; 0.2 MB on the full data).
// Layout: XREFS_LAYOUT (@skg/core `artefacts/xrefs.ts`); votes are reconstructed as confidence × 200.

import { CONFIDENCE_SCALE, XREFS_LAYOUT, XREFS_SECTIONS, type Book, unpackVerse, packChapter } from '@skg/core';
import { artefactError, indexOfKey, readHeader, readSectionViews } from './binary.ts';
import type { CrossReferenceQuery, CrossReferenceRecord, CrossReferenceStore, Page, VerseKey } from './types.ts';

export function loadCrossReferences(buffer: Buffer, file: string): CrossReferenceStore {
  const header = readHeader(buffer, XREFS_LAYOUT, file);
  const { chapters: chapterCount, references: count, threshold } = header;
  const { keys, start, targetStart, targetEnd, fromVerse, confidence } = readSectionViews(buffer, file, XREFS_SECTIONS, header);
  if (start[chapterCount] !== count) throw artefactError(file, 'is truncated or malformed');

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
