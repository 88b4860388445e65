// The assistant-tool interface's acceptance criteria on the full data: an MCP client from the official
// SDK, over Streamable HTTP (a real listener) and over stdio (`skg mcp`), lists the tools and gets the
// HTTP API's answers.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type RunningServer, serve } from '@skg/server';
import { EXAMPLES } from '../conformance/examples.ts';
import { callsFromExamples, SPEC_TOOL_NAMES, textOf, toolOperations } from '../helpers/mcp.ts';
import { MAX_TOOL_RESULT_BYTES } from '../../packages/server/src/mcp/limits.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

/** Keeps the first `kept` items of the array at `path` (`relations.inbound`) in `body`, as a cut tool result does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON body
function cutAt(body: any, path: string, kept: number): void {
  const keys = path.split('.');
  const owner = keys.slice(0, -1).reduce((node, key) => node[key], body);
  owner[keys.at(-1)!] = owner[keys.at(-1)!].slice(0, kept);
}
const ONLY_SON = `/scripture?q=${encodeURIComponent('"only son"')}`;

describe('the assistant tools (MCP) on the full data', { skip }, () => {
  let server: RunningServer;
  let http: Client;
  let stdio: Client;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are asserted field by field
  const getJson = async (target: string): Promise<any> => (await fetch(`${server.url}${target}`)).json();

  before(async () => {
    server = await serve({ distDir: FULL_DIST, port: 0, host: '127.0.0.1', trustProxy: false, watch: false, log: () => undefined });
    http = new Client({ name: 'acceptance', version: '1.0.0' });
    await http.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    stdio = new Client({ name: 'acceptance', version: '1.0.0' });
    await stdio.connect(
      new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', 'packages/cli/src/main.ts', 'mcp', '--dist', FULL_DIST, '--no-watch'], stderr: 'ignore' }),
    );
  });

  after(async () => {
    await http?.close();
    await stdio?.close();
    await server?.close();
  });

  it('lists the 16 tools, with input and output schemas, over HTTP and stdio alike', async () => {
    const overHttp = (await http.listTools()).tools;
    const overStdio = (await stdio.listTools()).tools;
    assert.deepEqual(SPEC_TOOL_NAMES.filter((name) => !overHttp.some((tool) => tool.name === name)), []);
    assert.deepEqual(overStdio, overHttp);
    for (const tool of overHttp) assert.ok(tool.inputSchema && tool.outputSchema, tool.name);
  });

  it('cuts a chapter too large for an assistant to a prefix under the ceiling, saying what was cut and how to get the rest', async () => {
    const result = (await http.callTool({ name: 'get_interlinear', arguments: { osis: 'John.3' } })) as CallToolResult;
    assert.ok(Buffer.byteLength(textOf(result)) <= MAX_TOOL_RESULT_BYTES);
    const truncation = result._meta?.truncated as { cuts: Array<{ path: string; kept: number; total: number }>; next: { osis: string } };
    assert.equal(truncation.cuts[0]?.path, 'verses');
    assert.equal(truncation.cuts[0]?.total, 36);
    const kept = truncation.cuts[0]!.kept;
    assert.equal(truncation.next.osis, `John.3.${kept + 1}`);
    assert.match((result.content[1] as { text: string }).text, /For what follows, call get_interlinear/);
    const next = (await http.callTool({ name: 'get_interlinear', arguments: truncation.next })) as CallToolResult;
    assert.equal((next.structuredContent as { osis: string }).osis, `John.3.${kept + 1}`);
  });

  it('get_passage John.3.16 and search_scripture "only son" give the HTTP API\'s data, over HTTP and stdio', async () => {
    const passage = await getJson('/passage/John.3.16');
    const search = await getJson(ONLY_SON);
    assert.match(JSON.stringify(passage), /one and only Son/);
    assert.ok(search.total > 0, 'the phrase is found');
    for (const client of [http, stdio]) {
      const tool = (await client.callTool({ name: 'get_passage', arguments: { osis: 'John.3.16' } })) as CallToolResult;
      assert.deepEqual(tool.structuredContent, passage);
      const found = (await client.callTool({ name: 'search_scripture', arguments: { q: '"only son"' } })) as CallToolResult;
      assert.deepEqual(found.structuredContent, search);
    }
  });

  it('answers every full-data success example of the conformance table through its tool, as the GET does', async () => {
    const { tools } = await http.listTools();
    const calls = callsFromExamples(tools, toolOperations(await getJson('/openapi.json')), EXAMPLES, 'full');
    assert.deepEqual(tools.filter((tool) => !calls.some((call) => call.tool === tool.name)).map((tool) => tool.name), []);
    for (const call of calls) {
      const result = (await http.callTool({ name: call.tool, arguments: call.args })) as CallToolResult;
      assert.equal(result.isError, undefined, `${call.tool} ${JSON.stringify(call.args)}: ${textOf(result).slice(0, 300)}`);
      const response = await fetch(`${server.url}${call.target}`);
      if (response.headers.get('cache-control') === 'no-store') continue;
      const body = await response.json();
      const truncation = result._meta?.truncated as { cuts: Array<{ path: string; kept: number }> } | undefined;
      for (const cut of truncation?.cuts ?? []) cutAt(body, cut.path, cut.kept);
      assert.deepEqual(result.structuredContent, body, `${call.tool} ${JSON.stringify(call.args)}`);
    }
  });
});
