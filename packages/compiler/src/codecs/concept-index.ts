// Encodes concept search (`concept-index.bin`). The layout is documented above its decoder,
// packages/server/src/artefacts/graph-concepts.ts.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_MAGIC } from '@skg/core';
import type { GraphIndexData } from '../stages/index-graph.ts';
import type { LinkedGraph } from '../stages/link-graph.ts';
import { ByteWriter, concatRecords, flattenLists } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

/** Header position of the tail offset: where the FlexSearch export, read from disk on the first search, begins. */
const HEADER_TAIL_OFFSET = 40;

export function encodeConceptIndex(graph: LinkedGraph, index: GraphIndexData): Buffer {
  const names: string[] = [];
  const start: number[] = [];
  for (let i = 0; i < index.exactNames.length; i++) {
    const name = index.exactNames[i]?.name ?? '';
    if (names[names.length - 1] !== name) {
      names.push(name);
      start.push(i);
    }
  }
  start.push(index.exactNames.length);
  const nameBlob = concatRecords(names.map((n) => Buffer.from(n, 'utf8')));
  const wordBlob = concatRecords(index.nameWords.map((w) => Buffer.from(w.word, 'utf8')));
  const wordPostings = flattenLists(index.nameWords.map((w) => w.documents));
  const textFlex = encodeMsgpack(index.textChunks);
  const head = new ByteWriter()
    .ascii(ARTEFACT_MAGIC.conceptIndex)
    .u32(ARTEFACT_FORMAT_VERSION)
    .u32(graph.documents.length)
    .u32(names.length)
    .u32(index.exactNames.length)
    .u32(nameBlob.data.length)
    .u32(index.nameWords.length)
    .u32(wordPostings.values.length)
    .u32(wordBlob.data.length)
    .u32(textFlex.length)
    .u32(0) // tail offset, set below
    .u32s(nameBlob.offsets)
    .u32s(start)
    .u32s(index.exactNames.map((e) => e.document))
    .u8s(index.exactNames.map((e) => e.tier))
    .align()
    .bytes(nameBlob.data)
    .align()
    .u32s(wordBlob.offsets)
    .u32s(wordPostings.start)
    .u32s(wordPostings.values)
    .bytes(wordBlob.data)
    .align()
    .toBuffer();
  head.writeUInt32LE(head.length, HEADER_TAIL_OFFSET);
  return Buffer.concat([head, textFlex]);
}
