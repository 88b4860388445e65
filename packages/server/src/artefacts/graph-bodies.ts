// The markdown bodies, read from disk per request: only the offset table is kept in memory.

import { ARTEFACT_MAGIC } from '@skg/core';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, checkHeader, viewU32 } from './binary.ts';

export interface GraphBodies {
  readonly count: number;
  /** The body of document `index`, as written in the bundle. */
  getBody(index: number): string;
}

const HEADER_BYTES = 24;
/** Header position of the tail offset (where the bodies begin). */
export const BODIES_TAIL_OFFSET_AT = 16;

/**
 * bodies.bin: little-endian.
 *
 *   offset  type          field
 *   0       4 × ascii     magic "SKGB"
 *   4       u32           format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32           N: documents (rows of documents.bin)
 *   12      u32           T: bytes of all bodies
 *   16      u32           tail offset: where the bodies begin (24 + (N+1) × 4)
 *   20      u32           reserved, 0
 *   24      (N+1) u32     body offsets, relative to the tail offset; body i is [off[i], off[i+1])
 *   tail    T bytes       the bodies, UTF-8, one after another
 *
 * Bodies are the largest artefact and are asked for rarely (`/entity?body=true`), so only the offset
 * table is held in memory and each body is read from disk when asked for.
 */
export function openGraphBodies(artefact: ArtefactFile): GraphBodies {
  const { head, file } = artefact;
  checkHeader(head, ARTEFACT_MAGIC.bodies, file);
  const count = head.readUInt32LE(8);
  const total = head.readUInt32LE(12);
  if (artefact.tailOffset !== HEADER_BYTES + (count + 1) * 4 || artefact.tailOffset + total !== artefact.bytes) {
    throw artefactError(file, 'is truncated or malformed');
  }
  const offsets = viewU32(head, HEADER_BYTES, count + 1);
  if (offsets[count] !== total) throw artefactError(file, 'is truncated or malformed');
  return {
    count,
    getBody(index) {
      if (!(index >= 0 && index < count)) throw new RangeError(`no body ${index}`);
      const start = artefact.tailOffset + (offsets[index] ?? 0);
      const end = artefact.tailOffset + (offsets[index + 1] ?? 0);
      return end > start ? artefact.read(start, end).toString('utf8') : '';
    },
  };
}
