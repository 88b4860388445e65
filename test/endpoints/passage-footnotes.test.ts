// The BSB's own footnotes on /passage and /translations, on the fixture (notes on Gen 1:5, John 3:7 and
// Matt 17:20, as the full BSB has them): the shape the other translations' footnotes have.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import matter from 'gray-matter';
import type { H3 } from 'h3';
import { createTestApp, get } from '../helpers/app.ts';
import { FIXTURE_BUNDLE, getFixtureDataSet } from '../helpers/fixture.ts';

let app: H3;
before(async () => {
  app = createTestApp(await getFixtureDataSet());
});

const MATTHEW_17_21_NOTE = 'BYZ and TR include 21 But this kind does not come out except by prayer and fasting; see Mark 9:29.';

/** The footnotes the fixture bundle's chapter documents hold, counted from the files. */
function countBundleFootnotes(): number {
  let count = 0;
  const bible = path.join(FIXTURE_BUNDLE, 'bible');
  for (const book of readdirSync(bible, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of readdirSync(path.join(bible, book.name))) {
      const { verses } = matter(readFileSync(path.join(bible, book.name, file), 'utf8')).data as { verses: Array<{ footnotes?: unknown[] }> };
      for (const verse of verses) count += verse.footnotes?.length ?? 0;
    }
  }
  return count;
}

describe('GET /passage/{osis}: the BSB footnotes', () => {
  it('gives a verse its footnotes as {offset, text, type}, offset a string index of its text', async () => {
    const { status, body } = await get(app, '/passage/Gen.1.5');
    assert.equal(status, 200);
    const [verse] = body.verses;
    assert.deepEqual(verse.footnotes, [{ offset: body.text.length, text: 'Literally day one', type: 'footnote' }]);
    assert.match(body.text.slice(0, verse.footnotes[0].offset), /the first day\.$/);
    assert.deepEqual(Object.keys(verse), ['verse', 'osis', 'text', 'footnotes']);
  });

  it('has no footnotes key on a verse without a note', async () => {
    const { body } = await get(app, '/passage/Gen.1.4');
    assert.equal('footnotes' in body.verses[0], false);
    const omitted = await get(app, '/passage/Matt.17.21');
    assert.deepEqual(omitted.body.verses, [{ verse: 21, osis: 'Matt.17.21', text: '', omitted: true }]);
  });

  it('keeps the speaker before the footnotes, and the note on an omitted verse on the verse before it', async () => {
    const { body } = await get(app, '/passage/Matt.17.20-21');
    const [twenty] = body.verses;
    assert.deepEqual(Object.keys(twenty), ['verse', 'osis', 'text', 'speaker', 'footnotes']);
    assert.deepEqual(twenty.footnotes, [{ offset: twenty.text.length, text: MATTHEW_17_21_NOTE, type: 'footnote' }]);
  });

  it('gives the verses of a chapter and of a range their footnotes', async () => {
    const chapter = await get(app, '/passage/John.3');
    assert.equal(chapter.body.kind, 'chapter');
    const noted = chapter.body.verses.filter((verse: { footnotes?: unknown }) => verse.footnotes);
    assert.deepEqual(
      noted.map((verse: { osis: string; text: string; footnotes: Array<{ offset: number }> }) => [verse.osis, verse.text.slice(0, verse.footnotes[0]?.offset)]),
      [['John.3.7', 'Do not be amazed that I said, ‘You']],
    );
    const range = await get(app, '/passage/Gen.1.4-6');
    assert.deepEqual(
      range.body.verses.map((verse: { footnotes?: Array<{ text: string }> }) => verse.footnotes?.map((note) => note.text)),
      [undefined, ['Literally day one'], undefined],
    );
  });

  it("gives the BSB's reading in a parallel answer the same footnotes", async () => {
    const { status, body } = await get(app, '/passage/Matt.17.20?translation=BSB,KJV');
    assert.equal(status, 200);
    const [bsb, kjv] = body.verses[0].parallel;
    assert.equal(bsb.translation, 'BSB');
    assert.deepEqual(bsb.footnotes, body.verses[0].footnotes);
    assert.equal(bsb.footnotes[0].text, MATTHEW_17_21_NOTE);
    assert.equal(kjv.translation, 'KJV');
    const led = await get(app, '/passage/Matt.17.20?translation=KJV,BSB');
    assert.deepEqual(led.body.verses[0].parallel[1].footnotes, bsb.footnotes);
  });
});

describe('GET /translations: the BSB footnotes', () => {
  it('counts the BSB footnotes the bundle holds and lists the footnotes feature', async () => {
    const { body } = await get(app, '/translations');
    const [bsb] = body.translations;
    assert.equal(bsb.id, 'BSB');
    const inBundle = countBundleFootnotes();
    assert.ok(inBundle > 0, 'the fixture bundle holds BSB footnotes');
    assert.equal(bsb.counts.footnotes, inBundle);
    assert.deepEqual(bsb.features, ['footnotes', 'headings', 'speakers']);
  });
});
