// The changelog (`changelog.bin`): what /changelog serves besides the manifest's dates.
//
//   header   CHANGELOG_LAYOUT.header, u32 each
//   record   msgpack map StoredChangelog (CHANGELOG_SECTIONS)
//
// Small: decoded once at load. The dates live in the manifest (`bundleGenerated`).

import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';

export const CHANGELOG_LAYOUT = defineArtefactLayout({
  name: 'changelog',
  file: 'changelog.bin',
  magic: 'SKGL',
  header: {
    /** N: bytes of the record. */
    recordBytes: 8,
  },
  headerBytes: 12,
});

export const CHANGELOG_SECTIONS = defineSections(CHANGELOG_LAYOUT, [{ name: 'record', kind: 'bytes', length: (h) => h.recordBytes }]);

/** The changelog record, a msgpack map with these keys in this order. */
export interface StoredChangelog {
  /** The bundle's root `log.md` (markdown). */
  log: string | null;
  /** The root `index.md`'s title and generator. */
  title: string | null;
  generator: string | null;
}
