// Encodes concept search (`concept-index.bin`); the layout is CONCEPT_INDEX_LAYOUT (@skg/core
// `artefacts/concept-index.ts`).

import { CONCEPT_INDEX_LAYOUT, CONCEPT_INDEX_SECTIONS } from '@skg/core';
import type { GraphIndexData } from '../stages/index-graph.ts';
import type { LinkedGraph } from '../stages/link-graph.ts';
import { ByteWriter, concatRecords, flattenLists } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

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
  const header = {
    documents: graph.documents.length,
    names: names.length,
    namePostings: index.exactNames.length,
    nameBytes: nameBlob.data.length,
    words: index.nameWords.length,
    wordPostings: wordPostings.values.length,
    wordBytes: wordBlob.data.length,
    flexBytes: textFlex.length,
    tailOffset: 0, // set below
  };
  const head = new ByteWriter()
    .header(CONCEPT_INDEX_LAYOUT, header)
    .sections(CONCEPT_INDEX_SECTIONS, header, {
      nameOffsets: nameBlob.offsets,
      postingStart: start,
      postings: index.exactNames.map((e) => e.document),
      tiers: index.exactNames.map((e) => e.tier),
      names: nameBlob.data,
      wordOffsets: wordBlob.offsets,
      wordStart: wordPostings.start,
      wordPostings: wordPostings.values,
      words: wordBlob.data,
    })
    .toBuffer();
  head.writeUInt32LE(head.length, CONCEPT_INDEX_LAYOUT.header.tailOffset);
  return Buffer.concat([head, textFlex]);
}
