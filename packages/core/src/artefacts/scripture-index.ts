// The scripture search index (`scripture-index.bin`): each verse as a stream of word ids, the
// vocabulary, and FlexSearch's export.
//
//   header      SCRIPTURE_INDEX_LAYOUT.header, u32 each
//   sections    SCRIPTURE_INDEX_SECTIONS
//
// Words are `tokenizeScripture` output. The vocabulary and the FlexSearch import are decoded on the
// first search.

import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';

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

export const SCRIPTURE_INDEX_SECTIONS = defineSections(SCRIPTURE_INDEX_LAYOUT, [
  /** Word offsets: verse i's words are ids[off[i], off[i+1]); omitted verses have none. */
  { name: 'offsets', kind: 'u32', length: (h) => h.verses + 1 },
  /** Word ids, verse after verse, in reading order. */
  { name: 'ids', kind: 'u16', length: (h) => h.words },
  /** Msgpack array of the W words, sorted; a word's id is its position. */
  { name: 'vocabulary', kind: 'bytes', length: (h) => h.vocabularyBytes, align: 4 },
  /**
   * Msgpack array of [key: string, chunk]: FlexSearch 0.8 `Index.export()` output in order, each chunk
   * JSON-parsed; ids are global verse indexes. Loaded by feeding every pair to `Index.import(key,
   * chunk)` of an index made with SCRIPTURE_INDEX_OPTIONS.
   */
  { name: 'flex', kind: 'bytes', length: (h) => h.flexBytes, align: 4 },
]);
