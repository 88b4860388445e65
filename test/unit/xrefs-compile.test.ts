// Compiling the cross references: the shard stage (reading the data file, the vote floor, resolving
// verses), the xrefs and connections codecs read back by the server's decoders, and `skg verify`'s
// checks on them.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getBook, type Book } from '@skg/core';
import { build, runStages } from '@skg/compiler';
import { encodeConnections } from '../../packages/compiler/src/codecs/connections.ts';
import { encodeCrossReferences } from '../../packages/compiler/src/codecs/xrefs.ts';
import { aggregateConnections } from '../../packages/compiler/src/stages/aggregate-connections.ts';
import { checkDist, loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { alignBuffer } from '../../packages/server/src/artefacts/binary.ts';
import { loadConnections } from '../../packages/server/src/artefacts/connections.ts';
import { loadCrossReferences } from '../../packages/server/src/artefacts/xrefs.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { copyFixtureBundle, createTempDir, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

const book = (id: string): Book => getBook(id) as Book;

const DATASET = `---
type: Dataset
title: OpenBible.info cross references
min_votes: 50
data_files:
  - {path: references/cross-references.tsv, format: tsv, columns: [from, to, votes], rows: 6, licence: CC-BY}
status: stable
tags: [dataset]
---

# OpenBible.info cross references

Every row.
`;

/** A fixture bundle copy with this data file (and, when given, the dataset document). */
async function bundleWith(rows: readonly string[], dataset?: string): Promise<string> {
  const bundleDir = await copyFixtureBundle();
  await writeFile(path.join(bundleDir, 'references/cross-references.tsv'), ['from\tto\tvotes', ...rows, ''].join('\n'));
  if (dataset !== undefined) await writeFile(path.join(bundleDir, 'references/cross-references.md'), dataset);
  return bundleDir;
}

async function shard(bundleDir: string) {
  const { results, diagnostics } = await runStages({ bundleDir, until: 'shard' });
  const crossReferences = results.crossReferences;
  const linked = results.link;
  assert.ok(crossReferences && linked, 'the shard stage ran');
  return { crossReferences, linked, diagnostics };
}

const ROWS = [
  'John.3.16\tRom.5.8\t950', // Romans is not in the fixture
  'John.3.16\tJohn.3.15\t481',
  'John.3.16\tJohn.11.25-John.11.26\t435',
  'John.3.16\tPs.23.1\t49', // below a floor of 50
  'John.3.17\tGen.24.7\t50',
  'Ps.23.1\tJohn.3.16\t-4',
  'bad line',
];

describe('the shard stage: cross references', () => {
  it('takes the vote floor from the dataset document and keeps the rows at or above it whose verses the bundle has', async () => {
    const { crossReferences, diagnostics } = await shard(await bundleWith(ROWS, DATASET));
    assert.equal(crossReferences.threshold, 50);
    assert.equal(crossReferences.file, 'references/cross-references.tsv');
    assert.equal(crossReferences.rows, 7);
    assert.equal(crossReferences.belowThreshold, 2);
    assert.equal(crossReferences.unresolved, 1);
    assert.equal(crossReferences.malformed, 1);
    assert.deepEqual(
      crossReferences.references.map((r) => [r.fromVerse, r.votes]),
      [
        [16, 481],
        [16, 435],
        [17, 50],
      ],
    );
    const messages = diagnostics.list.filter((d) => d.stage === 'shard');
    assert.ok(messages.some((d) => d.line === 2 && /Rom\.5\.8/.test(d.message)), 'the unresolved row is named with its line');
    assert.ok(messages.some((d) => d.line === 8 && /not 'from<TAB>to<TAB>votes'/.test(d.message)), 'the malformed line is named');
    assert.ok(messages.every((d) => d.severity === 'warning'));
  });

  it('uses the floor 20 and warns when the data file has no dataset document', async () => {
    const { crossReferences, diagnostics } = await shard(await bundleWith(ROWS));
    assert.equal(crossReferences.threshold, 20);
    assert.equal(crossReferences.references.length, 4);
    assert.ok(diagnostics.list.some((d) => /has no dataset document/.test(d.message)));
  });

  it('fails the build when the dataset document names a data file that is missing', async () => {
    const bundleDir = await bundleWith([], DATASET);
    await rm(path.join(bundleDir, 'references/cross-references.tsv'));
    const report = await build({ bundleDir, distDir: path.join(await createTempDir(), 'dist') });
    assert.equal(report.ok, false);
    assert.ok(report.diagnostics.some((d) => d.severity === 'error' && /cross-references\.tsv is missing/.test(d.message)));
  });

  it('builds empty shards and no connections aggregate for a bundle without cross references', async () => {
    const bundleDir = await copyFixtureBundle();
    await rm(path.join(bundleDir, 'references/cross-references.tsv'));
    const report = await build({ bundleDir, distDir: path.join(await createTempDir(), 'dist') });
    assert.equal(report.ok, true);
    assert.equal(report.manifest?.artefacts.xrefs?.records, 0);
    assert.equal(report.manifest?.artefacts.connections, undefined);
    assert.deepEqual(report.manifest?.optionalArtefacts.connections, { built: false, reason: 'no-data' });
  });
});

describe('the xrefs codec', () => {
  it('stores votes as a confidence capped at 200 and gives them back in vote order, by verse or by chapter', async () => {
    const { crossReferences, linked } = await shard(await bundleWith(['John.3.16\tJohn.3.15\t950', 'John.3.16\tJohn.3.36\t201', 'John.3.17\tJohn.11.25-John.11.26\t30', 'John.3.16\tGen.24.7\t20']));
    const store = loadCrossReferences(alignBuffer(encodeCrossReferences(linked.chapters, crossReferences)), 'xrefs.bin');
    assert.equal(store.threshold, 20);
    assert.equal(store.count, 4);
    const verse = store.find({ book: book('John'), chapter: 3, fromVerse: 16, minVotes: 0, limit: 100 });
    assert.deepEqual(
      verse.items.map((r) => [`${r.start.book.osis}.${r.start.chapter}.${r.start.verse}`, r.votes]),
      [
        ['John.3.15', 200],
        ['John.3.36', 200],
        ['Gen.24.7', 20],
      ],
    );
    const chapter = store.find({ book: book('John'), chapter: 3, minVotes: 25, limit: 2 });
    assert.equal(chapter.total, 3);
    assert.equal(chapter.items.length, 2);
    const range = store.find({ book: book('John'), chapter: 3, fromVerse: 17, toVerse: 17, minVotes: 0, limit: 5 }).items[0];
    assert.deepEqual([range?.start.verse, range?.end.chapter, range?.end.verse], [25, 11, 26]);
    assert.equal(store.find({ book: book('Rom'), chapter: 5, minVotes: 0, limit: 5 }).total, 0, 'a chapter the data lacks');
  });

  it('refuses a truncated artefact', async () => {
    const { crossReferences, linked } = await shard(await bundleWith(['John.3.16\tJohn.3.15\t950']));
    const data = encodeCrossReferences(linked.chapters, crossReferences);
    assert.throws(() => loadCrossReferences(alignBuffer(data.subarray(0, data.length - 4)), 'xrefs.bin'), /xrefs\.bin: is truncated or malformed/);
  });
});

describe('the connections codec', () => {
  it('reads back the totals, ranks, pairs and book rows it was given', async () => {
    const { crossReferences, linked } = await shard(
      await bundleWith(['John.3.16\tJohn.3.15\t100', 'John.3.16\tPs.23.1\t40', 'Ps.23.1\tJohn.3.16\t30', 'Ps.23.4\tPs.23.1\t25']),
    );
    const aggregate = aggregateConnections({ crossReferences, scripture: linked });
    const store = loadConnections(alignBuffer(encodeConnections(aggregate)), 'connections.bin');
    assert.deepEqual(store.totals, {
      references: 4,
      negativeReferences: 0,
      distinctPairs: 4,
      arcs: 2,
      selfPairs: 2,
      crossTestament: 2,
      chapters: 2,
      generated: '2026-08-21T00:00:00.000Z',
      source: '/references/cross-references',
    });
    assert.equal(store.rankedChapters, 2);
    assert.deepEqual(
      store.topChapters(5).map((c) => [`${c.book.osis}.${c.chapter}`, c.rank, c.weight]),
      [
        ['John.3', 1, 170],
        ['Ps.23', 2, 95],
      ],
    );
    assert.equal(store.getChapter(book('Gen'), 24)?.rank, 0, 'a chapter nothing touches has no rank');
    assert.equal(store.getChapter(book('Rom'), 5), undefined);
    assert.deepEqual(
      store.chapterPairs(book('John'), 3, 'out', 5).items.map((p) => [`${p.book.osis}.${p.chapter}`, p.votes]),
      [
        ['John.3', 100],
        ['Ps.23', 40],
      ],
    );
    assert.deepEqual(
      store.topBookPairs(5).map((p) => `${p.from.osis}>${p.to.osis} ${p.references} ${p.votes}`),
      ['John>Ps 1 40', 'Ps>John 1 30'],
    );
    assert.deepEqual(store.getBook(book('Ps')).internal, { references: 1, votes: 25 });
  });

  it('answers rank null for a chapter nothing touches', async () => {
    const bundleDir = await bundleWith(['John.3.16\tJohn.3.15\t100']);
    const distDir = path.join(await createTempDir(), 'dist');
    assert.equal((await build({ bundleDir, distDir })).ok, true);
    const app = createTestApp(await loadDataSet(distDir));
    const { body } = await get(app, '/connections?osis=Gen.24');
    assert.equal(body.chapter.rank, null);
    assert.equal(body.chapter.weight, 0);
    assert.equal(body.chapter.of, 1);
  });
});

describe('skg verify on the cross-reference artefacts', () => {
  it('reports a changed xrefs or connections file', async () => {
    const distDir = path.join(await createTempDir(), 'dist');
    const report = await build({ bundleDir: await bundleWith(['John.3.16\tJohn.3.15\t100']), distDir });
    assert.equal(report.ok, true);
    assert.deepEqual(await checkDist(distDir, { checksums: true }), []);
    for (const name of ['xrefs', 'connections']) {
      const file = path.join(distDir, report.manifest?.artefacts[name]?.file ?? '');
      const data = await readFile(file);
      const changed = Buffer.from(data);
      changed[changed.length - 1] = (changed[changed.length - 1] ?? 0) ^ 0xff;
      await writeFile(file, changed);
      const problems = await checkDist(distDir, { checksums: true });
      assert.equal(problems.length, 1, name);
      assert.equal(problems[0]?.artefact, name);
      assert.equal(problems[0]?.optional, name === 'connections');
      await writeFile(file, data);
    }
  });
});
