// The production-install check (deploy/check-production-install.sh) runs the Dockerfile's own steps,
// read by deploy/dockerfile-steps.mjs: what the Dockerfile says is what CI runs, so a missing COPY fails.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
// @ts-expect-error a plain-JavaScript script with no declarations (deploy/ ships no types)
import { listSteps } from '../../deploy/dockerfile-steps.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCKERFILE = await readFile(path.join(ROOT, 'Dockerfile'), 'utf8');
const readSteps = (text: string) => listSteps(text) as string[][];

describe('deploy/dockerfile-steps.mjs', () => {
  it('reads stages, WORKDIR, COPY, RUN with continuation lines joined, both ENV forms, and exec-form CMD and HEALTHCHECK', () => {
    const text = [
      '# a comment',
      'FROM node:20 AS build',
      'WORKDIR /src',
      'COPY a.json b.json ./',
      'RUN one \\',
      ' && two',
      'FROM node:20',
      'ENV A=1 B="two words"',
      'ENV C three four',
      'COPY --from=build /app /app',
      'HEALTHCHECK --interval=5s CMD ["node", "-e", "1"]',
      'CMD ["node", "x.js"]',
    ].join('\n');
    assert.deepEqual(readSteps(text), [
      ['STAGE', 'build'],
      ['WORKDIR', '/src'],
      ['COPY', 'a.json', 'b.json', './'],
      ['RUN', 'one   && two'],
      ['STAGE', '0'],
      ['ENV', 'A=1'],
      ['ENV', 'B=two words'],
      ['ENV', 'C=three four'],
      ['COPY', '--from=build', '/app', '/app'],
      ['HEALTHCHECK', 'node', '-e', '1'],
      ['CMD', 'node', 'x.js'],
    ]);
  });

  it('refuses a shell-form CMD, which the check could not run as the image does', () => {
    assert.throws(() => readSteps('FROM node\nCMD node x.js'), /exec form/);
  });
});

describe('Dockerfile', () => {
  it("copies every workspace's package.json before `npm ci`, so every package's dependencies are installed", async () => {
    const { workspaces } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    const steps = readSteps(DOCKERFILE);
    const install = steps.findIndex((step) => step[0] === 'RUN' && /\bnpm ci\b/.test(step[1]!));
    assert.ok(install > 0, 'the Dockerfile runs no `npm ci`');
    const copied = steps.slice(0, install).filter((step) => step[0] === 'COPY').flatMap((step) => step.slice(1, -1));
    for (const workspace of workspaces) assert.ok(copied.includes(`${workspace}/package.json`), `${workspace}/package.json is not copied before npm ci`);
  });

  it('has a HEALTHCHECK, and drains (SKG_DRAIN_TIMEOUT and a second) inside Docker’s default 10 s stop timeout', () => {
    const steps = readSteps(DOCKERFILE);
    const health = steps.find((step) => step[0] === 'HEALTHCHECK');
    assert.ok(health?.some((part) => part.includes('/api/v1/health')), 'no HEALTHCHECK asking /api/v1/health');
    const drain = steps.filter((step) => step[0] === 'ENV' && step[1]!.startsWith('SKG_DRAIN_TIMEOUT=')).at(-1)?.[1]?.split('=')[1];
    assert.ok(Number(drain ?? 10000) + 1000 < 10000, `SKG_DRAIN_TIMEOUT=${drain ?? '10000 (default)'} and a second exceed 10 s`);
  });
});

// Runs `npm ci` and `npm run build` on a copy of the repository (a minute or two, and the npm cache or
// registry): in CI, or when SKG_SLOW_TESTS=1.
const slow = process.env.CI || process.env.SKG_SLOW_TESTS === '1' ? false : 'runs npm ci and npm run build (1-3 min): set SKG_SLOW_TESTS=1 (CI runs it)';

describe('deploy/check-production-install.sh', () => {
  it('fails at the build stage when the Dockerfile does not copy packages/client/package.json before npm ci', { skip: slow, timeout: 600_000 }, async () => {
    const line = 'COPY packages/client/package.json packages/client/\n';
    assert.ok(DOCKERFILE.includes(line), 'the Dockerfile has no COPY of packages/client/package.json to remove');
    const dir = await mkdtemp(path.join(tmpdir(), 'skg-dockerfile-'));
    try {
      const dockerfile = path.join(dir, 'Dockerfile');
      await writeFile(dockerfile, DOCKERFILE.replace(line, ''));
      const result = await promisify(execFile)(path.join(ROOT, 'deploy/check-production-install.sh'), ['--dockerfile', dockerfile, '--build-stage-only'], {
        maxBuffer: 64 * 1024 * 1024,
      }).then(
        () => undefined,
        (error: { code: number; stderr: string; stdout: string }) => error,
      );
      assert.ok(result, 'the check passed with a Dockerfile that does not copy packages/client/package.json');
      assert.match(result.stderr, /production install: FAILED: build stage: RUN npm run build/);
      assert.match(`${result.stdout}${result.stderr}`, /openapi-fetch/, 'the failure is not the missing openapi-fetch');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
