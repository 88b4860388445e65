// The knowledge-graph routes' acceptance criteria, asked of the API over the full data.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createApp, loadDataSet } from '@skg/server';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

interface Node {
  id: string;
  title: string;
  type: string;
  lat?: number;
  lon?: number;
  distanceKm?: number;
}

const ids = (nodes: Node[]) => nodes.map((node) => node.id).sort();

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe('the knowledge-graph API on the full data', { skip }, () => {
  let app: ReturnType<typeof createApp>;

  before(async () => {
    const dataSet = await loadDataSet(FULL_DIST);
    app = createApp({ getDataSet: () => dataSet, trustProxy: true });
  });

  async function get(route: string) {
    const response = await app.fetch(new Request(`http://localhost/api/v1${route}`));
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  it('counts 613 commandments, 66 books, 1,189 chapters and 31,102 verses in /stats', async () => {
    const { status, body } = await get('/stats');
    assert.equal(status, 200);
    const commandments = body.collections.find((entry: { type: string }) => entry.type === 'Commandment');
    assert.equal(commandments.count, 613);
    assert.equal(body.books, 66);
    assert.equal(body.chapters, 1189);
    assert.equal(body.verses, 31102);
  });

  it("gives Jacob's parents as Isaac and Rebekah and his 13 children", async () => {
    const { status, body } = await get('/family/people/jacob');
    assert.equal(status, 200);
    assert.deepEqual(body.parents.map((node: Node) => node.title).sort(), ['Isaac', 'Rebekah']);
    assert.equal(body.children.length, 13);
  });

  it("walks David's ancestors three generations up: Jesse, Obed, Boaz", async () => {
    const { body } = await get('/family/people/david?generations=3');
    const titles = body.ancestors.map((level: { people: Node[] }) => level.people.map((node) => node.title));
    assert.ok(titles[0].includes('Jesse'), JSON.stringify(titles));
    assert.ok(titles[1].includes('Obed'), JSON.stringify(titles));
    assert.ok(titles[2].includes('Boaz'), JSON.stringify(titles));
  });

  it('keeps ancestor-of out of /family while /entity shows it', async () => {
    // Simeon is ancestor-of the Simeonite clan heads of 1 Chronicles 4, none of them his children.
    const family = await get('/family/people/simeon?generations=1');
    const entity = await get('/entity/people/simeon');
    const ancestorOf = entity.body.relations.outbound.filter((r: { predicate: string }) => r.predicate === 'ancestor-of');
    assert.ok(ancestorOf.length >= 1, '/entity shows ancestor-of');
    const children = ids(family.body.children);
    for (const relation of ancestorOf) assert.ok(!children.includes(relation.target), `${relation.target} is not a child of Simeon`);
    assert.match(family.body.note, /ancestor-of/);
  });

  it('finds the patriarch first for abraham among people (BibleData names him Abram), and for abram', async () => {
    const { body } = await get('/search?q=abraham&type=Person');
    assert.equal(body.results[0].id, '/people/abraham');
    const abram = await get('/search?q=abram&type=Person');
    assert.equal(abram.body.results[0].id, '/people/abraham');
  });

  it('finds the lexeme H430 by its Strong number', async () => {
    const { body } = await get('/search?q=H430');
    assert.ok(body.results.some((node: Node) => node.id === '/lexemes/h430'));
  });

  it('caps the inbound relations of people/god and reports the true count', async () => {
    const { status, body } = await get('/entity/people/god?backlinks=0');
    assert.equal(status, 200);
    assert.equal(body.relations.inbound.length, 500);
    assert.ok(body.relations.inboundCount > 9_000, `${body.relations.inboundCount} inbound`);
    assert.equal(body.relations.inboundTruncated, true);
  });

  it('lists places within 5 km of Jerusalem nearest first with haversine-consistent distances', async () => {
    const { status, body } = await get('/nearby?place=places/jerusalem&radius=5');
    assert.equal(status, 200);
    assert.ok(body.results.length >= 1);
    let previous = 0;
    for (const node of body.results as Node[]) {
      assert.notEqual(node.id, '/places/jerusalem');
      assert.ok(node.distanceKm! >= previous && node.distanceKm! <= 5);
      previous = node.distanceKm!;
      const expected = haversineKm(body.centre.lat, body.centre.lon, node.lat!, node.lon!);
      assert.ok(Math.abs(expected - node.distanceKm!) < 0.05, `${node.id}: ${node.distanceKm} vs ${expected}`);
    }
  });
});
