// The compiled fixture bundle (test/fixtures/bundle), built once per test process into a temp dir, with
// the translations' downloads.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, formatDiagnostic } from '@skg/compiler';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { renderDownloadsOnly } from '../../packages/server/src/render/render-responses.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';

export const FIXTURE_BUNDLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/bundle');

let fixture: Promise<DataSet> | undefined;

async function buildFixture(): Promise<DataSet> {
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'skg-fixture-'));
  process.once('exit', () => rmSync(distDir, { recursive: true, force: true }));
  // With the translations' downloads (the render step's second file), not the stored answers: every answer is computed.
  const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir, render: renderDownloadsOnly });
  if (!report.ok) {
    throw new Error(`the fixture bundle did not build:\n${report.diagnostics.map(formatDiagnostic).join('\n')}`);
  }
  return loadDataSet(distDir);
}

/** The fixture's data set, compiled on first use. */
export function getFixtureDataSet(): Promise<DataSet> {
  fixture ??= buildFixture();
  return fixture;
}
