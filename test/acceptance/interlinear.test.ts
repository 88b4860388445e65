// Acceptance criteria of the interlinear, the changelog and the optional datasets, asked of the API
// over the full data (SKG_DIST, default dist/).

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { H3 } from 'h3';
import { BOOKS } from '@skg/core';
import { loadDataSet } from '@skg/server';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createTestApp, get as getFrom } from '../helpers/app.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

interface Entry {
  english: string;
  englishRange?: { first: number; last: number };
  strongs: string;
  word?: string;
  transliteration?: string;
  morphology?: string;
  morphologyCode?: string;
  language?: string;
  lexeme?: { id: string; type: string; strongs?: string };
}

describe('the interlinear on the full data', { skip }, () => {
  let dataSet: DataSet;
  let app: H3;
  before(async () => {
    dataSet = await loadDataSet(FULL_DIST);
    app = createTestApp(dataSet);
  });
  const get = (route: string) => getFrom(app, route);

  it('is built, and /status says it is available', async () => {
    assert.equal(dataSet.manifest.optionalArtefacts.interlinear?.built, true);
    const { body } = await get('/status');
    assert.equal(body.datasets.interlinear, 'available');
    assert.equal(dataSet.interlinear?.verseCount, 31085);
  });

  it('shows "In the beginning" rendering בְּרֵאשִׁית (H7225) in Genesis 1:1, with its morphology in words', async () => {
    const { status, body } = await get('/interlinear/Gen.1.1');
    assert.equal(status, 200);
    const verse = body.verses[0];
    const first: Entry = verse.entries[0];
    assert.equal(first.english, 'In the beginning');
    assert.deepEqual(first.englishRange, { first: 0, last: 2 });
    assert.equal(verse.text.split(' ').slice(0, 3).join(' '), 'In the beginning');
    assert.equal(first.strongs, 'H7225');
    assert.equal(first.word, 'בְּרֵאשִׁית');
    assert.equal(first.transliteration, 'bereshit');
    assert.equal(first.morphologyCode, 'HR/Ncfsa');
    assert.equal(first.morphology, 'preposition; noun common feminine singular absolute');
    assert.equal(first.language, 'hebrew');
    const god: Entry = verse.entries.find((e: Entry) => e.strongs === 'H430');
    assert.equal(god.english, 'God');
    assert.equal(god.lexeme?.id, '/lexemes/h430');
    assert.equal(body.licence.document, 'CC-BY-4.0');
    assert.equal(body.shareAlike, undefined);
  });

  it('shows λόγος (G3056) in John 1:1 with the share-alike licence', async () => {
    const { status, body } = await get('/interlinear/John.1.1');
    assert.equal(status, 200);
    const logos: Entry[] = body.verses[0].entries.filter((e: Entry) => e.strongs === 'G3056');
    assert.equal(logos.length, 3, 'the Word, three times');
    for (const entry of logos) {
      assert.equal(entry.english, 'Word');
      assert.equal(entry.word?.normalize('NFC').toLowerCase(), 'λόγος');
      assert.equal(entry.transliteration?.toLowerCase(), 'logos');
      assert.match(entry.morphology ?? '', /noun, nominative, singular, masculine/);
      assert.equal(entry.lexeme?.id, '/lexemes/g3056');
    }
    assert.equal(body.licence.document, 'CC-BY-SA-4.0');
    assert.equal(body.shareAlike, true);
    assert.match(body.licence.reason, /OpenGNT/);
  });

  it('attaches a lexeme exactly where a Lexeme document exists for the Strong number', async () => {
    for (const osis of ['Gen.1', 'Ps.23', 'John.1']) {
      const { body } = await get(`/interlinear/${osis}`);
      for (const verse of body.verses) {
        for (const entry of verse.entries as Entry[]) {
          const exists = dataSet.graph.getSummary(`lexemes/${entry.strongs.toLowerCase()}`)?.type === 'Lexeme';
          assert.equal(entry.lexeme !== undefined, exists, `${verse.osis} ${entry.strongs}`);
        }
      }
    }
  });

  it('keeps each English range inside the verse text, in English order', async () => {
    const { body } = await get('/interlinear/Rom.8');
    assert.equal(body.verses.length, 39);
    for (const verse of body.verses) {
      const words = verse.text.split(' ').length;
      let previous = -1;
      for (const entry of verse.entries as Entry[]) {
        if (!entry.englishRange) continue;
        assert.ok(entry.englishRange.first >= 0 && entry.englishRange.last < words, verse.osis);
        assert.ok(entry.englishRange.first > previous, `${verse.osis}: ${entry.english} follows the entry before`);
        previous = entry.englishRange.last;
      }
    }
  });

  it('answers a whole chapter, and lists the verses without data', async () => {
    const psalm = await get('/interlinear/Ps.119');
    assert.equal(psalm.status, 200);
    assert.equal(psalm.body.verses.length, 176);
    assert.deepEqual(psalm.body.versesWithoutData, []);
    const nehemiah = await get('/interlinear/Neh.7');
    assert.deepEqual(nehemiah.body.versesWithoutData, [68]);
  });

  it('answers 404 for verses without data: the edition lacks Neh 7:68, the BSB omits Matt 17:21', async () => {
    for (const osis of ['Neh.7.68', 'Matt.17.21']) {
      const { status, body } = await get(`/interlinear/${osis}`);
      assert.equal(status, 404, osis);
      assert.equal(body.code, 'not_found', osis);
    }
  });

  it('gives the Hebrew alone, without English, for a verse the BSB tables leave unaligned (Psalm 3:1 after its title)', async () => {
    const { status, body } = await get('/interlinear/Ps.3.1');
    assert.equal(status, 200);
    const [verse] = body.verses;
    assert.equal(verse.englishAligned, false);
    assert.match(verse.text, /LORD/);
    assert.ok(verse.entries.length > 0);
    for (const entry of verse.entries) {
      assert.equal(entry.english, null);
      assert.equal(entry.englishRange, undefined);
      assert.equal(entry.language, 'hebrew');
    }
    assert.ok(verse.entries.some((entry: { strongs: string }) => entry.strongs === 'H3068'), 'YHWH is in the verse');
    const aligned = await get('/interlinear/Ps.3.2');
    assert.equal(aligned.body.verses[0].englishAligned, undefined);
  });

  it('has data for 31,085 of the 31,102 verses', () => {
    const store = dataSet.interlinear;
    assert.ok(store);
    let withData = 0;
    let slots = 0;
    for (const book of BOOKS) {
      for (let chapter = 1; chapter <= book.chapters; chapter++) {
        slots += dataSet.scripture.canon.verseCount(book, chapter);
        withData += store.getChapter(book, chapter).length;
      }
    }
    assert.equal(slots, 31102);
    assert.equal(withData, 31085);
  });

  it('answers 400 for a range', async () => {
    const { status, body } = await get('/interlinear/John.1.1-3');
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_parameter');
  });
});

describe('the changelog on the full data', { skip }, () => {
  it('answers with the bundle log, its generation time and the OKF version', async () => {
    const dataSet = await loadDataSet(FULL_DIST);
    const { status, body } = await getFrom(createTestApp(dataSet), '/changelog');
    assert.equal(status, 200);
    assert.equal(body.bundleGenerated, dataSet.manifest.bundleGenerated);
    assert.equal(body.indexBuilt, dataSet.loadedAt.toISOString());
    assert.equal(body.okfVersion, '0.2');
    assert.match(body.log, /^# Log\n/);
    assert.match(body.log, /\n## \d{4}-\d{2}-\d{2}: ingest of scripture/);
    assert.match(body.log, /- interlinear: /);
  });
});
