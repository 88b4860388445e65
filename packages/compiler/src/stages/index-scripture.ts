// Stage 5, index: builds the FlexSearch scripture index over every verse that has text, and the verse
// word streams (each verse as word ids) that phrase matching and ranking read.

import { SCRIPTURE_INDEX_OPTIONS, tokenizeScripture } from '@skg/core';
import { Index } from 'flexsearch';
import type { Diagnostics } from '../diagnostics.ts';
import type { LinkedScripture } from './link.ts';

export interface ScriptureIndexData {
  /** Distinct words, sorted; a word's id is its position. */
  readonly vocabulary: readonly string[];
  /** Verse i's words are `wordIds[wordOffsets[i] … wordOffsets[i+1])`, by global verse index. */
  readonly wordOffsets: Uint32Array;
  readonly wordIds: Uint16Array;
  /** FlexSearch's export, in export order: `[key, parsed JSON chunk]`. */
  readonly chunks: ReadonlyArray<readonly [string, unknown]>;
  /** Verses added to the index (every verse with text). */
  readonly indexed: number;
}

/** The FlexSearch index the compiler fills and the server imports: same options on both sides. */
export function createScriptureFlexIndex(): Index {
  return new Index({ ...SCRIPTURE_INDEX_OPTIONS, encode: tokenizeScripture });
}

const MAX_VOCABULARY = 0x10000;

export function indexScripture(scripture: LinkedScripture, diagnostics: Diagnostics): ScriptureIndexData {
  const index = createScriptureFlexIndex();
  const words: string[][] = new Array<string[]>(scripture.verseCount);
  const vocabulary = new Set<string>();
  let indexed = 0;
  let total = 0;
  for (const chapter of scripture.chapters) {
    chapter.verses.forEach((verse, offset) => {
      const id = chapter.firstVerse + offset;
      words[id] = [];
      if (verse.omitted) return;
      const tokens = tokenizeScripture(verse.text);
      if (tokens.length === 0) {
        diagnostics.warning('index', `${chapter.osis}.${verse.verse} has no searchable word`, { file: chapter.file });
        return;
      }
      words[id] = tokens;
      total += tokens.length;
      for (const token of tokens) vocabulary.add(token);
      index.add(id, verse.text);
      indexed += 1;
    });
  }
  const sorted = [...vocabulary].sort();
  if (sorted.length > MAX_VOCABULARY) {
    diagnostics.error('index', `${sorted.length} distinct words: the verse word streams hold at most ${MAX_VOCABULARY}`);
  }
  const ids = new Map(sorted.map((word, i) => [word, i]));
  const wordOffsets = new Uint32Array(scripture.verseCount + 1);
  const wordIds = new Uint16Array(total);
  let at = 0;
  for (let verse = 0; verse < scripture.verseCount; verse++) {
    wordOffsets[verse] = at;
    for (const token of words[verse] ?? []) wordIds[at++] = ids.get(token) ?? 0;
  }
  wordOffsets[scripture.verseCount] = at;

  const chunks: Array<readonly [string, unknown]> = [];
  // Synchronous export: the handler returns nothing, so FlexSearch walks the chunks in order.
  void index.export((key: string, data: string) => {
    chunks.push([key, JSON.parse(data) as unknown]);
  });
  return { vocabulary: sorted, wordOffsets, wordIds, chunks, indexed };
}
