// The conformance suite's table: example requests for every operation of the OpenAPI document, keyed by
// operationId, each with the status (and for failures the error code) it must answer. The suite
// (run.ts) sends each one and holds the answer to the document; it also derives, for every operation,
// HEAD, a conditional GET (304), a wrong method (405) and the rate limit (429) from the first success.
//
// An operation of the document with no examples here fails the suite. Examples for an operationId the
// document does not have (a route still being written) are skipped, so this table can run ahead of
// the route table. Paths are relative to /api/v1.

import type { ErrorCode } from '@skg/core';

export interface Example {
  /** `METHOD /path?query`, relative to /api/v1. */
  readonly request: string;
  readonly status: number;
  /** The Error `code` a failure must carry. */
  readonly code?: ErrorCode;
  /** Request headers (e.g. Content-Type for a POST). */
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON request body. */
  readonly body?: unknown;
  /** The data it holds for: the fixture bundle, the full data, or (absent) both. */
  readonly data?: 'fixture' | 'full';
  /**
   * `without-optional`: an app over a dist built without the optional artefacts (for 503);
   * `degraded`: an app whose status checks fail (a memory budget of one byte).
   */
  readonly app?: 'without-optional' | 'degraded';
}

/** What an MCP client sends with every POST (Streamable HTTP). */
const MCP = { accept: 'application/json, text/event-stream' };

