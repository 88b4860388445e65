// A changed artefact is noticed (issue 21, item 6): bytes flipped in a live artefact of a served dist make
// /status answer 503 naming it within the watch's bound, and no answer is built from its bytes after that.

import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { forgetChangedArtefacts } from '../../packages/server/src/artefacts/integrity.ts';
import { type RunningServer, serve } from '../../packages/server/src/serve.ts';
import { createIntegrityWatch } from '../../packages/server/src/status/integrity-watch.ts';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { build } from '@skg/compiler';
import { renderResponseArtefact } from '../../packages/server/src/render/render-responses.ts';
import { buildDist, createTempDir, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';

/** The fixture compiled with its stored answers, as `skg build` makes a dist, into a directory of its own. */
async function buildServedDist(): Promise<string> {
  const distDir = path.join(await createTempDir('skg-integrity-'), 'dist');
  const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir, render: renderResponseArtefact });
  assert.ok(report.ok);
  return distDir;
}

/** Flips `count` bytes of `file` in place, `fromEnd` bytes before its end (the on-disk tail). */
async function flipBytes(file: string, fromEnd: number, count: number): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    const { size } = await handle.stat();
    const at = Math.max(0, size - fromEnd);
    const bytes = Buffer.alloc(Math.min(count, size - at));
    await handle.read(bytes, 0, bytes.length, at);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = bytes[i]! ^ 0xff;
    await handle.write(bytes, 0, bytes.length, at);
  } finally {
    await handle.close();
  }
}

async function artefactFile(distDir: string, name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')) as { artefacts: Record<string, { file: string }> };
  return path.join(distDir, manifest.artefacts[name]!.file);
}

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not within ${withinMs} ms`);
}

describe('the integrity watch', () => {
  afterEach(() => forgetChangedArtefacts());
  after(() => removeTempDirs());

  it('finds nothing in a dist as it was built, and names an artefact whose bytes changed', async () => {
    const { distDir } = await buildDist();
    const dataSet = await loadDataSet(distDir);
    const watch = createIntegrityWatch({ getDataSet: () => dataSet, bytesPerSecond: 1 << 30 });
    assert.deepEqual(await watch.pass(), []);
    await flipBytes(await artefactFile(distDir, 'bodies'), 100, 10);
    assert.deepEqual(await watch.pass(), ['bodies']);
  });
});

describe('a live artefact changed under a running server', () => {
  const INTERVAL_MS = 100;
  let server: RunningServer;
  let distDir: string;
  const lines: string[] = [];

  before(async () => {
    distDir = await buildServedDist();
    server = await serve({
      distDir,
      port: 0,
      host: '127.0.0.1',
      trustProxy: false,
      watch: false,
      accessLog: false,
      log: (line) => lines.push(line),
      integrityWatch: { intervalMs: INTERVAL_MS, bytesPerSecond: 256 * 1024 * 1024 },
    });
  });

  after(async () => {
    await server?.close();
    forgetChangedArtefacts();
    await removeTempDirs();
  });

  it('answers /status 503 naming the artefact within the bound, and 503 dataset_unavailable instead of answers from its bytes', async () => {
    const entity = `${server.url}/entity/people/isaac?body=true`;
    const before = await fetch(entity);
    assert.equal(before.status, 200);
    const original = await before.text();
    assert.equal((await fetch(`${server.url}/status`)).status, 200);

    // The bodies' tail: every document body is read from there when asked for.
    await flipBytes(await artefactFile(distDir, 'bodies'), 4000, 2000);
    const corrupt: string[] = [];
    const tookMs = await waitFor(async () => {
      const answer = await fetch(entity);
      const text = await answer.text();
      if (answer.status === 200 && text !== original) corrupt.push(text.slice(0, 80));
      return (await fetch(`${server.url}/status`)).status === 503;
    }, 5_000);
    assert.ok(tookMs < 5_000, `noticed in ${tookMs} ms`);

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body asserted field by field
    const status: any = await (await fetch(`${server.url}/status`)).json();
    assert.equal(status.status, 'degraded');
    assert.equal(status.checks.dataset.status, 'fail');
    assert.match(status.checks.dataset.detail, /bodies/);
    assert.ok(lines.some((line) => /artefact 'bodies' changed on disk/.test(line)), 'the log names it');

    const after = await fetch(entity);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body asserted field by field
    const error: any = await after.json();
    assert.equal(after.status, 503);
    assert.equal(error.code, 'dataset_unavailable');
    assert.match(error.error, /bodies/);
    assert.ok(after.headers.get('retry-after'));
    // Answers that do not read the changed file are still served.
    assert.equal((await fetch(`${server.url}/passage/Gen.1.1`)).status, 200);
  });

  it('stops using the stored answers of a changed response artefact: answers are computed, equal to what was served', async () => {
    const target = `${server.url}/passage/Gen.1`;
    const original = await (await fetch(target, { headers: { 'accept-encoding': 'identity' } })).text();
    await flipBytes(await artefactFile(distDir, 'responses'), 3000, 2000);
    await waitFor(async () => lines.some((line) => /artefact 'responses' changed on disk/.test(line)), 5_000);
    for (const encoding of ['identity', 'br', 'gzip']) {
      const answer = await fetch(target, { headers: { 'accept-encoding': encoding } });
      assert.equal(answer.status, 200);
      assert.equal(await answer.text(), original, `${encoding}: the computed answer`);
    }
  });
});
