// What one MCP POST may cost (issue 21, item 2): every JSON-RPC request of a batch counts against the rate
// limit, an answer has a byte ceiling, a large tool result is cut with a continuation, and malformed
// arguments are the tool's error, not -32603.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { H3 } from 'h3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MAX_MCP_ANSWER_BYTES, MAX_TOOL_RESULT_BYTES } from '../../packages/server/src/mcp/limits.ts';
import { getAssistantTools } from '../../packages/server/src/mcp/http.ts';
import { fitToolResult } from '../../packages/server/src/mcp/result-size.ts';
import { ROUTES } from '../../packages/server/src/routes/index.ts';
import { type RunningServer, serve } from '../../packages/server/src/serve.ts';
import { createTestApp, request } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

function post(app: H3, message: unknown) {
  return request(app, '/api/v1/mcp', { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(message) });
}

function batchOf(count: number, message: (id: number) => Record<string, unknown>): unknown[] {
  return Array.from({ length: count }, (_, id) => ({ jsonrpc: '2.0', id, ...message(id) }));
}

const listTools = () => ({ method: 'tools/list' });
const readGenesis = () => ({ method: 'tools/call', params: { name: 'get_passage', arguments: { osis: 'Gen.1.1' } } });

async function appWithLimit(limit: number) {
  return createTestApp(await getFixtureDataSet(), { rateLimit: { limit, windowMs: 60_000 } });
}

describe('MCP: every request of a batch counts against the rate limit', () => {
  it('counts a batch of 100 tools/list as 100 requests', async () => {
    const app = await appWithLimit(1000);
    const answer = await post(app, batchOf(100, listTools));
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('x-ratelimit-remaining'), '900');
  });

  it('refuses a batch of more than 100 messages with 400 before counting any', async () => {
    const app = await appWithLimit(1000);
    const answer = await post(app, batchOf(101, listTools));
    assert.equal(answer.status, 400);
    assert.equal(answer.body.code, 'invalid_parameter');
    assert.equal(answer.headers.get('x-ratelimit-remaining'), '999', 'the POST alone counted');
  });

  it('counts a tool call once: the call is its request, the GET it stands for is not counted again', async () => {
    const app = await appWithLimit(1000);
    const answer = await post(app, { jsonrpc: '2.0', id: 1, ...readGenesis() });
    assert.equal(answer.body.result.isError, undefined, answer.text);
    assert.equal(answer.headers.get('x-ratelimit-remaining'), '999');
    const batch = await post(app, batchOf(10, readGenesis));
    assert.equal(batch.headers.get('x-ratelimit-remaining'), '989');
  });

  it('answers the calls of a batch past the budget rate_limited and runs the others', async () => {
    const app = await appWithLimit(50);
    const answer = await post(app, batchOf(60, readGenesis));
    assert.equal(answer.status, 200);
    assert.equal(answer.body.length, 60, 'every request is answered');
    const limited = answer.body.filter((message: { result: CallToolResult }) => message.result.isError);
    assert.equal(limited.length, 10);
    for (const message of limited) assert.equal(JSON.parse(message.result.content[0].text).code, 'rate_limited');
    assert.equal(answer.headers.get('x-ratelimit-remaining'), '0');
    const next = await post(app, { jsonrpc: '2.0', id: 1, ...readGenesis() });
    assert.equal(next.status, 429, 'the next POST is over the limit');
  });

  it('answers a tools/list past the budget with a JSON-RPC error carrying the Error body', async () => {
    const app = await appWithLimit(5);
    const answer = await post(app, batchOf(8, listTools));
    const refused = answer.body.filter((message: { error?: unknown }) => message.error);
    assert.equal(refused.length, 3);
    assert.equal(refused[0].error.code, -32000);
    assert.equal(refused[0].error.data.code, 'rate_limited');
  });
});

describe('MCP: an answer has a byte ceiling', () => {
  it(`answers a batch of 100 tools/list within ${MAX_MCP_ANSWER_BYTES} bytes and one list, refusing the rest answer_too_large`, async () => {
    const app = await appWithLimit(1000);
    const one = await post(app, { jsonrpc: '2.0', id: 1, ...listTools() });
    const answer = await post(app, batchOf(100, listTools));
    assert.ok(answer.text.length <= MAX_MCP_ANSWER_BYTES + one.text.length, `${answer.text.length} bytes`);
    assert.equal(answer.body.length, 100);
    const refused = answer.body.filter((message: { error?: { data?: { code?: string } } }) => message.error?.data?.code === 'answer_too_large');
    assert.ok(refused.length > 80, `${refused.length} refused`);
  });
});

describe('MCP: malformed tools/call parameters', () => {
  it('answers arguments that are not an object with the tool error invalid_parameter (param arguments)', async () => {
    const app = await appWithLimit(1000);
    for (const args of ['John.3.16', [1], 5]) {
      const answer = await post(app, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_passage', arguments: args } });
      assert.equal(answer.body.result?.isError, true, answer.text);
      const error = JSON.parse(answer.body.result.content[0].text);
      assert.equal(error.code, 'invalid_parameter');
      assert.equal(error.param, 'arguments');
    }
  });

  it('answers a tool name that is not a string with InvalidParams and a plain message, not -32603 with a zod dump', async () => {
    const app = await appWithLimit(1000);
    const answer = await post(app, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 5 } });
    assert.equal(answer.body.error.code, -32602);
    assert.doesNotMatch(answer.body.error.message, /invalid_type|expected/);
  });
});

