import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '@skg/compiler';
import { resolveConfig } from '../../packages/cli/src/config.ts';
import { buildDist, copyFixtureBundle, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('skg serve: hot swap options', () => {
  it('watches by default; --no-watch or SKG_WATCH=false turns it off; anything else is refused', () => {
    assert.equal(resolveConfig({}, {}).watch, true);
    assert.equal(resolveConfig({}, { SKG_WATCH: 'false' }).watch, false);
    assert.equal(resolveConfig({ watch: false }, { SKG_WATCH: 'true' }).watch, false, 'the flag wins over the environment');
    assert.throws(() => resolveConfig({}, { SKG_WATCH: 'sometimes' }), /SKG_WATCH must be true or false/);
  });

  // One worker: with several, "switched" is logged by the first while a request may still reach another that
  // has not switched yet. Every worker switching on SIGHUP is cluster.test.ts's case.
  it('with --no-watch, switches to a new build on SIGHUP, and says so when there is nothing new', async () => {
    const { distDir, report } = await buildDist();
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cli/src/main.ts', 'serve', '--dist', distDir, '--port', '0', '--host', '127.0.0.1', '--no-watch', '--workers', '1'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SKG_WATCH: 'true' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const waitForOutput = async (pattern: RegExp, timeoutMs = 30_000): Promise<RegExpExecArray> => {
      const started = performance.now();
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (child.exitCode !== null || performance.now() - started > timeoutMs) throw new Error(`no ${pattern} in the output:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    try {
      const url = (await waitForOutput(/at (http:\/\/\S+\/api\/v1)/))[1] as string;
      assert.doesNotMatch(output, /watching for new builds/);
      const version = async () => ((await (await fetch(`${url}/status`)).json()) as { dataVersion: string }).dataVersion;
      assert.equal(await version(), report.manifest?.dataVersion);
      // (The answer above also means the signal handlers are in place.)
      child.kill('SIGHUP');
      await waitForOutput(/SIGHUP: nothing new to switch to \(still serving data \S+\)/);

      const bundle = await copyFixtureBundle();
      const index = path.join(bundle, 'index.md');
      await writeFile(index, (await readFile(index, 'utf8')).replace(/^generated: .*$/m, 'generated: "2026-12-01T00:00:00.000Z"'));
      const rebuilt = await build({ bundleDir: bundle, distDir });
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(await version(), report.manifest?.dataVersion, 'not switched without watching');

      child.kill('SIGHUP');
      await waitForOutput(/switched to data \S+ \(was \S+\) in [\d.]+ ms \[SIGHUP\]/);
      assert.equal(await version(), rebuilt.manifest?.dataVersion);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
