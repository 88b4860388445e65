// The markdown bodies (`bodies.bin`).
//
//   header      BODIES_LAYOUT.header, u32 each
//   sections    BODIES_SECTIONS: the body offsets, relative to the tail offset; body i is [off[i], off[i+1])
//   tail        T bytes: the bodies, UTF-8, one after another
//
// Bodies are the largest artefact and asked for rarely (`/entity?body=true`): the server holds the
// offset table in memory and reads each body from disk when asked for.

import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';

export const BODIES_LAYOUT = defineArtefactLayout({
  name: 'bodies',
  file: 'bodies.bin',
  magic: 'SKGB',
  header: {
    /** N: documents (rows of documents.bin). */
    documents: 8,
    /** T: bytes of all bodies. */
    bodyBytes: 12,
    /** Where the bodies begin: headerBytes + (N+1) × 4. */
    tailOffset: 16,
  },
  headerBytes: 24,
});

export const BODIES_SECTIONS = defineSections(BODIES_LAYOUT, [{ name: 'offsets', kind: 'u32', length: (h) => h.documents + 1 }]);
