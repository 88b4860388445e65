// Conformance on the full data (dist/, see test/acceptance/full-data.ts): every operation of the OpenAPI
// document, answered as documented. 503 is exercised on the fixture only (no second full build here).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { FULL_DIST, skipWithoutFullData } from '../acceptance/full-data.ts';
import { ADAPTERS } from '../helpers/adapters.ts';
import { get } from '../helpers/app.ts';
import type { OpenApiDocument } from '../helpers/schema.ts';
import { EXAMPLES } from './examples.ts';
import { runConformance } from './run.ts';
import { openConformanceTarget, type OpenTarget } from './target.ts';

const skip = skipWithoutFullData();
// One data set for both adapters: two would double the resident memory /status checks against its budget.
let loading: ReturnType<typeof loadDataSet> | undefined;
const fullDataSet = () => (loading ??= loadDataSet(FULL_DIST));

for (const adapter of ADAPTERS) {
  describe(`the API conforms to its OpenAPI document (full data, through ${adapter})`, { skip }, () => {
    let target: OpenTarget;
    let document: OpenApiDocument;

    before(async () => {
      target = await openConformanceTarget('full', await fullDataSet(), { requireEveryStatus: false, adapter });
      document = (await get(target.app, '/openapi.json')).body;
    });
    after(() => target?.close());

    it('answers every example of every operation, and the derived HEAD, 304, 405 and 429, as the document says', async (t) => {
      const report = await runConformance(document, EXAMPLES, target);
      for (const note of report.notes) t.diagnostic(note);
      t.diagnostic(`${report.requests} answers checked`);
      assert.deepEqual(report.problems, []);
    });
  });
}
