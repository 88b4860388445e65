// The GraphStore over the compiled fixture: what the /entity, /family, /graph, /list, /search, /tags,
// /stats, /nearby and /vocabulary routes and the passage `context` will read.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, type Book, getBook } from '@skg/core';
import { haversineKm } from '../../packages/server/src/artefacts/graph-store.ts';
import type { GraphStore } from '../../packages/server/src/artefacts/types.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';

async function graph(): Promise<GraphStore> {
  return (await getFixtureDataSet()).graph;
}

function book(id: string): Book {
  const found = getBook(id);
  if (!found) throw new Error(`no book ${id}`);
  return found;
}

const paths = (items: ReadonlyArray<{ readonly path: string }>) => items.map((i) => i.path);

async function search(q: string, options: { type?: 'Person' | 'Lexeme' | 'Place'; tag?: string; limit?: number; offset?: number } = {}) {
  const { type, tag, limit = 25, offset = 0 } = options;
  return (await graph()).search({ q, limit, offset, ...(type ? { type } : {}), ...(tag ? { tag } : {}) });
}

describe('GraphStore: documents', () => {
  it('gives a NodeSummary with the fields its type has', async () => {
    const g = await graph();
    assert.deepEqual(g.getSummary('places/jerusalem'), {
      path: 'places/jerusalem',
      title: 'Jerusalem',
      type: 'Place',
      description: 'Identified with Jerusalem (OpenBible.info score 1000 of 1000)',
      degree: 4,
      lat: 31.776667,
      lon: 35.234167,
    });
    assert.equal(g.getSummary('lexemes/h430')?.strongs, 'H430');
    assert.equal(g.getSummary('bible/john/3')?.osis, 'John.3');
    assert.equal(g.getSummary('commandments/125-have-children-with-one-s-wife')?.osis, 'Gen.1.28');
    assert.equal(g.getSummary('places/heaven')?.lat, undefined, 'a place without coordinates has no lat/lon');
    assert.equal(g.getSummary('people/nobody'), undefined);
  });

  it('flags share-alike documents under sa/ and the share-alike source outside it, and nothing else', async () => {
    const g = await graph();
    assert.equal(g.getSummary('sa/events/jesus-and-nicodemus')?.shareAlike, true);
    assert.equal(g.getSummary('sources/theographic')?.shareAlike, true);
    assert.equal(g.getSummary('sources/bibledata')?.shareAlike, undefined);
    assert.equal(g.getSummary('people/isaac')?.shareAlike, undefined);
  });

  it('gives the whole document: status, trust tier, words, sources completed from their Source documents, extension', async () => {
    const g = await graph();
    const place = g.getDocument('places/jerusalem');
    assert.equal(place?.status, 'stable');
    assert.equal(place?.trustTier, 'machine-confirmed');
    assert.equal(place?.stale, false);
    assert.deepEqual(place?.tags, ['settlement']);
    assert.deepEqual(place?.sources[1], {
      resource: 'sources/bibledata',
      title: 'BibleData',
      last_modified: '2025-03-01',
      usage_count: 21,
    });
    assert.deepEqual(place?.generated, { by: 'skg-ingest 0.1.0', at: '2026-08-21T00:00:00.000Z' });
    assert.deepEqual(Object.keys(place?.extension ?? {}).slice(0, 4), ['lat', 'lon', 'contested', 'identifications']);
    assert.ok((place?.words ?? 0) > 10);
    assert.equal(g.getDocument('epochs/life-of-isaac')?.sortFields.startYearAH, 2108);
    assert.equal(g.getDocument('sa/events/jesus-and-nicodemus')?.order, 27.43003001);
  });

  it('reads a body back exactly as the bundle has it', async () => {
    const body = (await graph()).getBody('themes/love');
    assert.equal(body, '\n# Love\n\n- Of God [John 3:16](../bible/john/3.md)\n- See [Faith](faith)\n');
    assert.equal((await graph()).getBody('people/nobody'), undefined);
  });
});

