// Shared set-up for acceptance tests on the full data: where dist/ is, and whether a test may skip.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { before } from 'node:test';
import type { H3 } from 'h3';
import { loadDataSet } from '@skg/server';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createTestApp, get as getFrom, type TestResponse } from '../helpers/app.ts';

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

/**
 * The full data loaded once before a suite's tests (call inside `describe`): its data set and an app
 * over it, and `get` under /api/v1.
 */
export function useFullDataApp(): { readonly dataSet: () => DataSet; readonly get: (route: string) => Promise<TestResponse> } {
  let dataSet: DataSet | undefined;
  let app: H3 | undefined;
  before(async () => {
    dataSet = await loadDataSet(FULL_DIST);
    app = createTestApp(dataSet);
  });
  return {
    dataSet: () => dataSet ?? assert.fail('the full data is not loaded'),
    get: (route) => getFrom(app ?? assert.fail('the full data is not loaded'), route),
  };
}
