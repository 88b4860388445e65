// The translations beside the BSB on the fixture (test/fixtures/bundle/translations: KJV Gen 1, John 3,
// Matt 17, Ps 23; WEB Gen 1, John 3, Matt 17, Tob 1; RV1909 Gen 1, John 3), as a reader asks for them.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/app.ts';
import { FIXTURE_BUNDLE, getFixtureDataSet } from '../helpers/fixture.ts';
import { TOOL_GUIDANCE } from '../../packages/server/src/routes/assistant-tools.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`translations through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    describe('GET /translations', () => {
      it('lists the BSB first, then KJV, WEB and RV1909, with what each holds', async () => {
        const { status, body } = await get(app, '/translations');
        assert.equal(status, 200);
        assert.deepEqual(body.translations.map((t: { id: string }) => t.id), ['BSB', 'KJV', 'WEB', 'RV1909']);
        const [bsb, kjv, web, rv] = body.translations;
        assert.equal(bsb.counts.verses, 0 + bsb.books.reduce((sum: number, book: { verses: number }) => sum + book.verses, 0));
        assert.deepEqual(kjv.books.map((book: { id: string }) => book.id), ['Gen', 'Ps', 'Matt', 'John']);
        assert.deepEqual(kjv.books.map((book: { chapters: number }) => book.chapters), [1, 1, 1, 1]);
        assert.deepEqual(web.books.map((book: { id: string; deuterocanonical: boolean }) => [book.id, book.deuterocanonical]), [
          ['Gen', false],
          ['Tob', true],
          ['Matt', false],
          ['John', false],
        ]);
        assert.ok(web.features.includes('deuterocanon') && web.features.includes('footnotes'));
        assert.ok(kjv.features.includes('strongs') && kjv.features.includes('added'));
        assert.equal(rv.language, 'es');
        // The RV1909's chapters whose text sits off the KJV slots are named; the others have none.
        assert.ok(rv.versificationNotes.chapters.includes('Jonah.2'), JSON.stringify(rv.versificationNotes));
        assert.match(rv.versificationNotes.note, /slot/);
        for (const other of [bsb, kjv, web]) assert.equal(other.versificationNotes, undefined, other.id);
        assert.notEqual(kjv.checksum, web.checksum);
      });
    });

    describe('GET /translations: the concordance', () => {
      it("lists strongs for the BSB and counts its tagged words as its concordance has them (the interlinear's English segments)", async () => {
        const { body } = await get(app, '/translations');
        const bsb = body.translations[0];
        assert.ok(bsb.features.includes('strongs'), JSON.stringify(bsb.features));
        // Every Strong's number of the fixture's interlinear (Gen 1:1-2, John 3:16), asked of the concordance: its words, summed.
        const folder = path.join(FIXTURE_BUNDLE, 'references/interlinear');
        const numbers = new Set(
          readdirSync(folder).flatMap((name) =>
            readFileSync(path.join(folder, name), 'utf8').trim().split('\n').flatMap((line) => (JSON.parse(line) as { entries: Array<[unknown, unknown, unknown, string]> }).entries.map((entry) => entry[3])),
          ),
        );
        let words = 0;
        for (const strongs of numbers) {
          const { body: page } = await get(app, `/scripture?strongs=${strongs}&limit=100`);
          words += page.hits.reduce((sum: number, hit: { words: string[] }) => sum + hit.words.length, 0);
        }
        assert.ok(bsb.counts.strongs > 0);
        assert.equal(bsb.counts.strongs, words);
      });
    });

    describe('GET /passage/{osis}?translation=', () => {
      it('reads a verse in the KJV, with its supplied words and words of Jesus, and names it in the licence', async () => {
        const { status, body } = await get(app, '/passage/John.3.16?translation=kjv');
        assert.equal(status, 200);
        assert.equal(body.translation, 'KJV');
        assert.match(body.text, /only begotten Son/);
        assert.deepEqual(body.verses[0].wordsOfJesus, [[0, body.text.length]]);
        assert.match(body.licence.text, /King James Version/);
        assert.ok(body.context, 'the graph context of the slot');
        const added = (await get(app, '/passage/Gen.1.2?translation=KJV')).body.verses[0];
        assert.deepEqual(added.added.map(([start, end]: [number, number]) => added.text.slice(start, end)), ['was']);
      });

      it('reads a chapter in another translation with its headings and links', async () => {
        const { body } = await get(app, '/passage/Ps.23?translation=KJV');
        assert.equal(body.kind, 'chapter');
        assert.equal(body.translation, 'KJV');
        assert.equal(body.verseCount, 6);
        assert.deepEqual(body.headings, [{ text: 'A Psalm of David.', before: 'Ps.23.1', level: 'd' }]);
        assert.deepEqual(body.speakers, []);
        const first = await get(app, '/passage/Ps.23.1?translation=KJV');
        assert.deepEqual(first.body.headings, body.headings, "a passage has the headings printed before its verses");
        assert.deepEqual((await get(app, '/passage/Ps.23.2-4?translation=KJV')).body.headings, []);
      });

      it('has footnotes with their place in the verse', async () => {
        const { body } = await get(app, '/passage/John.3.16?translation=WEB');
        const [note] = body.verses[0].footnotes;
        assert.equal(note.type, 'footnote');
        assert.ok(note.offset > 0 && note.offset <= body.text.length);
        assert.match(body.text.slice(0, note.offset), /only born$/);
      });

      it('answers Matthew 17:21 in the KJV while the BSB omits it', async () => {
        assert.match((await get(app, '/passage/Matt.17.21?translation=KJV')).body.text, /prayer and fasting/);
        assert.equal((await get(app, '/passage/Matt.17.21')).body.omitted, true);
      });

      it('answers Tobit under the WEB only', async () => {
        const web = await get(app, '/passage/Tob.1.1?translation=WEB');
        assert.equal(web.status, 200);
        assert.equal(web.body.book.name, 'Tobit');
        assert.equal(web.body.context, undefined);
        assert.equal((await get(app, '/passage/Tob.1.1?translation=RV1909')).body.code, 'invalid_reference');
        assert.equal((await get(app, '/passage/Tob.1.1')).body.code, 'invalid_reference');
      });

      it("gives each translation's headings in a parallel answer (the KJV's Psalm title beside the BSB's)", async () => {
        const { body } = await get(app, '/passage/Ps.23.1?translation=BSB,KJV');
        const [bsb, kjv] = body.verses[0].parallel;
        assert.deepEqual(bsb.headings, body.headings);
        assert.deepEqual(kjv.headings, [{ text: 'A Psalm of David.', before: 'Ps.23.1', level: 'd' }]);
        const later = await get(app, '/passage/Ps.23.2?translation=BSB,KJV');
        assert.ok(later.body.verses[0].parallel.every((entry: { headings?: unknown }) => entry.headings === undefined));
      });

      it('says which translation holds a deuterocanonical book asked elsewhere', async () => {
        for (const route of ['/passage/Tob.1.1', '/passage/Tob.1?translation=KJV,RV1909']) {
          const { status, body } = await get(app, route);
          assert.deepEqual([status, body.code, body.param], [400, 'invalid_reference', 'osis'], route);
          assert.match(body.error, /Tobit is in the WEB: add \?translation=WEB/, route);
          assert.doesNotMatch(body.error, /vocabulary/, route);
          assert.match(body.docs, /\/passage\/Tob\.1(\.1)?\?translation=WEB$/, route);
        }
        const unknown = await get(app, '/passage/Nope.1.1');
        assert.match(unknown.body.error, /see \/vocabulary/);
      });

      it('gives a parallel passage in the order asked, absent where a translation lacks the chapter', async () => {
        const { body } = await get(app, '/passage/Matt.17.21?translation=KJV,RV1909,BSB');
        assert.deepEqual(body.translations, ['KJV', 'RV1909', 'BSB']);
        assert.equal(body.text, body.verses[0].parallel[0].text);
        assert.deepEqual(
          body.verses[0].parallel.map((p: { translation: string; absent?: true; omitted?: true }) => [p.translation, p.absent ?? p.omitted ?? false]),
          [['KJV', false], ['RV1909', true], ['BSB', true]],
        );
        assert.deepEqual(body.verses[0].parallel[2], { translation: 'BSB', text: '', omitted: true });
        // The reference is read in the first translation: one without the book answers it as an unknown book.
        assert.equal((await get(app, '/passage/Matt.17.21?translation=RV1909,KJV')).body.code, 'invalid_reference');
        assert.equal((await get(app, '/passage/John.3.99?translation=RV1909,KJV')).body.code, 'not_found');
      });

      it('refuses an unknown id with the ones available, more than four, or one twice', async () => {
        const unknown = await get(app, '/passage/John.3.16?translation=ESV');
        assert.deepEqual([unknown.status, unknown.body.code, unknown.body.available], [400, 'unknown_value', ['BSB', 'KJV', 'WEB', 'RV1909']]);
        assert.equal((await get(app, '/passage/John.3.16?translation=BSB,KJV,WEB,RV1909,KJV')).body.code, 'invalid_parameter');
        assert.equal((await get(app, '/passage/John.3.16?translation=KJV,kjv')).body.code, 'invalid_parameter');
      });

      it('reads a repeated translation parameter by its first value, as every parameter', async () => {
        const repeated = await get(app, '/passage/John.3.16?translation=KJV&translation=WEB');
        const kjv = await get(app, '/passage/John.3.16?translation=KJV');
        assert.equal(repeated.status, 200);
        assert.deepEqual(repeated.body, kjv.body);
        const search = await get(app, '/scripture?q=God&translation=WEB&translation=KJV');
        assert.equal(search.body.translation, 'WEB');
      });

      it('answers exactly as before without a translation, or with translation=BSB', async () => {
        for (const route of ['/passage/John.3.16', '/passage/John.3', '/passage/Gen.1.1-3']) {
          const plain = await get(app, route);
          assert.equal(plain.body.translation === undefined || plain.body.translation === 'BSB', true);
          const bsb = await get(app, `${route}?translation=bsb`);
          assert.equal(bsb.text, plain.text, route);
          assert.equal(bsb.headers.get('etag'), plain.headers.get('etag'), `${route}: one request, one tag`);
        }
      });

      it('gives every spelling of a translation id the one answer and tag (kjv, KJV, " KJV ")', async () => {
        const tags = new Set<string | null>();
        for (const spelling of ['KJV', 'kjv', '%20Kjv%20']) {
          const { status, headers, text } = await get(app, `/passage/John.3.16?translation=${spelling}`);
          assert.equal(status, 200);
          assert.match(text, /only begotten Son/);
          tags.add(headers.get('etag'));
        }
        assert.equal(tags.size, 1, [...tags].join(' '));
        const parallel = await get(app, '/passage/John.3.16?translation=bsb,kjv');
        assert.equal(parallel.headers.get('etag'), (await get(app, '/passage/John.3.16?translation=BSB,KJV')).headers.get('etag'));
      });
    });

    describe('GET /scripture?translation= and strongs=', () => {
      it('searches a translation, matching words without accents', async () => {
        const { body } = await get(app, '/scripture?q=amo%20mundo&translation=RV1909');
        assert.deepEqual(body.hits.map((hit: { osis: string }) => hit.osis), ['John.3.16']);
        assert.equal(body.translation, 'RV1909');
        const phrase = await get(app, '/scripture?q=%22in%20the%20beginning%22&translation=KJV');
        assert.deepEqual(phrase.body.hits.map((hit: { osis: string }) => hit.osis), ['Gen.1.1']);
      });

      it("finds the RV1909's old spellings by their modern spelling, words and phrases (crió by creo), and by their own", async () => {
        const osis = async (route: string) => (await get(app, route)).body.hits.map((hit: { osis: string }) => hit.osis);
        assert.deepEqual(await osis('/scripture?q=principio%20creo&translation=RV1909'), ['Gen.1.1']);
        assert.deepEqual(await osis('/scripture?q=%22principio%20creo%22&translation=RV1909'), ['Gen.1.1']);
        assert.deepEqual(await osis('/scripture?q=%22principio%20cri%C3%B3%22&translation=RV1909'), ['Gen.1.1']);
        // Shortest first, as every search.
        assert.deepEqual(await osis('/scripture?q=cre%C3%B3%20Dios&translation=RV1909'), ['Gen.1.1', 'Gen.1.27', 'Gen.1.21']);
        assert.deepEqual(await osis('/scripture?q=%22lo%20creo%3B%20var%C3%B3n%22&translation=RV1909'), ['Gen.1.27']);
        assert.deepEqual(await osis('/scripture?q=%22creo%20principio%22&translation=RV1909'), []);
        // The table is the RV1909's, and holds only the pairs its text has (the fixture's Gen 1, John 3: crió).
        const translations = (await getFixtureDataSet()).translations;
        assert.deepEqual([...(translations?.get('RV1909')?.spellings ?? [])], [['crio', 'creo']]);
        for (const id of ['KJV', 'WEB']) assert.equal(translations?.get(id)?.spellings.size, 0, id);
      });

      it('lists the KJV verses where a Strong number is translated, with its words', async () => {
        const { body } = await get(app, '/scripture?strongs=G2316&translation=KJV&book=John');
        assert.ok(body.total > 0);
        assert.ok(body.hits.every((hit: { osis: string; words: string[] }) => hit.osis.startsWith('John.3.') && hit.words.every((words: string) => /God/.test(words))));
        assert.deepEqual(body.hits.find((hit: { osis: string }) => hit.osis === 'John.3.3').words, ['of God']);
        const none = await get(app, '/scripture?strongs=H9999&translation=KJV');
        assert.deepEqual([none.status, none.body.total], [200, 0]);
      });

      it("counts the tagged words of a KJV Psalm title for the verse it is printed before (its heading, not its text)", async () => {
        const { body } = await get(app, '/scripture?strongs=H4210&translation=KJV');
        assert.deepEqual(body.hits.map((hit: { osis: string; words: string[] }) => [hit.osis, hit.words]), [['Ps.23.1', ['Psalm']]]);
        assert.equal(body.total, 1);
        const david = await get(app, '/scripture?strongs=H1732&translation=KJV&book=Ps');
        assert.deepEqual(david.body.hits.map((hit: { osis: string; words: string[] }) => [hit.osis, hit.words]), [['Ps.23.1', ['David']]]);
        // The title stays a heading: the verse's text and its headings are as before.
        const verse = await get(app, '/passage/Ps.23.1?translation=KJV');
        assert.deepEqual(verse.body.headings, [{ text: 'A Psalm of David.', before: 'Ps.23.1', level: 'd' }]);
        assert.equal(verse.body.text, 'The LORD is my shepherd; I shall not want.');
      });

      it('describes strongs as served for the BSB and the KJV (the OpenAPI parameter and the MCP tool)', async () => {
        const { body } = await get(app, '/openapi.json');
        const strongs = body.paths['/scripture'].get.parameters.find((parameter: { name: string }) => parameter.name === 'strongs');
        assert.match(strongs.description, /BSB/);
        assert.match(strongs.description, /KJV/);
        assert.doesNotMatch(TOOL_GUIDANCE.search_scripture ?? '', /`strongs` \(`H430`\) with `translation=KJV`/);
        assert.match(TOOL_GUIDANCE.search_scripture ?? '', /BSB/);
      });

      it("gives the BSB's concordance from its interlinear alignment, and the renderings of a lexeme", async () => {
        const { body } = await get(app, '/scripture?strongs=H430');
        assert.equal(body.translation, 'BSB');
        assert.deepEqual(body.hits.map((hit: { osis: string; words: string[] }) => [hit.osis, hit.words]), [['Gen.1.1', ['God']], ['Gen.1.2', ['God']]]);
        const lexeme = await get(app, '/entity/lexemes/h430');
        assert.deepEqual(lexeme.body.renderings.map((entry: { translation: string; words: Array<{ text: string }> }) => [entry.translation, entry.words[0]?.text]), [
          ['BSB', 'God'],
          ['KJV', 'God'],
        ]);
        assert.equal((await get(app, '/scripture?strongs=H430&translation=RV1909')).status, 400);
      });
    });
  });
}
