import { after, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { registerBuildCommand } from '../../packages/cli/src/commands/build.ts';
import { registerInspectCommand } from '../../packages/cli/src/commands/inspect.ts';
import { registerVerifyCommand } from '../../packages/cli/src/commands/verify.ts';
import { copyFixtureBundle, createTempDir, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

/** Runs `skg <args>` with the three commands registered; returns what it printed. */
async function skg(...args: string[]): Promise<{ out: string; err: string }> {
  const program = new Command('skg').exitOverride();
  registerBuildCommand(program);
  registerInspectCommand(program);
  registerVerifyCommand(program);
  const log = mock.method(console, 'log', () => undefined);
  const error = mock.method(console, 'error', () => undefined);
  const text = (calls: typeof log.mock.calls): string => calls.map((c) => c.arguments.join(' ')).join('\n');
  try {
    await program.parseAsync(args, { from: 'user' });
  } finally {
    log.mock.restore();
    error.mock.restore();
  }
  return { out: text(log.mock.calls), err: text(error.mock.calls) };
}

describe('skg build, inspect, verify', () => {
  it('builds the fixture, prints the report, and verify passes', async () => {
    const dist = path.join(await createTempDir(), 'dist');
    const { out } = await skg('build', '--bundle', FIXTURE_BUNDLE, '--dist', dist, '--quiet');
    assert.match(out, /5 books, 7 chapters, 170 verses \(1 omitted\)/);
    assert.match(out, /ok: 0 errors/);
    assert.match((await skg('verify', '--dist', dist)).out, /^ok: /);
  });

  it('--no-render builds all but the stored answers and downloads (verify says partial); --render-only adds them to the same data version, as a full build has them', async () => {
    const dist = path.join(await createTempDir(), 'dist');
    const readManifest = async (dir: string) => JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
    assert.match((await skg('build', '--bundle', FIXTURE_BUNDLE, '--dist', dist, '--quiet', '--no-render')).out, /no stored answers \(--no-render\)/);
    const bare = await readManifest(dist);
    assert.equal(bare.artefacts.responses, undefined);
    assert.match((await skg('verify', '--dist', dist)).out, /^ok: .*\npartial: no stored answers/);
    const stale = path.join(dist, 'builds', bare.dataVersion, '.responses.bin.999999.tmp');
    await writeFile(stale, 'left by a render that was stopped');
    await writeFile(`${stale}.identity`, 'its identity section');

    assert.match((await skg('build', '--render-only', '--dist', dist, '--quiet')).out, /^rendered [\d,]+ stored answers in .* \(same data version\)$/);
    const rendered = await readManifest(dist);
    assert.equal(rendered.dataVersion, bare.dataVersion);
    const { responses, downloads, ...data } = rendered.artefacts;
    assert.deepEqual(data, bare.artefacts, 'the data artefacts are those of the --no-render build');
    assert.equal(responses.file, `builds/${bare.dataVersion}/responses.bin`);
    assert.equal(downloads.file, `builds/${bare.dataVersion}/downloads.bin`, 'and the translations\' downloads');
    assert.equal(existsSync(stale), false, 'what a stopped render left is removed');
    assert.equal(existsSync(`${stale}.identity`), false, 'its sections too');
    assert.doesNotMatch((await skg('verify', '--dist', dist)).out, /partial/);
    assert.match((await skg('build', '--render-only', '--dist', dist, '--quiet')).out, /already names stored answers/);

    const full = path.join(await createTempDir(), 'dist');
    await skg('build', '--bundle', FIXTURE_BUNDLE, '--dist', full, '--quiet');
    assert.deepEqual(await readManifest(full), rendered, 'the same manifest as one build with its render: the same stored answers, byte for byte');
  });

  it('--render-only without a built dist/ says to build first', async () => {
    const dist = path.join(await createTempDir(), 'dist');
    await assert.rejects(skg('build', '--render-only', '--dist', dist, '--quiet'), /manifest\.json is missing: run `skg build`/);
  });

  it('fails the build, after printing the diagnostics, for a bundle without okf_version', async () => {
    const bundle = await copyFixtureBundle();
    const index = path.join(bundle, 'index.md');
    await writeFile(index, (await readFile(index, 'utf8')).replace('okf_version: "0.2"\n', ''));
    const dist = path.join(await createTempDir(), 'dist');
    const log = mock.method(console, 'log', () => undefined);
    try {
      const program = new Command('skg').exitOverride();
      registerBuildCommand(program);
      await assert.rejects(program.parseAsync(['build', '--bundle', bundle, '--dist', dist], { from: 'user' }), /the build failed with 1 error/);
      assert.ok(log.mock.calls.some((c) => /error index\.md(:\d+)? \[validate\].*okf_version/.test(String(c.arguments[0]))));
    } finally {
      log.mock.restore();
    }
  });

  it('verify fails when an artefact no longer matches its checksum', async () => {
    const dist = path.join(await createTempDir(), 'dist');
    await skg('build', '--bundle', FIXTURE_BUNDLE, '--dist', dist, '--quiet');
    const manifest = JSON.parse(await readFile(path.join(dist, 'manifest.json'), 'utf8'));
    const file = path.join(dist, manifest.artefacts.chapters.file);
    const data = await readFile(file);
    data[data.length - 1] = (data[data.length - 1] ?? 0) ^ 0xff;
    await writeFile(file, data);
    await assert.rejects(skg('verify', '--dist', dist), /1 problem/);
  });

  it('inspect shows the manifest, a verse, a chapter, a search and a stage result', async () => {
    const dist = path.join(await createTempDir(), 'dist');
    await skg('build', '--bundle', FIXTURE_BUNDLE, '--dist', dist, '--quiet');
    assert.equal(JSON.parse((await skg('inspect', '--dist', dist)).out).okfVersion, '0.2');
    assert.equal(JSON.parse((await skg('inspect', 'John.3.16', '--dist', dist)).out).osis, 'John.3.16');
    assert.equal(JSON.parse((await skg('inspect', 'Matt.17', '--dist', dist)).out).omittedVerses[0], 21);
    assert.equal(JSON.parse((await skg('inspect', 'verses', '--dist', dist)).out).records, 170);
    const search = JSON.parse((await skg('inspect', '--dist', dist, '--search', 'jesus wept')).out);
    assert.match(search.hits[0], /^John\.11\.35 /);
    const stage = JSON.parse((await skg('inspect', '--stage', 'link', '--bundle', FIXTURE_BUNDLE, 'John.3')).out);
    assert.equal(stage.firstVerse, 90);
  });

  it('inspect shows a document by path with its relations both ways, and a concept search', async () => {
    const dist = path.join(await createTempDir(), 'dist');
    await skg('build', '--bundle', FIXTURE_BUNDLE, '--dist', dist, '--quiet');
    const isaac = JSON.parse((await skg('inspect', 'people/isaac', '--dist', dist)).out);
    assert.equal(isaac.type, 'Person');
    assert.ok(isaac.relations.inbound.some((r: { predicate: string; source: string }) => r.predicate === 'child-of' && r.source === 'people/abram'));
    assert.equal(isaac.body, undefined);
    assert.match(JSON.parse((await skg('inspect', 'people/isaac', '--body', '--dist', dist)).out).body, /# Isaac/);
    await assert.rejects(skg('inspect', 'people/nobody', '--dist', dist), /no such document/);
    const concept = JSON.parse((await skg('inspect', '--dist', dist, '--concept', 'abraham', '--type', 'people')).out);
    assert.match(concept.results[0], /^people\/abram /);
  });
});
