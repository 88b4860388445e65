import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertManifest, getBook, REQUIRED_ARTEFACTS } from '@skg/core';
import { build, runStages } from '@skg/compiler';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { buildDist, copyFixtureBundle, createTempDir, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out;
}

async function readManifest(distDir: string) {
  return assertManifest(JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')));
}

/** Rewrites one file of a bundle copy. */
async function edit(bundleDir: string, file: string, change: (text: string) => string): Promise<void> {
  const target = path.join(bundleDir, file);
  await writeFile(target, change(await readFile(target, 'utf8')));
}

describe('build', () => {
  it('compiles the fixture bundle without errors and counts its scripture', async () => {
    const { report } = await buildDist();
    assert.equal(report.ok, true);
    assert.equal(report.errors, 0);
    assert.deepEqual(
      { books: report.counts.books, chapters: report.counts.chapters, verses: report.counts.verses, omitted: report.counts.omitted },
      { books: 5, chapters: 7, verses: 170, omitted: 1 },
    );
    assert.equal(report.counts.indexedVerses, 169, 'every verse with text is indexed, the omitted one is not');
    for (const stage of ['discover', 'parse', 'validate', 'link', 'index', 'write', 'total'] as const) {
      assert.equal(typeof report.timings[stage], 'number', `timing of ${stage}`);
    }
  });

  it('warns, without failing, that the fixture holds only some books and chapters', async () => {
    const { report } = await buildDist();
    assert.ok(report.diagnostics.every((d) => d.severity === 'warning'));
    assert.ok(report.diagnostics.some((d) => /5 of 66 books/.test(d.message)));
    assert.ok(report.diagnostics.some((d) => d.file === 'bible/john.md' && /2 of its 21 chapters/.test(d.message)));
  });

  it('writes a manifest that assertManifest accepts, naming each required artefact with size, sha256 and records', async () => {
    const { distDir, report } = await buildDist();
    const manifest = await readManifest(distDir);
    assert.deepEqual(manifest, report.manifest);
    assert.equal(manifest.okfVersion, '0.2');
    assert.equal(manifest.bundleGenerated, '2026-08-21T00:00:00.000Z', 'taken from the root index.md generated');
    assert.equal(manifest.compiler.name, '@skg/compiler');
    assert.match(manifest.dataVersion, /^[0-9a-f]{16}$/);
    for (const name of REQUIRED_ARTEFACTS) {
      const entry = manifest.artefacts[name];
      assert.ok(entry, `artefact ${name}`);
      assert.equal(entry.optional, false);
      assert.ok(entry.file.startsWith(`builds/${manifest.dataVersion}/`), `${name} lives in the build directory`);
      assert.equal((await stat(path.join(distDir, entry.file))).size, entry.bytes, `${name} size`);
    }
    assert.equal(manifest.artefacts.verses?.records, 170);
    assert.equal(manifest.artefacts.chapters?.records, 7);
  });

  it('gives byte-identical output when the same bundle is built twice', async () => {
    const first = await buildDist();
    const second = await buildDist();
    const files = await listFiles(first.distDir);
    assert.deepEqual(await listFiles(second.distDir), files);
    for (const file of files) {
      const a = await readFile(path.join(first.distDir, file));
      const b = await readFile(path.join(second.distDir, file));
      assert.ok(a.equals(b), `${file} differs between two builds`);
    }
  });

  it('changes the data version when a verse changes', async () => {
    const bundle = await copyFixtureBundle();
    await edit(bundle, 'bible/john/11.md', (t) => t.replace('{verse: 35, text: "Jesus wept."}', '{verse: 35, text: "Jesus wept!"}'));
    const changed = await buildDist(bundle);
    const original = await buildDist();
    assert.notEqual(changed.report.manifest?.dataVersion, original.report.manifest?.dataVersion);
  });

  it('carries a mid-verse heading through to the chapter store, flagged midVerse', async () => {
    const bundle = await copyFixtureBundle();
    await edit(bundle, 'bible/john/3.md', (t) =>
      t.replace('  - {before: 22, level: s1, text: "John’s Testimony about Jesus"}', '  - {before: 22, level: s1, text: "John’s Testimony about Jesus", mid_verse: true}'),
    );
    const { distDir, report } = await buildDist(bundle);
    assert.equal(report.errors, 0);
    const { scripture } = await loadDataSet(distDir);
    const john = getBook('John');
    assert.ok(john);
    assert.deepEqual(scripture.getHeadings(john, 3).at(-1), { before: 22, level: 's1', text: 'John’s Testimony about Jesus', midVerse: true });
    assert.deepEqual(scripture.getHeadings(john, 3)[0], { before: 1, level: 's1', text: 'Jesus and Nicodemus' }, 'others carry no flag');
    assert.deepEqual(scripture.getChapter(john, 3)?.headings, scripture.getHeadings(john, 3));
  });

  it('refuses a translation file whose verse lines are malformed, naming the file and the verse', async () => {
    const bundle = await copyFixtureBundle();
    await edit(bundle, 'translations/kjv/john.json', (t) => t.replace('"verse":16,"text":"', '"verse":61,"text":"'));
    const report = await build({ bundleDir: bundle, distDir: path.join(await createTempDir(), 'dist') });
    assert.equal(report.ok, false);
    const error = report.diagnostics.find((d) => d.severity === 'error');
    assert.equal(error?.file, 'translations/kjv/john.json');
    assert.match(error?.message ?? '', /John\.3\.16 is not a verse line \{verse: 16, text\}/);
  });

  it('builds without the translations when the bundle has none: only the BSB is served', async () => {
    const bundle = await copyFixtureBundle();
    await rm(path.join(bundle, 'translations'), { recursive: true });
    const { distDir, report } = await buildDist(bundle);
    assert.deepEqual(report.manifest?.optionalArtefacts.translations, { built: false, reason: 'no-data' });
    assert.equal((await loadDataSet(distDir)).translations, undefined);
  });

  it('refuses a bundle whose root index.md lacks okf_version "0.2", naming the file, and writes nothing', async () => {
    const bundle = await copyFixtureBundle();
    await edit(bundle, 'index.md', (t) => t.replace('okf_version: "0.2"\n', ''));
    const distDir = path.join(await createTempDir(), 'dist');
    const report = await build({ bundleDir: bundle, distDir });
    assert.equal(report.ok, false);
    const error = report.diagnostics.find((d) => d.severity === 'error');
    assert.equal(error?.file, 'index.md');
    assert.match(error?.message ?? '', /okf_version/);
    assert.equal(report.manifest, undefined);
    await assert.rejects(stat(path.join(distDir, 'manifest.json')), 'no manifest written');
  });

  it('refuses a bundle that declares another OKF version', async () => {
    const bundle = await copyFixtureBundle();
    await edit(bundle, 'index.md', (t) => t.replace('okf_version: "0.2"', 'okf_version: "0.1"'));
    const report = await build({ bundleDir: bundle, distDir: path.join(await createTempDir(), 'dist') });
    assert.equal(report.ok, false);
    assert.ok(report.diagnostics.some((d) => d.file === 'index.md' && d.line === 2 && /"0.1"/.test(d.message)));
  });

  it('refuses a bundle with no root index.md', async () => {
    const bundle = await copyFixtureBundle();
    await rm(path.join(bundle, 'index.md'));
    const report = await build({ bundleDir: bundle, distDir: path.join(await createTempDir(), 'dist') });
    assert.equal(report.ok, false);
    assert.ok(report.diagnostics.some((d) => d.severity === 'error' && d.file === 'index.md'));
  });

  it('reports a missing bundle directory and what to run', async () => {
    const report = await build({ bundleDir: path.join(await createTempDir(), 'nope'), distDir: path.join(await createTempDir(), 'dist') });
    assert.equal(report.ok, false);
    assert.match(report.diagnostics[0]?.message ?? '', /does not exist: run `skg ingest`/);
  });

  it('reports a gap in a chapter\'s verse slots with the file and line', async () => {
    const bundle = await copyFixtureBundle();
    await edit(bundle, 'bible/psalms/23.md', (t) => t.replace(/ {2}- \{verse: 3, .*\n/, ''));
    const report = await build({ bundleDir: bundle, distDir: path.join(await createTempDir(), 'dist') });
    assert.equal(report.ok, false);
    const gap = report.diagnostics.find((d) => /slot 3/.test(d.message));
    assert.equal(gap?.file, 'bible/psalms/23.md');
    assert.equal(gap?.stage, 'validate');
    assert.equal(typeof gap?.line, 'number');
  });

  it('reports an omitted verse that still has text', async () => {
    const bundle = await copyFixtureBundle();
    await edit(bundle, 'bible/matthew/17.md', (t) => t.replace('{verse: 21, text: "", omitted: true}', '{verse: 21, text: "But this kind", omitted: true}'));
    const report = await build({ bundleDir: bundle, distDir: path.join(await createTempDir(), 'dist') });
    assert.ok(report.diagnostics.some((d) => d.severity === 'error' && d.file === 'bible/matthew/17.md' && /omitted but has text/.test(d.message)));
  });

  it('reports a footnote whose offset lies outside its verse text, with the file and line', async () => {
    const bundle = await copyFixtureBundle();
    await edit(bundle, 'bible/genesis/1.md', (t) => t.replace('footnotes: [{offset: 123, text: Literally day one}]', 'footnotes: [{offset: 124, text: Literally day one}]'));
    const report = await build({ bundleDir: bundle, distDir: path.join(await createTempDir(), 'dist') });
    assert.equal(report.ok, false);
    const note = report.diagnostics.find((d) => /footnote 1 has no offset inside the text \(0 … 123\)/.test(d.message));
    assert.equal(note?.file, 'bible/genesis/1.md');
    assert.equal(note?.stage, 'validate');
    assert.equal(typeof note?.line, 'number');
  });
});

describe('build: the atomic switch', () => {
  it('leaves the previous manifest and its artefacts in place when a later build fails', async () => {
    const { distDir } = await buildDist();
    const before = await readFile(path.join(distDir, 'manifest.json'), 'utf8');
    const bundle = await copyFixtureBundle();
    await edit(bundle, 'index.md', (t) => t.replace('okf_version: "0.2"', 'okf_version: "9"'));
    const report = await build({ bundleDir: bundle, distDir });
    assert.equal(report.ok, false);
    assert.equal(await readFile(path.join(distDir, 'manifest.json'), 'utf8'), before);
    const dataSet = await loadDataSet(distDir);
    assert.equal(dataSet.manifest.dataVersion, JSON.parse(before).dataVersion);
  });

  it('writes each build into its own directory, keeps the previous one for running servers, and removes older ones', async () => {
    const bundle = await copyFixtureBundle();
    const distDir = path.join(await createTempDir(), 'dist');
    const versions: string[] = [];
    for (const mark of ['', '!', '?']) {
      if (mark) await edit(bundle, 'bible/john/11.md', (t) => t.replace(/\{verse: 35, text: "Jesus wept.?"\}/, `{verse: 35, text: "Jesus wept${mark}"}`));
      const report = await build({ bundleDir: bundle, distDir });
      assert.equal(report.ok, true);
      versions.push(report.manifest?.dataVersion ?? '');
    }
    assert.equal(new Set(versions).size, 3);
    assert.deepEqual((await readdir(path.join(distDir, 'builds'))).sort(), [versions[1], versions[2]].sort());
    assert.equal((await readManifest(distDir)).dataVersion, versions[2]);
    // A server that loaded the previous manifest can still read its artefacts.
    const previous = path.join(distDir, 'builds', versions[1] ?? '', 'verses.bin');
    assert.ok((await stat(previous)).size > 0);
  });

  it('rebuilding unchanged data keeps the same build directory and manifest', async () => {
    const { distDir } = await buildDist();
    const before = await readFile(path.join(distDir, 'manifest.json'), 'utf8');
    const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir });
    assert.equal(report.ok, true);
    assert.equal(await readFile(path.join(distDir, 'manifest.json'), 'utf8'), before);
    assert.equal((await readdir(path.join(distDir, 'builds'))).length, 1);
    assert.deepEqual(report.removed, []);
  });
});

describe('runStages', () => {
  it('stops after the stage asked for, so each stage result can be inspected', async () => {
    const { results, diagnostics } = await runStages({ bundleDir: FIXTURE_BUNDLE, until: 'parse' });
    assert.equal(diagnostics.errorCount, 0);
    assert.equal(results.validate, undefined);
    const john3 = results.parse?.documents.find((d) => d.id === 'bible/john/3');
    assert.equal(john3?.data.osis, 'John.3');
    assert.deepEqual(results.discover?.reserved, ['bible/index.md', 'translations/index.md'], 'reserved index.md below the root is not a document');
  });

  it('links chapters in canonical order with global verse indexes', async () => {
    const { results } = await runStages({ bundleDir: FIXTURE_BUNDLE, until: 'link' });
    const chapters = results.link?.chapters ?? [];
    assert.deepEqual(
      chapters.map((c) => `${c.osis}@${c.firstVerse}`),
      ['Gen.1@0', 'Gen.24@13', 'Ps.23@21', 'Matt.17@27', 'Luke.19@49', 'John.3@90', 'John.11@126'],
    );
  });
});
