import { after, before, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import type { H3 } from 'h3';
import { assertManifest, type Manifest } from '@skg/core';
import { build } from '@skg/compiler';
import { registerBuildCommand } from '../../packages/cli/src/commands/build.ts';
import { registerVerifyCommand } from '../../packages/cli/src/commands/verify.ts';
import { checkDist, loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { copyFixtureBundle, createTempDir, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

async function readManifest(distDir: string): Promise<Manifest> {
  return assertManifest(JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')));
}

/** Runs `skg <args>` with build and verify registered; returns what it printed. */
async function skg(...args: string[]): Promise<string> {
  const program = new Command('skg').exitOverride();
  registerBuildCommand(program);
  registerVerifyCommand(program);
  const log = mock.method(console, 'log', () => undefined);
  try {
    await program.parseAsync(args, { from: 'user' });
  } finally {
    log.mock.restore();
  }
  return log.mock.calls.map((c) => c.arguments.join(' ')).join('\n');
}

describe('a dist built without the optional artefacts', () => {
  let distDir: string;
  let dataSet: DataSet;
  let app: H3;
  before(async () => {
    distDir = path.join(await createTempDir(), 'dist');
    const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir, optional: new Set() });
    assert.ok(report.ok);
    dataSet = await loadDataSet(distDir);
    app = createTestApp(dataSet);
  });

  it('has a manifest that says which optional artefacts were left out, and why', async () => {
    const manifest = await readManifest(distDir);
    assert.deepEqual(manifest.optionalArtefacts, {
      interlinear: { built: false, reason: 'excluded' },
      connections: { built: false, reason: 'excluded' },
      translations: { built: false, reason: 'excluded' },
    });
    assert.equal(manifest.artefacts.interlinear, undefined);
    assert.equal(manifest.artefacts.connections, undefined);
  });

  it('loads, reports the datasets unbuilt, and passes skg verify', async () => {
    assert.deepEqual({ ...dataSet.datasets }, { interlinear: false, connections: false, translations: false });
    assert.equal(dataSet.interlinear, undefined);
    assert.deepEqual(await checkDist(distDir, { checksums: true }), []);
    assert.match(await skg('verify', '--dist', distDir), /^ok: /);
  });

  it('answers /interlinear with 503 dataset_unavailable and Retry-After in seconds', async () => {
    const { status, body, headers } = await get(app, '/interlinear/Gen.1.1');
    assert.equal(status, 503);
    assert.equal(body.code, 'dataset_unavailable');
    assert.match(body.error, /interlinear/);
    assert.equal(body.requestId, headers.get('x-request-id'));
    const retryAfter = Number(headers.get('retry-after'));
    assert.ok(Number.isInteger(retryAfter) && retryAfter > 0, `Retry-After ${headers.get('retry-after')}`);
    assert.equal((await get(app, '/interlinear/John.3')).status, 503);
  });

  it('answers /connections with 503 dataset_unavailable and Retry-After', async () => {
    const { status, body, headers } = await get(app, '/connections');
    assert.equal(status, 503);
    assert.equal(body.code, 'dataset_unavailable');
    assert.ok(Number(headers.get('retry-after')) > 0);
  });

  it('still answers 400 for a malformed /interlinear request: the reference is checked first', async () => {
    assert.equal((await get(app, '/interlinear/Gen.1.1-2')).body.code, 'invalid_parameter');
    assert.equal((await get(app, '/interlinear/Nope.1.1')).body.code, 'invalid_reference');
  });

  it('says so in /status datasets without degrading the service', async () => {
    const { status, body } = await get(app, '/status');
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
    assert.deepEqual(body.datasets, { connections: 'unavailable', interlinear: 'unavailable', translations: 'unavailable' });
  });

  it('serves the BSB alone without the translations: /translations lists it, another id is unknown_value', async () => {
    const list = await get(app, '/translations');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.translations.map((t: { id: string }) => t.id), ['BSB']);
    const { status, body } = await get(app, '/passage/John.3.16?translation=KJV');
    assert.equal(status, 400);
    assert.equal(body.code, 'unknown_value');
    assert.deepEqual(body.available, ['BSB']);
  });

  it('keeps every other endpoint working', async () => {
    for (const route of ['/passage/John.3.16', '/passage/Gen.1', '/changelog', '/search?q=isaac', '/entity/people/isaac', '/stats', '/xrefs/John.3.16']) {
      const { status } = await get(app, route);
      assert.equal(status, 200, route);
    }
  });
});

describe('optional artefacts in a full fixture build', () => {
  it('are all built by default, and /status says available', async () => {
    const distDir = path.join(await createTempDir(), 'dist');
    await build({ bundleDir: FIXTURE_BUNDLE, distDir });
    const manifest = await readManifest(distDir);
    assert.deepEqual(manifest.optionalArtefacts, { interlinear: { built: true }, connections: { built: true }, translations: { built: true } });
    assert.equal(manifest.artefacts.interlinear?.optional, true);
    assert.equal(manifest.artefacts.interlinear?.records, 3);
    const { body } = await get(createTestApp(await loadDataSet(distDir)), '/status');
    assert.deepEqual(body.datasets, { connections: 'available', interlinear: 'available', translations: 'available' });
  });

  it('says no-data for the interlinear when the bundle holds no interlinear data files', async () => {
    const bundle = await copyFixtureBundle();
    await rm(path.join(bundle, 'references', 'interlinear'), { recursive: true });
    const distDir = path.join(await createTempDir(), 'dist');
    assert.ok((await build({ bundleDir: bundle, distDir })).ok);
    const manifest = await readManifest(distDir);
    assert.deepEqual(manifest.optionalArtefacts.interlinear, { built: false, reason: 'no-data' });
    assert.equal((await get(createTestApp(await loadDataSet(distDir)), '/interlinear/Gen.1.1')).status, 503);
  });

  it('treats a deleted interlinear file as unbuilt: the server loads and answers 503; verify names the optional problem', async () => {
    const distDir = path.join(await createTempDir(), 'dist');
    await build({ bundleDir: FIXTURE_BUNDLE, distDir });
    const manifest = await readManifest(distDir);
    await rm(path.join(distDir, manifest.artefacts.interlinear?.file ?? 'missing'));
    const dataSet = await loadDataSet(distDir);
    assert.equal(dataSet.datasets.interlinear, false);
    assert.equal(dataSet.datasets.connections, true);
    assert.equal((await get(createTestApp(dataSet), '/interlinear/Gen.1.1')).status, 503);
    const problems = await checkDist(distDir, { checksums: true });
    assert.deepEqual(problems.map((p) => [p.artefact, p.optional]), [['interlinear', true]]);
  });
});

describe('skg build --without', () => {
  it('leaves out the named optional artefacts and reports them', async () => {
    const distDir = path.join(await createTempDir(), 'dist');
    const out = await skg('build', '--bundle', FIXTURE_BUNDLE, '--dist', distDir, '--quiet', '--without', 'interlinear');
    assert.match(out, /interlinear\s+not built: left out by --without/);
    const manifest = await readManifest(distDir);
    assert.deepEqual(manifest.optionalArtefacts, {
      interlinear: { built: false, reason: 'excluded' },
      connections: { built: true },
      translations: { built: true },
    });
  });

  it('refuses a name that is not an optional artefact, listing the names', async () => {
    const distDir = path.join(await createTempDir(), 'dist');
    await assert.rejects(skg('build', '--bundle', FIXTURE_BUNDLE, '--dist', distDir, '--without', 'verses'), /interlinear, connections, translations; got 'verses'/);
  });
});
