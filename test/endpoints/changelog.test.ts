import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { buildDist, copyFixtureBundle, removeTempDirs } from '../helpers/fixture-dist.ts';
import { ADAPTERS, appThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`changelog through ${adapter}`, () => {
    after(removeTempDirs);

    let dataSet: DataSet;
    const app = appThrough(adapter, async () => createTestApp((dataSet = await getFixtureDataSet())));

    describe('GET /changelog', () => {
      it('answers when the data was generated, when this process indexed it, the OKF version and the bundle log', async () => {
        const { status, body } = await get(app, '/changelog');
        assert.equal(status, 200);
        assert.equal(body.bundleGenerated, '2026-08-21T00:00:00.000Z');
        assert.equal(body.bundleGenerated, dataSet.manifest.bundleGenerated);
        assert.equal(body.indexBuilt, dataSet.loadedAt.toISOString());
        assert.equal(body.okfVersion, '0.2');
        assert.equal(body.dataVersion, dataSet.manifest.dataVersion);
        assert.match(body.log, /^# Log\n/);
        assert.match(body.log, /## 2026-08-21: fixture bundle/);
        assert.equal(body.url, '/api/v1/changelog');
        assert.match(body.note, /bundleGenerated/);
        assert.equal(typeof body.licence.attribution, 'string');
      });

      it('answers log null for a bundle without log.md', async () => {
        const bundle = await copyFixtureBundle();
        await rm(path.join(bundle, 'log.md'));
        const { distDir, report } = await buildDist(bundle);
        assert.ok(report.diagnostics.some((d) => d.severity === 'warning' && d.file === 'log.md'), 'the build warns about the missing log');
        const { status, body } = await get(createTestApp(await loadDataSet(distDir)), '/changelog');
        assert.equal(status, 200);
        assert.equal(body.log, null);
        assert.equal(body.bundleGenerated, '2026-08-21T00:00:00.000Z');
      });
    });

    describe('GET /changelog url', () => {
      it('is a URL that answers: the changelog itself', async () => {
        const { body } = await get(app, '/changelog');
        const followed = await get(app, body.url.replace(/^\/api\/v1/, ''));
        assert.equal(followed.status, 200);
        assert.equal(followed.body.log, body.log);
      });
    });
  });
}
