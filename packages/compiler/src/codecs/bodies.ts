// Encodes the markdown bodies (`bodies.bin`); the layout is BODIES_LAYOUT (@skg/core `artefacts/bodies.ts`).

import { BODIES_LAYOUT, BODIES_SECTIONS } from '@skg/core';
import type { LinkedGraph } from '../stages/link-graph.ts';
import { ByteWriter, concatRecords } from './binary.ts';

export function encodeBodies(graph: LinkedGraph): Buffer {
  const bodies = concatRecords(graph.documents.map((d) => Buffer.from(d.body, 'utf8')));
  const count = graph.documents.length;
  const header = { documents: count, bodyBytes: bodies.data.length, tailOffset: BODIES_LAYOUT.headerBytes + (count + 1) * 4 };
  return new ByteWriter()
    .header(BODIES_LAYOUT, header)
    .sections(BODIES_SECTIONS, header, { offsets: bodies.offsets })
    .bytes(bodies.data)
    .toBuffer();
}
