import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { H3 } from 'h3';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { SPEC_TOOL_NAMES, textOf } from '../helpers/mcp.ts';

describe('skg mcp (the SDK client over stdio, a spawned CLI)', () => {
  let client: Client;
  let app: H3;
  let stderr = '';

  before(async () => {
    const dataSet = await getFixtureDataSet();
    app = createTestApp(dataSet);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'packages/cli/src/main.ts', 'mcp', '--dist', dataSet.dir, '--no-watch'],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    client = new Client({ name: 'skg-test', version: '1.0.0' });
    await client.connect(transport);
  });

  after(async () => {
    await client?.close();
  });

  it('lists the tools with input and output schemas, and logs to stderr only', async () => {
    const { tools } = await client.listTools();
    const http = (await get(app, '/')).body.tools.map((tool: { name: string }) => tool.name);
    assert.deepEqual(tools.map((tool) => tool.name), http, 'the tools the service index lists');
    assert.deepEqual(SPEC_TOOL_NAMES.filter((name) => !http.includes(name)), []);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.outputSchema?.type, 'object', tool.name);
    }
    assert.match(stderr, /MCP server on stdio/);
  });

  it('get_passage John.3.16 and search_scripture "only son" answer what the HTTP API answers', async () => {
    const passage = (await client.callTool({ name: 'get_passage', arguments: { osis: 'John.3.16' } })) as CallToolResult;
    assert.deepEqual(passage.structuredContent, (await get(app, '/passage/John.3.16')).body);
    const search = (await client.callTool({ name: 'search_scripture', arguments: { q: '"only son"' } })) as CallToolResult;
    assert.deepEqual(search.structuredContent, (await get(app, `/scripture?q=${encodeURIComponent('"only son"')}`)).body);
  });

  it('has no answer ceiling over a process\'s life (the 1 MiB ceiling is per POST over HTTP)', async () => {
    const listed = await client.listTools();
    const bytes = JSON.stringify(listed.tools).length;
    for (let round = 0; round * bytes < 1.5 * 1024 * 1024; round += 1) await client.listTools();
    const result = (await client.callTool({ name: 'get_passage', arguments: { osis: 'John.3.16' } })) as CallToolResult;
    assert.equal(result.isError, undefined);
  });

  it('answers an API error as a tool error with its code', async () => {
    const result = (await client.callTool({ name: 'find_places_near', arguments: { lat: 95, lon: 10 } })) as CallToolResult;
    assert.equal(result.isError, true);
    assert.deepEqual((({ code, param }) => ({ code, param }))(JSON.parse(textOf(result))), { code: 'invalid_parameter', param: 'lat' });
  });
});
