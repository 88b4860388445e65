// The concept index: the name-word table (every word of every title, alias and variant, matched by
// prefix in place), the exact-name table that ranks an exact name above a partial one, and the
// FlexSearch text index over descriptions, tags, type names, collection labels and paths. Layout:
// CONCEPT_INDEX_LAYOUT (@skg/core `artefacts/concept-index.ts`); the head is held in memory, the
// FlexSearch export (the tail) is read from disk and imported on the first search (~40 ms and ~11 MB
// of heap on the full data), then dropped.

import { CONCEPT_INDEX_LAYOUT, CONCEPT_INDEX_SECTIONS, CONCEPT_TEXT_INDEX_OPTIONS, tokenizeConcept } from '@skg/core';
import { Index } from 'flexsearch';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, lowerBoundString, readHeader, readSectionViews, stringEquals } from './binary.ts';
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

/** Header position of the tail offset (where the FlexSearch export begins), for `openArtefactFile`. */
export const CONCEPTS_TAIL_OFFSET_AT = CONCEPT_INDEX_LAYOUT.header.tailOffset;

/** The FlexSearch text index with the compiler's options; documents were tokenised with `tokenizeConcept`. */
export function createConceptTextIndex(): Index {
  return new Index({ ...CONCEPT_TEXT_INDEX_OPTIONS, encode: tokenizeConcept });
}

export function loadConceptIndex(artefact: ArtefactFile): ConceptIndex {
  const { head: buffer, file } = artefact;
  const header = readHeader(buffer, CONCEPT_INDEX_LAYOUT, file);
  const { documents: documentCount, names: nameTotal, nameBytes, words: wordTotal, wordBytes } = header;
  const views = readSectionViews(buffer, file, CONCEPT_INDEX_SECTIONS, header, artefact.tailOffset);
  const s = { ...views, namesStart: views.names[0], wordsStart: views.words[0] };
  if (
    artefact.tailOffset + header.flexBytes !== artefact.bytes ||
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
