import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COLLECTIONS } from '@skg/core';
import { get } from '../helpers/app.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`list through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    describe('GET /list', () => {
      it('lists one type with total, paging, hasMore and the collection browse route', async () => {
        const { status, body } = await get(app, '/list?type=Person&limit=2');
        assert.equal(status, 200);
        assert.equal(body.type, 'Person');
        assert.equal(body.collection, '/people');
        assert.equal(body.sort, 'title');
        assert.equal(body.count, 2);
        assert.ok(body.total > 2);
        assert.equal(body.hasMore, true);
        for (const result of body.results) assert.equal(result.type, 'Person');
        const titles = (await get(app, '/list?type=Person&limit=200')).body.results.map((r: { title: string }) => r.title);
        assert.deepEqual(titles, [...titles].sort((a: string, b: string) => a.localeCompare(b)));
      });

      it('accepts plurals and folder names as type (themes, sa/events)', async () => {
        const themes = await get(app, '/list?type=themes');
        assert.equal(themes.status, 200);
        assert.equal(themes.body.type, 'Theme');
        const events = await get(app, '/list?type=sa/events');
        assert.equal(events.status, 200);
        assert.equal(events.body.type, 'Event');
      });

      it('flags share-alike events with shareAlike: true', async () => {
        const { body } = await get(app, '/list?type=Event');
        assert.ok(body.results.length >= 1);
        for (const result of body.results) assert.equal(result.shareAlike, true, result.id);
        const people = await get(app, '/list?type=Person');
        for (const result of people.body.results) assert.equal(result.shareAlike, undefined, result.id);
      });

      it('orders epochs chronologically by default and adds their sortable fields', async () => {
        const { body } = await get(app, '/list?type=epochs');
        assert.equal(body.sort, 'chronological');
        const years = body.results.map((r: { startYearAH: number }) => r.startYearAH);
        assert.deepEqual(years, [...years].sort((a: number, b: number) => a - b));
        const commandments = await get(app, '/list?type=commandments');
        assert.equal(typeof commandments.body.results[0].number, 'number');
        assert.match(commandments.body.results[0].polarity, /^(positive|negative)$/);
      });

      it('sorts by degree, most connected first', async () => {
        const { body } = await get(app, '/list?sort=degree&limit=20');
        for (let i = 1; i < body.results.length; i++) assert.ok(body.results[i - 1].degree >= body.results[i].degree);
      });

      it('filters by tag and by folder', async () => {
        const tagged = await get(app, '/list?tag=male');
        assert.ok(tagged.body.total >= 1);
        assert.equal(tagged.body.tag, 'male');
        const folder = await get(app, '/list?folder=places');
        assert.ok(folder.body.total >= 1);
        for (const result of folder.body.results) assert.match(result.id, /^\/places\//);
      });

      it('answers unknown_value with the twelve types for an unknown type, and for an unknown sort or tag', async () => {
        const type = await get(app, '/list?type=Dragon');
        assert.equal(type.status, 400);
        assert.equal(type.body.code, 'unknown_value');
        assert.equal(type.body.param, 'type');
        assert.deepEqual(type.body.available, COLLECTIONS.map((info) => info.type));
        const sort = await get(app, '/list?sort=random');
        assert.equal(sort.body.code, 'unknown_value');
        assert.deepEqual(sort.body.available, ['title', 'degree', 'canonical', 'chronological']);
        const tag = await get(app, '/list?tag=no-such-tag');
        assert.equal(tag.status, 400);
        assert.equal(tag.body.code, 'unknown_value');
        assert.equal(tag.body.param, 'tag');
      });
    });

    describe('GET /list: the collection decides the default order and the legal sorts', () => {
      it('orders a folder, or a tag, whose documents are all of one chronological collection chronologically', async () => {
        const byType = await get(app, '/list?type=Epoch');
        for (const query of ['/list?folder=epochs', '/list?folder=/epochs/', '/list?tag=epoch-life', '/list?folder=sa/events']) {
          const { status, body } = await get(app, query);
          assert.equal(status, 200, query);
          assert.equal(body.sort, 'chronological', query);
        }
        const folder = await get(app, '/list?folder=epochs');
        assert.deepEqual(folder.body.results, byType.body.results);
      });

      it('keeps title for a folder or tag that spans several collections or none', async () => {
        assert.equal((await get(app, '/list?folder=bible')).body.sort, 'title');
        assert.equal((await get(app, '/list?tag=male')).body.sort, 'title');
        assert.equal((await get(app, '/list?folder=nowhere')).body.sort, 'title');
      });

      it('answers unknown_value listing the sorts a collection supports for one it cannot do, and echoes the sort applied', async () => {
        const person = await get(app, '/list?type=Person&sort=chronological');
        assert.equal(person.status, 400);
        assert.equal(person.body.code, 'unknown_value');
        assert.equal(person.body.param, 'sort');
        assert.deepEqual(person.body.available, ['title', 'degree', 'canonical']);
        const epochs = await get(app, '/list?folder=epochs&sort=canonical');
        assert.equal(epochs.status, 400);
        assert.deepEqual(epochs.body.available, ['title', 'degree', 'chronological']);
        const place = await get(app, '/list?type=Place&sort=canonical');
        assert.deepEqual(place.body.available, ['title', 'degree']);
        const ok = await get(app, '/list?type=Person&sort=Canonical');
        assert.equal(ok.status, 200);
        assert.equal(ok.body.sort, 'canonical');
        const mixed = await get(app, '/list?sort=chronological&limit=3');
        assert.equal(mixed.status, 200, 'no single collection: every sort applies');
        assert.equal(mixed.body.sort, 'chronological');
      });

      it('lists every tag, sorted, as available for an unknown tag', async () => {
        const tags = (await get(app, '/tags?limit=1000')).body.tags.map((t: { name: string }) => t.name);
        const { body } = await get(app, '/list?tag=nosuch');
        assert.equal(body.code, 'unknown_value');
        assert.deepEqual(body.available, [...tags].sort());
        assert.ok(body.available.includes('male'));
      });
    });
  });
}
