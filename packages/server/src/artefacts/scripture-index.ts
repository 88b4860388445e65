// The scripture search index: each verse as a stream of word ids (phrases, ranking) and the FlexSearch
// index (candidate verses). Layout: SCRIPTURE_INDEX_LAYOUT (@skg/core `artefacts/scripture-index.ts`).
// The word streams are views over the buffer; the vocabulary and the FlexSearch import (tens of
// milliseconds on the full data) are decoded on the first search.

import { SCRIPTURE_INDEX_LAYOUT, SCRIPTURE_INDEX_OPTIONS, SCRIPTURE_INDEX_SECTIONS, tokenizeScripture } from '@skg/core';
import { Index } from 'flexsearch';
import { artefactError, readHeader, readSectionViews } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';

export interface ScriptureIndex {
  readonly verseCount: number;
  /** Verses in the FlexSearch index (every verse with text). */
  readonly indexedCount: number;
  /** Words in a verse as `tokenizeScripture` counts them; 0 for an omitted verse. */
  getWordCount(index: number): number;
  /** The most words any verse has. */
  readonly maxWordCount: number;
  /** A verse's words as ids (a view, not a copy). */
  getWordIds(index: number): Uint16Array;
  /** True when the verse holds these word ids adjacent and in order. */
  hasSequence(index: number, sequence: readonly number[]): boolean;
  /** The id of a word, or undefined when no verse has it. Loads the vocabulary on first use. */
  getWordId(word: string): number | undefined;
  /** The FlexSearch index, imported from the artefact on first use (see `isFlexIndexLoaded`). */
  getFlexIndex(): Index;
  isFlexIndexLoaded(): boolean;
}

/** The FlexSearch index with the compiler's options; documents were tokenised with `tokenizeScripture`. */
export function createScriptureFlexIndex(): Index {
  return new Index({ ...SCRIPTURE_INDEX_OPTIONS, encode: tokenizeScripture });
}

export function loadScriptureIndex(buffer: Buffer, file: string): ScriptureIndex {
  const header = readHeader(buffer, SCRIPTURE_INDEX_LAYOUT, file);
  const { verses: verseCount, indexed: indexedCount, vocabulary: vocabularySize, words: wordTotal } = header;
  const { offsets, ids, vocabulary: vocabularyRange, flex: flexRange } = readSectionViews(buffer, file, SCRIPTURE_INDEX_SECTIONS, header);
  if (offsets[verseCount] !== wordTotal) throw artefactError(file, 'is truncated or malformed');
  let maxWordCount = 0;
  for (let i = 0; i < verseCount; i++) maxWordCount = Math.max(maxWordCount, (offsets[i + 1] ?? 0) - (offsets[i] ?? 0));
  let vocabulary: Map<string, number> | undefined;
  let flex: Index | undefined;
  return {
    verseCount,
    indexedCount,
    maxWordCount,
    getWordCount: (index) => (offsets[index + 1] ?? 0) - (offsets[index] ?? 0),
    getWordIds: (index) => ids.subarray(offsets[index] ?? 0, offsets[index + 1] ?? 0),
    hasSequence(index, sequence) {
      const start = offsets[index] ?? 0;
      const last = (offsets[index + 1] ?? 0) - sequence.length;
      outer: for (let at = start; at <= last; at++) {
        for (let k = 0; k < sequence.length; k++) if (ids[at + k] !== sequence[k]) continue outer;
        return true;
      }
      return false;
    },
    getWordId(word) {
      if (!vocabulary) {
        const words = decodeMsgpack(buffer, ...vocabularyRange) as string[];
        if (words.length !== vocabularySize) throw artefactError(file, 'has a malformed vocabulary');
        vocabulary = new Map(words.map((w, i) => [w, i]));
      }
      return vocabulary.get(word);
    },
    getFlexIndex() {
      if (flex) return flex;
      const chunks = decodeMsgpack(buffer, ...flexRange) as Array<[string, unknown]>;
      const index = createScriptureFlexIndex();
      for (const [key, chunk] of chunks) index.import(key, chunk as string);
      flex = index;
      return flex;
    },
    isFlexIndexLoaded: () => flex !== undefined,
  };
}
