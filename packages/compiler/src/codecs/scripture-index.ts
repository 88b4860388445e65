// Encodes the scripture search index (`scripture-index.bin`). The layout is documented above its
// decoder, packages/server/src/artefacts/scripture-index.ts.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_MAGIC } from '@skg/core';
import type { ScriptureIndexData } from '../stages/index-scripture.ts';
import { ByteWriter } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

export function encodeScriptureIndex(index: ScriptureIndexData): Buffer {
  const vocabulary = encodeMsgpack(index.vocabulary);
  const flex = encodeMsgpack(index.chunks);
  return new ByteWriter()
    .ascii(ARTEFACT_MAGIC.scriptureIndex)
    .u32(ARTEFACT_FORMAT_VERSION)
    .u32(index.wordOffsets.length - 1)
    .u32(index.indexed)
    .u32(index.vocabulary.length)
    .u32(index.wordIds.length)
    .u32(vocabulary.length)
    .u32(flex.length)
    .u32s(index.wordOffsets)
    .u16s(index.wordIds)
    .align()
    .bytes(vocabulary)
    .align()
    .bytes(flex)
    .toBuffer();
}
