// The client's helpers on a real listener over the fixture: written as an application writes them, in
// strict TypeScript without narrowing (the root tsconfig type-checks this file), so a helper whose types
// would make a reader narrow does not compile.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type Chapter, createScriptureGraphClient, type Passage, type ScriptureGraphClient, ScriptureGraphError, toEntityPath } from '@scripture-graph/client';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { startCountingServer } from '../helpers/stored-responses.ts';

describe('@scripture-graph/client helpers', () => {
  let client: ScriptureGraphClient;
  let close: () => Promise<void>;

  before(async () => {
    const server = await startCountingServer(await getFixtureDataSet());
    close = server.close;
    client = createScriptureGraphClient({ baseUrl: `http://127.0.0.1:${server.port}/api/v1/` });
  });

  after(() => close());

  it('reads a verse as a Passage whose text compiles without narrowing', async () => {
    const { data, response } = await client.passage('John.3.16');
    assert.match(data.text ?? '', /loved the world/);
    assert.equal(data.kind, 'passage');
    assert.equal(response.status, 200);
    const range: Passage = (await client.passage('John.3.16-18')).data;
    assert.equal(range.verses.length, 3);
  });

  it('reads a two-part reference as a Chapter, and a reference the compiler cannot see as either', async () => {
    const chapter: Chapter = (await client.passage('Ps.23')).data;
    assert.equal(chapter.kind, 'chapter');
    assert.equal(chapter.verseCount, chapter.verses.length);
    const osis: string = ['John.3.16', 'Ps.23'][1] ?? '';
    const either = (await client.passage(osis)).data;
    assert.equal(either.kind === 'chapter' ? either.verseCount : undefined, chapter.verseCount, 'narrowed on kind');
  });

  it('throws ScriptureGraphError with the Error body for an answer that is not a success', async () => {
    const error = await client.passage('Gen.1.99').then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof ScriptureGraphError);
    assert.equal(error.status, 404);
    assert.equal(error.code, 'not_found');
    assert.equal(error.requestId, error.response.headers.get('x-request-id'));
    await assert.rejects(client.random({ book: 'Nowhere' }), (thrown: unknown) => thrown instanceof ScriptureGraphError && thrown.code === 'unknown_value' && thrown.param === 'book');
  });

  it('draws a random verse from the scope asked for', async () => {
    const { data, response } = await client.random({ book: 'John' });
    assert.equal(data.book?.id, 'John');
    assert.ok((data.text ?? '').length > 0);
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });

  it('takes the ids /search and /list return, leading slash and all, in the document helpers', async () => {
    const found = await client.search('isaac');
    const isaac = found.data.results.find((result) => result.id === '/people/isaac');
    assert.ok(isaac, '/search returns /people/isaac');
    const entity = await client.entity(isaac.id);
    assert.equal(entity.data.kind, 'entity');
    const family = await client.family(isaac.id, { generations: 2 });
    assert.ok(family.data.parents.some((parent) => parent.id === '/people/abram'));
    const graph = await client.graph(isaac.id, { depth: 1 });
    assert.ok(graph.data.nodes.length > 1);
    assert.equal((await client.entity('people/isaac')).data.kind, 'entity', 'a path without the slash too');
    const listed = await client.list({ type: 'Person', sort: 'title', limit: 3 });
    for (const person of listed.data.results) assert.equal((await client.entity(person.id)).data.kind, 'entity', person.id);
    const jerusalem = (await client.search('jerusalem', { type: 'Place' })).data.results[0];
    assert.equal(jerusalem?.id, '/places/jerusalem');
    const near = await client.nearby(jerusalem.id, { radius: 50 });
    assert.ok(near.data.results.every((result) => result.distanceKm <= 50));
    const verses = await client.searchScripture('"only son"', { book: 'John' });
    assert.ok(verses.data.hits.length > 0);
  });

  it('toEntityPath strips the leading slash of an entity id and keeps a path as it is', () => {
    const cases: Array<[id: string, path: string]> = [
      ['/people/isaac', 'people/isaac'],
      ['people/isaac', 'people/isaac'],
      ['/bible/john/3', 'bible/john/3'],
      ['//themes/faith', 'themes/faith'],
    ];
    for (const [id, path] of cases) assert.equal(toEntityPath(id), path, id);
  });
});
