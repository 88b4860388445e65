// Issue 13's acceptance criteria on the full data: references as people write them, and passages across
// chapters.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as en from 'bible-passage-reference-parser/esm/lang/en.js';
import type { H3 } from 'h3';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();
const q = (text: string) => encodeURIComponent(text);
const osisOf = (entries: Array<{ osis: string }>) => entries.map((entry) => entry.osis);

describe('references as people write them (full data)', { skip }, () => {
  let app: H3;
  let dataSet: DataSet;

  before(async () => {
    dataSet = await loadDataSet(FULL_DIST);
    app = createTestApp(dataSet);
  });

  it('reads the KJV verse counts the parser holds exactly as the data has them', () => {
    const { chapters } = new bcv_parser(en).translation_info('kjv');
    const { canon } = dataSet.scripture;
    for (const book of canon.books) {
      const ours = Array.from({ length: book.chapters }, (_, index) => canon.verseCount(book, index + 1));
      assert.deepEqual(chapters[book.osis], ours, book.osis);
    }
  });

  it('q=Jn 3:16-18; Rom 8:28 gives John.3.16-John.3.18 and Rom.8.28 with their text', async () => {
    const { status, body } = await get(app, `/references?q=${q('Jn 3:16-18; Rom 8:28')}&passages=true`);
    assert.equal(status, 200);
    assert.deepEqual(osisOf(body.references), ['John.3.16-John.3.18', 'Rom.8.28']);
    const [john, romans] = body.references;
    assert.deepEqual(osisOf(john.passages[0].verses), ['John.3.16', 'John.3.17', 'John.3.18']);
    assert.match(john.passages[0].verses[0].text, /^For God so loved the world/);
    assert.match(romans.passages[0].text, /God works all things together for the good of those who love Him/);
  });

  it('q=Gen 1:1–2:3 gives one range of 34 verses', async () => {
    const { body } = await get(app, `/references?q=${q('Gen 1:1–2:3')}&passages=true`);
    assert.equal(body.count, 1);
    const [range] = body.references;
    assert.equal(range.osis, 'Gen.1.1-Gen.2.3');
    assert.equal(range.verseCount, 34);
    assert.equal(range.passages.length, 1);
    assert.equal(range.passages[0].verses.length, 34);
    assert.deepEqual(range.passages[0].verses[33], { chapter: 2, verse: 3, osis: 'Gen.2.3', text: range.passages[0].verses[33].text });
  });

  it('q=1 Cor 13 gives the whole chapter', async () => {
    const { body } = await get(app, `/references?q=${q('1 Cor 13')}&passages=true`);
    assert.deepEqual(osisOf(body.references), ['1Cor.13']);
    const [passage] = body.references[0].passages;
    assert.equal(passage.verses.length, 13);
    assert.deepEqual(passage.verses.map((verse: { verse: number }) => verse.verse), Array.from({ length: 13 }, (_, index) => index + 1));
    assert.match(passage.verses[3].text, /^Love is patient/);
  });

  it('a Spanish Juan 3:16 with lang=es resolves', async () => {
    const { body } = await get(app, `/references?q=${q('Juan 3:16')}&lang=es&passages=true`);
    assert.deepEqual(osisOf(body.references), ['John.3.16']);
    assert.match(body.references[0].passages[0].text, /^For God so loved the world/);
  });

  it('nonsense gives an empty list, not an error', async () => {
    const { status, body } = await get(app, `/references?q=${q('colourless green ideas sleep furiously')}`);
    assert.equal(status, 200);
    assert.deepEqual(body.references, []);
  });

  it('splits a reference across books into one passage per book', async () => {
    const { body } = await get(app, `/references?q=${q('Gen 50:26-Exod 1:2')}&passages=true`);
    const [reference] = body.references;
    assert.equal(reference.osis, 'Gen.50.26-Exod.1.2');
    assert.deepEqual(osisOf(reference.passages), ['Gen.50.26', 'Exod.1.1-2']);
  });

  it('/passage/Gen.1.1-Gen.2.3 answers 34 verses in order, each with its chapter', async () => {
    const { status, body } = await get(app, '/passage/Gen.1.1-Gen.2.3');
    assert.equal(status, 200);
    assert.equal(body.osis, 'Gen.1.1-Gen.2.3');
    assert.equal(body.reference, 'Genesis 1:1-2:3');
    assert.equal(body.verses.length, 34);
    const order = body.verses.map((verse: { chapter: number; verse: number }) => `${verse.chapter}:${verse.verse}`);
    assert.deepEqual(order, [...Array.from({ length: 31 }, (_, index) => `1:${index + 1}`), '2:1', '2:2', '2:3']);
    assert.equal(body.verses[0].text, 'In the beginning God created the heavens and the earth.');
    assert.equal(body.chapter.osis, 'Gen.1');
    assert.equal(body.licence.document, 'CC-BY-4.0');
  });

  it('/passage/Gen.1-Gen.2 answers both whole chapters', async () => {
    const { body } = await get(app, '/passage/Gen.1-Gen.2');
    assert.equal(body.verses.length, 31 + 25);
    assert.equal(body.verses[55].osis, 'Gen.2.25');
  });

  it('/passage/Gen.1.31-Exod.1.1 is refused with invalid_parameter on osis, not invalid_reference', async () => {
    const { status, body } = await get(app, '/passage/Gen.1.31-Exod.1.1');
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_parameter');
    assert.equal(body.param, 'osis');
    assert.match(body.error, /one book/);
  });

  it('serves any range inside one book: Ps.1-Ps.41, Gen.27-Gen.50 and the whole of Psalms', async () => {
    const cases: Array<[path: string, verses: number, last: string]> = [
      ['/passage/Ps.1-Ps.41', 0, 'Ps.41.13'],
      ['/passage/Gen.27-Gen.50', 805, 'Gen.50.26'],
      ['/passage/Ps.1-Ps.150', 2461, 'Ps.150.6'],
    ];
    for (const [path, verses, last] of cases) {
      const { status, body } = await get(app, path);
      assert.equal(status, 200, path);
      if (verses > 0) assert.equal(body.verses.length, verses, path);
      assert.equal(body.verses[0].verse, 1, path);
      assert.equal(body.verses.at(-1).osis, last, path);
    }
  });

  it('gives the whole of Psalms through /references with passages=true, under the limit it reports', async () => {
    const { status, body } = await get(app, `/references?q=${q('Psalms 1-150')}&passages=true`);
    assert.equal(status, 200);
    assert.equal(body.truncated, false);
    assert.ok(body.verseLimit >= 2461, `limit ${body.verseLimit}`);
    assert.equal(body.references[0].passages[0].verses.length, 2461);
  });

  it('answers John 3:16 sent as free text with invalid_reference and docs naming John.3.16', async () => {
    const { status, body } = await get(app, `/passage/${q('John 3:16')}`);
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_reference');
    assert.equal(body.docs, '/api/v1/passage/John.3.16');
  });
});