describe('MCP: large tool results are cut with a continuation', () => {
  const tools = getAssistantTools(ROUTES);
  const tool = (name: string) => tools.find((entry) => entry.name === name)!;
  const verses = Array.from({ length: 176 }, (_, index) => ({ verse: index + 1, osis: `Ps.119.${index + 1}`, text: 'x'.repeat(400) }));

  it('leaves a body under the ceiling as it is', () => {
    const body = { osis: 'Ps.119.1', verses: verses.slice(0, 1) };
    const fitted = fitToolResult(tool('get_passage'), { osis: 'Ps.119.1' }, '/api/v1/passage/Ps.119.1', body, JSON.stringify(body));
    assert.equal(fitted.truncation, undefined);
    assert.equal(fitted.text, JSON.stringify(body));
  });

  it('cuts a chapter\'s verses to fit and names the range that follows', () => {
    const body = { osis: 'Ps.119', verses: structuredClone(verses) };
    const fitted = fitToolResult(tool('get_passage'), { osis: 'Ps.119' }, '/api/v1/passage/Ps.119', body, JSON.stringify(body));
    assert.ok(Buffer.byteLength(fitted.text) <= MAX_TOOL_RESULT_BYTES);
    const kept = (fitted.body.verses as unknown[]).length;
    assert.ok(kept > 50 && kept < 176, `${kept} kept`);
    assert.deepEqual(fitted.truncation?.cuts, [{ path: 'verses', kept, total: 176 }]);
    assert.deepEqual(fitted.truncation?.next, { osis: `Ps.119.${kept + 1}-Ps.119.176` });
    assert.equal(fitted.truncation?.route, '/api/v1/passage/Ps.119');
    assert.deepEqual(fitted.body.verses, verses.slice(0, kept), 'a prefix of the verses');
  });

  it('continues a paged tool at the next offset', () => {
    const results = Array.from({ length: 100 }, (_, index) => ({ id: `/people/p${index}`, description: 'y'.repeat(1000) }));
    const body = { total: 300, offset: 100, results };
    const fitted = fitToolResult(tool('list_documents'), { type: 'Person', offset: 100, limit: 100 }, '/api/v1/list?type=Person', body, JSON.stringify(body));
    const kept = (fitted.body.results as unknown[]).length;
    assert.deepEqual(fitted.truncation?.next, { type: 'Person', offset: 100 + kept, limit: 100 });
  });

  it('cuts a nested array (an entity\'s inbound relations) when it is the largest', () => {
    const inbound = Array.from({ length: 500 }, (_, index) => ({ predicate: 'parent-of', from: `/people/p${index}`, title: 'z'.repeat(200) }));
    const body = { id: '/people/david', relations: { outbound: [], inbound } };
    const fitted = fitToolResult(tool('get_entity'), { path: 'people/david' }, '/api/v1/entity/people%2Fdavid', body, JSON.stringify(body));
    assert.equal(fitted.truncation?.cuts[0]?.path, 'relations.inbound');
    assert.equal(fitted.truncation?.next, undefined, 'no call continues it: the note asks for a narrower one');
  });
});

describe('MCP: one client\'s batches and another client (the SDK client, a real listener)', () => {
  let server: RunningServer;
  let client: Client;

  before(async () => {
    const dataSet = await getFixtureDataSet();
    server = await serve({ distDir: dataSet.dir, port: 0, host: '127.0.0.1', trustProxy: true, watch: false, log: () => undefined });
    client = new Client({ name: 'skg-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { 'x-forwarded-for': '198.51.100.2' } } }));
  });

  after(async () => {
    await client?.close();
    await server?.close();
  });

  it('keeps answering another client while one floods batches of 100, which stop costing work once over the limit', async () => {
    const flood = async () => {
      const statuses: number[] = [];
      for (let round = 0; round < 12; round += 1) {
        const response = await fetch(`${server.url}/mcp`, {
          method: 'POST',
          headers: { ...MCP_HEADERS, 'x-forwarded-for': '198.51.100.1' },
          body: JSON.stringify(batchOf(100, listTools)),
        });
        const text = await response.text();
        assert.ok(text.length < 2 * MAX_MCP_ANSWER_BYTES, `${text.length} bytes`);
        statuses.push(response.status);
      }
      return statuses;
    };
    const reads = async () => {
      const results: CallToolResult[] = [];
      for (let round = 0; round < 20; round += 1) results.push((await client.callTool({ name: 'get_passage', arguments: { osis: 'Gen.1.1' } })) as CallToolResult);
      return results;
    };
    const [statuses, results] = await Promise.all([flood(), reads()]);
    assert.ok(statuses.filter((status) => status === 429).length >= 6, `the flood is refused once past 600 requests: ${statuses.join(' ')}`);
    assert.ok(results.every((result) => result.isError === undefined), 'the other client is answered');
  });
});
