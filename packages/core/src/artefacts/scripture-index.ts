// The scripture search index (`scripture-index.bin`): each verse as a stream of word ids, the
// vocabulary, and FlexSearch's export.
//
//   header      SCRIPTURE_INDEX_LAYOUT.header, u32 each
//   (V+1) u32   word offsets: verse i's words are ids[off[i], off[i+1]); omitted verses have none
//   N × u16     word ids, verse after verse, in reading order                       (padded to 4)
//   B bytes     msgpack array of the W words, sorted; a word's id is its position   (padded to 4)
//   F bytes     msgpack array of [key: string, chunk]: FlexSearch 0.8 `Index.export()` output in
//               order, each chunk JSON-parsed; ids are global verse indexes. Loaded by feeding every
//               pair to `Index.import(key, chunk)` of an index made with SCRIPTURE_INDEX_OPTIONS.
//
// Words are `tokenizeScripture` output. The vocabulary and the FlexSearch import are decoded on the
// first search.

import { defineArtefactLayout } from './layout.ts';

export const SCRIPTURE_INDEX_LAYOUT = defineArtefactLayout({
  name: 'scripture-index',
  file: 'scripture-index.bin',
  magic: 'SKGS',
  header: {
    /** V: verse slots (as in verses.bin). */
    verses: 8,
    /** Verses indexed (every verse with text). */
    indexed: 12,
    /** W: distinct words (vocabulary size, at most 65,536). */
    vocabulary: 16,
    /** N: words in all verses. */
    words: 20,
    /** B: bytes of the vocabulary. */
    vocabularyBytes: 24,
    /** F: bytes of the FlexSearch export. */
    flexBytes: 28,
  },
  headerBytes: 32,
});
