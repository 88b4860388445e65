// ETags follow the contract: the response-format part of a tag is a hash of the route's contract in the
// OpenAPI document (openapi/response-format.ts), so changing a body schema changes the tags of exactly
// the routes whose bodies it describes, with no constant to bump.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NodeSummary, Passage, Type, Vocabulary } from '../../packages/server/src/openapi/schemas/index.ts';
import { describeRouteContract, getResponseFormat } from '../../packages/server/src/openapi/response-format.ts';
import { ROUTES } from '../../packages/server/src/routes/index.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';

const REQUESTS = ['/passage/John.3.16', '/passage/John.3', '/family/people/isaac', '/entity/people/isaac', '/vocabulary', '/tags'];

let dataSet: DataSet;
before(async () => {
  dataSet = await getFixtureDataSet();
});

async function etags(): Promise<Record<string, string>> {
  const app = createTestApp(dataSet);
  const tags: Record<string, string> = {};
  for (const path of REQUESTS) {
    const response = await get(app, path);
    assert.equal(response.status, 200, path);
    tags[path] = response.headers.get('etag') ?? '';
  }
  return tags;
}

const route = (operationId: string) => {
  const found = ROUTES.find((entry) => entry.operationId === operationId);
  assert.ok(found, operationId);
  return found;
};

describe('ETags follow the response schemas', () => {
  /** Members added to component schemas by a test, removed again after it. */
  const added: Array<{ schema: { properties: Record<string, unknown> }; name: string }> = [];
  after(() => {
    for (const { schema, name } of added) delete schema.properties[name];
  });
  function addMember(schema: unknown, name: string): void {
    const target = schema as { properties: Record<string, unknown> };
    target.properties[name] = Type.Optional(Type.String());
    added.push({ schema: target, name });
  }

  it('are the same from two apps over the same data and code', async () => {
    assert.deepEqual(await etags(), await etags());
  });

  it('change, with no constant bumped, for every route whose body schema changed, and only for those', async () => {
    const before = await etags();
    addMember(NodeSummary, 'nickname');
    const after = await etags();
    // NodeSummary is in the passage context, the chapter's backlinks, a family and an entity: all change.
    for (const path of ['/passage/John.3.16', '/passage/John.3', '/family/people/isaac', '/entity/people/isaac']) {
      assert.notEqual(after[path], before[path], `${path} keeps its ETag after NodeSummary changed`);
    }
    // /vocabulary and /tags describe no NodeSummary: their tags stay, and their copies stay valid.
    for (const path of ['/vocabulary', '/tags']) assert.equal(after[path], before[path], path);
  });

  it('change when a route\'s own top-level schema changes', async () => {
    const before = await etags();
    addMember(Vocabulary, 'comment');
    const after = await etags();
    assert.notEqual(after['/vocabulary'], before['/vocabulary']);
    assert.equal(after['/tags'], before['/tags']);
  });

  it('derive from the contract a route reaches, examples left out', () => {
    const passage = describeRouteContract(route('get_passage')) as { components: { schemas: Record<string, unknown> } };
    for (const name of ['PassageOrChapter', 'Passage', 'Chapter', 'PassageContext', 'NodeSummary', 'Licence', 'Error']) {
      assert.ok(name in passage.components.schemas, name);
    }
    const vocabulary = describeRouteContract(route('get_vocabulary')) as { components: { schemas: Record<string, unknown> } };
    assert.ok(!('NodeSummary' in vocabulary.components.schemas));
    assert.ok(!('Passage' in vocabulary.components.schemas));
    // An example illustrates: adding one changes nothing.
    const format = getResponseFormat(route('get_passage'));
    (Passage as unknown as { example?: unknown }).example = { kind: 'passage' };
    try {
      assert.equal(getResponseFormat(route('get_passage')), format);
    } finally {
      delete (Passage as unknown as { example?: unknown }).example;
    }
  });
});
