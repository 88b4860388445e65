// Concept search (`concept-index.bin`): the name-word table, the exact-name table and the FlexSearch
// text index. Every section starts on a 4-byte boundary. Strings are UTF-8, sorted by their bytes, and
// are `tokenizeConcept` words (names: the words joined by one space).
//
//   header        CONCEPT_INDEX_LAYOUT.header, u32 each
//   (K+1) u32     exact-name offsets into the B bytes
//   (K+1) u32     posting starts: name k's postings are [start[k], start[k+1])
//   E u32, E u8   postings: documents and their NAME_TIERS, by tier then index      (padded to 4)
//   B bytes       the exact names                                                   (padded to 4)
//   (W+1) u32     name-word offsets into the C bytes
//   (W+1) u32     posting starts; P u32 postings: documents whose names hold word w, by index
//   C bytes       the name words                                                    (padded to 4)
//   tail          F bytes: msgpack [key, chunk][]: FlexSearch 0.8 `Index.export()` of the text index,
//                 loaded with `Index.import` into an index of CONCEPT_TEXT_INDEX_OPTIONS
//
// Names are matched in place by binary search over the head, held in memory; the tail is read from
// disk and imported on the first search.

import { defineArtefactLayout } from './layout.ts';

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
