// Checks every stored answer of a data set against the one its route computes: what the response
// artefact promises (byte-equal bodies and ETags), for the fixture and the full-data tests; and the
// answers of the engine's stored lookup (an exact target, packages/server/src/http/handlers/stored-lane.ts) against
// the route table's.

import assert from 'node:assert/strict';
import { Agent, createServer, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { App, AppOptions } from '../../packages/server/src/app.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import type { RequestHead } from '../../packages/server/src/http/request.ts';
import { createNodeListener } from '../../packages/server/src/http/node/listener.ts';
import { listRenderTargets, type RenderKind, type RenderTarget } from '../../packages/server/src/render/targets.ts';
import { createTestApp, get } from './app.ts';

/** The same data set without its stored answers: every answer computed by the routes. */
export function withoutStoredResponses(dataSet: DataSet): DataSet {
  const { responses: _stored, ...computed } = dataSet;
  return Object.freeze(computed);
}

/** The render targets, `every`-th of each kind (1: all), plus the first and last of each. */
export function sampleTargets(dataSet: DataSet, every: number): Array<RenderTarget & { kind: RenderKind }> {
  const byKind = new Map<RenderKind, Array<RenderTarget & { kind: RenderKind }>>();
  for (const target of listRenderTargets(dataSet)) {
    const list = byKind.get(target.kind) ?? [];
    list.push(target);
    byKind.set(target.kind, list);
  }
  return [...byKind.values()].flatMap((list) => list.filter((_, i) => i % every === 0 || i === list.length - 1));
}

/**
 * For each target: the stored answer to a client without Accept-Encoding is the computed answer byte
 * for byte, with the same ETag and Cache-Control; to a client accepting br (or gzip only) it is those
 * bytes in that coding, under the same ETag.
 * Returns how many targets had a stored answer.
 */
export async function assertStoredEqualsComputed(dataSet: DataSet, targets: readonly RenderTarget[]): Promise<number> {
  assert.ok(dataSet.responses, 'the data set has stored answers');
  const unlimited = { rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } };
  const stored = createTestApp(dataSet, unlimited);
  const computed = createTestApp(withoutStoredResponses(dataSet), unlimited);
  let answered = 0;
  for (const target of targets) {
    const expected = await get(computed, target.path);
    const identity = await get(stored, target.path);
    assert.equal(identity.status, expected.status, target.path);
    if (expected.status !== 200) continue;
    assert.equal(identity.text, expected.text, `${target.path}: body`);
    assert.equal(identity.headers.get('etag'), expected.headers.get('etag'), `${target.path}: etag`);
    assert.equal(identity.headers.get('cache-control'), expected.headers.get('cache-control'), `${target.path}: cache-control`);
    assert.equal(identity.headers.get('content-length'), expected.headers.get('content-length'), `${target.path}: content-length`);
    const brotli = await stored.fetch(new Request(`http://localhost/api/v1${target.path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }));
    assert.equal(brotli.headers.get('content-encoding'), 'br', `${target.path}: stored answer`);
    assert.equal(brotli.headers.get('vary'), 'Accept-Encoding', target.path);
    assert.equal(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString('utf8'), expected.text, `${target.path}: br body`);
    assert.equal(brotli.headers.get('etag'), expected.headers.get('etag'), `${target.path}: br etag`);
    const gzip = await stored.fetch(new Request(`http://localhost/api/v1${target.path}`, { headers: { 'accept-encoding': 'gzip, deflate' } }));
    assert.equal(gzip.headers.get('content-encoding'), 'gzip', `${target.path}: stored gzip answer`);
    assert.equal(gzip.headers.get('vary'), 'Accept-Encoding', target.path);
    assert.equal(gzip.headers.get('etag'), expected.headers.get('etag'), `${target.path}: gzip etag`);
    assert.equal(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8'), expected.text, `${target.path}: gzip body`);
    answered++;
  }
  return answered;
}

/** One HTTP/1.1 exchange through node:http (no decoding of the body, unlike fetch). */
export interface RawExchange {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export function exchange(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });

/** Headers that differ between two answers to the same request: its id, the time, the rate-limit counters. */
const PER_REQUEST = new Set(['x-request-id', 'date', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit-remaining', 'ratelimit-reset']);

function comparable(headers: IncomingHttpHeaders): Array<[string, unknown]> {
  return Object.entries(headers).filter(([name]) => !PER_REQUEST.has(name));
}

/**
 * A Node server over `dataSet` as `skg serve` answers (the app through `createNodeListener`), counting
 * the requests the engine routed: those whose URL it parsed (the route table matches on it, an error
 * answer names it). An answer from the stored lookup for an exact target parses nothing.
 */
export async function startCountingServer(dataSet: DataSet, options: Partial<AppOptions> = {}): Promise<{ port: number; routed: () => number; close: () => Promise<void> }> {
  const app = createTestApp(dataSet, { rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 }, ...options });
  let routed = 0;
  const countRouting = (head: RequestHead): RequestHead => {
    let parsed = false;
    return {
      method: head.method,
      target: head.target,
      wireTarget: head.wireTarget,
      countedAlready: head.countedAlready,
      header: (name) => head.header(name),
      client: (trustProxy) => head.client(trustProxy),
      event: () => head.event(),
      url() {
        if (!parsed) routed += 1;
        parsed = true;
        return head.url();
      },
    };
  };
  const engine = app.engine;
  const counting: App = Object.assign(Object.create(app) as App, { engine: { ...engine, answer: (head: RequestHead) => engine.answer(countRouting(head)) } });
  const server = createServer(createNodeListener(counting));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    routed: () => routed,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * For each target: the stored lookup's answer (the path as it is) and the route table's (the same path
 * with a query parameter no route reads, so the same canonical request and stored record) are the same
 * status, headers but the per-request ones, and bytes; with and without Accept-Encoding, for HEAD, and
 * for a matching If-None-Match. And the stored lookup's answers were never routed. Returns the answers compared.
 */
export async function assertLaneEqualsRouted(dataSet: DataSet, targets: readonly RenderTarget[]): Promise<number> {
  const server = await startCountingServer(dataSet);
  let compared = 0;
  try {
    for (const target of targets) {
      const path = `/api/v1${target.path}`;
      if (dataSet.responses!.find(`GET ${path}`) < 0) {
        // No stored answer (the route answers an error there, e.g. 404): the route table answers it.
        const before = server.routed();
        await exchange(server.port, 'GET', path);
        assert.equal(server.routed(), before + 1, `${path}: no stored answer, routed`);
        continue;
      }
      const etag = (await exchange(server.port, 'GET', path)).headers.etag ?? '';
      for (const [method, headers] of [
        ['GET', { 'accept-encoding': 'gzip, deflate, br' }],
        ['GET', { 'accept-encoding': 'gzip, deflate' }],
        ['GET', {}],
        ['HEAD', { 'accept-encoding': 'br' }],
        ['GET', { 'accept-encoding': 'br', 'if-none-match': etag }],
      ] as const) {
        const before = server.routed();
        const lane = await exchange(server.port, method, path, headers);
        assert.equal(server.routed(), before, `${method} ${path}: answered from the store, not routed`);
        // Another spelling of the same request (an unread parameter added) is routed, and answers the same bytes.
        const routedPath = `${path}${path.includes('?') ? '&' : '?'}routed=1`;
        const routed = await exchange(server.port, method, routedPath, headers);
        assert.equal(server.routed(), before + 1, `${method} ${routedPath}: routed`);
        const label = `${method} ${path} ${JSON.stringify(headers)}`;
        assert.equal(lane.status, routed.status, label);
        assert.deepEqual(comparable(lane.headers), comparable(routed.headers), `${label}: headers`);
        assert.ok(lane.body.equals(routed.body), `${label}: body`);
        compared++;
      }
    }
  } finally {
    await server.close();
  }
  return compared;
}
