import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/app.ts';
import { PASSAGE_VERSE_LIMIT } from '../../packages/server/src/routes/passage.ts';
import { REFERENCE_TEXT_LIMIT } from '../../packages/server/src/routes/references.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`references through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    const q = (text: string) => encodeURIComponent(text);

    describe('GET /references', () => {
      it('finds each reference in the text as OSIS, with its reference, words, place and existence', async () => {
        const { status, body } = await get(app, `/references?q=${q('Jn 3:16-18; Ps 23')}`);
        assert.equal(status, 200);
        assert.equal(body.query, 'Jn 3:16-18; Ps 23');
        assert.equal(body.lang, 'en');
        assert.equal(body.count, 2);
        assert.deepEqual(body.references, [
          { osis: 'John.3.16-John.3.18', reference: 'John 3:16-18', text: 'Jn 3:16-18', indices: [0, 10], exists: true, verseCount: 3 },
          { osis: 'Ps.23', reference: 'Psalm 23', text: 'Ps 23', indices: [12, 17], exists: true, verseCount: 6 },
        ]);
        assert.equal(body.verseLimit, undefined);
        assert.equal(body.licence.text !== undefined, true);
      });

      it('adds the passages with passages=true, each a Passage with its licence', async () => {
        const { status, body } = await get(app, `/references?q=${q('John 3:16-17, Gen 1:1')}&passages=true`);
        assert.equal(status, 200);
        assert.equal(body.verseLimit, PASSAGE_VERSE_LIMIT);
        assert.equal(body.truncated, false);
        const [john, genesis] = body.references;
        assert.equal(john.passages.length, 1);
        assert.equal(john.passages[0].osis, 'John.3.16-17');
        assert.deepEqual(john.passages[0].verses.map((verse: { osis: string }) => verse.osis), ['John.3.16', 'John.3.17']);
        assert.match(john.passages[0].verses[0].text, /^For God so loved the world/);
        assert.equal(john.passages[0].context, undefined, 'no context: /passage has it');
        assert.equal(john.passages[0].licence.document, 'CC-BY-4.0');
        assert.equal(genesis.passages[0].text, genesis.passages[0].verses[0].text);
      });

      it('gives a whole chapter as a Passage of every verse', async () => {
        const { body } = await get(app, `/references?q=${q('John 11')}&passages=1`);
        const [passage] = body.references[0].passages;
        assert.equal(passage.osis, 'John.11');
        assert.equal(passage.reference, 'John 11');
        assert.equal(passage.verses.length, 44);
        assert.equal(passage.chapter.osis, 'John.11');
      });

      it('marks references past the end of the text, and those missing from it, as not existing, without passages', async () => {
        const { body } = await get(app, `/references?q=${q('John 3:99; Mal 5; John 4:1')}&passages=true`);
        assert.deepEqual(
          body.references.map((entry: { osis: string; exists: boolean; passages?: unknown }) => [entry.osis, entry.exists, entry.passages]),
          [['John.3.99', false, undefined], ['Mal.5', false, undefined], ['John.4.1', false, undefined]],
        );
      });

      it('answers an empty list for text without a reference', async () => {
        for (const text of ['hello world', 'Genesis', '42']) {
          const { status, body } = await get(app, `/references?q=${q(text)}`);
          assert.equal(status, 200, text);
          assert.deepEqual(body.references, [], text);
          assert.equal(body.count, 0, text);
        }
      });

      it('reads Spanish book names with lang=es, in either verse style, any case of the code', async () => {
        for (const text of ['Juan 3:16', 'Juan 3,16']) {
          const { body } = await get(app, `/references?q=${q(text)}&lang=ES`);
          assert.equal(body.lang, 'es');
          assert.deepEqual(body.references.map((entry: { osis: string }) => entry.osis), ['John.3.16'], text);
          assert.equal(body.references[0].reference, 'John 3:16');
        }
      });

      it('gives passages in order until the next would pass the verse limit, then marks the answer truncated', async () => {
        const fit = Math.floor(PASSAGE_VERSE_LIMIT / 44);
        const text = Array.from({ length: fit + 1 }, () => 'John 11').join(';');
        assert.ok(text.length <= REFERENCE_TEXT_LIMIT, 'the request fits the text limit');
        const { body } = await get(app, `/references?q=${q(text)}&passages=true`);
        const given = body.references.filter((entry: { passages?: unknown }) => entry.passages !== undefined).length;
        assert.equal(given, fit, `${fit} × 44 verses fit, one more would pass ${PASSAGE_VERSE_LIMIT}`);
        assert.equal(body.truncated, true);
        assert.equal(body.references[fit].verseCount, 44);
      });

      it('answers 400 missing_parameter without q', async () => {
        for (const path of ['/references', '/references?q=%20']) {
          const { status, body } = await get(app, path);
          assert.equal(status, 400, path);
          assert.equal(body.code, 'missing_parameter');
          assert.equal(body.param, 'q');
        }
      });

      it('answers 400 unknown_value listing the languages for an unknown lang', async () => {
        const { status, body } = await get(app, `/references?q=${q('John 3:16')}&lang=xx`);
        assert.equal(status, 400);
        assert.equal(body.code, 'unknown_value');
        assert.equal(body.param, 'lang');
        assert.ok(body.available.includes('en') && body.available.includes('es'), body.available);
      });

      it('answers 400 invalid_parameter for passages that is not a boolean, and for text past the limit', async () => {
        const notBoolean = await get(app, `/references?q=${q('John 3:16')}&passages=maybe`);
        assert.equal(notBoolean.status, 400);
        assert.equal(notBoolean.body.code, 'invalid_parameter');
        assert.equal(notBoolean.body.param, 'passages');
        const long = await get(app, `/references?q=${q('John 3:16 '.repeat(120))}`);
        assert.equal(long.status, 400);
        assert.equal(long.body.code, 'invalid_parameter');
        assert.equal(long.body.param, 'q');
      });
    });
  });
}
