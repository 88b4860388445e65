// The BSB's own footnotes on /passage and /translations, on the fixture (notes on Gen 1:5, John 3:7 and
// Matt 17:20, as the full BSB has them): the shape the other translations' footnotes have.

import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import matter from 'gray-matter';
import type { H3 } from 'h3';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { FIXTURE_BUNDLE, getFixtureDataSet } from '../helpers/fixture.ts';
import { buildDist, copyFixtureBundle, removeTempDirs } from '../helpers/fixture-dist.ts';

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

  it('gives the verses of a chapter, of a range and of /references passages their footnotes', async () => {
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
    const references = await get(app, '/references?q=Genesis%201:5&passages=true');
    assert.deepEqual(references.body.references[0].passages[0].verses[0].footnotes, [{ offset: 123, text: 'Literally day one', type: 'footnote' }]);
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

describe('GET /passage/{osis}: a footnote in a Psalm title', () => {
  // The fixture's Psalm 23 title has no note in the BSB: this copy gives it one, as Psalm 7's has
  // ("A Shiggaion" → "Shiggaion is probably a musical or liturgical term.").
  const NOTE = 'A note the test puts in the title.';
  let titled: H3;
  before(async () => {
    const bundle = await copyFixtureBundle();
    const file = path.join(bundle, 'bible/psalms/23.md');
    const source = await readFile(file, 'utf8');
    const edited = source.replace('{before: 1, level: d, text: "A Psalm of David."}', `{before: 1, level: d, text: "A Psalm of David.", footnotes: [{offset: 8, text: "${NOTE}"}]}`);
    assert.notEqual(edited, source);
    await writeFile(file, edited);
    titled = createTestApp(await loadDataSet((await buildDist(bundle)).distDir));
  });
  after(removeTempDirs);

  it('serves the note on the title heading, its offset a string index of the heading text', async () => {
    const { body } = await get(titled, '/passage/Ps.23.1');
    const title = body.headings.find((heading: { level: string }) => heading.level === 'd') as { text: string; footnotes: Array<{ offset: number }> };
    assert.deepEqual(title, { text: 'A Psalm of David.', before: 'Ps.23.1', level: 'd', footnotes: [{ offset: 8, text: NOTE, type: 'footnote' }] });
    assert.equal(title.text.slice(0, title.footnotes[0]?.offset), 'A Psalm ');
    const chapter = await get(titled, '/passage/Ps.23');
    assert.deepEqual(chapter.body.headings.find((heading: { level: string }) => heading.level === 'd'), title);
    const parallel = await get(titled, '/passage/Ps.23.1?translation=KJV,BSB');
    assert.deepEqual(parallel.body.verses[0].parallel[1].headings.find((heading: { level: string }) => heading.level === 'd'), title);
    // The other headings have no footnotes key.
    assert.ok(body.headings.filter((heading: { level: string }) => heading.level !== 'd').every((heading: object) => !('footnotes' in heading)));
  });

  it('counts the note among the BSB footnotes of /translations', async () => {
    const { body } = await get(titled, '/translations');
    assert.equal(body.translations[0].counts.footnotes, countBundleFootnotes() + 1);
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
    assert.deepEqual(bsb.features, ['footnotes', 'headings', 'strongs', 'speakers']);
  });
});
