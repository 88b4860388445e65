// The cross-reference shards (`xrefs.bin`): every kept reference, sharded by the chapter of its from
// verse.
//
//   header      XREFS_LAYOUT.header, u32 each
//   C u32       chapter keys, canonical order: packChapter (book order << 16 | chapter << 8)
//   (C+1) u32   shard offsets: chapter i's references are rows [start[i], start[i+1])
//   R u32       target start: packVerse (book order << 16 | chapter << 8 | verse)
//   R u32       target end, packed the same way (equal to the start for one verse)
//   R u8        from verse: the verse number inside the shard's chapter      (padded to 4)
//   R u8        confidence in 200ths: encodeConfidence(votes)                 (padded to 4)
//
// Inside a shard rows are ordered by the net votes of the data file, highest first (then from verse,
// then target in Bible order), so the first rows are the most-supported even where the stored
// confidence saturates.

import { defineArtefactLayout } from './layout.ts';

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
