// The changelog: the bundle's root `log.md` and what the bundle says about itself, for /changelog.

import { ARTEFACT_MAGIC } from '@skg/core';
import { artefactError, checkHeader } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';
import type { ChangelogRecord } from './types.ts';

const HEADER_BYTES = 12;

interface StoredChangelog {
  log: string | null;
  title: string | null;
  generator: string | null;
}

/**
 * changelog.bin: little-endian.
 *
 *   offset  type          field
 *   0       4 × ascii     magic "SKGL"
 *   4       u32           format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32           N: bytes of the record
 *   12      N bytes       msgpack map {log: string | nil (the root log.md, markdown), title: string | nil,
 *                         generator: string | nil (the root index.md's title and generator)}
 *
 * Small: decoded once at load. The dates live in the manifest (`bundleGenerated`).
 */
export function loadChangelog(buffer: Buffer, file: string): ChangelogRecord {
  checkHeader(buffer, ARTEFACT_MAGIC.changelog, file);
  if (buffer.length < HEADER_BYTES || HEADER_BYTES + buffer.readUInt32LE(8) !== buffer.length) throw artefactError(file, 'is truncated or malformed');
  const stored = decodeMsgpack(buffer, HEADER_BYTES) as StoredChangelog;
  if (typeof stored !== 'object' || stored === null || !(stored.log === null || typeof stored.log === 'string')) {
    throw artefactError(file, 'is truncated or malformed');
  }
  return Object.freeze({
    log: stored.log,
    ...(typeof stored.title === 'string' ? { title: stored.title } : {}),
    ...(typeof stored.generator === 'string' ? { generator: stored.generator } : {}),
  });
}
