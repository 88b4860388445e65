// `skg start` (what `npm start` runs): builds what is missing in child processes, then serves from a
// process that never held the ingest's or the build's heap.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatIngestSummary } from '../../packages/cli/src/commands/ingest.ts';
import { getIngestReportFile, listBuildSteps } from '../../packages/cli/src/commands/start.ts';
import { resolveConfig } from '../../packages/cli/src/config.ts';
import { copyFixtureBundle, createTempDir, removeTempDirs } from '../helpers/fixture-dist.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
after(removeTempDirs);

describe('skg start', () => {
  it('builds a missing dist/ in a child process that has exited by the time it serves, answers, then renders the stored answers once and swaps them into every worker', { timeout: 120_000 }, async () => {
    const bundle = await copyFixtureBundle();
    const dist = path.join(path.dirname(bundle), 'dist');
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cli/src/main.ts', 'start', '--bundle', bundle, '--dist', dist, '--port', '0', '--host', '127.0.0.1', '--workers', '2', '--store', 'fs', '--state-dir', path.join(path.dirname(bundle), 'state'), '--no-access-log', '--no-watch'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      let url: string | undefined;
      for (let i = 0; i < 1200 && !url && child.exitCode === null; i++) {
        url = /serving (?:.* )?at (http:\/\/\S+\/api\/v1)/.exec(output)?.[1];
        if (!url) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.ok(url, `skg start did not serve:\n${output}`);
      const builder = Number(/skg: building .* \(child process (\d+)\)/.exec(output)?.[1]);
      assert.ok(builder > 0 && builder !== child.pid, `the build did not run in a child process:\n${output}`);
      assert.throws(() => process.kill(builder, 0), /ESRCH/, 'the build process is still running');
      assert.match(output, /skg build: \[7\/7\] write done in/, 'the build showed its stages');
      assert.doesNotMatch(output, /skg: ingesting/, 'the bundle was there: nothing to ingest');
      const answer = await fetch(`${url}/passage/John.3.16`);
      assert.equal(answer.status, 200);
      assert.equal(((await answer.json()) as { osis: string }).osis, 'John.3.16');
      assert.ok(existsSync(path.join(dist, 'manifest.json')));

      // Served before the render started; then the render's child, and the swap (by SIGHUP: --no-watch).
      for (let i = 0; i < 400 && !/stored answers are rendered/.test(output); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const renderer = Number(/skg: serving while the stored answers are rendered \(child process (\d+)\)/.exec(output)?.[1]);
      assert.ok(renderer > 0 && renderer !== builder, `no background render:\n${output}`);
      assert.equal(output.match(/serving while the stored answers are rendered/g)?.length, 1, 'rendered once, by the primary, not by each worker');
      assert.ok(output.indexOf('serving at') < output.indexOf('serving while the stored answers are rendered'), 'it served before rendering');
      for (let i = 0; i < 1200 && !/with its stored answers/.test(output) && child.exitCode === null; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const dataVersion = JSON.parse(await readFile(path.join(dist, 'manifest.json'), 'utf8')).dataVersion as string;
      for (const worker of [0, 1]) {
        for (let i = 0; i < 400 && !new RegExp(`worker ${worker} .*with its stored answers`).test(output); i++) await new Promise((resolve) => setTimeout(resolve, 50));
        assert.match(output, new RegExp(`SIGHUP[^]*worker ${worker} pid \\d+\\]: switched to data ${dataVersion} with its stored answers`), `worker ${worker} did not swap the stored answers in:\n${output}`);
      }
      const stored = await fetch(`${url}/passage/John.3.16`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(stored.headers.get('content-encoding'), 'br', 'answered from the stored answers');
      assert.equal(stored.headers.get('etag'), answer.headers.get('etag'), 'with the ETag the computed answer had');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });

  it('passes its sources, bundle, dist and build options on to `skg ingest` and `skg build`, the ingest report going beside the bundle', () => {
    const config = resolveConfig({ sources: '/data/upstream', bundle: '/work/bundle', dist: '/work/dist', xrefMinVotes: '5', without: 'interlinear', generatedAt: '2026-01-02T03:04:05Z' }, {}, '/');
    assert.equal(getIngestReportFile(config), '/work/ingest-report.txt');
    assert.deepEqual(listBuildSteps(config), {
      ingest: ['ingest', '--fetch', '--report', '/work/ingest-report.txt', '--sources', '/data/upstream', '--bundle', '/work/bundle', '--xref-min-votes', '5', '--generated-at', '2026-01-02T03:04:05.000Z'],
      build: ['build', '--no-render', '--bundle', '/work/bundle', '--dist', '/work/dist', '--without', 'interlinear'],
      render: ['build', '--render-only', '--dist', '/work/dist'],
    });
  });
});

describe('skg ingest --report', () => {
  it('sums up the report in one line naming the file that holds it', () => {
    const collection = { collection: 'x', written: {}, counts: {}, warnings: ['a', 'b'], errors: [], skipped: [{ what: 'rows', reason: 'r', count: 1200 }, { what: 'ids', reason: 'r', count: 4 }] };
    const report = { bundleDir: 'bundle', sourcesDir: 'src', generated: '', generator: '', collections: [collection, { ...collection, warnings: ['c'] }], files: 48210, durationMs: 38_240 };
    assert.equal(formatIngestSummary(report, 'ingest-report.txt'), 'skg ingest: 48,210 files in 38.2 s, 3 warnings, 2,408 records skipped; the report: ingest-report.txt');
  });
});

describe('the sources directory by default', () => {
  it('is ../shared/upstream beside a checkout that has no .sources, and .sources otherwise', async () => {
    const root = await createTempDir();
    const checkout = path.join(root, 'clone');
    await mkdir(checkout);
    assert.equal(resolveConfig({}, {}, checkout).sources, path.join(checkout, '.sources'));
    await mkdir(path.join(root, 'shared/upstream'), { recursive: true });
    assert.equal(resolveConfig({}, {}, checkout).sources, path.join(root, 'shared/upstream'));
    await mkdir(path.join(checkout, '.sources'));
    assert.equal(resolveConfig({}, {}, checkout).sources, path.join(checkout, '.sources'));
    assert.equal(resolveConfig({}, { SKG_SOURCES: 'mirror' }, checkout).sources, path.join(checkout, 'mirror'));
  });
});
