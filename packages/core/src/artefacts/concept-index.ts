// Concept search (`concept-index.bin`): the name-word table, the exact-name table and the FlexSearch
// text index. Strings are UTF-8, sorted by their bytes, and
// are `tokenizeConcept` words (names: the words joined by one space).
//
//   header        CONCEPT_INDEX_LAYOUT.header, u32 each
//   sections      CONCEPT_INDEX_SECTIONS, padded to 4
//   tail          F bytes: msgpack [key, chunk][]: FlexSearch 0.8 `Index.export()` of the text index,
//                 loaded with `Index.import` into an index of CONCEPT_TEXT_INDEX_OPTIONS
//
// Names are matched in place by binary search over the head, held in memory; the tail is read from
// disk and imported on the first search.

import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';

export const CONCEPT_INDEX_LAYOUT = defineArtefactLayout({
  name: 'concept-index',
  file: 'concept-index.bin',
  magic: 'SKGX',
  header: {
    /** N: documents indexed (ids are document indexes of documents.bin). */
    documents: 8,
    /** K: exact names. */
    names: 12,
    /** E: exact-name postings. */
    namePostings: 16,
    /** B: bytes of exact names. */
    nameBytes: 20,
    /** W: name words. */
    words: 24,
    /** P: name-word postings. */
    wordPostings: 28,
    /** C: bytes of name words. */
    wordBytes: 32,
    /** F: bytes of the FlexSearch text index export. */
    flexBytes: 36,
    /** Where the export begins. */
    tailOffset: 40,
  },
  headerBytes: 44,
});

export const CONCEPT_INDEX_SECTIONS = defineSections(
  CONCEPT_INDEX_LAYOUT,
  [
    /** Exact-name offsets into the name bytes. */
    { name: 'nameOffsets', kind: 'u32', length: (h) => h.names + 1 },
    /** Posting starts: name k's postings are [start[k], start[k+1]). */
    { name: 'postingStart', kind: 'u32', length: (h) => h.names + 1 },
    /** Postings: documents, by tier then index … */
    { name: 'postings', kind: 'u32', length: (h) => h.namePostings },
    /** … and their NAME_TIERS. */
    { name: 'tiers', kind: 'u8', length: (h) => h.namePostings },
    /** The exact names. */
    { name: 'names', kind: 'bytes', length: (h) => h.nameBytes, align: 4 },
    /** Name-word offsets into the word bytes. */
    { name: 'wordOffsets', kind: 'u32', length: (h) => h.words + 1, align: 4 },
    /** Posting starts: word w's postings are [start[w], start[w+1]). */
    { name: 'wordStart', kind: 'u32', length: (h) => h.words + 1 },
    /** Documents whose names hold word w, by index. */
    { name: 'wordPostings', kind: 'u32', length: (h) => h.wordPostings },
    /** The name words. */
    { name: 'words', kind: 'bytes', length: (h) => h.wordBytes },
  ],
  4,
);
