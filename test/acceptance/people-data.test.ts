// Researcher-grade people data (issue 12), asked of the API over the full data: the persons of God,
// people told apart, the verse's own words as surfaces, and families as the sources state them.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type DataSet, loadDataSet } from '@skg/server';
import { createTestApp, get as getRoute } from '../helpers/app.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

interface Node {
  id: string;
  title: string;
  description?: string;
  surface?: string;
  label?: string;
}

describe('people on the full data', { skip }, () => {
  let dataSet: DataSet;
  let app: ReturnType<typeof createTestApp>;

  before(async () => {
    dataSet = await loadDataSet(FULL_DIST);
    app = createTestApp(dataSet);
  });

  const get = (route: string) => getRoute(app, route);

  it('serves Jesus Christ at /entity/people/jesus, and Jesus called Justus under a slug of his own', async () => {
    const { status, body } = await get('/entity/people/jesus');
    assert.equal(status, 200);
    assert.equal(body.title, 'Jesus Christ');
    assert.ok(body.extension.verse_count > 1000, `${body.extension.verse_count} verses`);
    const justus = await get('/entity/people/jesus-justus');
    assert.equal(justus.body.extension.first_reference, 'Col.4.11');
  });

  it('ranks Jesus Christ first when searching for jesus', async () => {
    const { body } = await get('/search?q=jesus');
    assert.equal(body.results[0].id, '/people/jesus');
  });

  it('lists God and Jesus Christ once each in the context of John 3:16', async () => {
    const { body } = await get('/passage/John.3.16');
    const people: Node[] = body.context.people;
    assert.deepEqual(people.map((node) => node.id).sort(), ['/people/god', '/people/jesus']);
    assert.deepEqual(people.map((node) => node.title).sort(), ['God', 'Jesus Christ']);
  });

  it('names the Holy Spirit in the context of Acts 2:4, and the Pentecost event involves the Holy Spirit', async () => {
    const { body } = await get('/passage/Acts.2.4');
    const spirit = (body.context.people as Node[]).find((node) => node.id === '/people/holy-spirit');
    assert.equal(spirit?.surface, 'Holy Spirit');
    const event = await get('/entity/sa/events/the-holy-spirit-comes');
    const involved = (event.body.relations.outbound as Array<{ predicate: string; target: string }>).filter((r) => r.predicate === 'involves').map((r) => r.target);
    assert.ok(involved.includes('/people/holy-spirit') || involved.includes('people/holy-spirit'), involved.join(', '));
    assert.ok(!involved.some((target) => target.endsWith('people/jesus')), 'not folded into another person');
  });

  it('surfaces "Zechariah" in Luke 1:5, keeping BibleData\'s "Zacharias" as the label', async () => {
    const { body } = await get('/passage/Luke.1.5');
    const zechariah = (body.context.people as Node[]).find((node) => node.surface === 'Zechariah');
    assert.ok(zechariah, JSON.stringify(body.context.people.map((node: Node) => node.surface)));
    assert.equal(zechariah.label, 'Zacharias');
    const search = await get('/search?q=zechariah&type=Person&limit=100');
    assert.ok((search.body.results as Node[]).some((node) => node.id === zechariah.id), "search finds John the Baptist's father by the BSB spelling");
    const variant = await get('/search?q=zacharias&type=Person');
    assert.equal(variant.body.results[0].id, zechariah.id, 'and by the upstream spelling');
  });

  it("stores only surfaces that are words of their verse's text (or, inHeading, of its Psalm title), over every chapter", () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const book of dataSet.scripture.canon.books) {
      for (let number = 1; number <= book.chapters; number++) {
        const chapter = dataSet.scripture.getChapter(book, number);
        if (!chapter) continue;
        const title = chapter.headings.filter((heading) => heading.level === 'd' && heading.before === 1).map((heading) => heading.text).join(' ');
        for (const relation of chapter.relations) {
          if (relation.predicate !== 'mentions' || relation.surface === undefined) continue;
          const verse = Number(relation.from?.split('.')[2]);
          const text = relation.extra?.inHeading === true ? title : (chapter.verses[verse - 1]?.text ?? '');
          checked++;
          if (!text.includes(relation.surface)) wrong.push(`${relation.from} ${relation.surface}`);
        }
      }
    }
    assert.ok(checked > 25_000, `${checked} surfaces checked`);
    assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} surfaces not in their verse`);
  });

  it('gives the plain slug to the best-known bearer of a name', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/entity/people/jeremiah', /prophet/],
      ['/entity/people/john', /baptist/i],
      ['/entity/people/john-the-baptist', /baptist/i],
    ];
    for (const [route, pattern] of cases) {
      const { body } = await get(route);
      assert.match(body.description ?? '', pattern, route);
    }
  });

  it('tells apart people who share a title by their descriptions', async () => {
    const { body } = await get('/list?type=Person&sort=title&limit=200&offset=0');
    assert.equal(body.total > 3000, true);
    const joseph = await get('/search?q=joseph&type=Person&limit=100');
    const josephs = (joseph.body.results as Node[]).filter((node) => node.title === 'Joseph');
    assert.ok(josephs.length >= 10);
    assert.equal(new Set(josephs.map((node) => node.description)).size, josephs.length, 'every Joseph described differently');
  });

  it('lists Rebekah as the spouse of Isaac, from Theographic', async () => {
    const { body } = await get('/family/people/isaac');
    assert.ok((body.spouses as Node[]).some((node) => node.title === 'Rebekah'));
    const entity = await get('/entity/people/isaac');
    const marriage = (entity.body.relations.outbound as Array<{ predicate: string; source?: string; target: string }>).find((r) => r.predicate === 'spouse-of');
    assert.equal(marriage?.source, 'sources/theographic');
    assert.equal(entity.body.shareAlike, true, 'a relation from Theographic makes the document share-alike');
  });

  it('lists Tamar among the concubines of Judah, not his spouses', async () => {
    const { body } = await get('/family/people/judah');
    assert.ok(!(body.spouses as Node[]).some((node) => node.title === 'Tamar'));
    assert.ok((body.concubines as Node[]).some((node) => node.title === 'Tamar'));
  });

  it('gives Mary and Joseph as the parents of Jesus Christ, and his brothers as siblings', async () => {
    const { body } = await get('/family/people/jesus');
    assert.deepEqual((body.parents as Node[]).map((node) => node.title).sort(), ['Joseph', 'Mary']);
    assert.ok((body.siblings as Node[]).some((node) => node.id === '/people/james-the-less'), 'James the Less, people/james-3 before');
  });
});
