// Encodes the markdown bodies (`bodies.bin`); the layout is BODIES_LAYOUT (@skg/core `artefacts/bodies.ts`).

import { BODIES_LAYOUT } from '@skg/core';
import type { LinkedGraph } from '../stages/link-graph.ts';
import { ByteWriter, concatRecords } from './binary.ts';

export function encodeBodies(graph: LinkedGraph): Buffer {
  const bodies = concatRecords(graph.documents.map((d) => Buffer.from(d.body, 'utf8')));
  const count = graph.documents.length;
  const tailOffset = BODIES_LAYOUT.headerBytes + (count + 1) * 4;
  return new ByteWriter()
    .header(BODIES_LAYOUT, { documents: count, bodyBytes: bodies.data.length, tailOffset })
    .u32s(bodies.offsets)
    .bytes(bodies.data)
    .toBuffer();
}