describe('GraphStore: relations', () => {
  it('derives child-of on Isaac from the parent-of his parents state, naming how they stated it', async () => {
    const inbound = (await graph()).getInbound('people/isaac').filter((r) => r.predicate === 'child-of');
    assert.deepEqual(inbound, [
      { predicate: 'child-of', statedAs: 'parent-of', source: 'people/abram', sourceType: 'Person', title: 'Abram', from: 'Gen.17.19', note: 'father' },
      { predicate: 'child-of', statedAs: 'parent-of', source: 'people/sarai', sourceType: 'Person', title: 'Sarai', from: 'Gen.17.19', note: 'mother' },
    ]);
  });

  it('stores child-of nowhere: no outbound relation of any person uses it', async () => {
    const g = await graph();
    for (const person of g.list({ type: 'Person', sort: 'title', limit: 100, offset: 0 }).items) {
      assert.ok(!g.getOutbound(person.path).some((r) => r.predicate === 'child-of'), person.path);
    }
  });

  it('gives outbound relations resolved to their target with title and type, extra keys kept', async () => {
    const g = await graph();
    assert.deepEqual(g.getOutbound('people/jacob').map((r) => `${r.predicate} ${r.target} ${r.targetType}`), [
      'parent-of people/dinah Person',
      'parent-of people/joseph Person',
      'parent-of people/judah Person',
      'parent-of people/reuben Person',
    ]);
    const narrated = g.getOutbound('sa/events/jesus-and-nicodemus').find((r) => r.predicate === 'narrated-in');
    assert.deepEqual(narrated, {
      predicate: 'narrated-in',
      target: 'bible/john/3',
      targetType: 'Chapter',
      title: 'John 3',
      from: 'John.3.1',
      source: 'sources/theographic',
      extra: { verses: 21 },
    });
  });

  it('reads a symmetric predicate back as itself, and ancestor-of as descendant-of', async () => {
    const g = await graph();
    assert.deepEqual(
      g.getInbound('people/sarai').map((r) => [r.predicate, r.statedAs, r.source]),
      [['spouse-of', 'spouse-of', 'people/abram']],
    );
    assert.deepEqual(
      g.getInbound('people/david').filter((r) => r.statedAs === 'ancestor-of').map((r) => [r.predicate, r.source]),
      [['descendant-of', 'people/abram'], ['descendant-of', 'people/judah']],
    );
  });

  it('caps the relation lists on request and gives their true totals', async () => {
    const g = await graph();
    assert.deepEqual(g.getRelationCounts('people/isaac'), { outbound: 4, inbound: 4 });
    assert.equal(g.getInbound('people/isaac', 1).length, 1);
    assert.equal(g.getOutbound('people/isaac', 2).length, 2);
    assert.deepEqual(g.getRelationCounts('people/nobody'), { outbound: 0, inbound: 0 });
  });

  it('gives every edge touching a document for graph walks: typed, link and source kinds', async () => {
    const edges = (await graph()).getEdges('people/isaac');
    assert.equal(edges.length, (await graph()).getSummary('people/isaac')?.degree);
    assert.ok(edges.some((e) => e.kind === 'relation' && e.source === 'people/abram' && e.target === 'people/isaac' && e.predicate === 'parent-of'));
    assert.ok(edges.some((e) => e.kind === 'link' && e.source === 'people/isaac' && e.target === 'bible/genesis/24' && e.predicate === undefined));
    assert.ok(edges.some((e) => e.kind === 'source' && e.target === 'sources/bibledata'));
  });
});

