// The markdown bodies, read from disk per request: only the offset table is kept in memory (layout:
// BODIES_LAYOUT, @skg/core `artefacts/bodies.ts`).

import { BODIES_LAYOUT, BODIES_SECTIONS } from '@skg/core';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, readHeader, readSectionViews } from './binary.ts';

export interface GraphBodies {
  readonly count: number;
  /** The body of document `index`, as written in the bundle. */
  getBody(index: number): string;
}

/** Header position of the tail offset (where the bodies begin), for `openArtefactFile`. */
export const BODIES_TAIL_OFFSET_AT = BODIES_LAYOUT.header.tailOffset;

export function openGraphBodies(artefact: ArtefactFile): GraphBodies {
  const { head, file } = artefact;
  const header = readHeader(head, BODIES_LAYOUT, file);
  const { documents: count, bodyBytes: total } = header;
  const { offsets } = readSectionViews(head, file, BODIES_SECTIONS, header, artefact.tailOffset);
  if (artefact.tailOffset + total !== artefact.bytes || offsets[count] !== total) throw artefactError(file, 'is truncated or malformed');
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
