// Encodes the changelog (`changelog.bin`): what /changelog serves besides the manifest's dates, the
// bundle's root `log.md` above all. The layout is CHANGELOG_LAYOUT (@skg/core `artefacts/changelog.ts`).

import { CHANGELOG_LAYOUT, CHANGELOG_SECTIONS, type StoredChangelog } from '@skg/core';
import type { LinkedScripture } from '../stages/link.ts';
import { ByteWriter } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

export function encodeChangelog(scripture: LinkedScripture): Buffer {
  const stored: StoredChangelog = {
    log: scripture.log,
    title: scripture.info.title ?? null,
    generator: scripture.info.generator ?? null,
  };
  const record = encodeMsgpack(stored);
  const header = { recordBytes: record.length };
  return new ByteWriter().header(CHANGELOG_LAYOUT, header).sections(CHANGELOG_SECTIONS, header, { record }).toBuffer();
}
