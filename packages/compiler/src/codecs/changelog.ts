// Encodes the changelog (`changelog.bin`): what /changelog serves besides the manifest's dates, the
// bundle's root `log.md` above all. The layout is documented above its decoder,
// packages/server/src/artefacts/changelog.ts.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_MAGIC } from '@skg/core';
import type { LinkedScripture } from '../stages/link.ts';
import { ByteWriter } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

export function encodeChangelog(scripture: LinkedScripture): Buffer {
  const record = encodeMsgpack({
    log: scripture.log,
    title: scripture.info.title ?? null,
    generator: scripture.info.generator ?? null,
  });
  return new ByteWriter().ascii(ARTEFACT_MAGIC.changelog).u32(ARTEFACT_FORMAT_VERSION).u32(record.length).bytes(record).toBuffer();
}
