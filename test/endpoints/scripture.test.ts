import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKS } from '@skg/core';
import { get } from '../helpers/app.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`scripture through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    describe('GET /scripture', () => {
      it('answers ScriptureResults with the query, its terms, paging and hits with reference and url', async () => {
        const { status, body } = await get(app, '/scripture?q=jesus%20wept');
        assert.equal(status, 200);
        assert.equal(body.query, 'jesus wept');
        assert.deepEqual(body.terms, ['jesus', 'wept']);
        assert.deepEqual(body.phrases, []);
        assert.equal(body.translation, 'BSB');
        assert.equal(body.offset, 0);
        assert.equal(body.count, body.hits.length);
        assert.ok(body.total >= 1);
        assert.deepEqual(body.hits[0], {
          osis: 'John.11.35',
          reference: 'John 11:35',
          url: '/bible/john/11#John.11.35',
          text: 'Jesus wept.',
          book: 'John',
          testament: 'NT',
        });
        assert.ok(body.licence.text);
        assert.equal(body.licence.document, undefined, 'a search covers many documents: the blanket licence');
      });

      it('requires every word in the same verse and quoted words adjacent', async () => {
        const loose = await get(app, '/scripture?q=only%20son&limit=100');
        const phrase = await get(app, '/scripture?q=%22only%20son%22&limit=100');
        assert.deepEqual(phrase.body.phrases, ['only son']);
        assert.ok(phrase.body.total >= 1);
        for (const hit of phrase.body.hits) assert.match(hit.text, /\bonly Son\b/i, hit.osis);
        for (const hit of loose.body.hits) assert.match(hit.text, /\bonly\b.*\bSon\b|\bSon\b.*\bonly\b/i, hit.osis);
        assert.ok(loose.body.total >= phrase.body.total);
      });

      it('pages with limit and offset over the same total', async () => {
        const all = await get(app, '/scripture?q=god&limit=100');
        assert.ok(all.body.total >= 3, 'the data has several verses with god');
        const page = await get(app, '/scripture?q=god&limit=1&offset=1');
        assert.equal(page.body.total, all.body.total);
        assert.equal(page.body.offset, 1);
        assert.equal(page.body.count, 1);
        assert.deepEqual(page.body.hits[0], all.body.hits[1]);
      });

      it('applies the default for a limit that is not a number and clamps one out of range', async () => {
        const cases: Array<[query: string, count: (total: number) => number]> = [
          ['limit=abc', (total) => Math.min(total, 25)],
          ['limit=0', (total) => Math.min(total, 1)],
          ['limit=100000', (total) => Math.min(total, 100)],
          ['offset=-4', (total) => Math.min(total, 25)],
        ];
        for (const [query, count] of cases) {
          const { status, body } = await get(app, `/scripture?q=god&${query}`);
          assert.equal(status, 200, query);
          assert.equal(body.count, count(body.total), query);
        }
      });

      it('filters by book (OSIS id or slug) and by testament', async () => {
        for (const book of ['John', 'john']) {
          const { body } = await get(app, `/scripture?q=god&book=${book}&limit=100`);
          assert.ok(body.total >= 1, book);
          assert.ok(body.hits.every((hit: { book: string }) => hit.book === 'John'), book);
        }
        const ot = await get(app, '/scripture?q=god&testament=OT&limit=100');
        assert.ok(ot.body.total >= 1);
        assert.ok(ot.body.hits.every((hit: { testament: string }) => hit.testament === 'OT'));
        const lower = await get(app, '/scripture?q=god&testament=nt&limit=100');
        assert.ok(lower.body.hits.every((hit: { testament: string }) => hit.testament === 'NT'));
      });

      it('never matches an omitted verse', async () => {
        const { body } = await get(app, '/scripture?q=faith&book=Matt&limit=100');
        assert.ok(body.hits.every((hit: { osis: string }) => hit.osis !== 'Matt.17.21'));
      });
    });

    describe('GET /scripture errors', () => {
      it('answers a missing or blank q with 400 missing_parameter naming q', async () => {
        for (const query of ['', '?q=', '?q=%20%20', '?book=John']) {
          const { status, body } = await get(app, `/scripture${query}`);
          assert.equal(status, 400, query);
          assert.equal(body.code, 'missing_parameter', query);
          assert.equal(body.param, 'q', query);
        }
      });

      it('answers an unknown book with unknown_value listing the 66 OSIS ids', async () => {
        const { status, body } = await get(app, '/scripture?q=god&book=Hezekiah');
        assert.equal(status, 400);
        assert.equal(body.code, 'unknown_value');
        assert.equal(body.param, 'book');
        assert.deepEqual(body.available, BOOKS.map((book) => book.osis));
      });

      it('answers an unknown testament with unknown_value listing OT and NT', async () => {
        const { status, body } = await get(app, '/scripture?q=god&testament=apocrypha');
        assert.equal(status, 400);
        assert.equal(body.code, 'unknown_value');
        assert.equal(body.param, 'testament');
        assert.deepEqual(body.available, ['OT', 'NT']);
      });

      it('answers a query without a searchable word with invalid_parameter naming q', async () => {
        const { status, body } = await get(app, '/scripture?q=%22%22%20!!');
        assert.equal(status, 400);
        assert.equal(body.code, 'invalid_parameter');
        assert.equal(body.param, 'q');
      });
    });
  });
}
