// The foundation's acceptance criteria, asked of the API over the full BSB data.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createApp, loadDataSet } from '@skg/server';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

describe('the API on the full data', { skip }, () => {
  let app: ReturnType<typeof createApp>;

  before(async () => {
    const dataSet = await loadDataSet(FULL_DIST);
    app = createApp({ getDataSet: () => dataSet, trustProxy: true });
  });

  async function get(route: string, headers: Record<string, string> = {}) {
    const response = await app.fetch(new Request(`http://localhost/api/v1${route}`, { headers }));
    const text = await response.text();
    return { response, status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  it('answers John 3:16 and Genesis 1:1 with their exact BSB text, footnotes removed', async () => {
    const john = await get('/passage/John.3.16');
    assert.equal(john.status, 200);
    assert.equal(
      john.body.text,
      'For God so loved the world that He gave His one and only Son, that everyone who believes in Him shall not perish but have eternal life.',
    );
    assert.equal(john.body.osis, 'John.3.16');
    assert.equal(john.body.reference, 'John 3:16');
    assert.equal(john.body.licence.document, 'CC-BY-4.0');
    const genesis = await get('/passage/Gen.1.1');
    assert.equal(genesis.body.text, 'In the beginning God created the heavens and the earth.');
    assert.equal(genesis.body.chapter.previous, null);
    assert.equal(genesis.body.chapter.next, 'Gen.2');
  });

  it('answers an omitted verse with omitted: true and empty text', async () => {
    const { status, body } = await get('/passage/Matt.17.21');
    assert.equal(status, 200);
    assert.equal(body.omitted, true);
    assert.equal(body.text, '');
    assert.equal(body.verses[0].omitted, true);
  });

  it('holds 176 verses in Psalm 119 and 31,102 verse slots over 1,189 chapters', async () => {
    const { status, body } = await get('/passage/Ps.119');
    assert.equal(status, 200);
    assert.equal(body.verseCount, 176);
    assert.equal(body.verses.length, 176);
    const vocabulary = await get('/vocabulary');
    assert.equal(vocabulary.body.books.length, 66);
    assert.equal(vocabulary.body.books.reduce((sum: number, b: { chapters: number }) => sum + b.chapters, 0), 1189);
  });

  it('lists the sixteen omitted verses in their chapters', async () => {
    const omitted = ['Matt.17.21', 'Matt.18.11', 'Matt.23.14', 'Mark.7.16', 'Mark.9.44', 'Mark.9.46', 'Mark.11.26', 'Mark.15.28',
      'Luke.17.36', 'Luke.23.17', 'John.5.4', 'Acts.8.37', 'Acts.15.34', 'Acts.24.7', 'Acts.28.29', 'Rom.16.24'];
    for (const osis of omitted) {
      const chapter = osis.split('.').slice(0, 2).join('.');
      const { body } = await get(`/passage/${chapter}`);
      assert.ok(body.omittedVerses.includes(Number(osis.split('.')[2])), `${osis} listed as omitted`);
    }
  });

  it('separates references that do not parse from references with nothing there', async () => {
    const foo = await get('/passage/Foo.1.1');
    assert.equal(foo.status, 400);
    assert.equal(foo.body.code, 'invalid_reference');
    assert.ok(foo.body.requestId);
    const beyond = await get('/passage/Gen.1.99');
    assert.equal(beyond.status, 404);
    assert.equal(beyond.body.code, 'not_found');
    const backwards = await get('/passage/John.3.18-16');
    assert.equal(backwards.status, 400);
  });

  it('asks for q on /scripture', async () => {
    const { status, body } = await get('/scripture');
    assert.equal(status, 400);
    assert.equal(body.code, 'missing_parameter');
    assert.equal(body.param, 'q');
  });

  it('finds a quoted phrase only where its words are adjacent', async () => {
    const { status, body } = await get('/scripture?q=%22only%20son%22&limit=100');
    assert.equal(status, 200);
    assert.deepEqual(body.phrases, ['only son']);
    assert.ok(body.total > 0);
    for (const hit of body.hits) {
      assert.match(hit.text, /\bonly son\b/i, `${hit.osis} has "only son" adjacent`);
    }
    const loose = await get('/scripture?q=only%20son&limit=1');
    assert.ok(loose.body.total > body.total, 'unquoted words match more verses than the phrase');
  });

  it('ranks John 11:35 first for jesus wept', async () => {
    const { body } = await get('/scripture?q=jesus%20wept');
    assert.equal(body.hits[0].osis, 'John.11.35');
    assert.deepEqual(body.terms, ['jesus', 'wept']);
  });

  it('never matches an omitted verse', async () => {
    const { body } = await get('/scripture?q=fasting&book=Matt&limit=100');
    assert.ok(body.hits.every((hit: { osis: string }) => hit.osis !== 'Matt.17.21'));
  });

  it('answers a repeated request with If-None-Match with 304 and no body', async () => {
    const first = await get('/passage/John.3.16');
    const etag = first.response.headers.get('etag');
    assert.ok(etag);
    const second = await app.fetch(new Request('http://localhost/api/v1/passage/John.3.16', { headers: { 'if-none-match': etag } }));
    assert.equal(second.status, 304);
    assert.equal(await second.text(), '');
  });

  it('answers the 601st request in a minute from one address with 429 and Retry-After', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 1; i <= 600; i += 1) {
      const { status } = await get('/passage/Gen.1.1', headers);
      assert.equal(status, 200, `request ${i} is inside the limit`);
    }
    const over = await get('/passage/Gen.1.1', headers);
    assert.equal(over.status, 429);
    assert.equal(over.body.code, 'rate_limited');
    const retryAfter = Number(over.response.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60);
    assert.equal(over.response.headers.get('x-ratelimit-remaining'), '0');
  });
});
