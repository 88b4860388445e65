// Search ranks what is named first (issue 19), measured over the full data: for each query of
// search-names.table.ts the first result is the person, place, book or theme readers mean.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadDataSet } from '@skg/server';
import { createTestApp, get } from '../helpers/app.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';
import { SEARCH_NAMES } from './search-names.table.ts';

const skip = skipWithoutFullData();

describe('search puts the named first, on the full data', { skip }, () => {
  let app: ReturnType<typeof createTestApp>;

  before(async () => {
    app = createTestApp(await loadDataSet(FULL_DIST));
  });

  it(`answers each of the ${SEARCH_NAMES.length} queries with the expected first result`, async () => {
    assert.ok(SEARCH_NAMES.length >= 100, 'at least a hundred queries');
    const missed: string[] = [];
    for (const [query, first] of SEARCH_NAMES) {
      const { status, body } = await get(app, `/search?q=${encodeURIComponent(query)}&limit=3`);
      assert.equal(status, 200, query);
      const found = (body.results as Array<{ id: string }>).map((result) => result.id);
      if (found[0] !== `/${first}`) missed.push(`${query}: expected /${first}, got ${found.join(', ') || 'nothing'}`);
    }
    assert.deepEqual(missed, [], `${missed.length} of ${SEARCH_NAMES.length} queries put something else first`);
  });

  it('does not rank an inscription’s capitals above a place’s own name (NAZARETH on the titulus)', async () => {
    const { body } = await get(app, '/search?q=nazareth&limit=3');
    assert.equal(body.results[0].id, '/places/nazareth');
    const jesus = await get(app, '/entity/people/jesus');
    assert.ok(!(jesus.body.extension.aliases as string[]).includes('NAZARETH'), 'an inscription is no alias');
    assert.ok((jesus.body.extension.aliases as string[]).includes('Jesus of Nazareth'));
  });
});
