import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COLLECTIONS } from '@skg/core';
import { get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`stats through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    describe('GET /stats', () => {
      it('lists every collection with its count, folder, browse route, example route and description', async () => {
        const { status, body } = await get(app, '/stats');
        assert.equal(status, 200);
        assert.equal(body.okfVersion, '0.2');
        assert.deepEqual(body.types, COLLECTIONS.map((info) => info.type));
        assert.equal(body.collections.length, COLLECTIONS.length);
        const people = body.collections.find((entry: { type: string }) => entry.type === 'Person');
        assert.equal(people.folder, 'people');
        assert.equal(people.route, '/people');
        assert.ok(people.count >= 1);
        assert.match(people.example, /^\/people\//);
        const events = body.collections.find((entry: { type: string }) => entry.type === 'Event');
        assert.equal(events.folder, 'sa/events');
        assert.ok(events.count >= 1);
      });

      it('reports graph totals, scripture totals and the commonest tags', async () => {
        const { body } = await get(app, '/stats');
        for (const key of ['notes', 'edges', 'tags', 'words', 'orphans', 'brokenLinks', 'verses', 'chapters', 'books']) {
          assert.equal(typeof body[key], 'number', key);
        }
        assert.ok(body.notes > 0 && body.edges > 0 && body.verses > 0 && body.chapters > 0 && body.books > 0);
        assert.ok(Array.isArray(body.topTags) && body.topTags.length > 0);
        assert.ok(body.licence.text);
      });

      it("gives this process's index-build time as generated, with a note", async () => {
        const dataSet = await getFixtureDataSet();
        const { body } = await get(app, '/stats');
        assert.equal(body.generated, dataSet.loadedAt.toISOString());
        assert.match(body.generatedNote, /restart/);
      });
    });

    describe('GET /tags', () => {
      it('lists tags most common first with total, offset and count', async () => {
        const { status, body } = await get(app, '/tags');
        assert.equal(status, 200);
        assert.ok(body.total >= 1);
        assert.equal(body.offset, 0);
        assert.equal(body.count, body.tags.length);
        for (let i = 1; i < body.tags.length; i++) assert.ok(body.tags[i - 1].count >= body.tags[i].count);
        assert.ok(body.note);
      });

      it('pages with limit and offset over the same total', async () => {
        const all = await get(app, '/tags?limit=1000');
        const page = await get(app, '/tags?limit=1&offset=1');
        assert.equal(page.body.total, all.body.total);
        assert.equal(page.body.count, Math.min(1, Math.max(0, all.body.total - 1)));
        if (all.body.total > 1) assert.deepEqual(page.body.tags[0], all.body.tags[1]);
      });

      it('shares its tag names with /stats topTags', async () => {
        const tags = await get(app, '/tags?limit=1000');
        const stats = await get(app, '/stats');
        assert.deepEqual(stats.body.topTags, tags.body.tags.slice(0, stats.body.topTags.length));
      });
    });
  });
}
