// GET /xrefs/{osis} and passage context.crossReferences over the compiled fixture bundle, whose
// references/cross-references.tsv is a small hand-made table (see the rows quoted in each test).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/app.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`xrefs through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    type Reference = { from: string; target: string; targetOsis: string; votes: number };

    const targets = (body: { references: Reference[] }): string[] => body.references.map((r) => r.targetOsis);

    describe('GET /xrefs/{osis}', () => {
      it('lists a verse’s references at or above the floor, most votes first, votes saturating at 200', async () => {
        const { status, body } = await get(app, '/xrefs/John.3.16');
        assert.equal(status, 200);
        assert.equal(body.osis, 'John.3.16');
        assert.equal(body.minVotes, 0);
        assert.equal(body.threshold, 20);
        // John.3.16 rows: John.3.15 210, John.11.25-26 205, John.3.36 190, Gen.24.7 60, Luke.19.10 60, John.3.37 30 (no such
        // verse), Ps.23.1 19 (below the floor).
        assert.deepEqual(targets(body), ['John.3.15', 'John.11.25-John.11.26', 'John.3.36', 'Gen.24.7', 'Luke.19.10']);
        assert.deepEqual(
          body.references.map((r: Reference) => r.votes),
          [200, 200, 190, 60, 60],
        );
        assert.equal(body.count, 5);
        assert.equal(body.total, 5);
        assert.deepEqual(body.references[1], {
          from: 'John.3.16',
          target: '/bible/john/11#John.11.25',
          targetOsis: 'John.11.25-John.11.26',
          votes: 200,
        });
        assert.match(body.note, /materialised/);
        assert.equal(body.licence.document, 'CC-BY-4.0');
      });

      it('lists every verse of a chapter, most-supported first across verses, limit as a cap with the true total', async () => {
        const all = await get(app, '/xrefs/John.3');
        assert.equal(all.status, 200);
        assert.equal(all.body.total, 9);
        assert.deepEqual(
          all.body.references.map((r: Reference) => `${r.from}>${r.targetOsis}`),
          [
            'John.3.17>John.3.16', // 250
            'John.3.16>John.3.15', // 210
            'John.3.16>John.11.25-John.11.26', // 205
            'John.3.16>John.3.36', // 190
            'John.3.17>Luke.19.10', // 120
            'John.3.3>John.3.5-John.3.7', // 95
            'John.3.16>Gen.24.7', // 60
            'John.3.16>Luke.19.10', // 60
            'John.3.14>John.3.15', // 25
          ],
        );
        const capped = await get(app, '/xrefs/John.3?limit=3');
        assert.equal(capped.body.count, 3);
        assert.equal(capped.body.total, 9);
        assert.deepEqual(capped.body.references, all.body.references.slice(0, 3));
      });

      it('filters by minVotes on the saturated votes; values under the floor change nothing', async () => {
        const strong = await get(app, '/xrefs/John.3.16?minVotes=61');
        assert.deepEqual(targets(strong.body), ['John.3.15', 'John.11.25-John.11.26', 'John.3.36']);
        assert.equal(strong.body.minVotes, 61);
        const saturated = await get(app, '/xrefs/John.3.16?minVotes=200');
        assert.deepEqual(targets(saturated.body), ['John.3.15', 'John.11.25-John.11.26']);
        const low = await get(app, '/xrefs/John.3.16?minVotes=5');
        assert.deepEqual(low.body.references, (await get(app, '/xrefs/John.3.16')).body.references);
      });

      it('clamps minVotes and limit and ignores values that are not numbers', async () => {
        const high = await get(app, '/xrefs/John.3.16?minVotes=900&limit=9999');
        assert.equal(high.status, 200);
        assert.equal(high.body.minVotes, 200);
        const junk = await get(app, '/xrefs/John.3?minVotes=abc&limit=abc');
        assert.equal(junk.body.minVotes, 0);
        assert.equal(junk.body.count, 9);
        const zero = await get(app, '/xrefs/John.3?limit=0');
        assert.equal(zero.body.count, 1);
      });

      it('answers 200 with no references for a verse nobody cross-referenced', async () => {
        const { status, body } = await get(app, '/xrefs/Gen.1.1');
        assert.equal(status, 200, 'its only row targets John 1, which the fixture does not have');
        assert.deepEqual(body.references, []);
        assert.equal(body.count, 0);
      });

      it('refuses a range with invalid_parameter and a malformed reference with invalid_reference', async () => {
        const range = await get(app, '/xrefs/John.3.16-17');
        assert.equal(range.status, 400);
        assert.equal(range.body.code, 'invalid_parameter');
        assert.equal(range.body.param, 'osis');
        const bad = await get(app, '/xrefs/Nowhere.3.16');
        assert.equal(bad.status, 400);
        assert.equal(bad.body.code, 'invalid_reference');
      });

      it('answers 404 not_found for a verse or a chapter the text does not have', async () => {
        for (const osis of ['John.3.99', 'Rom.5', 'Rom.5.8']) {
          const { status, body } = await get(app, `/xrefs/${osis}`);
          assert.equal(status, 404, osis);
          assert.equal(body.code, 'not_found', osis);
        }
      });
    });

    describe('GET /passage/{osis} context.crossReferences', () => {
      it('lists the cross references of a verse, as /xrefs does', async () => {
        const passage = await get(app, '/passage/John.3.16');
        const xrefs = await get(app, '/xrefs/John.3.16');
        assert.deepEqual(passage.body.context.crossReferences, xrefs.body.references);
      });

      it('lists those of every verse of a range, most-supported first', async () => {
        const { body } = await get(app, '/passage/John.3.14-17');
        assert.deepEqual(
          body.context.crossReferences.map((r: Reference) => `${r.from}>${r.targetOsis}`),
          [
            'John.3.17>John.3.16',
            'John.3.16>John.3.15',
            'John.3.16>John.11.25-John.11.26',
            'John.3.16>John.3.36',
            'John.3.17>Luke.19.10',
            'John.3.16>Gen.24.7',
            'John.3.16>Luke.19.10',
            'John.3.14>John.3.15',
          ],
        );
      });
    });
  });
}
