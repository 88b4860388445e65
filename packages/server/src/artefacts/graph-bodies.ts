// The markdown bodies, read from disk per request: only the offset table is kept in memory (layout:
// BODIES_LAYOUT, @skg/core `artefacts/bodies.ts`).

import { BODIES_LAYOUT } from '@skg/core';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, readHeader, viewU32 } from './binary.ts';

export interface GraphBodies {
  readonly count: number;
  /** The body of document `index`, as written in the bundle. */
  getBody(index: number): string;
}

/** Header position of the tail offset (where the bodies begin), for `openArtefactFile`. */
export const BODIES_TAIL_OFFSET_AT = BODIES_LAYOUT.header.tailOffset;

export function openGraphBodies(artefact: ArtefactFile): GraphBodies {
  const { head, file } = artefact;
  const { documents: count, bodyBytes: total } = readHeader(head, BODIES_LAYOUT, file);
  if (artefact.tailOffset !== BODIES_LAYOUT.headerBytes + (count + 1) * 4 || artefact.tailOffset + total !== artefact.bytes) {
    throw artefactError(file, 'is truncated or malformed');
  }
  const offsets = viewU32(head, BODIES_LAYOUT.headerBytes, count + 1);
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
