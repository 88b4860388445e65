// Encodes the markdown bodies (`bodies.bin`). The layout is documented above its decoder,
// packages/server/src/artefacts/graph-bodies.ts.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_MAGIC } from '@skg/core';
import type { LinkedGraph } from '../stages/link-graph.ts';
import { ByteWriter, concatRecords } from './binary.ts';

export function encodeBodies(graph: LinkedGraph): Buffer {
  const bodies = concatRecords(graph.documents.map((d) => Buffer.from(d.body, 'utf8')));
  const count = graph.documents.length;
  const tail = 24 + (count + 1) * 4;
  return new ByteWriter()
    .ascii(ARTEFACT_MAGIC.bodies)
    .u32(ARTEFACT_FORMAT_VERSION)
    .u32(count)
    .u32(bodies.data.length)
    .u32(tail)
    .u32(0)
    .u32s(bodies.offsets)
    .bytes(bodies.data)
    .toBuffer();
}
