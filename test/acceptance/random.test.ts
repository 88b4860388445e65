// GET /random on the full BSB data: every draw a verse with text, inside the scope asked for, and the
// body /passage answers for it.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKS } from '@skg/core';
import { createApp, loadDataSet } from '@skg/server';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

/** Verses the BSB omits (footnoted manuscript variants): no draw may answer one. */
const OMITTED = ['Matt.17.21', 'Matt.18.11', 'Matt.23.14', 'Mark.7.16', 'Mark.9.44', 'Mark.9.46', 'Mark.11.26', 'Mark.15.28'];

describe('GET /random on the full data', { skip }, () => {
  let app: ReturnType<typeof createApp>;

  before(async () => {
    const dataSet = await loadDataSet(FULL_DIST);
    // Over a thousand draws: above the default rate limit of one client.
    app = createApp({ getDataSet: () => dataSet, trustProxy: true, rateLimit: { limit: 100_000, windowMs: 60_000 } });
  });

  async function get(route: string) {
    const response = await app.fetch(new Request(`http://localhost/api/v1${route}`));
    return { response, status: response.status, body: JSON.parse(await response.text()) };
  }

  it('draws verses with text from across the Bible, never cached', async () => {
    const books = new Set<string>();
    for (let n = 0; n < 200; n++) {
      const { status, response, body } = await get('/random');
      assert.equal(status, 200);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.ok(body.text.length > 0, `${body.osis} has text`);
      books.add(body.book.id);
    }
    assert.ok(books.size >= 30, `200 draws reached ${books.size} books`);
  });

  it('never draws an omitted verse of Mark, the book with the most of them', async () => {
    const seen = new Set<string>();
    for (let n = 0; n < 1000; n++) {
      const { body } = await get('/random?book=Mark');
      assert.equal(body.book.id, 'Mark');
      assert.equal(body.omitted, undefined, body.osis);
      assert.ok(!OMITTED.includes(body.osis), body.osis);
      seen.add(body.osis);
    }
    assert.ok(seen.size > 500, `1,000 draws over Mark's 673 verses with text gave ${seen.size} different ones`);
  });

  it('stays in the testament asked for and answers what /passage answers for the verse', async () => {
    for (let n = 0; n < 50; n++) {
      const { body } = await get('/random?testament=OT');
      assert.equal(body.book.testament, 'OT', body.osis);
      if (n < 5) assert.deepEqual(body, (await get(`/passage/${body.osis}`)).body, body.osis);
    }
  });

  it('answers every one of the 66 books', async () => {
    for (const book of BOOKS) {
      const { status, body } = await get(`/random?book=${book.slug}`);
      assert.equal(status, 200, book.osis);
      assert.equal(body.book.id, book.osis);
    }
  });
});
