// Issue 12's acceptance criteria (the text half: headings, definitions, backlinks, connections and the
// smaller fixes), asked of the API and the data set over the full data.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKS } from '@skg/core';
import { createApp, type DataSet, loadDataSet } from '@skg/server';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

describe('researcher-grade data on the full data', { skip }, () => {
  let app: ReturnType<typeof createApp>;
  let dataSet: DataSet;

  before(async () => {
    dataSet = await loadDataSet(FULL_DIST);
    app = createApp({ getDataSet: () => dataSet, trustProxy: true });
  });

  async function get(route: string) {
    const response = await app.fetch(new Request(`http://localhost/api/v1${route}`));
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  describe('headings', () => {
    it('gives /passage/Ps.23 the title "A Psalm of David." before verse 1', async () => {
      const { status, body } = await get('/passage/Ps.23');
      assert.equal(status, 200);
      assert.ok(
        body.headings.some((h: { text: string; before: string; level: string }) => h.text === 'A Psalm of David.' && h.before === 'Ps.23.1' && h.level === 'd'),
        JSON.stringify(body.headings),
      );
      const verse = await get('/passage/Ps.23.1');
      assert.deepEqual(verse.body.headings, body.headings, 'verse 1 carries every heading printed before it');
    });

    it('serves all 4,569 BSB headings, 116 Psalm titles among them, each anchored to a verse of its chapter', () => {
      let total = 0;
      let titles = 0;
      for (const book of BOOKS) {
        for (let chapter = 1; chapter <= book.chapters; chapter++) {
          const verseCount = dataSet.scripture.canon.verseCount(book, chapter);
          for (const heading of dataSet.scripture.getHeadings(book, chapter)) {
            total++;
            if (heading.level === 'd') titles++;
            assert.ok(heading.before >= 1 && heading.before <= verseCount, `${book.osis}.${chapter}: ${heading.text}`);
          }
        }
      }
      assert.equal(total, 4569);
      assert.equal(titles, 116);
    });

    it('flags the six speaker labels inside Song of Solomon verses as midVerse', async () => {
      let flagged = 0;
      for (let chapter = 1; chapter <= 8; chapter++) {
        const { body } = await get(`/passage/Song.${chapter}`);
        flagged += body.headings.filter((h: { midVerse?: true }) => h.midVerse).length;
      }
      assert.equal(flagged, 6);
      const { body } = await get('/passage/Song.6.13');
      assert.deepEqual(body.headings, [
        { text: 'The Friends', before: 'Song.6.13', level: 's2' },
        { text: 'The Bridegroom', before: 'Song.6.13', level: 's2', midVerse: true },
      ]);
    });
  });
});
