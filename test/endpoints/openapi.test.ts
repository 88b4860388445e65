import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { H3 } from 'h3';
import { createTestApp, get, request } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { validate } from '../helpers/schema.ts';

let app: H3;
before(async () => {
  app = createTestApp(await getFixtureDataSet());
});

interface Operation {
  operationId: string;
  responses: Record<string, { content?: { 'application/json': { schema: Record<string, unknown> } } }>;
}

async function getDocument() {
  return (await get(app, '/openapi.json')).body as { paths: Record<string, { get: Operation }> } & Record<string, unknown>;
}

describe('GET /openapi.json', () => {
  it('describes the service in OpenAPI 3.1 with version 1.2.0, at /api/v1 and at the site root alike', async () => {
    const document = await getDocument();
    assert.equal(document.openapi, '3.1.0');
    assert.equal((document.info as { version: string }).version, '1.2.0');
    const root = await request(app, '/openapi.json');
    assert.equal(root.status, 200);
    assert.deepEqual(root.body, document);
  });

  it('names the operations as the assistant tools name them', async () => {
    const document = await getDocument();
    const ids = Object.values(document.paths).map((path) => path.get.operationId).sort();
    assert.deepEqual(ids, [
      'find_places_near', 'get_entity', 'get_family', 'get_graph_neighborhood', 'get_openapi', 'get_passage', 'get_service_index', 'get_stats', 'get_status', 'get_tags', 'get_vocabulary', 'list_documents', 'search', 'search_scripture',
    ]);
  });

  it('lists exactly the routes the service index lists', async () => {
    const document = await getDocument();
    const index = await get(app, '/');
    assert.deepEqual(Object.keys(document.paths).sort(), Object.keys(index.body.endpoints).sort());
  });
});

describe('responses conform to the OpenAPI description', () => {
  const cases: Array<[route: string, path: string, status: number]> = [
    ['/', '/', 200],
    ['/passage/John.3.16', '/passage/{osis}', 200],
    ['/passage/Matt.17.21', '/passage/{osis}', 200],
    ['/passage/John.3.16-18', '/passage/{osis}', 200],
    ['/passage/John.3', '/passage/{osis}', 200],
    ['/passage/Gen.24.1-4', '/passage/{osis}', 200],
    ['/passage/Foo.1.1', '/passage/{osis}', 400],
    ['/passage/Gen.1.99', '/passage/{osis}', 404],
    ['/scripture?q=god&limit=2', '/scripture', 200],
    ['/scripture', '/scripture', 400],
    ['/scripture?q=god&testament=XX', '/scripture', 400],
    ['/vocabulary', '/vocabulary', 200],
    ['/stats', '/stats', 200],
    ['/tags?limit=3', '/tags', 200],
    ['/entity/people/isaac', '/entity/{path}', 200],
    ['/entity/people%2Fisaac?body=true&backlinks=0', '/entity/{path}', 200],
    ['/entity/sa/events', '/entity/{path}', 200],
    ['/entity/bible/john/3', '/entity/{path}', 200],
    ['/entity/places/jerusalem', '/entity/{path}', 200],
    ['/entity/people/nobody', '/entity/{path}', 404],
    ['/entity/a/b/c/d', '/entity/{path}', 400],
    ['/list', '/list', 200],
    ['/list?type=epochs&limit=2', '/list', 200],
    ['/list?type=Nothing', '/list', 400],
    ['/list?sort=random', '/list', 400],
    ['/search?q=isaac', '/search', 200],
    ['/search?q=abraham&type=Person&limit=1', '/search', 200],
    ['/search', '/search', 400],
    ['/family/people/isaac', '/family/{path}', 200],
    ['/family/people/jacob?generations=3', '/family/{path}', 200],
    ['/family/places/jerusalem', '/family/{path}', 400],
    ['/family/people/nobody', '/family/{path}', 404],
    ['/nearby?place=places/jerusalem&radius=100', '/nearby', 200],
    ['/nearby?lat=31.7&lon=35.2', '/nearby', 200],
    ['/nearby?lat=91&lon=35.2', '/nearby', 400],
    ['/nearby', '/nearby', 400],
    ['/nearby?place=places/nowhere', '/nearby', 404],
    ['/graph/people/isaac', '/graph/{path}', 200],
    ['/graph/people/isaac?depth=3&type=Person&predicate=parent-of&limit=3', '/graph/{path}', 200],
    ['/graph/people/isaac?predicate=nope', '/graph/{path}', 400],
    ['/graph/people/nobody', '/graph/{path}', 404],
    ['/status', '/status', 200],
    ['/openapi.json', '/openapi.json', 200],
  ];

  it('answers every case with a body valid against its documented status and schema', async () => {
    const document = await getDocument();
    for (const [route, path, status] of cases) {
      const response = await get(app, route);
      assert.equal(response.status, status, route);
      const operation = document.paths[path]?.get;
      const schema = operation?.responses[String(status)]?.content?.['application/json'].schema;
      assert.ok(schema, `${route}: ${status} is documented for ${path}`);
      assert.deepEqual(validate(response.body, schema, document), [], route);
      if (status === 200) assert.ok(response.body.licence ?? response.body['x-licence'], `${route} carries the licence`);
    }
  });
});
