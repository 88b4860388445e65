// The changelog: the bundle's root `log.md` and what the bundle says about itself, for /changelog
// (layout: CHANGELOG_LAYOUT, @skg/core `artefacts/changelog.ts`). Small: decoded once at load.

import { CHANGELOG_LAYOUT, CHANGELOG_SECTIONS, type StoredChangelog } from '@skg/core';
import { artefactError, readHeader, readSectionViews } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';
import type { ChangelogRecord } from './types.ts';

export function loadChangelog(buffer: Buffer, file: string): ChangelogRecord {
  const header = readHeader(buffer, CHANGELOG_LAYOUT, file);
  const { record } = readSectionViews(buffer, file, CHANGELOG_SECTIONS, header);
  const stored = decodeMsgpack(buffer, ...record) as StoredChangelog;
  if (typeof stored !== 'object' || stored === null || !(stored.log === null || typeof stored.log === 'string')) {
    throw artefactError(file, 'is truncated or malformed');
  }
  return Object.freeze({
    log: stored.log,
    ...(typeof stored.title === 'string' ? { title: stored.title } : {}),
    ...(typeof stored.generator === 'string' ? { generator: stored.generator } : {}),
  });
}
