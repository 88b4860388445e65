// Encodes the scripture search index (`scripture-index.bin`); the layout is SCRIPTURE_INDEX_LAYOUT
// (@skg/core `artefacts/scripture-index.ts`).

import { SCRIPTURE_INDEX_LAYOUT, SCRIPTURE_INDEX_SECTIONS } from '@skg/core';
import type { ScriptureIndexData } from '../stages/index-scripture.ts';
import { ByteWriter } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

export function encodeScriptureIndex(index: ScriptureIndexData): Buffer {
  const vocabulary = encodeMsgpack(index.vocabulary);
  const flex = encodeMsgpack(index.chunks);
  const header = {
    verses: index.wordOffsets.length - 1,
    indexed: index.indexed,
    vocabulary: index.vocabulary.length,
    words: index.wordIds.length,
    vocabularyBytes: vocabulary.length,
    flexBytes: flex.length,
  };
  return new ByteWriter()
    .header(SCRIPTURE_INDEX_LAYOUT, header)
    .sections(SCRIPTURE_INDEX_SECTIONS, header, { offsets: index.wordOffsets, ids: index.wordIds, vocabulary, flex })
    .toBuffer();
}
