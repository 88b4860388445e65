// The hand-written fixture bundle compiled into a temporary dist/, for tests of the artefacts and of
// the endpoints over real compiled data.

import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildReport } from '@skg/compiler';

export const FIXTURE_BUNDLE = fileURLToPath(new URL('../fixtures/bundle/', import.meta.url));

const made: string[] = [];

/** A fresh empty temporary directory, removed by `removeTempDirs`. */
export async function createTempDir(prefix = 'skg-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A copy of the fixture bundle that a test may edit. */
export async function copyFixtureBundle(): Promise<string> {
  const dir = path.join(await createTempDir('skg-bundle-'), 'bundle');
  await cp(FIXTURE_BUNDLE, dir, { recursive: true });
  return dir;
}

/** Compiles a bundle into a new temporary dist directory; throws when the build fails. */
export async function buildDist(bundleDir = FIXTURE_BUNDLE): Promise<{ distDir: string; report: BuildReport }> {
  const distDir = path.join(await createTempDir('skg-dist-'), 'dist');
  const report = await build({ bundleDir, distDir });
  if (!report.ok) throw new Error(`fixture build failed:\n${report.diagnostics.map((d) => d.message).join('\n')}`);
  return { distDir, report };
}

let shared: Promise<string> | undefined;

/** The fixture compiled once per test process; do not modify it (use `buildDist` for that). */
export function getFixtureDist(): Promise<string> {
  shared ??= buildDist().then(({ distDir }) => distDir);
  return shared;
}
