// The engine's stored lookup (packages/server/src/http/handlers/stored-lane.ts) on the fixture, through a real Node
// listener: a request whose target is a stored answer's key is answered without routing, with the bytes
// and headers the route table gives, through the same steps (request id, Idempotency-Key, CORS, rate
// limit, access log), and anything else is left to the route table.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from '@skg/compiler';
import { loadDataSet } from '../../packages/server/src/artefacts/dataset.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import type { ResponseStore } from '../../packages/server/src/artefacts/responses.ts';
import { createEtag } from '../../packages/server/src/http/steps/etag.ts';
import { createNodeListener } from '../../packages/server/src/http/node/listener.ts';
import { getResponseFormat } from '../../packages/server/src/openapi/response-format.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from '../../packages/server/src/rate-limit/store.ts';
import { renderResponseArtefact } from '../../packages/server/src/render/render-responses.ts';
import { RENDERED_ROUTES } from '../../packages/server/src/render/targets.ts';
import { captureAccessLog } from '../helpers/access-log.ts';
import { createTestApp } from '../helpers/app.ts';
import { createTempDir, removeTempDirs } from '../helpers/fixture-dist.ts';
import { FIXTURE_BUNDLE } from '../helpers/fixture.ts';
import { assertLaneEqualsRouted, exchange, sampleTargets, startCountingServer, withoutStoredResponses } from '../helpers/stored-responses.ts';

