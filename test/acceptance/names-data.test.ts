// Names as readers know them and families without contradictions (issue 19), asked of the API over
// the full data: the famous at the ids readers try, every id served before still answering, one father
// and one mother each, share-alike documents saying why.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadDataSet } from '@skg/server';
import { createTestApp, get as getRoute } from '../helpers/app.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

interface Node {
  id: string;
  title: string;
}

describe('names and families on the full data', { skip }, () => {
  let app: ReturnType<typeof createTestApp>;

  before(async () => {
    app = createTestApp(await loadDataSet(FULL_DIST));
  });

  const get = (route: string) => getRoute(app, route);

  it('titles the famous by the names readers use, at the ids readers try', async () => {
    const cases: Array<[string, string]> = [
      ['people/abraham', 'Abraham'],
      ['people/sarah', 'Sarah'],
      ['people/paul', 'Paul'],
      ['people/peter', 'Peter'],
      ['people/esther', 'Esther'],
      ['people/john-the-baptist', 'John the Baptist'],
      ['people/judas-iscariot', 'Judas Iscariot'],
      ['people/jacob', 'Jacob'],
    ];
    for (const [id, title] of cases) {
      const { status, body } = await get(`/entity/${id}`);
      assert.equal(status, 200, id);
      assert.equal(body.id, `/${id}`);
      assert.equal(body.title, title, id);
    }
  });

  it('answers every id served before under the new id: the same document, the canonical id', async () => {
    const cases: Array<[string, string]> = [
      ['people/abram', '/people/abraham'],
      ['people/sarai', '/people/sarah'],
      ['people/saul-paul', '/people/paul'],
      ['people/simon', '/people/peter'],
      ['people/hadassah', '/people/esther'],
      ['people/john', '/people/john-the-baptist'],
      ['people/judas', '/people/judas-iscariot'],
      ['people/israel', '/people/jacob'],
      ['people/cephas', '/people/peter'],
    ];
    for (const [alias, id] of cases) {
      const entity = await get(`/entity/${alias}`);
      assert.equal(entity.status, 200, alias);
      assert.equal(entity.body.id, id, alias);
      const family = await get(`/family/${alias}`);
      assert.equal(family.body.person.id, id, `/family/${alias}`);
    }
    const isaac = await get('/family/people/isaac');
    assert.deepEqual((isaac.body.parents as Node[]).map((node) => node.title).sort(), ['Abraham', 'Sarah']);
  });

  it('keeps one father for Joseph and notes Luke’s Heli with its verse and source; Mary and Joseph are not siblings', async () => {
    const mary = await get('/family/people/mary');
    assert.ok(!(mary.body.siblings as Node[]).some((node) => node.title === 'Joseph'), 'Joseph is no sibling of Mary');
    assert.ok((mary.body.spouses as Node[]).some((node) => node.title === 'Joseph'));
    const joseph = await get(`/family${(mary.body.spouses as Node[]).find((node) => node.title === 'Joseph')?.id}`);
    assert.equal((joseph.body.parents as Node[]).length, 1, 'one father');
    assert.ok(!(joseph.body.siblings as Node[]).some((node) => node.title === 'Mary'));
    const entity = await get(`/entity${joseph.body.person.id}`);
    const alternatives = entity.body.extension.alternative_parents as Array<{ parent: string; from?: string; source: string }>;
    assert.ok(alternatives.some((alternative) => alternative.from === 'Luke.3.23' && alternative.source === 'sources/bibledata'));
    assert.match(joseph.body.note, /at Luke\.3\.23 \(sources\/bibledata; \/people\/jacob-2 kept\)/, '/family notes the alternative with its verse and source');
  });

  it('leaves Abraham and Sarah both spouses and siblings, as Genesis 20:12 says', async () => {
    const { body } = await get('/family/people/abraham');
    assert.ok((body.spouses as Node[]).some((node) => node.id === '/people/sarah'));
  });

  it('makes no parent a sibling where no verse says so (Asa and Abijam)', async () => {
    const { body } = await get('/family/people/asa');
    const parents = new Set((body.parents as Node[]).map((node) => node.id));
    assert.ok(!(body.siblings as Node[]).some((node) => parents.has(node.id)));
  });

  it('says which source makes a share-alike document so', async () => {
    const page = await get('/list?type=Person&tag=share-alike&limit=5');
    assert.ok(page.body.total > 0);
    for (const person of page.body.results as Node[]) {
      const { body } = await get(`/entity${person.id}`);
      assert.equal(body.licence.document, 'CC-BY-SA-4.0');
      assert.match(body.licence.reason, /Theographic/, person.id);
    }
    const event = await get('/list?type=Event&limit=1');
    const { body } = await get(`/entity${(event.body.results as Node[])[0]?.id}`);
    assert.match(body.licence.reason, /sources\/theographic/);
    const source = await get('/entity/sources/opengnt');
    assert.match(source.body.licence.reason, /OpenGNT/);
  });
});
