// Every operation of the API called through the typed client, as an application would write it: strict
// TypeScript, no casts. The table's type has one entry per operation of the generated types, so an
// operation without a call here does not compile.

import assert from 'node:assert/strict';
import type { operations, ScriptureGraphClient } from '@scripture-graph/client';

/** The operations a client calls: every one but the deliveries this service sends (`receive_…`). */
export type ClientOperation = Exclude<keyof operations, `receive_${string}`>;

const MCP_ACCEPT = { accept: 'application/json, text/event-stream' };

/** Registers a webhook to a public test host and answers its id and secret. */
async function register(client: ScriptureGraphClient): Promise<{ id: string; secret: string }> {
  const { data, response } = await client.POST('/webhooks', { body: { url: 'https://hooks.example.com/typed-client' } });
  assert.equal(response.status, 201);
  assert.ok(data);
  return { id: data.subscription.id, secret: data.secret };
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

export const CALLS: { readonly [K in ClientOperation]: (client: ScriptureGraphClient) => Promise<void> } = {
  async get_service_index(client) {
    const { data } = await client.GET('/');
    assert.equal(data?.name, 'Scripture Graph');
    assert.ok(data.tools.some((tool) => tool.name === 'get_passage'));
  },
  async get_passage(client) {
    const { data } = await client.GET('/passage/{osis}', { params: { path: { osis: 'John.3.16' } } });
    assert.ok(data && 'text' in data, 'a verse is a Passage');
    assert.match(data.text ?? '', /loved the world/);
    assert.equal(data.verses[0]?.osis, 'John.3.16');
    const chapter = await client.GET('/passage/{osis}', { params: { path: { osis: 'John.3' } } });
    assert.ok(chapter.data && 'verseCount' in chapter.data);
    assert.equal(chapter.data.book.id, 'John');
    const missing = await client.GET('/passage/{osis}', { params: { path: { osis: 'Gen.1.99' } } });
    assert.equal(missing.error?.code, 'not_found');
    const parallel = await client.GET('/passage/{osis}', { params: { path: { osis: 'John.3.16' }, query: { translation: 'KJV,RV1909' } } });
    assert.ok(parallel.data && parallel.data.kind === 'passage');
    assert.deepEqual(parallel.data.translations, ['KJV', 'RV1909']);
    assert.match(parallel.data.verses[0]?.parallel?.[1]?.text ?? '', /amó Dios al mundo/);
  },
  async list_translations(client) {
    const { data } = await client.GET('/translations');
    assert.deepEqual(
      data?.translations.map((translation) => translation.id),
      ['BSB', 'KJV', 'WEB', 'RV1909'],
    );
  },
  async download_translation(client) {
    const { data, response } = await client.GET('/translations/{id}/download', { params: { path: { id: 'KJV' } } });
    const { data: list } = await client.GET('/translations');
    assert.equal(response.headers.get('etag'), `"${list?.translations.find((translation) => translation.id === 'KJV')?.checksum}"`);
    assert.equal(data?.books.find((book) => book.id === 'John')?.chapters[0]?.osis, 'John.3');
  },
  async get_interlinear(client) {
    const { data } = await client.GET('/interlinear/{osis}', { params: { path: { osis: 'Gen.1.1' } } });
    assert.ok(data);
    assert.equal(data.osis, 'Gen.1.1');
  },
  async find_cross_references(client) {
    const { data } = await client.GET('/xrefs/{osis}', { params: { path: { osis: 'John.3.16' }, query: { limit: 5 } } });
    assert.ok(data);
    assert.ok(data.references.length <= 5);
    for (const reference of data.references) assert.ok(reference.votes >= data.threshold);
  },
  async get_connections(client) {
    const { data } = await client.GET('/connections', { params: { query: { book: 'John', limit: 3 } } });
    assert.ok(data);
    assert.ok(data.topChapters.length <= 3);
  },
  async parse_references(client) {
    const { data } = await client.GET('/references', { params: { query: { q: 'Jn 3:16-18; John 3:99' } } });
    assert.ok(data);
    assert.deepEqual(data.references.map((reference) => reference.exists), [true, false], 'John 3 has no verse 99');
  },
  async search_scripture(client) {
    const { data } = await client.GET('/scripture', { params: { query: { q: '"only son"', limit: 5 } } });
    assert.ok(data);
    assert.ok(data.hits.every((hit) => hit.text.toLowerCase().includes('only son')));
    const blank = await client.GET('/scripture', { params: { query: { q: ' ' } } });
    assert.equal(blank.error?.code, 'missing_parameter');
  },
  async random_verse(client) {
    const { data, response } = await client.GET('/random', { params: { query: { book: 'John', testament: 'NT' } } });
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(data?.book?.id, 'John');
    assert.ok(data.text, 'one verse, with its text');
    const unknown = await client.GET('/random', { params: { query: { book: 'Nowhere' } } });
    assert.equal(unknown.error?.code, 'unknown_value');
    assert.ok(unknown.error.available?.includes('John'));
  },
  async get_vocabulary(client) {
    const { data } = await client.GET('/vocabulary');
    assert.equal(data?.books.length, 66);
  },
  async get_stats(client) {
    const { data } = await client.GET('/stats');
    assert.ok(data);
    assert.ok(data.collections.some((collection) => collection.type === 'Person' && collection.count > 0));
  },
  async get_tags(client) {
    const { data } = await client.GET('/tags', { params: { query: { limit: 3 } } });
    assert.ok(data);
    assert.ok(data.tags.length <= 3);
  },
  async get_entity(client) {
    const { data } = await client.GET('/entity/{path}', { params: { path: { path: 'people/isaac' } } });
    assert.ok(data && 'relations' in data && 'title' in data, 'a document is an Entity');
    assert.equal(data.title, 'Isaac');
    assert.ok(data.relations.inbound.length <= data.relations.inboundCount);
    const collection = await client.GET('/entity/{path}', { params: { path: { path: 'people' } } });
    assert.ok(collection.data && 'sample' in collection.data, 'a folder is a CollectionSample');
    assert.ok(collection.data.sample.length > 0);
  },
  async list_documents(client) {
    const { data } = await client.GET('/list', { params: { query: { type: 'Person', sort: 'title', limit: 5 } } });
    assert.ok(data);
    assert.ok(data.results.length <= 5);
  },
  async search(client) {
    const { data } = await client.GET('/search', { params: { query: { q: 'isaac' } } });
    assert.ok(data);
    assert.ok(data.results.some((result) => result.id === '/people/isaac'));
  },
  async get_family(client) {
    const { data } = await client.GET('/family/{path}', { params: { path: { path: 'people/isaac' }, query: { generations: 2 } } });
    assert.ok(data);
    assert.ok([...data.parents, ...data.children].every((person) => person.id.startsWith('/people/')));
  },
  async find_places_near(client) {
    const { data } = await client.GET('/nearby', { params: { query: { place: 'places/jerusalem', radius: 100 } } });
    assert.ok(data);
    assert.ok(data.results.every((place) => place.distanceKm <= 100));
  },
  async get_graph_neighborhood(client) {
    const { data } = await client.GET('/graph/{path}', { params: { path: { path: 'people/isaac' }, query: { depth: 2 } } });
    assert.ok(data);
    assert.ok(data.nodes.every((node) => node.distance <= 2));
  },
  async get_changelog(client) {
    const { data } = await client.GET('/changelog');
    assert.ok(data?.bundleGenerated);
  },
  async get_status(client) {
    const { data } = await client.GET('/status');
    assert.equal(data?.status, 'ok');
  },
  async get_health(client) {
    const { data } = await client.GET('/health');
    assert.equal(data?.status, 'ok');
  },
  async post_mcp_message(client) {
    const { data, response } = await client.POST('/mcp', { body: { jsonrpc: '2.0', id: 1, method: 'ping' }, headers: MCP_ACCEPT });
    assert.equal(response.status, 200);
    assert.deepEqual(data?.result, {});
  },
  async describe_webhooks(client) {
    const { data } = await client.GET('/webhooks');
    assert.ok(data?.events.some((event) => event.name === 'data.updated'));
  },
  async create_webhook(client) {
    const { data, response } = await client.POST('/webhooks', {
      params: { query: { sandbox: true } },
      body: { url: 'https://hooks.example.com/typed-client', events: ['data.updated'] },
    });
    assert.equal(response.status, 200);
    assert.equal(data?.sandbox, true);
    const refused = await client.POST('/webhooks', { body: { url: 'http://hooks.example.com/plain' } });
    assert.equal(refused.error?.code, 'invalid_parameter');
  },
  async get_webhook(client) {
    const { id, secret } = await register(client);
    const { data } = await client.GET('/webhooks/{id}', { params: { path: { id } }, headers: bearer(secret) });
    assert.equal(data?.subscription.status, 'active');
    const wrong = await client.GET('/webhooks/{id}', { params: { path: { id } }, headers: bearer('whsec_wrong') });
    assert.equal(wrong.error?.code, 'not_found');
  },
  async delete_webhook(client) {
    const { id, secret } = await register(client);
    const { response } = await client.DELETE('/webhooks/{id}', { params: { path: { id } }, headers: bearer(secret) });
    assert.equal(response.status, 204);
  },
  async test_webhook(client) {
    const { id, secret } = await register(client);
    const { data } = await client.POST('/webhooks/{id}/test', { params: { path: { id } }, headers: bearer(secret) });
    assert.equal(data?.delivery.test, true);
  },
  async get_openapi(client) {
    const { data } = await client.GET('/openapi.json');
    assert.equal(data?.openapi, '3.1.0');
  },
  async get_api_reference(client) {
    const { data, response } = await client.GET('/reference', { parseAs: 'text' });
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(data ?? '', /<html/i);
  },
  async get_api_reference_asset(client) {
    const { data } = await client.GET('/reference/assets/{file}', { params: { path: { file: 'reference.js' } }, parseAs: 'text' });
    assert.match(data ?? '', /SwaggerUIBundle/);
  },
};
