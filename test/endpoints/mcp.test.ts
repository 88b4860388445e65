import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type RunningServer, serve } from '../../packages/server/src/serve.ts';
import { ADAPTERS, type Fetcher, fixtureAppThrough, openAppsThrough } from '../helpers/adapters.ts';
import { get, request } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { EXAMPLES } from '../conformance/examples.ts';
import { callsFromExamples, SPEC_TOOL_NAMES, toolOperations, textOf } from '../helpers/mcp.ts';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function post(app: Fetcher, message: unknown, headers: Record<string, string> = MCP_HEADERS) {
  return request(app, '/api/v1/mcp', { method: 'POST', headers, body: JSON.stringify(message) });
}

function callTool(name: string, args: Record<string, unknown>, id = 1) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

describe('MCP over Streamable HTTP (the SDK client, a real listener)', () => {
  let server: RunningServer;
  let client: Client;

  before(async () => {
    const dataSet = await getFixtureDataSet();
    server = await serve({ distDir: dataSet.dir, port: 0, host: '127.0.0.1', trustProxy: false, watch: false, log: () => undefined });
    client = new Client({ name: 'skg-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  });

  after(async () => {
    await client?.close();
    await server?.close();
  });

  it('initializes without a session and names the server', () => {
    assert.equal(client.getServerVersion()?.name, 'scripture-graph');
    assert.ok(client.getServerCapabilities()?.tools, 'the tools capability');
    assert.match(client.getInstructions() ?? '', /OSIS/);
  });

  it('lists one tool per read operation of the served document, each with input and output schemas', async () => {
    const { tools } = await client.listTools();
    const document = await (await fetch(`${server.url}/openapi.json`)).json();
    const operations = toolOperations(document);
    assert.deepEqual(tools.map((tool) => tool.name), operations.map((entry) => entry.operationId));
    assert.deepEqual(SPEC_TOOL_NAMES.filter((name) => !tools.some((tool) => tool.name === name)), [], 'the spec\'s 15 names and the status');
    assert.equal(tools.length, 16 + operations.filter((entry) => !SPEC_TOOL_NAMES.includes(entry.operationId)).length);
    for (const tool of tools) {
      const operation = operations.find((entry) => entry.operationId === tool.name)!;
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.deepEqual(Object.keys(tool.inputSchema.properties ?? {}).sort(), operation.parameters.map((p) => p.name).sort(), `${tool.name}: one property per parameter`);
      assert.deepEqual(tool.inputSchema.required ?? [], operation.parameters.filter((p) => p.required).map((p) => p.name), `${tool.name}: required`);
      assert.equal(tool.outputSchema?.type, 'object', `${tool.name}: an output schema`);
      assert.ok(!JSON.stringify(tool.outputSchema).includes('$ref'), `${tool.name}: the output schema is self-contained`);
      assert.equal(tool.annotations?.readOnlyHint, true, `${tool.name}: read-only`);
      assert.ok((tool.description ?? '').length > 40, `${tool.name}: described`);
    }
    const passage = tools.find((tool) => tool.name === 'get_passage')!;
    const osis = (passage.inputSchema.properties as Record<string, { type: string; description: string }>).osis!;
    assert.deepEqual([osis.type, osis.description], ['string', operations.find((entry) => entry.operationId === 'get_passage')!.parameters[0]!.description]);
  });

  it('answers every success example of the conformance table, through every tool, as the GET does', async () => {
    const { tools } = await client.listTools();
    const document = await (await fetch(`${server.url}/openapi.json`)).json();
    const calls = callsFromExamples(tools, toolOperations(document), EXAMPLES, 'fixture');
    assert.deepEqual(tools.filter((tool) => !calls.some((call) => call.tool === tool.name)).map((tool) => tool.name), [], 'every tool is called');
    for (const call of calls) {
      // The SDK client checks structuredContent against the tool's output schema.
      const result = (await client.callTool({ name: call.tool, arguments: call.args })) as CallToolResult;
      assert.equal(result.isError, undefined, `${call.tool} ${JSON.stringify(call.args)}: ${textOf(result).slice(0, 300)}`);
      const http = await fetch(`${server.url}${call.target}`);
      if (http.headers.get('cache-control') === 'no-store') continue; // live (/status): computed anew each time
      assert.deepEqual(result.structuredContent, await http.json(), `${call.tool} ${JSON.stringify(call.args)} = GET ${call.target}`);
    }
  });

  it('get_passage John.3.16 answers the body GET /passage/John.3.16 answers', async () => {
    const result = (await client.callTool({ name: 'get_passage', arguments: { osis: 'John.3.16' } })) as CallToolResult;
    const http = await (await fetch(`${server.url}/passage/John.3.16`)).json();
    assert.equal(result.isError, undefined);
    assert.deepEqual(result.structuredContent, http);
    assert.deepEqual(JSON.parse(textOf(result)), http, 'the same JSON as text');
    assert.match(JSON.stringify(result.structuredContent), /only Son/);
  });

  it('search_scripture "only son" answers the body GET /scripture answers', async () => {
    const result = (await client.callTool({ name: 'search_scripture', arguments: { q: '"only son"', limit: 5 } })) as CallToolResult;
    const http = await (await fetch(`${server.url}/scripture?q=${encodeURIComponent('"only son"')}&limit=5`)).json();
    assert.deepEqual(result.structuredContent, http);
    assert.ok((http as { hits: unknown[] }).hits.length > 0, 'the fixture has the phrase');
  });

  it('answers a failing call as a tool error carrying the API Error body', async () => {
    const result = (await client.callTool({ name: 'get_passage', arguments: { osis: 'Foo.1.1' } })) as CallToolResult;
    assert.equal(result.isError, true);
    const body = JSON.parse(textOf(result));
    assert.equal(body.code, 'invalid_reference');
    assert.ok(body.requestId);
    assert.equal(result.structuredContent, undefined);
    const http = await fetch(`${server.url}/passage/Foo.1.1`);
    assert.equal(((await http.json()) as { code: string }).code, body.code, 'the same code as the HTTP route');
  });

  it('passes document paths whole, so a dot segment is refused rather than resolved', async () => {
    const ok = (await client.callTool({ name: 'get_family', arguments: { path: 'people/isaac' } })) as CallToolResult;
    assert.deepEqual(ok.structuredContent, await (await fetch(`${server.url}/family/people/isaac`)).json());
    const dots = (await client.callTool({ name: 'get_entity', arguments: { path: 'people/../places/jerusalem' } })) as CallToolResult;
    assert.equal(JSON.parse(textOf(dots)).code, 'invalid_parameter');
  });

  it('answers missing_parameter for a missing path argument and an unknown tool as a protocol error', async () => {
    const missing = (await client.callTool({ name: 'get_entity', arguments: {} })) as CallToolResult;
    assert.equal(missing.isError, true);
    assert.deepEqual(
      (({ code, param }) => ({ code, param }))(JSON.parse(textOf(missing))),
      { code: 'missing_parameter', param: 'path' },
    );
    await assert.rejects(client.callTool({ name: 'create_webhook', arguments: {} }), /unknown tool create_webhook/);
  });
});

for (const adapter of ADAPTERS) describe(`POST /api/v1/mcp in the request engine, through ${adapter}`, () => {
  const app = fixtureAppThrough(adapter);
  const apps = openAppsThrough(adapter);
  after(() => apps.close());

  it('answers a request with JSON, a notification with 202, and carries the pipeline headers', async () => {
    const ping = await post(app, { jsonrpc: '2.0', id: 7, method: 'ping' }, { ...MCP_HEADERS, 'x-request-id': 'mcp-ping-1', 'idempotency-key': 'k1' });
    assert.equal(ping.status, 200);
    assert.deepEqual(ping.body, { jsonrpc: '2.0', id: 7, result: {} });
    assert.equal(ping.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(ping.headers.get('x-request-id'), 'mcp-ping-1');
    assert.equal(ping.headers.get('idempotency-key'), 'k1');
    assert.equal(ping.headers.get('access-control-allow-origin'), '*');
    assert.equal(ping.headers.get('cache-control'), 'no-store');
    assert.equal(ping.headers.get('mcp-session-id'), null, 'stateless: no session');
    const notification = await post(app, { jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.deepEqual([notification.status, notification.text], [202, '']);
  });

  it('answers GET and DELETE 405 with Allow: POST, OPTIONS (a stateless server offers no stream and no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await request(app, '/api/v1/mcp', { method, headers: { accept: 'text/event-stream' } });
      assert.equal(response.status, 405, method);
      assert.equal(response.headers.get('allow'), 'POST, OPTIONS', method);
      assert.equal(response.body.code, 'unknown_value', method);
    }
  });

  it('answers a preflight for the MCP headers', async () => {
    const response = await request(app, '/api/v1/mcp', {
      method: 'OPTIONS',
      headers: { origin: 'https://assistant.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /Mcp-Protocol-Version/);
  });

  it('answers transport failures with the Error body: 406 without the Accept, 415 not JSON, 400 not JSON-RPC or a bad protocol version', async () => {
    const noAccept = await post(app, { jsonrpc: '2.0', id: 1, method: 'ping' }, { 'content-type': 'application/json', accept: 'application/json' });
    assert.deepEqual([noAccept.status, noAccept.body.code, noAccept.body.param], [406, 'invalid_parameter', 'Accept']);
    assert.equal(noAccept.body.requestId, noAccept.headers.get('x-request-id'));
    const text = await request(app, '/api/v1/mcp', { method: 'POST', headers: { ...MCP_HEADERS, 'content-type': 'text/plain' }, body: '{}' });
    assert.deepEqual([text.status, text.body.code], [415, 'invalid_parameter']);
    const notJsonRpc = await post(app, { hello: 'world' });
    assert.deepEqual([notJsonRpc.status, notJsonRpc.body.code, notJsonRpc.body.param], [400, 'invalid_parameter', 'body']);
    const version = await post(app, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...MCP_HEADERS, 'mcp-protocol-version': '1999-01-01' });
    assert.deepEqual([version.status, version.body.param], [400, 'MCP-Protocol-Version']);
    const huge = await post(app, { jsonrpc: '2.0', id: 1, method: 'ping', params: { padding: 'x'.repeat(70_000) } });
    assert.deepEqual([huge.status, huge.body.code], [413, 'invalid_parameter']);
  });

  it('counts a tool call by the rate limit of the calling address, once: the call is its request', async () => {
    const limited = await apps.open(await getFixtureDataSet(), { rateLimit: { limit: 3, windowMs: 60_000 } });
    const as = (address: string) => ({ ...MCP_HEADERS, 'x-forwarded-for': address });
    const first = await post(limited, callTool('get_passage', { osis: 'John.3.16' }), as('203.0.113.7'));
    assert.equal(first.status, 200);
    assert.equal(first.body.result.structuredContent.osis, 'John.3.16');
    assert.equal(first.headers.get('x-ratelimit-remaining'), '2', 'the POST counted; the GET it performs is not counted again');
    const second = await post(limited, callTool('get_passage', { osis: 'John.99.1' }, 2), as('203.0.113.7'));
    const error = JSON.parse(second.body.result.content[0].text);
    assert.equal(second.body.result.isError, true);
    assert.equal(error.requestId, second.headers.get('x-request-id'), 'the GET ran under the POST\'s request id');
    assert.equal((await post(limited, { jsonrpc: '2.0', id: 3, method: 'ping' }, as('203.0.113.7'))).headers.get('x-ratelimit-remaining'), '0');
    assert.equal((await post(limited, { jsonrpc: '2.0', id: 4, method: 'ping' }, as('203.0.113.7'))).status, 429);
    const other = await post(limited, callTool('get_passage', { osis: 'John.3.16' }), as('203.0.113.8'));
    assert.equal(other.body.result.structuredContent.osis, 'John.3.16', 'another address has its own window');
  });

  it('lists the same tools as the document describes, with integer parameters keeping their ranges', async () => {
    const listed = await post(app, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const scripture = listed.body.result.tools.find((tool: { name: string }) => tool.name === 'search_scripture');
    // `q` may be left out for a concordance (`strongs`): no parameter of search_scripture is required.
    assert.equal(scripture.inputSchema.required, undefined);
    assert.deepEqual(scripture.inputSchema.properties.translation.type, 'string');
    const passage = listed.body.result.tools.find((tool: { name: string }) => tool.name === 'get_passage');
    assert.deepEqual(passage.inputSchema.required, ['osis']);
    assert.deepEqual(
      (({ type, minimum, maximum, default: fallback }) => ({ type, minimum, maximum, fallback }))(scripture.inputSchema.properties.limit),
      { type: 'integer', minimum: 1, maximum: 100, fallback: 25 },
    );
    const index = (await get(app, '/')).body;
    assert.deepEqual(listed.body.result.tools.map((tool: { name: string }) => tool.name), index.tools.map((tool: { name: string }) => tool.name));
  });
});
