// Every name Object.prototype has (constructor, __proto__, toString, …) sent to every parameter of every
// operation in the OpenAPI document, and to every argument of every MCP tool: user input is never looked
// up in a plain object, so none of them is a 500 or an internal_error (issue 21, item 4).

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, get, request } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import type { App } from '../../packages/server/src/app.ts';

/** Every own name of Object.prototype, and the names functions and arrays add. */
const PROTOTYPE_KEYS: readonly string[] = [...Object.getOwnPropertyNames(Object.prototype), 'prototype', 'length', 'name', 'caller', 'arguments'];

/** Each key as it may reach a lookup: alone, capitalised, inside other words, as a book of a reference, as a folder. */
function spellings(key: string): string[] {
  return [key, key.toUpperCase(), `${key.charAt(0).toUpperCase()}${key.slice(1)}`, `the ${key} of`, `${key}.1.1`, `${key}.1`, `people/${key}`, `${key}/${key}`];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed OpenAPI document
type Document = any;

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly parameters: ReadonlyArray<{ name: string; in: string }>;
}

function listOperations(document: Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Document>)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = ((operation.parameters ?? []) as Document[])
        .map((parameter) => (typeof parameter.$ref === 'string' ? document.components.parameters[parameter.$ref.split('/').pop()] : parameter))
        .filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
      operations.push({ method: method.toUpperCase(), path, operationId: operation.operationId, parameters });
    }
  }
  return operations;
}

/** The request target with `value` in parameter `name` and the key itself in every other path parameter. */
function targetOf(operation: Operation, name: string, value: string): string {
  let path = operation.path;
  for (const parameter of operation.parameters.filter((entry) => entry.in === 'path')) {
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(parameter.name === name ? value : 'constructor'));
  }
  const isQuery = operation.parameters.some((entry) => entry.name === name && entry.in === 'query');
  return `/api/v1${path === '/' ? '' : path}${isQuery ? `?${new URLSearchParams({ [name]: value })}` : ''}`;
}

function describeFailure(target: string, status: number, text: string): string {
  return `${target} answered ${status}: ${text.slice(0, 300)}`;
}

describe('prototype key names as parameter values (every operation of the OpenAPI document)', () => {
  let app: App;
  let operations: Operation[];

  before(async () => {
    const dataSet = await getFixtureDataSet();
    app = createTestApp(dataSet, { rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
    operations = listOperations((await get(app, '/openapi.json')).body);
  });

  it('answers every path and query parameter holding a prototype key without a 500', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      for (const parameter of operation.parameters) {
        for (const key of PROTOTYPE_KEYS) {
          for (const value of spellings(key)) {
            const target = targetOf(operation, parameter.name, value);
            const init: RequestInit = { method: operation.method, headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` } };
            if (operation.method === 'POST' || operation.method === 'PUT' || operation.method === 'PATCH') init.body = '{}';
            const answer = await request(app, target, init);
            sent += 1;
            if (answer.status >= 500 || answer.body?.code === 'internal_error') failures.push(describeFailure(`${operation.method} ${target}`, answer.status, answer.text));
          }
        }
      }
    }
    assert.ok(sent > 1000, `sent ${sent} requests`);
    assert.deepEqual(failures, []);
  });

  it('answers prototype keys as query parameter names without a 500', async () => {
    const failures: string[] = [];
    const query = new URLSearchParams(PROTOTYPE_KEYS.map((key): [string, string] => [key, key])).toString();
    for (const operation of operations.filter((entry) => entry.method === 'GET')) {
      const target = `${targetOf(operation, '', '').split('?')[0]}?${query}`;
      const answer = await request(app, target);
      if (answer.status >= 500 || answer.body?.code === 'internal_error') failures.push(describeFailure(target, answer.status, answer.text));
    }
    assert.deepEqual(failures, []);
  });

  it('answers /search?q=constructor with 200', async () => {
    const answer = await get(app, '/search?q=constructor');
    assert.equal(answer.status, 200, answer.text);
    assert.equal((await get(app, '/search?q=Isaac%20CONSTRUCTOR%20toString')).status, 200);
  });
});

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

describe('prototype key names as MCP tool arguments (every tool)', () => {
  it('answers every argument of every tool holding a prototype key with a result, never an internal error', async () => {
    const dataSet = await getFixtureDataSet();
    const app = createTestApp(dataSet, { rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
    const listed = await request(app, '/api/v1/mcp', { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    const tools = listed.body.result.tools as Array<{ name: string; inputSchema: { properties?: Record<string, unknown>; required?: string[] } }>;
    const failures: string[] = [];
    let id = 0;
    for (const tool of tools) {
      const names = Object.keys(tool.inputSchema.properties ?? {});
      const required = tool.inputSchema.required ?? [];
      const calls: Array<Record<string, unknown>> = [Object.fromEntries(PROTOTYPE_KEYS.map((key) => [key, key]))];
      for (const name of names) {
        for (const key of PROTOTYPE_KEYS) {
          for (const value of [key, `the ${key} of`, `${key}.1.1`, `people/${key}`]) calls.push({ ...Object.fromEntries(required.map((other) => [other, key])), [name]: value });
        }
      }
      for (const args of calls) {
        id += 1;
        const message = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool.name, arguments: args } };
        const answer = await request(app, '/api/v1/mcp', { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(message) });
        const text = answer.body?.result?.content?.[0]?.text ?? '';
        if (answer.status !== 200 || answer.body.error !== undefined || text.includes('"internal_error"')) {
          failures.push(`${tool.name} ${JSON.stringify(args).slice(0, 120)}: ${answer.status} ${answer.text.slice(0, 300)}`);
        }
      }
    }
    assert.ok(id > 100, `sent ${id} calls`);
    assert.deepEqual(failures, []);
  });
});