describe('GraphStore: links and backlinks', () => {
  it('gives outbound links in body order with their true total', async () => {
    const links = (await graph()).getLinks('themes/faith', 2);
    assert.equal(links.total, 4);
    assert.deepEqual(paths(links.items), ['bible/genesis/24', 'bible/john/3']);
  });

  it('counts as backlinks the documents pointing here by a relation, once each, never the document itself', async () => {
    const g = await graph();
    const backlinks = paths(g.getBacklinks('people/isaac', 500).items);
    const stating = new Set(g.getInbound('people/isaac').map((relation) => relation.source));
    for (const source of stating) assert.ok(backlinks.includes(source), `${source} states a relation to Isaac`);
    assert.equal(new Set(backlinks).size, backlinks.length, 'distinct');
    assert.ok(!backlinks.includes('people/isaac'));
    const linkingHere = backlinks.filter((path) => g.getLinks(path, 500).items.some((node) => node.path === 'people/isaac'));
    const linkEdges = g.getEdges('people/isaac').filter((edge) => edge.kind === 'link' && edge.target === 'people/isaac');
    assert.deepEqual(linkEdges.map((edge) => edge.source).sort(), linkingHere.sort(), "/graph's link edges stay the body links");
  });

  it('orders backlinks non-chapter documents first, capped by limit with the true total', async () => {
    const g = await graph();
    const all = g.getBacklinks('bible/john/3', 100);
    assert.deepEqual(paths(all.items), ['themes/faith', 'sa/events/jesus-and-nicodemus', 'bible/john', 'themes/love', 'bible/genesis/24']);
    const capped = g.getBacklinks('bible/john/3', 2);
    assert.equal(capped.total, 5);
    assert.deepEqual(paths(capped.items), ['themes/faith', 'sa/events/jesus-and-nicodemus']);
    assert.deepEqual(g.getBacklinks('people/nobody', 10), { total: 0, items: [] });
  });

  it('gives a chapter record its relations anchored to verses and its backlinks', async () => {
    const { scripture } = await getFixtureDataSet();
    const chapter = scripture.getChapter(book('John'), 3);
    assert.equal(chapter?.relations.length, 6);
    assert.deepEqual(chapter?.relations[0], {
      predicate: 'mentions',
      target: 'people/nicodemus',
      targetType: 'Person',
      title: 'Nicodemus',
      from: 'John.3.1',
      surface: 'Nicodemus',
      source: 'sources/bibledata',
    });
    assert.equal(chapter?.backlinkCount, 5, 'four body links and the event narrated in it');
    assert.deepEqual(paths(chapter?.backlinks ?? []), ['themes/faith', 'sa/events/jesus-and-nicodemus', 'bible/john', 'themes/love', 'bible/genesis/24']);
    assert.deepEqual(scripture.getChapter(book('Matt'), 17)?.relations, []);
  });
});

describe('GraphStore: concept search', () => {
  it('puts the patriarch first for abraham among people: an alias beats a description that mentions him', async () => {
    const result = await search('abraham', { type: 'Person' });
    assert.deepEqual(paths(result.items), ['people/abram', 'people/isaac', 'people/sarai']);
    assert.equal(result.total, 3);
  });

  it('finds a lexeme by its Strong number, either case', async () => {
    assert.equal((await search('H430')).items[0]?.path, 'lexemes/h430');
    assert.equal((await search('h430')).items[0]?.path, 'lexemes/h430');
  });

  it('matches transliterations and original-language words without accents or points', async () => {
    assert.equal((await search('logos')).items[0]?.path, 'lexemes/g3056');
    assert.equal((await search('λογος')).items[0]?.path, 'lexemes/g3056');
    assert.equal((await search('אלוהים')).items[0]?.path, 'lexemes/h430');
  });

  it('matches the start of a name', async () => {
    assert.deepEqual(paths((await search('bethle')).items), ['places/bethlehem']);
  });

  it('requires every word: names, descriptions, tags, type names and paths all count', async () => {
    assert.deepEqual(paths((await search('jacob son')).items), ['people/jacob', 'people/judah', 'people/joseph', 'people/reuben']);
    assert.deepEqual(paths((await search('settlement')).items), ['places/jerusalem', 'places/bethlehem', 'places/hebron']);
    assert.deepEqual(paths((await search('epochs isaac')).items), ['epochs/life-of-isaac']);
    assert.deepEqual((await search('isaac unicorn')).items, []);
  });

  it('ranks an exact title above a name that merely holds the word', async () => {
    assert.equal((await search('isaac')).items[0]?.path, 'people/isaac');
    assert.equal((await search('the life of isaac')).items[0]?.path, 'epochs/life-of-isaac');
  });

  it('filters by type and tag and pages with a true total', async () => {
    assert.deepEqual(paths((await search('isaac', { type: 'Person' })).items), ['people/isaac', 'people/jacob', 'people/esau']);
    assert.deepEqual(paths((await search('son', { tag: 'female' })).items), []);
    assert.deepEqual(paths((await search('daughter', { tag: 'female' })).items), ['people/rebekah', 'people/dinah'], 'better connected first');
    const page = await search('jacob son', { limit: 2, offset: 1 });
    assert.equal(page.total, 4);
    assert.deepEqual(paths(page.items), ['people/judah', 'people/joseph']);
    assert.deepEqual(await search('isaac', { tag: 'no-such-tag' }), { total: 0, items: [] });
  });

  it('answers invalid_parameter on q when the query holds no word', async () => {
    await assert.rejects(search(' — ? '), (error: unknown) => error instanceof ApiError && error.code === 'invalid_parameter' && error.param === 'q');
  });
});