describe('the stored lane on the fixture', () => {
  let dataSet: DataSet;

  before(async () => {
    const distDir = path.join(await createTempDir('skg-dist-'), 'dist');
    const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir, render: renderResponseArtefact });
    assert.ok(report.ok);
    dataSet = await loadDataSet(distDir);
  });
  after(removeTempDirs);

  it('answers every rendered path without routing, as the route table answers it: headers and bytes, br and identity, HEAD, 304', async () => {
    const compared = await assertLaneEqualsRouted(dataSet, sampleTargets(dataSet, 1));
    assert.ok(compared > 200, `${compared} answers compared`);
  });

  it('leaves to the route table a query string no answer is stored for, another method, a path with no stored answer, a dot segment, and a data set without stored answers', async () => {
    const server = await startCountingServer(dataSet);
    try {
      const cases: Array<[string, string, number]> = [
        ['GET', '/api/v1/passage/John.3.16?limit=1', 200],
        ['POST', '/api/v1/passage/John.3.16', 405],
        ['OPTIONS', '/api/v1/passage/John.3.16', 204],
        ['GET', '/api/v1/passage/John.3.16/', 200],
        ['GET', '/api/v1/passage/Nowhere.1', 400],
        ['GET', '/api/v1/passage/../passage/John.3.16', 400],
        ['GET', '/api/v1/graph/people/david', 200],
      ];
      for (const [method, target, status] of cases) {
        const before = server.routed();
        const answer = await exchange(server.port, method, target);
        assert.equal(answer.status, status, `${method} ${target}`);
        assert.equal(server.routed(), before + 1, `${method} ${target}: routed`);
      }
    } finally {
      await server.close();
    }
    const computed = await startCountingServer(withoutStoredResponses(dataSet));
    try {
      const answer = await exchange(computed.port, 'GET', '/api/v1/passage/John.3.16');
      assert.equal(answer.status, 200);
      assert.equal(computed.routed(), 1);
    } finally {
      await computed.close();
    }
  });

  it('answers from the store, without routing, a target whose key has a query (an answer stored with its query)', async () => {
    const target = '/api/v1/passage/John.3.16?translation=KJV';
    const canonical = `GET ${target}`;
    const body = Buffer.from('{"stored":"with its query"}');
    const etag = createEtag(dataSet, canonical, getResponseFormat(RENDERED_ROUTES.passage));
    const responses = dataSet.responses!;
    const withQuery: ResponseStore = {
      count: 1,
      usable: true,
      problem: undefined,
      etagBase: responses.etagBase,
      find: (key) => (key === canonical ? 0 : -1),
      etag: () => etag,
      body: (_record, key) => (key === canonical ? body : undefined),
    };
    const server = await startCountingServer(Object.freeze({ ...dataSet, responses: withQuery }));
    try {
      const answer = await exchange(server.port, 'GET', target);
      assert.equal(answer.status, 200);
      assert.ok(answer.body.equals(body), 'the stored bytes');
      assert.equal(answer.headers.etag, etag);
      assert.equal(answer.headers['cache-control'], 'public, max-age=300, stale-while-revalidate=3600');
      assert.equal(server.routed(), 0, 'not routed');
      const conditional = await exchange(server.port, 'GET', target, { 'if-none-match': etag });
      assert.equal(conditional.status, 304);
      assert.equal(server.routed(), 0, 'a 304 from the store, not routed');
      await exchange(server.port, 'GET', `${target}&limit=1`);
      assert.equal(server.routed(), 1, 'another spelling is not a key: routed');
    } finally {
      await server.close();
    }
  });

  it('leaves to the route table an artefact whose checksum is not verified yet', async () => {
    const responses = dataSet.responses!;
    const server = await startCountingServer(dataSet);
    responses.usable = false;
    try {
      assert.equal((await exchange(server.port, 'GET', '/api/v1/passage/John.3.16')).status, 200);
      assert.equal(server.routed(), 1);
    } finally {
      responses.usable = true;
      await server.close();
    }
  });

  it('leaves to the route table a stored answer it cannot read, so the error boundary answers it (JSON 500, request id, CORS)', async () => {
    const responses = dataSet.responses!;
    const unreadable = Object.freeze({
      ...dataSet,
      responses: {
        ...responses,
        body(): Buffer {
          throw new Error('EIO: the artefact could not be read');
        },
      },
    });
    const server = await startCountingServer(unreadable);
    try {
      const answer = await exchange(server.port, 'GET', '/api/v1/passage/John.3.16', { 'x-request-id': 'broken-1' });
      assert.equal(answer.status, 500);
      assert.equal(server.routed(), 1, 'routed');
      assert.equal(answer.headers['x-request-id'], 'broken-1');
      assert.equal(answer.headers['access-control-allow-origin'], '*');
      assert.equal(JSON.parse(answer.body.toString('utf8')).code, 'internal_error');
    } finally {
      await server.close();
    }
  });

  it('keeps a sane X-Request-Id and echoes Idempotency-Key, with the CORS headers', async () => {
    const server = await startCountingServer(dataSet);
    try {
      const answer = await exchange(server.port, 'GET', '/api/v1/xrefs/John.3.16', { 'x-request-id': 'edge-42', 'idempotency-key': 'k-1' });
      assert.equal(answer.status, 200);
      assert.equal(server.routed(), 0);
      assert.equal(answer.headers['x-request-id'], 'edge-42');
      assert.equal(answer.headers['idempotency-key'], 'k-1');
      assert.equal(answer.headers['access-control-allow-origin'], '*');
      const replaced = await exchange(server.port, 'GET', '/api/v1/xrefs/John.3.16', { 'x-request-id': 'not sane!' });
      assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    } finally {
      await server.close();
    }
  });

  it('counts every request against the rate limit, stored or routed alike, and answers 429 over it', async () => {
    const server = await startCountingServer(dataSet, { rateLimit: { limit: 2, windowMs: 60_000 }, trustProxy: false });
    try {
      const first = await exchange(server.port, 'GET', '/api/v1/passage/John.3.16');
      assert.equal(first.headers['x-ratelimit-remaining'], '1');
      const second = await exchange(server.port, 'GET', '/api/v1/passage/John.3.16?routed=1');
      assert.equal(second.headers['x-ratelimit-remaining'], '0');
      assert.equal(server.routed(), 1, 'the first was answered from the store, the second routed');
      const limited = await exchange(server.port, 'GET', '/api/v1/passage/John.3.16', { 'x-request-id': 'over-1' });
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers['retry-after']) >= 1);
      assert.equal(limited.headers['access-control-allow-origin'], '*');
      assert.equal(limited.headers['cache-control'], undefined, 'an error is not a cacheable data answer');
      const body = JSON.parse(limited.body.toString('utf8'));
      assert.equal(body.code, 'rate_limited');
      assert.equal(body.requestId, 'over-1');
      const head = await exchange(server.port, 'HEAD', '/api/v1/passage/John.3.16');
      assert.equal(head.status, 429);
      assert.equal(head.body.length, 0);
    } finally {
      await server.close();
    }
  });

  it('waits for a rate-limit store that answers with a promise (a cluster worker, Redis), and answers 429 from it', async () => {
    const memory = createMemoryRateLimitStore();
    const asynchronous: RateLimitStore = { hit: async (key, windowMs, now) => memory.hit(key, windowMs, now) };
    const server = await startCountingServer(dataSet, { rateLimit: { limit: 1, windowMs: 60_000 }, rateLimitStore: asynchronous, trustProxy: false });
    try {
      const first = await exchange(server.port, 'GET', '/api/v1/entity/people/david', { 'accept-encoding': 'br' });
      assert.equal(first.status, 200);
      assert.equal(first.headers['content-encoding'], 'br');
      assert.equal(first.headers['x-ratelimit-remaining'], '0');
      const limited = await exchange(server.port, 'GET', '/api/v1/entity/people/david');
      assert.equal(limited.status, 429);
      assert.equal(JSON.parse(limited.body.toString('utf8')).code, 'rate_limited');
      assert.equal(server.routed(), 0);
    } finally {
      await server.close();
    }
  });

  it('writes an access-log line for each answer', async () => {
    const captured = captureAccessLog();
    const app = createTestApp(dataSet);
    const server = createServer(createNodeListener(app, { accessLog: captured.log }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const answer = await exchange(port, 'GET', '/api/v1/passage/John.3.16', { 'accept-encoding': 'br', 'x-request-id': 'logged-1' });
      const text = await captured.waitFor((lines) => lines.includes('logged-1'));
      const line = JSON.parse(text.trim().split('\n').find((l) => l.includes('logged-1'))!);
      assert.equal(line.method, 'GET');
      assert.equal(line.path, '/api/v1/passage/John.3.16');
      assert.equal(line.status, 200);
      assert.equal(line.bytes, answer.body.length);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
