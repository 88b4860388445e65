import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createScriptureGraphClient } from '@scripture-graph/client';
import { createNodeListener } from '../../packages/server/src/http/node/listener.ts';
import type { Webhooks } from '../../packages/server/src/webhooks/service.ts';
import { CLIENT_TYPES_FILE, generateClientTypes } from '../../tools/generate-client.ts';
import { createOfflineWebhooks } from '../conformance/target.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { CALLS } from './operations.ts';

const OPERATIONS_FILE = fileURLToPath(new URL('./operations.ts', import.meta.url));

/** openapi-typescript always declares `$defs` (the document has none); it is not a schema. */
const EMPTY_DEFS = 'export type $defs = Record<string, never>;';

describe('@scripture-graph/client, the typed client', () => {
  let server: Server;
  let webhooks: Webhooks;
  let baseUrl: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the served OpenAPI document, read by key
  let document: any;

  before(async () => {
    webhooks = createOfflineWebhooks();
    const app = createTestApp(await getFixtureDataSet(), { webhooks });
    document = (await get(app, '/openapi.json')).body;
    server = createServer(createNodeListener(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await webhooks.close();
  });

  it('has the types openapi-typescript generates from the served document (run `npm run generate:client` when this fails)', async () => {
    assert.equal(readFileSync(CLIENT_TYPES_FILE, 'utf8'), await generateClientTypes(document));
  });

  it('has no Record<string, never>: every object the document describes has its members', () => {
    const lines = readFileSync(CLIENT_TYPES_FILE, 'utf8').split('\n');
    const bare = lines.flatMap((line, index) => (line.includes('Record<string, never>') && line.trim() !== EMPTY_DEFS ? [`${index + 1}: ${line.trim()}`] : []));
    assert.deepEqual(bare, []);
  });

  it('calls every operation of the served document through the client, on a real listener', async () => {
    const served: string[] = Object.values(document.paths).flatMap((item) => Object.values(item as Record<string, { operationId?: string }>).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])));
    assert.deepEqual(Object.keys(CALLS).sort(), served.sort(), 'test/client/operations.ts has one call per operation');
    const client = createScriptureGraphClient({ baseUrl });
    for (const [name, call] of Object.entries(CALLS)) {
      await assert.doesNotReject(call(client), name);
    }
  });

  it('is called by strict TypeScript without casts, non-null assertions or any (the root tsconfig type-checks it)', () => {
    const code = readFileSync(OPERATIONS_FILE, 'utf8').replace(/\/\/.*$/gm, '');
    assert.doesNotMatch(code, /\bas\s+(?!const\b)[\w{[(]/, 'no `as` casts');
    assert.doesNotMatch(code, /[\w)\]]!(?!=)/, 'no non-null assertions');
    assert.doesNotMatch(code, /\bany\b/, 'no any');
  });
});