describe('GraphStore: listing, tags, stats, vocabulary', () => {
  it('lists by type, folder and tag in the order asked for, with sortable fields', async () => {
    const g = await graph();
    const epochs = g.list({ type: 'Epoch', sort: 'chronological', limit: 10, offset: 0 });
    assert.deepEqual(paths(epochs.items), ['epochs/creation', 'epochs/life-of-isaac']);
    assert.deepEqual(epochs.items[1]?.sortFields, { startYearAH: 2108, endYearAH: 2288, lengthYears: 180, epochType: 'life' });
    const chapters = g.list({ folder: 'bible/john', sort: 'canonical', limit: 10, offset: 0 });
    assert.deepEqual(paths(chapters.items), ['bible/john/3', 'bible/john/11']);
    const women = g.list({ tag: 'female', sort: 'title', limit: 10, offset: 0 });
    assert.deepEqual(paths(women.items), ['people/dinah', 'people/rebekah', 'people/sarai', 'people/tamar']);
    const busiest = g.list({ type: 'Person', sort: 'degree', limit: 1, offset: 0 });
    assert.equal(busiest.total, 14);
    assert.equal(busiest.items[0]?.path, 'people/isaac');
    assert.deepEqual(g.list({ folder: 'sa/events', sort: 'title', limit: 10, offset: 0 }).total, 1);
  });

  it('counts tags most common first, with paging', async () => {
    const g = await graph();
    const tags = g.tags(2, 0);
    assert.equal(tags.total, 21);
    assert.deepEqual(tags.items, [{ name: 'male', count: 10 }, { name: 'new-testament', count: 7 }]);
    assert.equal(g.tags(5, 20).items.length, 1);
    assert.equal(g.hasTag('epoch-unique'), true);
    assert.equal(g.hasTag('epoch'), false);
  });

  it('gives the graph totals and every collection with its count and an example', async () => {
    const stats = (await graph()).stats();
    assert.deepEqual(
      { notes: stats.notes, edges: stats.edges, tags: stats.tags, orphans: stats.orphans, brokenLinks: stats.brokenLinks },
      { notes: 46, edges: 116, tags: 21, orphans: 1, brokenLinks: 1 },
    );
    assert.deepEqual(stats.collections.find((c) => c.type === 'Person'), { type: 'Person', count: 14, example: 'people/isaac' });
    assert.equal(stats.collections.length, 12);
    assert.deepEqual(stats.topTags[0], { name: 'male', count: 10 });
  });

  it('gives every declared predicate with its edge count, and the undeclared ones found in the data', async () => {
    const { declared, undeclared } = (await graph()).predicates();
    assert.deepEqual(declared.find((p) => p.id === 'parent-of'), {
      id: 'parent-of',
      heading: 'parent of',
      inverse: 'child-of',
      symmetric: false,
      domain: ['Person'],
      range: ['Person'],
      edges: 11,
    });
    assert.equal(declared.find((p) => p.id === 'killed')?.edges, 0);
    assert.deepEqual(undeclared, [{ id: 'blessed', edges: 1 }]);
  });
});

