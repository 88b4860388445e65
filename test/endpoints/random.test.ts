import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKS, createCanon, getBook, type Book, type Verse } from '@skg/core';
import type { DataSet, ScriptureStore } from '../../packages/server/src/artefacts/types.ts';
import { pickRandomVerse } from '../../packages/server/src/routes/random.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';

const MATTHEW = getBook('Matt') as Book;

/** A `random` that answers `values` in turn, then throws: a test sees every draw the pick makes. */
function draws(...values: number[]): () => number {
  let next = 0;
  return () => {
    const value = values[next++];
    if (value === undefined) throw new Error(`drew ${next} times; the test gave ${values.length} values`);
    return value;
  };
}

/** The draw that lands on verse slot `slot` (0-based) of `total`. */
const at = (slot: number, total: number) => (slot + 0.5) / total;

/** A store of Matthew 1 with `count` verses, the ones in `omitted` omitted. */
function createStore(count: number, omitted: readonly number[]): ScriptureStore {
  const canon = createCanon({ Matt: [count] });
  return {
    canon,
    getVerse: (book, chapter, verse): Verse | undefined =>
      book.osis === 'Matt' && chapter === 1 && verse >= 1 && verse <= count
        ? { verse, osis: `Matt.1.${verse}`, text: omitted.includes(verse) ? '' : 'text', ...(omitted.includes(verse) ? { omitted: true } : {}) }
        : undefined,
    getChapter: () => undefined,
    getHeadings: () => [],
    search: () => Promise.reject(new Error('not used')),
  } as ScriptureStore;
}

describe('pickRandomVerse', () => {
  it('takes the verse the draw lands on, counting slots in canonical order', () => {
    const picked = pickRandomVerse(createStore(10, []), [MATTHEW], draws(at(6, 10)));
    assert.equal(picked?.verse, 7);
    assert.equal(pickRandomVerse(createStore(10, []), [MATTHEW], draws(0))?.verse, 1, 'a draw of 0 is the first verse');
    assert.equal(pickRandomVerse(createStore(10, []), [MATTHEW], draws(0.999999))?.verse, 10, 'a draw just under 1 is the last');
  });

  it('draws again when it lands on an omitted verse, so each verse with text stays equally likely', () => {
    const picked = pickRandomVerse(createStore(10, [4]), [MATTHEW], draws(at(3, 10), at(8, 10)));
    assert.equal(picked?.verse, 9);
  });

  it('takes the next verse with text after 32 draws on omitted verses, wrapping round', () => {
    const landings = Array.from({ length: 32 }, () => at(9, 10));
    assert.equal(pickRandomVerse(createStore(10, [9, 10]), [MATTHEW], draws(...landings))?.verse, 1);
  });

  it('answers undefined when the books hold no verse with text', () => {
    const landings = Array.from({ length: 32 }, () => at(1, 3));
    assert.equal(pickRandomVerse(createStore(3, [1, 2, 3]), [MATTHEW], draws(...landings)), undefined, 'every verse omitted');
    assert.equal(pickRandomVerse(createStore(3, []), [getBook('Gen') as Book], draws()), undefined, 'a book the text lacks');
  });
});

describe('GET /random', () => {
  let dataSet: DataSet;

  before(async () => {
    dataSet = await getFixtureDataSet();
  });

  it('answers the Passage /passage/{osis} answers for the verse drawn, with no-store and every usual header', async () => {
    const app = createTestApp(dataSet, { random: () => 0 });
    const { status, headers, body } = await get(app, '/random', { origin: 'https://example.org' });
    assert.equal(status, 200);
    assert.equal(headers.get('cache-control'), 'no-store');
    assert.ok(headers.get('x-request-id'));
    assert.equal(headers.get('access-control-allow-origin'), '*');
    assert.equal(headers.get('x-ratelimit-limit'), '600');
    assert.equal(body.osis, 'Gen.1.1', 'a draw of 0 is the first verse the fixture has');
    const passage = await get(app, `/passage/${body.osis}`);
    assert.deepEqual(body, passage.body);
    assert.equal(body.kind, 'passage');
    assert.equal(body.licence.document, 'CC-BY-4.0');
  });

  it('draws a different verse on each request (no cache in between)', async () => {
    let next = 0;
    const app = createTestApp(dataSet, { random: () => [0, 0.5][next++ % 2] ?? 0 });
    const first = await get(app, '/random');
    const second = await get(app, '/random');
    assert.notEqual(first.body.osis, second.body.osis);
  });

  it('never draws an omitted verse: a draw on Matt.17.21 draws again', async () => {
    const total = dataSet.scripture.canon.verseCount(MATTHEW, 17);
    const app = createTestApp(dataSet, { random: draws(at(20, total), at(4, total)) });
    const { status, body } = await get(app, '/random?book=Matt');
    assert.equal(status, 200);
    assert.equal(body.osis, 'Matt.17.5');
    assert.ok(body.text.length > 0);
    assert.equal(body.omitted, undefined);
  });

  it('draws from the book named by OSIS id or slug, and from the testament named in any case', async () => {
    const app = createTestApp(dataSet);
    for (let n = 0; n < 20; n++) {
      assert.equal((await get(app, '/random?book=john')).body.book.id, 'John');
      assert.equal((await get(app, '/random?testament=ot')).body.book.testament, 'OT');
      const matthew = await get(app, '/random?book=Matt&testament=NT');
      assert.notEqual(matthew.body.osis, 'Matt.17.21');
      assert.ok(matthew.body.text.length > 0, matthew.body.osis);
    }
  });

  it('answers 400 unknown_value with the legal values for a book or testament that is not one', async () => {
    const app = createTestApp(dataSet);
    const book = await get(app, '/random?book=Nowhere');
    assert.equal(book.status, 400);
    assert.equal(book.body.code, 'unknown_value');
    assert.equal(book.body.param, 'book');
    assert.deepEqual(book.body.available, BOOKS.map((entry) => entry.osis));
    const testament = await get(app, '/random?testament=XX');
    assert.equal(testament.body.code, 'unknown_value');
    assert.equal(testament.body.param, 'testament');
    assert.deepEqual(testament.body.available, ['OT', 'NT']);
  });

  it('answers 400 invalid_parameter for a book outside the testament named', async () => {
    const { status, body } = await get(createTestApp(dataSet), '/random?book=John&testament=OT');
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_parameter');
    assert.equal(body.param, 'testament');
  });

  it('answers 404 not_found for a book the data holds no verse of', async () => {
    const { status, body } = await get(createTestApp(dataSet), '/random?book=Exod');
    assert.equal(status, 404);
    assert.equal(body.code, 'not_found');
  });
});
