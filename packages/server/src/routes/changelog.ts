// GET /changelog: when the data was generated, when this process built its index, and the bundle's log.

import { LICENCE } from '@skg/core';
import { API_BASE, defineRoute } from './define.ts';
import { Changelog } from '../openapi/schemas/index.ts';

/**
 * Where the log can be fetched: this endpoint (`log` is the bundle's root `log.md`). The bundle's log is
 * not a graph document, so no `/entity` path names it; the spec leaves `url` open.
 */
export const CHANGELOG_URL = `${API_BASE}/changelog`;

const NOTE =
  'bundleGenerated is when the data was last ingested: cite it, and cache on it (or on dataVersion). indexBuilt is when ' +
  'this server process loaded and indexed the data, and changes on every restart. log is the bundle\'s log.md (markdown, ' +
  'newest entry first; null when the bundle has none). Subscribe to the data.updated webhook event instead of polling.';

export const changelogRoute = defineRoute({
  path: '/changelog',
  operationId: 'get_changelog',
  summary: 'When the data was generated and indexed, and the log of the knowledge base',
  description:
    '`bundleGenerated` is the data generation time to cite or cache on; `indexBuilt` is this process\'s index-build time ' +
    '(changes on every restart); `log` is the bundle\'s markdown log.',
  parameters: [],
  responseSchema: Changelog,
  errorStatuses: [],
  cache: 'data',
  // `indexBuilt` is this process's index-build time: the ETag follows it too.
  perProcess: true,
  handle({ dataSet }) {
    const { manifest, changelog } = dataSet;
    return {
      bundleGenerated: manifest.bundleGenerated,
      indexBuilt: dataSet.loadedAt.toISOString(),
      okfVersion: manifest.okfVersion,
      dataVersion: manifest.dataVersion,
      log: changelog.log,
      note: NOTE,
      url: CHANGELOG_URL,
      licence: LICENCE,
    };
  },
});
