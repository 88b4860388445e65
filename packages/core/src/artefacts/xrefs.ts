// The cross-reference shards (`xrefs.bin`): every kept reference, sharded by the chapter of its from
// verse.
//
//   header      XREFS_LAYOUT.header, u32 each
//   sections    XREFS_SECTIONS, padded to 4 at the end
//
// Inside a shard rows are ordered by the net votes of the data file, highest first (then from verse,
// then target in Bible order), so the first rows are the most-supported even where the stored
// confidence saturates.

import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';

export const XREFS_LAYOUT = defineArtefactLayout({
  name: 'xrefs',
  file: 'xrefs.bin',
  magic: 'SKGR',
  header: {
    /** C: chapters (the verse store's chapter table, same ordinals). */
    chapters: 8,
    /** R: references. */
    references: 12,
    /** The vote floor the build applied (no reference below it is stored). */
    threshold: 16,
  },
  headerBytes: 24,
});

export const XREFS_SECTIONS = defineSections(
  XREFS_LAYOUT,
  [
    /** Chapter keys, canonical order: packChapter (book order << 16 | chapter << 8). */
    { name: 'keys', kind: 'u32', length: (h) => h.chapters },
    /** Shard offsets: chapter i's references are rows [start[i], start[i+1]). */
    { name: 'start', kind: 'u32', length: (h) => h.chapters + 1 },
    /** Target start: packVerse (book order << 16 | chapter << 8 | verse). */
    { name: 'targetStart', kind: 'u32', length: (h) => h.references },
    /** Target end, packed the same way (equal to the start for one verse). */
    { name: 'targetEnd', kind: 'u32', length: (h) => h.references },
    /** From verse: the verse number inside the shard's chapter. */
    { name: 'fromVerse', kind: 'u8', length: (h) => h.references },
    /** Confidence in 200ths: encodeConfidence(votes). */
    { name: 'confidence', kind: 'u8', length: (h) => h.references, align: 4 },
  ],
  4,
);