export const EXAMPLES: Readonly<Record<string, readonly Example[]>> = {
  get_service_index: [{ request: 'GET /', status: 200 }],

  get_passage: [
    { request: 'GET /passage/John.3.16', status: 200 },
    { request: 'GET /passage/Matt.17.21', status: 200 },
    { request: 'GET /passage/John.3.16-18', status: 200 },
    { request: 'GET /passage/John.3', status: 200 },
    { request: 'GET /passage/Gen.24.1-4', status: 200 },
    { request: 'GET /passage/Foo.1.1', status: 400, code: 'invalid_reference' },
    { request: 'GET /passage/John.3.x', status: 400, code: 'invalid_reference' },
    { request: 'GET /passage/Gen.1.99', status: 404, code: 'not_found' },
    { request: 'GET /passage/John.3.16-John.4.2', status: 200, data: 'full' },
    { request: 'GET /passage/John.3.16-John.4.2', status: 404, code: 'not_found', data: 'fixture' },
    { request: 'GET /passage/Gen.1-Gen.2', status: 200, data: 'full' },
    { request: 'GET /passage/Gen.1.1-Gen.2.3', status: 200, data: 'full' },
    { request: 'GET /passage/Gen.1.31-Exod.1.1', status: 400, code: 'invalid_parameter' },
    { request: 'GET /passage/Ps.1-Ps.150', status: 200, data: 'full' },
    { request: 'GET /passage/John%203%3A16', status: 400, code: 'invalid_reference' },
    { request: 'GET /passage/John.3.16?translation=KJV', status: 200 },
    { request: 'GET /passage/Matt.17.21?translation=kjv', status: 200 },
    { request: 'GET /passage/John.3?translation=RV1909', status: 200 },
    { request: 'GET /passage/Gen.1.1-3?translation=BSB,KJV,WEB,RV1909', status: 200 },
    { request: 'GET /passage/Ps.23.1?translation=BSB,KJV', status: 200 },
    { request: 'GET /passage/Ps.3.1?translation=BSB,KJV,WEB,RV1909', status: 200, data: 'full' },
    { request: 'GET /passage/Tob.1?translation=WEB', status: 200 },
    { request: 'GET /passage/Tob.1.1?translation=KJV', status: 400, code: 'invalid_reference' },
    { request: 'GET /passage/John.3.16?translation=NIV', status: 400, code: 'unknown_value' },
    { request: 'GET /passage/John.3.16?translation=KJV,KJV', status: 400, code: 'invalid_parameter' },
    { request: 'GET /passage/John.3.16?translation=KJV', status: 400, code: 'unknown_value', app: 'without-optional' },
  ],

  list_translations: [
    { request: 'GET /translations', status: 200 },
    { request: 'GET /translations', status: 200, app: 'without-optional' },
  ],

  download_translation: [
    { request: 'GET /translations/KJV/download', status: 200 },
    { request: 'GET /translations/bsb/download', status: 200 },
    { request: 'GET /translations/NIV/download', status: 404, code: 'not_found' },
    { request: 'GET /translations/BSB/download', status: 503, code: 'dataset_unavailable', app: 'without-optional' },
  ],

  parse_references: [
    { request: 'GET /references?q=Jn%203%3A16-18%3B%20Rom%208%3A28', status: 200 },
    { request: 'GET /references?q=John%203%3A16-4%3A2&passages=true', status: 200 },
    { request: 'GET /references?q=Gen%201%3A1%E2%80%932%3A3%3B%201%20Cor%2013&passages=true', status: 200, data: 'full' },
    { request: 'GET /references?q=Juan%203%3A16&lang=ES&passages=1', status: 200 },
    { request: 'GET /references?q=Ps%20117%3A1-3%3B%20That%20is%2C%2060%20shekels', status: 200 },
    { request: 'GET /references?q=John%203%3A99%2C%20Mal%205', status: 200 },
    { request: 'GET /references?q=hello%20world', status: 200 },
    { request: 'GET /references?q=Jn%203%3A16&passages=true&translation=KJV,RV1909', status: 200 },
    { request: 'GET /references', status: 400, code: 'missing_parameter' },
    { request: 'GET /references?q=John%203%3A16&lang=xx', status: 400, code: 'unknown_value' },
    { request: 'GET /references?q=John%203%3A16&passages=maybe', status: 400, code: 'invalid_parameter' },
  ],

  search_scripture: [
    { request: 'GET /scripture?q=god&limit=2', status: 200 },
    { request: 'GET /scripture?q=%22only%20son%22&book=John&testament=nt', status: 200 },
    { request: 'GET /scripture?q=light&limit=abc&offset=1', status: 200 },
    { request: 'GET /scripture', status: 400, code: 'missing_parameter' },
    { request: 'GET /scripture?q=%20', status: 400, code: 'missing_parameter' },
    { request: 'GET /scripture?q=god&testament=XX', status: 400, code: 'unknown_value' },
    { request: 'GET /scripture?q=god&book=Nowhere', status: 400, code: 'unknown_value' },
    { request: 'GET /scripture?q=god%20light&translation=KJV', status: 200 },
    { request: 'GET /scripture?q=%22el%20principio%22&translation=RV1909', status: 200 },
    { request: 'GET /scripture?strongs=H430&translation=KJV&limit=2', status: 200 },
    { request: 'GET /scripture?strongs=H430', status: 200 },
    { request: 'GET /scripture?strongs=H430&translation=WEB', status: 400, code: 'unknown_value' },
    { request: 'GET /scripture?strongs=X1&translation=KJV', status: 400, code: 'invalid_parameter' },
    { request: 'GET /scripture?q=god&translation=KJV,WEB', status: 400, code: 'invalid_parameter' },
    { request: 'GET /scripture?q=god&translation=NIV', status: 400, code: 'unknown_value' },
  ],

  random_verse: [
    { request: 'GET /random', status: 200 },
    { request: 'GET /random?book=john', status: 200 },
    { request: 'GET /random?testament=nt', status: 200 },
    { request: 'GET /random?book=Matt&testament=NT', status: 200 },
    { request: 'GET /random?book=Nowhere', status: 400, code: 'unknown_value' },
    { request: 'GET /random?testament=XX', status: 400, code: 'unknown_value' },
    { request: 'GET /random?book=John&testament=OT', status: 400, code: 'invalid_parameter' },
    { request: 'GET /random?book=Exod', status: 404, code: 'not_found', data: 'fixture' },
  ],

  get_vocabulary: [{ request: 'GET /vocabulary', status: 200 }],

  get_stats: [{ request: 'GET /stats', status: 200 }],

  get_tags: [
    { request: 'GET /tags', status: 200 },
    { request: 'GET /tags?limit=3&offset=1', status: 200 },
  ],

  get_entity: [
    { request: 'GET /entity/people/isaac', status: 200 },
    { request: 'GET /entity/people%2Fisaac?body=true&backlinks=0', status: 200 },
    { request: 'GET /entity/places/jerusalem', status: 200 },
    { request: 'GET /entity/sa/events', status: 200 },
    { request: 'GET /entity/themes', status: 200 },
    { request: 'GET /entity/bible/john/3', status: 200 },
    { request: 'GET /entity/bible/john', status: 200 },
    { request: 'GET /entity/lexemes/h430', status: 200 },
    { request: 'GET /entity/schema/relations', status: 200 },
    { request: 'GET /entity/sources/bibledata', status: 200, data: 'fixture' },
    { request: 'GET /entity/epochs/creation', status: 200, data: 'fixture' },
    { request: 'GET /entity/commandments/125-have-children-with-one-s-wife', status: 200, data: 'fixture' },
    { request: 'GET /entity/sa/events/jesus-and-nicodemus', status: 200, data: 'fixture' },
    { request: 'GET /entity/people/nobody', status: 404, code: 'not_found' },
    { request: 'GET /entity/a/b/c/d', status: 400, code: 'invalid_parameter' },
    { request: 'GET /entity/people/isaac?body=maybe', status: 400, code: 'invalid_parameter' },
    { request: 'GET /entity/people%2F..%2Fplaces%2Fjerusalem', status: 400, code: 'invalid_parameter' },
  ],

  list_documents: [
    { request: 'GET /list', status: 200 },
    { request: 'GET /list?type=epochs&limit=2', status: 200 },
    { request: 'GET /list?type=Commandment', status: 200 },
    { request: 'GET /list?type=Event&sort=chronological', status: 200 },
    { request: 'GET /list?type=Lexeme&sort=degree', status: 200 },
    { request: 'GET /list?folder=bible/john&sort=canonical', status: 200 },
    { request: 'GET /list?tag=male&offset=1', status: 200 },
    { request: 'GET /list?folder=sa/events', status: 200 },
    { request: 'GET /list?folder=epochs&sort=degree', status: 200 },
    { request: 'GET /list?tag=epoch-life', status: 200, data: 'fixture' },
    { request: 'GET /list?tag=epoch-judge', status: 200, data: 'full' },
    { request: 'GET /list?type=Person&sort=chronological', status: 400, code: 'unknown_value' },
    { request: 'GET /list?type=Nothing', status: 400, code: 'unknown_value' },
    { request: 'GET /list?sort=random', status: 400, code: 'unknown_value' },
    { request: 'GET /list?tag=no-such-tag-anywhere', status: 400, code: 'unknown_value' },
  ],

  search: [
    { request: 'GET /search?q=isaac', status: 200 },
    { request: 'GET /search?q=abraham&type=Person&limit=1', status: 200 },
    { request: 'GET /search?q=jerusalem&tag=city', status: 200, data: 'full' },
    { request: 'GET /search', status: 400, code: 'missing_parameter' },
    { request: 'GET /search?q=isaac&type=Nothing', status: 400, code: 'unknown_value' },
    { request: 'GET /search?q=isaac&tag=no-such-tag-anywhere', status: 400, code: 'unknown_value' },
  ],

  get_family: [
    { request: 'GET /family/people/isaac', status: 200 },
    { request: 'GET /family/people/jacob?generations=3', status: 200 },
    { request: 'GET /family/places/jerusalem', status: 400, code: 'invalid_parameter' },
    { request: 'GET /family/people%2F..%2Fisaac', status: 400, code: 'invalid_parameter' },
    { request: 'GET /family/people/nobody', status: 404, code: 'not_found' },
  ],

  find_places_near: [
    { request: 'GET /nearby?place=places/jerusalem&radius=100', status: 200 },
    { request: 'GET /nearby?lat=31.7&lon=35.2&limit=3', status: 200 },
    { request: 'GET /nearby?lat=31.7&lon=35.2&radius=1e309&limit=1', status: 200 },
    { request: 'GET /nearby?place=people/abram', status: 400, code: 'invalid_parameter' },
    { request: 'GET /nearby?place=places/../places/jerusalem', status: 400, code: 'invalid_parameter' },
    { request: 'GET /nearby?lat=91&lon=35.2', status: 400, code: 'invalid_parameter' },
    { request: 'GET /nearby?lat=31.7&lon=east', status: 400, code: 'invalid_parameter' },
    { request: 'GET /nearby', status: 400, code: 'missing_parameter' },
    { request: 'GET /nearby?lat=31.7', status: 400, code: 'missing_parameter' },
    { request: 'GET /nearby?place=places/nowhere', status: 404, code: 'not_found' },
    { request: 'GET /nearby?place=places/heaven', status: 404, code: 'not_found', data: 'fixture' },
  ],

  get_graph_neighborhood: [
    { request: 'GET /graph/people/isaac', status: 200 },
    { request: 'GET /graph/people/isaac?depth=3&type=Person&predicate=parent-of&limit=3', status: 200 },
    { request: 'GET /graph/people/isaac?predicate=nope', status: 400, code: 'unknown_value' },
    { request: 'GET /graph/people/isaac?predicate=child-of', status: 400, code: 'unknown_value' },
    { request: 'GET /graph/people/isaac?depth=1e309&limit=5', status: 200 },
    { request: 'GET /graph/people%2F..%2Fisaac', status: 400, code: 'invalid_parameter' },
    { request: 'GET /graph/people/isaac?type=Nothing', status: 400, code: 'unknown_value' },
    { request: 'GET /graph/a/b/c/d', status: 400, code: 'invalid_parameter' },
    { request: 'GET /graph/people/nobody', status: 404, code: 'not_found' },
  ],

  get_status: [
    { request: 'GET /status', status: 200 },
    { request: 'GET /status', status: 503, app: 'degraded' },
  ],

  get_health: [{ request: 'GET /health', status: 200 }],

  get_openapi: [{ request: 'GET /openapi.json', status: 200 }],

  find_cross_references: [
    { request: 'GET /xrefs/John.3.16', status: 200 },
    { request: 'GET /xrefs/John.3?minVotes=100&limit=5', status: 200 },
    { request: 'GET /xrefs/John.3.16?minVotes=abc&limit=abc', status: 200 },
    { request: 'GET /xrefs/John.3.16-17', status: 400, code: 'invalid_parameter' },
    { request: 'GET /xrefs/Foo.1.1', status: 400, code: 'invalid_reference' },
    { request: 'GET /xrefs/Gen.1.99', status: 404, code: 'not_found' },
  ],

  get_connections: [
    { request: 'GET /connections', status: 200 },
    { request: 'GET /connections?book=John&limit=3', status: 200 },
    { request: 'GET /connections?osis=John.3', status: 200 },
    { request: 'GET /connections?book=Rom', status: 200, data: 'full' },
    { request: 'GET /connections?osis=Ps.23', status: 200, data: 'full' },
    { request: 'GET /connections?book=Nowhere', status: 400, code: 'unknown_value' },
    { request: 'GET /connections?osis=Foo.1', status: 400, code: 'invalid_reference' },
    { request: 'GET /connections?osis=John.3.16', status: 400, code: 'invalid_parameter' },
    { request: 'GET /connections?osis=Gen.2', status: 404, code: 'not_found', data: 'fixture' },
    { request: 'GET /connections', status: 503, code: 'dataset_unavailable', app: 'without-optional' },
  ],

  get_interlinear: [
    { request: 'GET /interlinear/Gen.1.1', status: 200 },
    { request: 'GET /interlinear/John.3.16', status: 200 },
    { request: 'GET /interlinear/John.3', status: 200 },
    { request: 'GET /interlinear/John.1.1', status: 200, data: 'full' },
    { request: 'GET /interlinear/Ps.23', status: 200, data: 'full' },
    { request: 'GET /interlinear/Neh.7.68', status: 404, code: 'not_found', data: 'full' },
    { request: 'GET /interlinear/Matt.17.21', status: 404, code: 'not_found' },
    { request: 'GET /interlinear/Gen.1.1-3', status: 400, code: 'invalid_parameter' },
    { request: 'GET /interlinear/Foo.1.1', status: 400, code: 'invalid_reference' },
    { request: 'GET /interlinear/Gen.1.1', status: 503, code: 'dataset_unavailable', app: 'without-optional' },
  ],

  get_changelog: [{ request: 'GET /changelog', status: 200 }],

  post_mcp_message: [
    {
      request: 'POST /mcp',
      headers: MCP,
      body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'conformance', version: '1' } } },
      status: 200,
    },
    { request: 'POST /mcp', headers: MCP, body: { jsonrpc: '2.0', id: 2, method: 'tools/list' }, status: 200 },
    { request: 'POST /mcp', headers: MCP, body: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_passage', arguments: { osis: 'John.3.16' } } }, status: 200 },
    { request: 'POST /mcp', headers: MCP, body: { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_passage', arguments: { osis: 'Foo.1.1' } } }, status: 200 },
    { request: 'POST /mcp', headers: MCP, body: { jsonrpc: '2.0', method: 'notifications/initialized' }, status: 202 },
    { request: 'POST /mcp', headers: { accept: 'application/json' }, body: { jsonrpc: '2.0', id: 5, method: 'ping' }, status: 406, code: 'invalid_parameter' },
    { request: 'POST /mcp', headers: MCP, body: { hello: 'world' }, status: 400, code: 'invalid_parameter' },
    { request: 'POST /mcp', headers: { ...MCP, 'content-type': 'text/plain' }, body: { jsonrpc: '2.0', id: 6, method: 'ping' }, status: 415, code: 'invalid_parameter' },
    { request: 'POST /mcp', headers: MCP, body: { jsonrpc: '2.0', id: 7, method: 'ping', params: { padding: 'x'.repeat(70_000) } }, status: 413, code: 'invalid_parameter' },
  ],

  describe_webhooks: [{ request: 'GET /webhooks', status: 200 }],

  create_webhook: [
    { request: 'POST /webhooks?sandbox=true', body: { url: 'https://hooks.example.com/in', events: ['data.updated'] }, status: 200 },
    { request: 'POST /webhooks', body: { url: 'https://hooks.example.com/in' }, status: 201 },
    { request: 'POST /webhooks', body: {}, status: 400, code: 'missing_parameter' },
    { request: 'POST /webhooks', body: { url: 'http://hooks.example.com/in' }, status: 400, code: 'invalid_parameter' },
    { request: 'POST /webhooks', body: { url: 'https://127.0.0.1/in' }, status: 400, code: 'invalid_parameter' },
    { request: 'POST /webhooks', body: { url: 'https://private.example.com/in' }, status: 400, code: 'invalid_parameter' },
    { request: 'POST /webhooks', body: { url: 'https://hooks.example.com/in', events: ['verse.added'] }, status: 400, code: 'unknown_value' },
    { request: 'POST /webhooks?sandbox=maybe', body: { url: 'https://hooks.example.com/in' }, status: 400, code: 'invalid_parameter' },
    { request: 'POST /webhooks', body: { url: 'https://hooks.example.com/in', padding: 'x'.repeat(20_000) }, status: 413, code: 'invalid_parameter' },
    { request: 'POST /webhooks', headers: { 'content-type': 'text/plain' }, body: { url: 'https://hooks.example.com/in' }, status: 415, code: 'invalid_parameter' },
  ],

  get_webhook: [
    { request: 'GET /webhooks/{{webhookId}}', headers: { authorization: 'Bearer {{webhookSecret}}' }, status: 200 },
    { request: 'GET /webhooks/{{webhookId}}', headers: { authorization: 'Bearer whsec_wrong' }, status: 404, code: 'not_found' },
    { request: 'GET /webhooks/{{webhookId}}', status: 404, code: 'not_found' },
    { request: 'GET /webhooks/wh_000000000000000000000000', headers: { authorization: 'Bearer {{webhookSecret}}' }, status: 404, code: 'not_found' },
  ],

  delete_webhook: [
    { request: 'DELETE /webhooks/{{deletableId}}', headers: { authorization: 'Bearer {{deletableSecret}}' }, status: 204 },
    { request: 'DELETE /webhooks/{{webhookId}}', headers: { authorization: 'Bearer whsec_wrong' }, status: 404, code: 'not_found' },
  ],

  test_webhook: [
    { request: 'POST /webhooks/{{webhookId}}/test', headers: { authorization: 'Bearer {{webhookSecret}}' }, status: 200 },
    { request: 'POST /webhooks/{{webhookId}}/test', status: 404, code: 'not_found' },
  ],

  get_api_reference: [{ request: 'GET /reference', status: 200 }],

  get_api_reference_asset: [
    { request: 'GET /reference/assets/reference.js', status: 200 },
    { request: 'GET /reference/assets/swagger-ui.css', status: 200 },
    { request: 'GET /reference/assets/swagger-ui-bundle.js', status: 200 },
    { request: 'GET /reference/assets/favicon-32x32.png', status: 200 },
    { request: 'GET /reference/assets/swagger-ui-bundle.js.map', status: 404, code: 'not_found' },
    { request: 'GET /reference/assets/..%2Fpackage.json', status: 404, code: 'not_found' },
  ],
};
