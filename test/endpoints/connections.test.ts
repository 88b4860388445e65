// GET /connections over the compiled fixture bundle (its hand-made references/cross-references.tsv:
// 25 rows; 22 name verses the fixture has and are not voted below zero, one resolves but is voted -3,
// two name verses the fixture lacks (John 1, John 3:37)), and its 503 when the build left the aggregate
// out. The aggregate takes every row whatever its votes; /xrefs keeps its floor of 20.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { build } from '@skg/compiler';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { createTempDir, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`connections through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);
    after(removeTempDirs);

    describe('GET /connections', () => {
      it('answers the totals of the aggregate', async () => {
        const { status, body } = await get(app, '/connections');
        assert.equal(status, 200);
        // Chapter pairs of the 22 rows: Gen.1→{John.3, Gen.1 (12 votes)}, Ps.23→{John.3, Luke.19, Matt.17, Ps.23},
        // Matt.17→{John.11, Luke.19 (5 votes)}, Luke.19→{John.3, Matt.17}, John.3→{John.3 ×5, John.11, Gen.24,
        // Luke.19 ×2, Ps.23 (19 votes)}, John.11→{John.3, Luke.19}; Ps.23.1→Gen.24.7 (-3) is only counted.
        assert.deepEqual(body.totals, {
          references: 22,
          negativeReferences: 1,
          distinctPairs: 17,
          arcs: 14,
          selfPairs: 3,
          crossTestament: 6,
          chapters: 7,
          generated: '2026-08-21T00:00:00.000Z',
          source: '/references/cross-references',
        });
        assert.equal(body.threshold, 0, 'the whole corpus: no vote floor');
        assert.match(body.note, /directed/);
      });

      it('ranks the most-connected chapters by vote weight, a reference inside a chapter counted once', async () => {
        const { body } = await get(app, '/connections?limit=3');
        assert.equal(body.topChapters.length, 3);
        const [first] = body.topChapters;
        assert.equal(first.osis, 'John.3');
        assert.equal(first.rank, 1);
        assert.equal(first.id, '/bible/john/3');
        // Out 10 references (1,234 votes), in 9 (64 + 150 + 230 + 140 + 770 inside = 1,354), 5 inside (770).
        assert.deepEqual(first.outgoing, { references: 10, votes: 1234 });
        assert.deepEqual(first.incoming, { references: 9, votes: 1354 });
        assert.deepEqual(first.internal, { references: 5, votes: 770 });
        assert.equal(first.weight, 1234 + 1354 - 770);
        assert.equal(first.references, 14);
        assert.deepEqual(
          body.topChapters.map((c: { osis: string }) => c.osis),
          ['John.3', 'Luke.19', 'John.11'],
        );
        const weights = body.topChapters.map((c: { weight: number }) => c.weight);
        assert.deepEqual(weights, [...weights].sort((a: number, b: number) => b - a));
      });

      it('lists the strongest pairs of two different books, citing → cited', async () => {
        const { body } = await get(app, '/connections?limit=200');
        const pairs = body.topBookPairs.map((p: { from: { id: string }; to: { id: string }; votes: number }) => `${p.from.id}>${p.to.id} ${p.votes}`);
        assert.deepEqual(pairs.slice(0, 3), ['John>Luke 257', 'Luke>John 230', 'Ps>John 150']);
        assert.ok(!body.topBookPairs.some((p: { from: { id: string }; to: { id: string } }) => p.from.id === p.to.id), 'no book paired with itself');
        assert.equal(body.topBookPairs[0].rank, 1);
      });

      it('adds a book’s outgoing and incoming rows with book=', async () => {
        const { status, body } = await get(app, '/connections?book=john');
        assert.equal(status, 200);
        assert.equal(body.book.id, 'John');
        assert.deepEqual(body.book.internal, { references: 7, votes: 1115 });
        assert.deepEqual(
          body.referencesOut.map((r: { book: { id: string }; references: number; votes: number }) => [r.book.id, r.references, r.votes]),
          [
            ['Luke', 3, 257],
            ['Gen', 1, 60],
            ['Ps', 1, 19],
          ],
        );
        assert.deepEqual(
          body.referencesIn.map((r: { book: { id: string } }) => r.book.id),
          ['Luke', 'Ps', 'Gen', 'Matt'],
        );
        assert.ok(body.topChapters.length > 0, 'the whole-aggregate lists stay');
        assert.equal(body.chapter, undefined);
      });

      it('adds a chapter’s rank, vote weight and partner chapters with osis=', async () => {
        const { status, body } = await get(app, '/connections?osis=Ps.23');
        assert.equal(status, 200);
        assert.equal(body.chapter.osis, 'Ps.23');
        assert.equal(body.chapter.title, 'Psalm 23');
        assert.equal(body.chapter.of, 7);
        assert.equal(body.chapter.rank, 4);
        // Out: John.3.16 150, Luke.19.10 88, Matt.17.7 33, Ps.23.1 21 (inside); in: its own 21 and John 3:16's 19.
        assert.equal(body.chapter.weight, 150 + 88 + 33 + 21 + 19);
        assert.deepEqual(
          body.chapter.referencesOut.map((r: { osis: string; votes: number }) => [r.osis, r.votes]),
          [
            ['John.3', 150],
            ['Luke.19', 88],
            ['Matt.17', 33],
            ['Ps.23', 21],
          ],
        );
        assert.deepEqual(
          body.chapter.referencesIn.map((r: { osis: string }) => r.osis),
          ['Ps.23', 'John.3'],
        );
        assert.equal(body.book, undefined);
      });

      it('ranks every chapter some reference touches, weakest last', async () => {
        const gen1 = await get(app, '/connections?osis=Gen.1');
        const gen24 = await get(app, '/connections?osis=Gen.24');
        // Weights: John.3 1,818, Luke.19 620, John.11 449, Ps.23 311, Matt.17 105, Gen.1 76, Gen.24 60.
        assert.deepEqual([gen1.body.chapter.rank, gen1.body.chapter.weight], [6, 76]);
        assert.deepEqual([gen24.body.chapter.rank, gen24.body.chapter.weight], [7, 60]);
        assert.deepEqual(gen24.body.chapter.referencesOut, []);
      });

      it('answers 400 for an unknown book and for an osis that is not one chapter, 404 for a chapter not in the text', async () => {
        const book = await get(app, '/connections?book=Narnia');
        assert.equal(book.status, 400);
        assert.equal(book.body.code, 'unknown_value');
        assert.equal(book.body.param, 'book');
        assert.ok(book.body.available.includes('Rom'));
        const verse = await get(app, '/connections?osis=Ps.23.1');
        assert.equal(verse.status, 400);
        assert.equal(verse.body.code, 'invalid_parameter');
        assert.equal(verse.body.param, 'osis');
        const bad = await get(app, '/connections?osis=Ps.151');
        assert.equal(bad.status, 400);
        assert.equal(bad.body.code, 'invalid_reference');
        const absent = await get(app, '/connections?osis=Rom.5');
        assert.equal(absent.status, 404);
        assert.equal(absent.body.code, 'not_found');
      });

      it('answers 503 dataset_unavailable with Retry-After when the build left the aggregate out', async () => {
        const distDir = await createTempDir('skg-noconnections-');
        const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir, optional: new Set(['interlinear']) });
        assert.equal(report.ok, true);
        assert.equal(report.manifest?.artefacts.connections, undefined);
        assert.ok(report.manifest?.artefacts.xrefs, 'the cross-reference shards are required and always built');
        const dataSet = await loadDataSet(distDir);
        assert.equal(dataSet.datasets.connections, false);
        const without = createTestApp(dataSet);
        const { status, headers, body } = await get(without, '/connections');
        assert.equal(status, 503);
        assert.equal(body.code, 'dataset_unavailable');
        assert.ok(Number(headers.get('retry-after')) > 0);
        const xrefs = await get(without, '/xrefs/John.3.16');
        assert.equal(xrefs.status, 200, '/xrefs does not need the aggregate');
      });
    });
  });
}
