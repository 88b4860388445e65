import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/app.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`interlinear through ${adapter}`, () => {
    // The fixture's interlinear (test/fixtures/bundle/references/interlinear/*.jsonl) holds Gen.1.1,
    // Gen.1.2 and John.3.16; the fixture's lexemes are H430 and G3056.

    const app = fixtureAppThrough(adapter);

    /** The words of the verse text an entry produced, by its englishRange. */
    function producedWords(text: string, entry: { englishRange?: { first: number; last: number } }): string | undefined {
      if (!entry.englishRange) return undefined;
      return text.split(' ').slice(entry.englishRange.first, entry.englishRange.last + 1).join(' ');
    }

    describe('GET /interlinear/{osis} for a verse', () => {
      it('answers the entries in English order with the English words, original word, transliteration, morphology and Strong number', async () => {
        const { status, body } = await get(app, '/interlinear/Gen.1.1');
        assert.equal(status, 200);
        assert.equal(body.osis, 'Gen.1.1');
        assert.equal(body.reference, 'Genesis 1:1');
        assert.equal(body.url, '/bible/genesis/1#Gen.1.1');
        assert.deepEqual(body.book, { id: 'Gen', name: 'Genesis', slug: 'genesis', testament: 'OT', chapters: 50 });
        assert.equal(body.verses.length, 1);
        const [verse] = body.verses;
        assert.equal(verse.osis, 'Gen.1.1');
        assert.equal(verse.verse, 1);
        assert.equal(verse.text, 'In the beginning God created the heavens and the earth.');
        assert.deepEqual(
          verse.entries.map((e: { english: string }) => e.english),
          ['In the beginning', 'God', '-', 'created', 'the heavens', 'and', 'the earth'],
        );
        const [first] = verse.entries;
        assert.deepEqual(first, {
          english: 'In the beginning',
          englishRange: { first: 0, last: 2 },
          strongs: 'H7225',
          word: 'בְּרֵאשִׁית',
          transliteration: 'bereshit',
          morphology: 'preposition; noun common feminine singular absolute',
          morphologyCode: 'HR/Ncfsa',
          language: 'hebrew',
        });
        assert.equal(producedWords(verse.text, first), 'In the beginning');
        assert.equal(producedWords(verse.text, verse.entries[6]), 'the earth.');
        assert.ok(typeof body.note === 'string' && body.note.includes('englishRange'));
      });

      it('gives a lexeme (a NodeSummary) only where a Lexeme document exists for the Strong number', async () => {
        const { body } = await get(app, '/interlinear/Gen.1.1');
        const god = body.verses[0].entries.find((e: { strongs: string }) => e.strongs === 'H430');
        assert.equal(god.lexeme.id, '/lexemes/h430');
        assert.equal(god.lexeme.type, 'Lexeme');
        assert.equal(god.lexeme.strongs, 'H430');
        const withLexeme = body.verses[0].entries.filter((e: { lexeme?: unknown }) => e.lexeme !== undefined);
        assert.deepEqual(withLexeme.map((e: { strongs: string }) => e.strongs), ['H430'], 'no other Strong number of the verse has a Lexeme document');
      });

      it('leaves the English range out of a marker entry, and the word or morphology out where the data has none', async () => {
        const { body } = await get(app, '/interlinear/Gen.1.1');
        const marker = body.verses[0].entries[2];
        assert.equal(marker.english, '-');
        assert.equal(marker.englishRange, undefined);
        assert.equal(marker.strongs, 'H853');
        assert.equal(marker.word, 'אֵת');
        const second = (await get(app, '/interlinear/Gen.1.2')).body.verses[0];
        const bsbWordOnly = second.entries.find((e: { english: string }) => e.english === 'and void');
        assert.equal(bsbWordOnly.word, 'וָבֹהוּ');
        assert.equal(bsbWordOnly.morphology, undefined);
        assert.equal(bsbWordOnly.morphologyCode, undefined);
        const wordless = second.entries.find((e: { english: string }) => e.english === 'God');
        assert.deepEqual(Object.keys(wordless).sort(), ['english', 'englishRange', 'lexeme', 'strongs']);
      });

      it('carries the CC BY 4.0 document licence for the Old Testament (OSHB)', async () => {
        const { body } = await get(app, '/interlinear/Gen.1.1');
        assert.equal(body.licence.document, 'CC-BY-4.0');
        assert.equal(body.shareAlike, undefined);
        assert.match(body.licence.reason, /OSHB/);
      });

      it('carries the share-alike licence for the New Testament (OpenGNT)', async () => {
        const { status, body } = await get(app, '/interlinear/John.3.16');
        assert.equal(status, 200);
        assert.equal(body.licence.document, 'CC-BY-SA-4.0');
        assert.equal(body.shareAlike, true);
        assert.match(body.licence.reason, /OpenGNT/);
        assert.match(body.licence.shareAlike, /share/i);
        const entries = body.verses[0].entries;
        assert.equal(entries[2].word, 'θεὸς');
        assert.equal(entries[2].strongs, 'G2316');
        assert.equal(entries[2].language, 'greek');
        assert.equal(entries[2].lexeme, undefined, 'no Lexeme document for G2316 in the fixture');
        assert.equal(producedWords(body.verses[0].text, entries.find((e: { english: string }) => e.english === 'one and only')), 'one and only');
      });
    });

    describe('GET /interlinear/{osis} for a chapter', () => {
      it('answers every verse of the chapter that has data, and lists those without', async () => {
        const { status, body } = await get(app, '/interlinear/John.3');
        assert.equal(status, 200);
        assert.equal(body.osis, 'John.3');
        assert.equal(body.reference, 'John 3');
        assert.equal(body.url, '/bible/john/3');
        assert.equal(body.verseCount, 36);
        assert.deepEqual(body.verses.map((v: { osis: string }) => v.osis), ['John.3.16']);
        assert.equal(body.versesWithoutData.length, 35);
        assert.ok(!body.versesWithoutData.includes(16));
        assert.equal(body.licence.document, 'CC-BY-SA-4.0');
      });

      it('keeps verse order', async () => {
        const { body } = await get(app, '/interlinear/Gen.1');
        assert.deepEqual(body.verses.map((v: { verse: number }) => v.verse), [1, 2]);
        assert.deepEqual(body.versesWithoutData, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
        assert.equal(body.licence.document, 'CC-BY-4.0');
      });
    });

    describe('GET /interlinear/{osis} errors', () => {
      it('answers 400 invalid_parameter for a range', async () => {
        const { status, body } = await get(app, '/interlinear/Gen.1.1-2');
        assert.equal(status, 400);
        assert.equal(body.code, 'invalid_parameter');
        assert.equal(body.param, 'osis');
      });

      it('answers 400 invalid_reference for a reference that does not parse or names no book', async () => {
        for (const input of ['Gen', 'Nope.1.1', 'Gen.0.1', 'Gen.51']) {
          const { status, body } = await get(app, `/interlinear/${input}`);
          assert.equal(status, 400, input);
          assert.equal(body.code, 'invalid_reference', input);
        }
      });

      it('answers 404 not_found for a verse the chapter does not have', async () => {
        const { status, body } = await get(app, '/interlinear/Gen.1.99');
        assert.equal(status, 404);
        assert.equal(body.code, 'not_found');
      });

      it('answers 404 not_found for a verse without interlinear data, an omitted verse and a chapter without data', async () => {
        for (const input of ['Gen.1.3', 'Matt.17.21', 'Gen.24']) {
          const { status, body } = await get(app, `/interlinear/${input}`);
          assert.equal(status, 404, input);
          assert.equal(body.code, 'not_found', input);
          assert.match(body.error, /no interlinear data/, input);
        }
      });

      it('answers 304 to a repeated request with the ETag', async () => {
        const first = await get(app, '/interlinear/Gen.1.1');
        const etag = first.headers.get('etag');
        assert.ok(etag);
        const again = await get(app, '/interlinear/Gen.1.1', { 'If-None-Match': etag });
        assert.equal(again.status, 304);
      });
    });
  });
}