describe('GraphStore: nearby', () => {
  it('lists places within the radius nearest first with great-circle distances, leaving out places without coordinates', async () => {
    const result = (await graph()).nearby(31.776667, 35.234167, 50, 10);
    assert.deepEqual(paths(result.items), ['places/jerusalem', 'places/bethlehem', 'places/hebron']);
    assert.equal(result.items[0]?.distanceKm, 0);
    assert.equal(result.items[1]?.distanceKm, Math.round(haversineKm(31.776667, 35.234167, 31.704306, 35.207639) * 100) / 100);
    assert.ok(Math.abs((result.items[1]?.distanceKm ?? 0) - 8.43) < 0.01, 'Jerusalem to Bethlehem is about 8.4 km');
    assert.ok(Math.abs((result.items[2]?.distanceKm ?? 0) - 30.64) < 0.01, 'Jerusalem to Hebron is about 30.6 km');
  });

  it('counts everything inside the radius before the limit', async () => {
    const g = await graph();
    assert.deepEqual(paths(g.nearby(31.776667, 35.234167, 10, 10).items), ['places/jerusalem', 'places/bethlehem']);
    const limited = g.nearby(31.776667, 35.234167, 20000, 1);
    assert.equal(limited.total, 3);
    assert.equal(limited.items.length, 1);
  });

  it('measures haversine distances: a quarter of the equator is 10,007.5 km', () => {
    assert.ok(Math.abs(haversineKm(0, 0, 0, 90) - 10007.5) < 0.1);
    assert.equal(haversineKm(31.7, 35.2, 31.7, 35.2), 0);
  });
});

describe('GraphStore: verse context', () => {
  it('lists the people, places and themes of a verse range from the chapter relations, with their verses', async () => {
    const context = (await graph()).verseContext(book('Gen'), 24, 1, 4);
    assert.deepEqual(
      context.people.map((p) => [p.node.path, p.verses, p.surface]),
      [['people/abram', ['Gen.24.1', 'Gen.24.2'], 'Abraham'], ['people/isaac', ['Gen.24.4'], 'Isaac']],
    );
    assert.deepEqual(context.places.map((p) => [p.node.path, p.verses]), [['places/heaven', ['Gen.24.3']]]);
    assert.deepEqual(context.themes.map((t) => [t.node.path, t.verses]), [['themes/faith', ['Gen.24.1']]]);
    assert.deepEqual(context.referencedBy, []);
  });

  it('lists the documents pointing at the verses: events narrated, lexemes first attested, commandments stated', async () => {
    const g = await graph();
    const genesis = g.verseContext(book('Gen'), 1, 1, 1);
    assert.deepEqual(genesis.referencedBy.map((r) => [r.node.path, r.predicate, r.verses]), [
      ['epochs/creation', 'narrated-in', ['Gen.1.1']],
      ['lexemes/h430', 'first-attested-in', ['Gen.1.1']],
    ]);
    assert.deepEqual(
      g.verseContext(book('Gen'), 1, 28, 28).referencedBy.map((r) => [r.node.path, r.predicate]),
      [['commandments/125-have-children-with-one-s-wife', 'stated-in']],
    );
    const john = g.verseContext(book('John'), 3, 1, 2);
    assert.equal(john.referencedBy[0]?.node.shareAlike, true);
    assert.deepEqual(g.verseContext(book('John'), 3, 2, 2).referencedBy, [], 'the event is anchored to verse 1');
  });

  it('gives nothing for a chapter the data lacks', async () => {
    assert.deepEqual((await graph()).verseContext(book('Exod'), 20, 1, 17), { people: [], places: [], themes: [], referencedBy: [] });
  });
});
