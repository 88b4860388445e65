import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/app.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`search through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    describe('GET /search', () => {
      it('finds the patriarch first for abraham among people, though the data calls him Abram', async () => {
        const { status, body } = await get(app, '/search?q=abraham&type=Person');
        assert.equal(status, 200);
        assert.equal(body.query, 'abraham');
        assert.equal(body.type, 'Person');
        assert.equal(body.results[0].id, '/people/abram');
        for (const result of body.results) assert.equal(result.type, 'Person');
        assert.equal(body.count, body.results.length);
        assert.equal(body.offset, 0);
      });

      it('finds a lexeme by its Strong number', async () => {
        const { body } = await get(app, '/search?q=H430');
        assert.equal(body.results[0].id, '/lexemes/h430');
        assert.equal(body.results[0].strongs, 'H430');
      });

      it('accepts plurals and folder names as type and flags share-alike results', async () => {
        const events = await get(app, '/search?q=nicodemus&type=sa/events');
        assert.equal(events.status, 200);
        assert.equal(events.body.type, 'Event');
        assert.ok(events.body.results.length >= 1);
        for (const result of events.body.results) assert.equal(result.shareAlike, true);
        const themes = await get(app, '/search?q=god&type=themes');
        assert.equal(themes.status, 200);
        assert.equal(themes.body.type, 'Theme');
      });

      it('pages with limit and offset over the same total', async () => {
        const all = await get(app, '/search?q=abraham&limit=100');
        const page = await get(app, '/search?q=abraham&limit=1&offset=1');
        assert.equal(page.body.total, all.body.total);
        assert.equal(page.body.count, 1);
        assert.deepEqual(page.body.results[0], all.body.results[1]);
      });

      it('requires q, and answers unknown_value for an unknown type or tag', async () => {
        const missing = await get(app, '/search');
        assert.equal(missing.status, 400);
        assert.equal(missing.body.code, 'missing_parameter');
        assert.equal(missing.body.param, 'q');
        const type = await get(app, '/search?q=isaac&type=Dragon');
        assert.equal(type.body.code, 'unknown_value');
        assert.equal(type.body.available.length, 12);
        const tag = await get(app, '/search?q=isaac&tag=no-such-tag');
        assert.equal(tag.body.code, 'unknown_value');
      });
    });

    describe('GET /search with an unknown tag', () => {
      it('lists every tag, sorted, as available', async () => {
        const tags = (await get(app, '/tags?limit=1000')).body.tags.map((t: { name: string }) => t.name);
        const { status, body } = await get(app, '/search?q=isaac&tag=nosuch');
        assert.equal(status, 400);
        assert.equal(body.param, 'tag');
        assert.deepEqual(body.available, [...tags].sort());
      });
    });
  });
}
