import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { H3 } from 'h3';
import { COLLECTIONS } from '@skg/core';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';

let app: H3;
before(async () => {
  app = createTestApp(await getFixtureDataSet());
});

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
