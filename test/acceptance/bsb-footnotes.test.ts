// The BSB's own translators' footnotes (on verses, and on Psalm titles) served by /passage and counted by
// /translations on the full data (SKG_DIST, default dist/), against the USFM they come from (SKG_SOURCES:
// every `\f + … \f*`) and the bundle's chapter documents (SKG_BUNDLE) they were compiled from.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { type Footnote, getBook } from '@skg/core';
import { FULL_BUNDLE, skipWithoutFullData, useFullDataApp } from './full-data.ts';
import { FULL_SOURCES, skipWithoutFullSources } from './full-sources.ts';

const skip = skipWithoutFullData() || (await skipWithoutFullSources());

/** The footnotes of the BSB's USFM: all of them, and those standing in a Psalm title (`\d` line). */
function countSourceFootnotes(): { all: number; inTitles: number } {
  const usfm = path.join(FULL_SOURCES, 'bsb/usfm');
  let all = 0;
  let inTitles = 0;
  for (const name of readdirSync(usfm).filter((file) => file.endsWith('.SFM'))) {
    for (const line of readFileSync(path.join(usfm, name), 'utf8').split('\n')) {
      const notes = line.match(/\\f \+/g)?.length ?? 0;
      all += notes;
      if (/^\\d\b/.test(line)) inTitles += notes;
    }
  }
  return { all, inTitles };
}

interface BundleNotes {
  footnotes?: Array<{ offset: number; text: string }>;
}

const served = (notes: BundleNotes['footnotes']) => notes?.map((note) => ({ offset: note.offset, text: note.text, type: 'footnote' }));

describe('the BSB footnotes on the full data', { skip }, () => {
  const { dataSet, get } = useFullDataApp();

  it('serves every footnote of the bundle on its verse or Psalm title, as {offset, text, type: "footnote"}, and /translations counts them all', async () => {
    const bible = path.join(FULL_BUNDLE, 'bible');
    const scripture = dataSet().scripture;
    let onVerses = 0;
    let inTitles = 0;
    let verses = 0;
    for (const slug of readdirSync(bible, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
      const book = getBook(slug);
      assert.ok(book, slug);
      for (const file of readdirSync(path.join(bible, slug))) {
        const chapter = Number(file.replace(/\.md$/, ''));
        const data = matter(readFileSync(path.join(bible, slug, file), 'utf8')).data as { verses: Array<BundleNotes & { verse: number }>; headings: BundleNotes[] };
        for (const entry of data.verses) {
          verses++;
          const notes: readonly Footnote[] | undefined = scripture.getVerse(book, chapter, entry.verse)?.footnotes;
          onVerses += notes?.length ?? 0;
          assert.deepEqual(notes, served(entry.footnotes), `${book.osis}.${chapter}.${entry.verse}`);
        }
        const headings = scripture.getHeadings(book, chapter);
        assert.equal(headings.length, data.headings.length);
        data.headings.forEach((entry, index) => {
          const notes: readonly Footnote[] | undefined = headings[index]?.footnotes;
          inTitles += notes?.length ?? 0;
          assert.deepEqual(notes, served(entry.footnotes), `${book.osis}.${chapter} heading ${index + 1}`);
        });
      }
    }
    assert.equal(verses, 31102);
    // What the sources hold: the notes of the Psalm titles on their headings, every other one on its verse.
    const sources = countSourceFootnotes();
    assert.equal(inTitles, sources.inTitles);
    assert.equal(onVerses, sources.all - sources.inTitles);
    const { body } = await get('/translations');
    const bsb = body.translations.find((entry: { id: string }) => entry.id === 'BSB');
    assert.equal(bsb.counts.footnotes, sources.all);
    assert.ok(bsb.features.includes('footnotes'));
  });

  it("gives Genesis 1:5 its note at the end of the verse (the first day: 'Literally day one')", async () => {
    const { status, body } = await get('/passage/Gen.1.5');
    assert.equal(status, 200);
    assert.deepEqual(body.verses[0].footnotes, [{ offset: body.text.length, text: 'Literally day one', type: 'footnote' }]);
  });

  it("gives Psalm 7's title its note (Shiggaion), on the heading of Ps.7.1, in the chapter too", async () => {
    const { body } = await get('/passage/Ps.7.1');
    const title = body.headings.find((heading: { level: string }) => heading.level === 'd');
    assert.deepEqual(title.footnotes, [{ offset: 'A Shiggaion'.length, text: 'Shiggaion is probably a musical or liturgical term.', type: 'footnote' }]);
    assert.equal(body.verses[0].footnotes, undefined);
    const chapter = await get('/passage/Ps.7');
    assert.deepEqual(chapter.body.headings.find((heading: { level: string }) => heading.level === 'd'), title);
  });

  it('gives Matthew 17:20 the note on the verse the BSB omits (17:21), in the chapter and in a parallel answer too', async () => {
    const { body } = await get('/passage/Matt.17.20');
    const note = body.verses[0].footnotes.at(-1);
    assert.match(note.text, /^BYZ and TR include 21 But this kind does not come out except by prayer and fasting/);
    assert.equal(note.offset, body.text.length);
    assert.equal(note.type, 'footnote');
    const chapter = await get('/passage/Matt.17');
    assert.deepEqual(chapter.body.verses[19].footnotes, body.verses[0].footnotes);
    assert.equal(chapter.body.verses[20].footnotes, undefined);
    const parallel = await get('/passage/Matt.17.20?translation=BSB,KJV');
    assert.deepEqual(parallel.body.verses[0].parallel[0].footnotes, body.verses[0].footnotes);
  });
});
