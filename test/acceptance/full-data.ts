// Shared set-up for acceptance tests on the full data: where dist/ is, and whether a test may skip.

import { existsSync } from 'node:fs';
import path from 'node:path';

/** The full-data dist directory (`SKG_DIST`, default `dist`). */
export const FULL_DIST = path.resolve(process.env.SKG_DIST ?? 'dist');

/**
 * `false` when the full data is built; otherwise the reason to skip. Under CI the data must be there,
 * so a missing build fails the suite instead of skipping it.
 */
export function skipWithoutFullData(): string | false {
  if (existsSync(path.join(FULL_DIST, 'manifest.json'))) return false;
  if (process.env.CI) throw new Error(`CI: the full data is not built in ${FULL_DIST}; .ci/run builds it first`);
  return `full data not built in ${FULL_DIST} (run: SKG_SOURCES=../shared/upstream npm run skg -- ingest && npm run skg -- build)`;
}

/** The full bundle (`SKG_BUNDLE`, default `bundle`), for acceptance tests that compile it themselves. */
export const FULL_BUNDLE = path.resolve(process.env.SKG_BUNDLE ?? 'bundle');

/** Like `skipWithoutFullData`, for the full bundle: a reason to skip, or an error under CI. */
export function skipWithoutFullBundle(): string | false {
  if (existsSync(path.join(FULL_BUNDLE, 'index.md'))) return false;
  const reason = `no full bundle in ${FULL_BUNDLE} (run: SKG_SOURCES=../shared/upstream npm run skg -- ingest, or set SKG_BUNDLE)`;
  if (process.env.CI) throw new Error(`CI: ${reason}`);
  return reason;
}
