// The concept index: the name-word table (every word of every title, alias and variant, matched by
// prefix in place), the exact-name table that ranks an exact name above a partial one, and the
// FlexSearch text index over descriptions, tags, type names, collection labels and paths.

import { ARTEFACT_MAGIC, CONCEPT_TEXT_INDEX_OPTIONS, tokenizeConcept } from '@skg/core';
import { Index } from 'flexsearch';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, checkHeader, lowerBoundString, readSections, SectionReader, stringEquals } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';

export interface ConceptIndex {
  readonly documentCount: number;
  /** Documents with exactly this name (a `normalizeConceptName` value), with their NAME_TIERS tier. */
  getExactMatches(name: string): Array<readonly [document: number, tier: number]>;
  /**
   * Calls `visit` for every name word starting with `prefix` (a `tokenizeConcept` word), with the
   * documents whose names hold it and whether it is the whole word; with `wholeOnly`, for the word
   * itself only.
   */
  forEachNameWord(prefix: string, visit: (documents: Uint32Array, whole: boolean) => void, wholeOnly?: boolean): void;
  /** The FlexSearch text index, imported from the artefact on first use (see `isLoaded`). */
  getTextIndex(): Index;
  isLoaded(): boolean;
}

const HEADER_BYTES = 44;
/** Header position of the tail offset (where the FlexSearch export begins). */
export const CONCEPTS_TAIL_OFFSET_AT = 40;

/** The FlexSearch text index with the compiler's options; documents were tokenised with `tokenizeConcept`. */
export function createConceptTextIndex(): Index {
  return new Index({ ...CONCEPT_TEXT_INDEX_OPTIONS, encode: tokenizeConcept });
}

/**
 * concept-index.bin: little-endian; every section starts on a 4-byte boundary. Strings are UTF-8,
 * sorted by their bytes, and are `tokenizeConcept` words (names: the words joined by one space).
 *
 *   offset  type          field
 *   0       4 × ascii     magic "SKGX"
 *   4       u32           format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32 N documents indexed (ids are document indexes of documents.bin)
 *   12      u32 K exact names        16  u32 E exact-name postings   20  u32 B bytes of exact names
 *   24      u32 W name words         28  u32 P name-word postings    32  u32 C bytes of name words
 *   36      u32 F bytes of the FlexSearch text index export   40  u32 tail offset (the export)
 *   44      (K+1) u32     exact-name offsets into the B bytes
 *   …       (K+1) u32     posting starts: name k's postings are [start[k], start[k+1])
 *   …       E u32, E u8   postings: documents and their tiers (0 title or Strong's number, 1 alias,
 *                         2 name variant), by tier then index                        (padded to 4)
 *   …       B bytes       the exact names                                            (padded to 4)
 *   …       (W+1) u32     name-word offsets into the C bytes
 *   …       (W+1) u32     posting starts; P u32 postings: documents whose names hold word w, by index
 *   …       C bytes       the name words                                             (padded to 4)
 *   tail    F bytes       msgpack [key, chunk][]: FlexSearch 0.8 `Index.export()` of the text index
 *                         (tokenize "strict"); loaded with `Index.import` into an index of the same options
 *
 * Names are matched in place by binary search over the head, held in memory (a prefix is a contiguous
 * run of the sorted words). The tail is read from disk and imported on the first search (~40 ms and
 * ~11 MB of heap on the full data), then dropped.
 */
export function loadConceptIndex(artefact: ArtefactFile): ConceptIndex {
  const { head: buffer, file } = artefact;
  checkHeader(buffer, ARTEFACT_MAGIC.conceptIndex, file);
  const [documentCount, nameTotal, postingTotal, nameBytes, wordTotal, wordPostingTotal, wordBytes, textFlexBytes] = Array.from(
    { length: 8 },
    (_, i) => buffer.readUInt32LE(8 + i * 4),
  ) as [number, number, number, number, number, number, number, number];
  const reader = new SectionReader(buffer, HEADER_BYTES);
  const s = readSections(file, () => {
    const nameOffsets = reader.u32s(nameTotal + 1);
    const postingStart = reader.u32s(nameTotal + 1);
    const postings = reader.u32s(postingTotal);
    const tiers = reader.u8s(postingTotal);
    const [namesStart] = reader.align().bytes(nameBytes);
    const wordOffsets = reader.align().u32s(wordTotal + 1);
    const wordStart = reader.u32s(wordTotal + 1);
    const wordPostings = reader.u32s(wordPostingTotal);
    const [wordsStart] = reader.bytes(wordBytes);
    reader.align();
    return { nameOffsets, postingStart, postings, tiers, namesStart, wordOffsets, wordStart, wordPostings, wordsStart };
  });
  if (
    reader.offset !== artefact.tailOffset ||
    artefact.tailOffset + textFlexBytes !== artefact.bytes ||
    s.nameOffsets[nameTotal] !== nameBytes ||
    s.wordOffsets[wordTotal] !== wordBytes
  ) {
    throw artefactError(file, 'is truncated or malformed');
  }
  let text: Index | undefined;

  return {
    documentCount,
    getExactMatches(name) {
      const key = Buffer.from(name, 'utf8');
      const k = lowerBoundString(buffer, s.namesStart, s.nameOffsets, nameTotal, key);
      if (k >= nameTotal || !stringEquals(buffer, s.namesStart, s.nameOffsets, k, key)) return [];
      const out: Array<readonly [number, number]> = [];
      for (let p = s.postingStart[k] ?? 0; p < (s.postingStart[k + 1] ?? 0); p++) out.push([s.postings[p] ?? 0, s.tiers[p] ?? 0]);
      return out;
    },
    forEachNameWord(prefix, visit, wholeOnly = false) {
      const key = Buffer.from(prefix, 'utf8');
      for (let w = lowerBoundString(buffer, s.wordsStart, s.wordOffsets, wordTotal, key); w < wordTotal; w++) {
        const start = s.wordsStart + (s.wordOffsets[w] ?? 0);
        const end = s.wordsStart + (s.wordOffsets[w + 1] ?? 0);
        if (end - start < key.length || buffer.compare(key, 0, key.length, start, start + key.length) !== 0) break;
        const whole = end - start === key.length;
        if (wholeOnly && !whole) break;
        visit(s.wordPostings.subarray(s.wordStart[w] ?? 0, s.wordStart[w + 1] ?? 0), whole);
      }
    },
    getTextIndex() {
      if (text) return text;
      const index = createConceptTextIndex();
      const chunks = decodeMsgpack(artefact.read(artefact.tailOffset, artefact.bytes)) as Array<[string, unknown]>;
      for (const [key, chunk] of chunks) index.import(key, chunk as string);
      text = index;
      return text;
    },
    isLoaded: () => text !== undefined,
  };
}
