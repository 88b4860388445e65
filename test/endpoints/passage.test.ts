import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';
import { get } from '../helpers/app.ts';

const JOHN_3_16 =
  'For God so loved the world that He gave His one and only Son, that everyone who believes in Him shall not perish but have eternal life.';

for (const adapter of ADAPTERS) {
  describe(`GET /passage through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

  describe('GET /passage/{osis} for a verse', () => {
    it('answers the verse text with its reference, url, book, chapter and document licence', async () => {
      const { status, body } = await get(app, '/passage/John.3.16');
      assert.equal(status, 200);
      assert.equal(body.osis, 'John.3.16');
      assert.equal(body.reference, 'John 3:16');
      assert.equal(body.url, '/bible/john/3#John.3.16');
      assert.equal(body.text, JOHN_3_16);
      assert.deepEqual(body.verses, [{ verse: 16, osis: 'John.3.16', text: JOHN_3_16 }]);
      assert.deepEqual(body.book, { id: 'John', name: 'John', slug: 'john', testament: 'NT', chapters: 21 });
      assert.equal(body.chapter.osis, 'John.3');
      assert.equal(body.chapter.url, '/bible/john/3');
      assert.equal(body.chapter.previous, 'John.2');
      assert.equal(body.chapter.next, 'John.4');
      assert.ok(Number.isInteger(body.chapter.verseCount) && body.chapter.verseCount >= 16);
      assert.equal(body.licence.document, 'CC-BY-4.0');
      assert.equal(body.omitted, undefined);
    });

    it('accepts the book in any letter case and as a slug', async () => {
      const cases: Array<[input: string, osis: string]> = [['john.3.16', 'John.3.16'], ['JOHN.3.16', 'John.3.16'], ['genesis.1.1', 'Gen.1.1']];
      for (const [input, osis] of cases) {
        const { status, body } = await get(app, `/passage/${input}`);
        assert.equal(status, 200, input);
        assert.equal(body.osis, osis, input);
      }
    });

    it('answers an omitted verse with omitted: true at the top and on the verse, and empty text', async () => {
      const { status, body } = await get(app, '/passage/Matt.17.21');
      assert.equal(status, 200);
      assert.equal(body.omitted, true);
      assert.equal(body.text, '');
      assert.deepEqual(body.verses, [{ verse: 21, osis: 'Matt.17.21', text: '', omitted: true }]);
    });

    it('crosses book boundaries for the previous chapter and is null before Genesis 1', async () => {
      const { body } = await get(app, '/passage/Gen.1.1');
      assert.equal(body.chapter.previous, null);
      assert.equal(body.chapter.next, 'Gen.2');
    });
  });

  describe('GET /passage/{osis} for a range', () => {
    it('answers the verses without a top-level text', async () => {
      const { status, body } = await get(app, '/passage/John.3.16-18');
      assert.equal(status, 200);
      assert.equal(body.osis, 'John.3.16-18');
      assert.equal(body.reference, 'John 3:16-18');
      assert.equal(body.url, '/bible/john/3#John.3.16');
      assert.equal(body.text, undefined);
      assert.deepEqual(body.verses.map((v: { verse: number }) => v.verse), [16, 17, 18]);
      assert.equal(body.chapter.osis, 'John.3');
    });

    it('answers a range of one verse as that verse', async () => {
      const { body } = await get(app, '/passage/John.3.16-16');
      assert.equal(body.osis, 'John.3.16');
      assert.equal(body.text, JOHN_3_16);
    });
  });

  describe('GET /passage/{osis} for a chapter', () => {
    it('answers the Chapter shape with every verse, its relations and its backlinks', async () => {
      const { status, body } = await get(app, '/passage/Matt.17');
      assert.equal(status, 200);
      assert.equal(body.id, '/bible/matthew/17');
      assert.equal(body.osis, 'Matt.17');
      assert.deepEqual(body.book, { id: 'Matt', name: 'Matthew', slug: 'matthew', testament: 'NT', chapters: 28 });
      assert.equal(body.chapter, 17);
      assert.equal(body.translation, 'BSB');
      assert.equal(body.versification, 'kjv');
      assert.equal(body.verseCount, body.verses.length);
      assert.deepEqual(body.verses.map((v: { verse: number }) => v.verse), Array.from({ length: body.verseCount }, (_, i) => i + 1));
      assert.ok(body.omittedVerses.includes(21));
      assert.deepEqual(body.verses[20], { verse: 21, osis: 'Matt.17.21', text: '', omitted: true });
      assert.equal(body.previous, 'Matt.16');
      assert.equal(body.next, 'Matt.18');
      assert.ok(Array.isArray(body.relations));
      assert.equal(body.backlinkCount, body.backlinks.length, 'fewer than 100 backlinks: all listed');
      assert.equal(body.backlinksTruncated, false);
      for (const backlink of body.backlinks) assert.match(backlink.id, /^\//);
      assert.equal(body.licence.document, 'CC-BY-4.0');
    });

    it('lists the attributed speakers of the chapter and on their verses', async () => {
      const { body } = await get(app, '/passage/John.3');
      assert.ok(body.speakers.includes('Jesus'));
      assert.ok(body.verses.some((v: { speaker?: string }) => v.speaker === 'Jesus'));
    });
  });

  describe('GET /passage/{osis} errors', () => {
    it('answers a reference that does not parse with 400 invalid_reference naming osis', async () => {
      for (const osis of ['Foo.1.1', 'John', 'John.x.1', 'John.3.18-16', 'Gen.51.1']) {
        const { status, body } = await get(app, `/passage/${osis}`);
        assert.equal(status, 400, osis);
        assert.equal(body.code, 'invalid_reference', osis);
        assert.equal(body.param, 'osis', osis);
        assert.ok(body.requestId, osis);
      }
    });

    it('answers a verse the chapter does not have with 404 not_found', async () => {
      for (const osis of ['Gen.1.99', 'John.3.16-99']) {
        const { status, body } = await get(app, `/passage/${osis}`);
        assert.equal(status, 404, osis);
        assert.equal(body.code, 'not_found', osis);
      }
    });
  });

  describe('GET /passage/{osis} context', () => {
    it('lists the people, places and themes the verses mention, with the verses that mention them', async () => {
      const { status, body } = await get(app, '/passage/Gen.24.1-4');
      assert.equal(status, 200);
      const people = body.context.people.map((entry: { id: string }) => entry.id);
      assert.ok(people.includes('/people/abram'));
      const isaac = body.context.people.find((entry: { id: string }) => entry.id === '/people/isaac');
      assert.deepEqual(isaac.verses, ['Gen.24.4']);
      assert.ok(body.context.places.some((entry: { id: string }) => entry.id === '/places/heaven'));
      assert.ok(body.context.themes.length >= 1);
    });

    it('lists documents pointing at the verse in referencedBy, and its cross references (none for Gen.1.1 in the fixture)', async () => {
      const { body } = await get(app, '/passage/Gen.1.1');
      const referencedBy = body.context.referencedBy.map((entry: { id: string; predicate: string }) => `${entry.predicate} ${entry.id}`);
      assert.ok(referencedBy.includes('first-attested-in /lexemes/h430'));
      assert.ok(referencedBy.includes('narrated-in /epochs/creation'));
      assert.deepEqual(body.context.crossReferences, []);
      assert.match(body.context.note, /crossReferences .*\/xrefs/);
    });

    it('confines the context to the verses asked for', async () => {
      const { body } = await get(app, '/passage/Gen.24.4');
      assert.deepEqual(body.context.people.map((entry: { id: string }) => entry.id), ['/people/isaac']);
    });
  });

  describe('GET /passage/{osis} beyond the spec shapes', () => {
    it('refuses a range across books with invalid_parameter on osis naming the rule', async () => {
      const { status, body } = await get(app, '/passage/Gen.1.31-Exod.1.1');
      assert.equal(status, 400);
      assert.equal(body.code, 'invalid_parameter');
      assert.equal(body.param, 'osis');
      assert.match(body.error, /one book/);
    });

    it('answers not_found for a range across chapters when a chapter is not in the text', async () => {
      const { status, body } = await get(app, '/passage/John.3.16-John.4.2');
      assert.equal(status, 404);
      assert.equal(body.code, 'not_found');
    });

    it('answers free text with invalid_reference and docs naming the OSIS it reads as', async () => {
      const cases: Array<[input: string, docs: string]> = [
        ['John 3:16', '/api/v1/passage/John.3.16'],
        ['Jn 3:16-18', '/api/v1/passage/John.3.16-John.3.18'],
        ['Gen 1:1–3', '/api/v1/passage/Gen.1.1-Gen.1.3'],
        ['John 3:16; Ps 23', `/api/v1/references?q=${encodeURIComponent('John 3:16; Ps 23')}`],
      ];
      for (const [input, docs] of cases) {
        const { status, body } = await get(app, `/passage/${encodeURIComponent(input)}`);
        assert.equal(status, 400, input);
        assert.equal(body.code, 'invalid_reference', input);
        assert.equal(body.docs, docs, input);
      }
    });

    it('keeps the error documentation link when the text reads as no reference', async () => {
      const { body } = await get(app, '/passage/Foo.1.1');
      assert.equal(body.code, 'invalid_reference');
      assert.equal(body.docs, '/api/v1/openapi.json#/components/schemas/Error');
    });
  });
  });
}
