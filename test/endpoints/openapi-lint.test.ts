// The served OpenAPI document passes two independent linters with zero errors and zero warnings:
// redocly (recommended ruleset, redocly.yaml) and spectral (spectral:oas, .spectral.yaml). Their
// configurations are the repository's files; each rule turned off there says why.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { createTempDir, removeTempDirs } from '../helpers/fixture-dist.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
/** No telemetry, no update check: CI reaches only the package registry. */
const ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

let dir: string;
let documentFile: string;
before(async () => {
  const document = (await get(createTestApp(await getFixtureDataSet()), '/openapi.json')).body;
  dir = await createTempDir('skg-openapi-lint-');
  documentFile = path.join(dir, 'openapi.json');
  await writeFile(documentFile, JSON.stringify(document, null, 2));
});
after(() => removeTempDirs());

describe('the OpenAPI document, linted', () => {
  it('passes redocly lint (recommended) with no error and no warning', async () => {
    const { stdout } = await run(bin('redocly'), ['lint', documentFile, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json'], {
      env: ENV,
      maxBuffer: 64 * 2 ** 20,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string; location?: Array<{ pointer?: string }> }> };
    const problems = report.problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location?.[0]?.pointer ?? '?'}`);
    assert.deepEqual(problems, []);
    assert.deepEqual(report.totals, { ...report.totals, errors: 0, warnings: 0 });
  });

  it('passes spectral lint (spectral:oas) with no error and no warning', async () => {
    // The ruleset's overrides name files relative to the ruleset: it lints the document beside a copy of it.
    const ruleset = path.join(dir, '.spectral.yaml');
    await copyFile(path.join(ROOT, '.spectral.yaml'), ruleset);
    const output = path.join(dir, 'spectral.json');
    await run(bin('spectral'), ['lint', documentFile, '--ruleset', ruleset, '--format', 'json', '--output', output, '--fail-severity', 'hint'], {
      env: ENV,
      maxBuffer: 64 * 2 ** 20,
    }).catch(() => undefined);
    const results = JSON.parse(await readFile(output, 'utf8')) as Array<{ code: string; message: string; severity: number; path: string[] }>;
    assert.deepEqual(results.map((result) => `${result.code} (severity ${result.severity}): ${result.message} at ${result.path.join('.')}`), []);
  });

  it('reports a warning it is given: spectral on an operation without a description', async () => {
    const broken = JSON.parse(await readFile(documentFile, 'utf8')) as { paths: Record<string, Record<string, { description?: string }>> };
    delete broken.paths['/passage/{osis}']!.get!.description;
    const brokenFile = path.join(dir, 'broken.json');
    await writeFile(brokenFile, JSON.stringify(broken));
    await copyFile(path.join(ROOT, '.spectral.yaml'), path.join(dir, '.spectral.yaml'));
    const output = path.join(dir, 'broken-spectral.json');
    await run(bin('spectral'), ['lint', brokenFile, '--ruleset', path.join(dir, '.spectral.yaml'), '--format', 'json', '--output', output], { env: ENV }).catch(() => undefined);
    const results = JSON.parse(await readFile(output, 'utf8')) as Array<{ code: string }>;
    assert.ok(results.some((result) => result.code === 'operation-description'), 'spectral reports the missing description');
  });
});
