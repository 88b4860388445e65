// The two ways into the request engine (docs/engine.md), for running one case table through each, as
// h3's own tests run each case in two setups: `h3` is the app itself (`app.fetch`, in process); `node`
// is the production listener (`createNodeListener`) on a real socket, each request sent with node:http
// and its answer read back byte for byte (nothing decoded, no header added) as a web `Response`.

import { Agent, createServer, request as httpRequest } from 'node:http';
import { after, before } from 'node:test';
import type { AddressInfo } from 'node:net';
import type { App, AppOptions } from '../../packages/server/src/app.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createNodeListener } from '../../packages/server/src/http/node/listener.ts';
import { createTestApp } from './app.ts';
import { getFixtureDataSet } from './fixture.ts';

/** What the test helpers send requests to (`request`, `get`: test/helpers/app.ts). */
export interface Fetcher {
  fetch(request: Request): Response | Promise<Response>;
}

export type AdapterName = 'h3' | 'node';
export const ADAPTERS: readonly AdapterName[] = ['h3', 'node'];

export interface Adapted extends Fetcher {
  close(): Promise<void>;
}

/** `app` through `adapter`; `close` stops the listener (nothing for h3). */
export async function through(app: App, adapter: AdapterName): Promise<Adapted> {
  if (adapter === 'h3') return { fetch: (request) => app.fetch(request), close: async () => undefined };
  const server = createServer(createNodeListener(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true });
  return {
    fetch: (request) => sendOverSocket(port, agent, request),
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** No body in these answers (RFC 9110): a `Response` refuses one for 204 and 304. */
const NO_BODY = new Set([204, 304]);

async function sendOverSocket(port: number, agent: Agent, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (body !== undefined) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, agent, method: request.method, path: url.pathname + url.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answer = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const status = res.statusCode ?? 0;
        const bytes = Buffer.concat(chunks);
        resolve(new Response(NO_BODY.has(status) || request.method === 'HEAD' ? null : bytes, { status, statusText: res.statusMessage ?? '', headers: answer }));
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Test apps (`createTestApp`) through one adapter, each opened as a test needs one; `close` closes them
 * all (an `after` hook).
 */
export function openAppsThrough(adapter: AdapterName): { open(dataSet: DataSet, options?: Partial<AppOptions>): Promise<Adapted>; close(): Promise<void> } {
  const opened: Adapted[] = [];
  return {
    async open(dataSet, options) {
      const adapted = await through(createTestApp(dataSet, options), adapter);
      opened.push(adapted);
      return adapted;
    },
    async close() {
      await Promise.all(opened.splice(0).map((adapted) => adapted.close()));
    },
  };
}

/**
 * The app `open` makes, through `adapter`, for the tests of the enclosing `describe`: opened before them,
 * closed after them. An endpoint test file runs its cases once per adapter:
 *
 *   for (const adapter of ADAPTERS) {
 *     describe(`… through ${adapter}`, () => {
 *       const app = appThrough(adapter, async () => createTestApp(await getFixtureDataSet()));
 */
export function appThrough(adapter: AdapterName, open: () => App | Promise<App>): Fetcher {
  let adapted: Adapted | undefined;
  before(async () => {
    adapted = await through(await open(), adapter);
  });
  after(() => adapted?.close());
  return {
    fetch(request) {
      if (adapted === undefined) throw new Error('the app is opened before the tests (appThrough registers a before hook)');
      return adapted.fetch(request);
    },
  };
}

/** `appThrough` for the app over the fixture bundle: what most endpoint tables test. */
export function fixtureAppThrough(adapter: AdapterName): Fetcher {
  return appThrough(adapter, async () => createTestApp(await getFixtureDataSet()));
}
