// The changelog: the bundle's root `log.md` and what the bundle says about itself, for /changelog
// (layout: CHANGELOG_LAYOUT, @skg/core `artefacts/changelog.ts`). Small: decoded once at load.

import { CHANGELOG_LAYOUT, type StoredChangelog } from '@skg/core';
import { artefactError, readHeader } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';
import type { ChangelogRecord } from './types.ts';

export function loadChangelog(buffer: Buffer, file: string): ChangelogRecord {
  const { recordBytes } = readHeader(buffer, CHANGELOG_LAYOUT, file);
  if (CHANGELOG_LAYOUT.headerBytes + recordBytes !== buffer.length) throw artefactError(file, 'is truncated or malformed');
  const stored = decodeMsgpack(buffer, CHANGELOG_LAYOUT.headerBytes) as StoredChangelog;
  if (typeof stored !== 'object' || stored === null || !(stored.log === null || typeof stored.log === 'string')) {
    throw artefactError(file, 'is truncated or malformed');
  }
  return Object.freeze({
    log: stored.log,
    ...(typeof stored.title === 'string' ? { title: stored.title } : {}),
    ...(typeof stored.generator === 'string' ? { generator: stored.generator } : {}),
  });
}
