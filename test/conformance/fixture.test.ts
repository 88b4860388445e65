// Conformance on the fixture bundle: every operation of the OpenAPI document, answered as documented.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { build } from '@skg/compiler';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { ADAPTERS } from '../helpers/adapters.ts';
import { get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { createTempDir, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';
import type { OpenApiDocument } from '../helpers/schema.ts';
import { EXAMPLES } from './examples.ts';
import { runConformance } from './run.ts';
import { openConformanceTarget, type OpenTarget } from './target.ts';

for (const adapter of ADAPTERS) {
  describe(`the API conforms to its OpenAPI document (fixture data, through ${adapter})`, () => {
    let target: OpenTarget;
    let document: OpenApiDocument;

    before(async () => {
      // The same bundle built without the optional artefacts: the routes that need them answer 503.
      const distDir = path.join(await createTempDir('skg-conformance-'), 'dist');
      const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir, optional: new Set() });
      assert.ok(report.ok, 'the fixture builds without the optional artefacts');
      target = await openConformanceTarget('fixture', await getFixtureDataSet(), {
        withoutOptional: await loadDataSet(distDir),
        requireEveryStatus: true,
        adapter,
      });
      document = (await get(target.app, '/openapi.json')).body;
    });
    after(async () => {
      await target?.close();
      await removeTempDirs();
    });

    it('answers every example of every operation, and the derived HEAD, 304, 405 and 429, as the document says', async (t) => {
      const report = await runConformance(document, EXAMPLES, target);
      for (const note of report.notes) t.diagnostic(note);
      t.diagnostic(`${report.requests} answers checked`);
      assert.deepEqual(report.problems, []);
    });
  });
}
