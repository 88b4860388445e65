import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryDataSet } from '../helpers/memory-data-set.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from '../../packages/server/src/rate-limit/store.ts';
import { ADAPTERS, openAppsThrough } from '../helpers/adapters.ts';
import { get, request } from '../helpers/app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const adapter of ADAPTERS) {
  describe(`the request engine's steps through ${adapter}`, () => {
    const apps = openAppsThrough(adapter);
    after(() => apps.close());

    describe('request id', () => {
      it('puts X-Request-Id on every response and the same id in every error body', async () => {
        const app = await apps.open(createMemoryDataSet());
        const ok = await get(app, '/passage/John.3.16');
        const missing = await get(app, '/passage/Gen.1.99');
        const preflight = await request(app, '/api/v1/passage/John.3.16', { method: 'OPTIONS' });
        for (const response of [ok, missing, preflight]) assert.match(response.headers.get('x-request-id') ?? '', UUID);
        assert.equal(missing.body.requestId, missing.headers.get('x-request-id'));
        assert.notEqual(ok.headers.get('x-request-id'), missing.headers.get('x-request-id'));
        assert.equal(ok.body.requestId, undefined, 'success bodies carry no request id');
      });

      it('keeps a sane incoming X-Request-Id and replaces anything else', async () => {
        const app = await apps.open(createMemoryDataSet());
        const kept = await get(app, '/passage/Gen.1.99', { 'x-request-id': 'edge-7f3a:42' });
        assert.equal(kept.headers.get('x-request-id'), 'edge-7f3a:42');
        assert.equal(kept.body.requestId, 'edge-7f3a:42');
        for (const insane of ['has space', 'x'.repeat(129), '<script>']) {
          const replaced = await get(app, '/passage/John.3.16', { 'x-request-id': insane });
          assert.match(replaced.headers.get('x-request-id') ?? '', UUID, insane);
        }
      });
    });

    describe('Idempotency-Key', () => {
      it('echoes a supplied key on success and on error, and sends none when none was supplied', async () => {
        const app = await apps.open(createMemoryDataSet());
        const ok = await get(app, '/passage/John.3.16', { 'idempotency-key': 'key-123' });
        assert.equal(ok.headers.get('idempotency-key'), 'key-123');
        const error = await get(app, '/scripture', { 'idempotency-key': 'key-456' });
        assert.equal(error.headers.get('idempotency-key'), 'key-456');
        assert.equal((await get(app, '/passage/John.3.16')).headers.get('idempotency-key'), null);
      });
    });

    describe('CORS', () => {
      it('allows any origin on success, error and unknown routes, exposing the headers clients read', async () => {
        const app = await apps.open(createMemoryDataSet());
        for (const route of ['/passage/John.3.16', '/scripture', '/no-such-route']) {
          const response = await get(app, route, { origin: 'https://example.org' });
          assert.equal(response.headers.get('access-control-allow-origin'), '*', route);
          const exposed = response.headers.get('access-control-expose-headers') ?? '';
          for (const name of ['X-Request-Id', 'ETag', 'Retry-After', 'X-RateLimit-Remaining', 'RateLimit-Remaining']) {
            assert.ok(exposed.includes(name), `${route} exposes ${name}`);
          }
        }
      });

      it('answers a preflight with 204, no body, and the allowed methods and headers', async () => {
        const app = await apps.open(createMemoryDataSet());
        const response = await request(app, '/api/v1/scripture', {
          method: 'OPTIONS',
          headers: { origin: 'https://example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
        });
        assert.equal(response.status, 204);
        assert.equal(response.text, '');
        assert.equal(response.headers.get('access-control-allow-origin'), '*');
        const methods = response.headers.get('access-control-allow-methods') ?? '';
        assert.equal(methods, 'GET, HEAD, OPTIONS', 'a read path advertises only its own methods (write paths: webhooks.test.ts)');
        const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
        for (const header of ['if-none-match', 'idempotency-key', 'authorization', 'content-type']) assert.ok(allowed.includes(header), header);
        assert.ok(response.headers.get('etag'), 'even a preflight carries an ETag');
        assert.ok(response.headers.get('x-ratelimit-limit'), 'and the rate-limit headers');
      });
    });

    describe('ETag', () => {
      it('tags every response, the same request with the same tag, a different request with another', async () => {
        const app = await apps.open(createMemoryDataSet());
        const a = await get(app, '/passage/John.3.16');
        const again = await get(app, '/passage/John.3.16');
        const b = await get(app, '/passage/John.3.17');
        const error = await get(app, '/passage/Foo.1.1');
        assert.match(a.headers.get('etag') ?? '', /^"[0-9a-f]{12}-[0-9a-f]{16}"$/);
        assert.equal(again.headers.get('etag'), a.headers.get('etag'));
        assert.notEqual(b.headers.get('etag'), a.headers.get('etag'));
        assert.match(error.headers.get('etag') ?? '', /^W\//, 'error bodies differ by request id, so their tag is weak');
      });

      it('derives the tag from the canonical request: parameter order and unknown parameters do not change it', async () => {
        const app = await apps.open(createMemoryDataSet());
        const tag = async (route: string) => (await get(app, route)).headers.get('etag');
        const base = await tag('/scripture?q=god&limit=2');
        assert.equal(await tag('/scripture?limit=2&q=god'), base);
        assert.equal(await tag('/scripture?q=god&limit=2&utm_source=x'), base);
        assert.notEqual(await tag('/scripture?q=god&limit=3'), base);
      });

      it('changes every tag when the data version changes', async () => {
        const first = await get(await apps.open(createMemoryDataSet({ dataVersion: 'one' })), '/passage/John.3.16');
        const second = await get(await apps.open(createMemoryDataSet({ dataVersion: 'two' })), '/passage/John.3.16');
        assert.notEqual(first.headers.get('etag'), second.headers.get('etag'));
      });

      it('answers If-None-Match with the current tag with 304 and no body, still with its headers', async () => {
        const app = await apps.open(createMemoryDataSet());
        const first = await get(app, '/passage/John.3.16');
        const etag = first.headers.get('etag') ?? '';
        for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
          const second = await get(app, '/passage/John.3.16', { 'if-none-match': ifNoneMatch });
          assert.equal(second.status, 304, ifNoneMatch);
          assert.equal(second.text, '');
          assert.equal(second.headers.get('etag'), etag);
          assert.ok(second.headers.get('x-request-id'));
          assert.equal(second.headers.get('access-control-allow-origin'), '*');
        }
        const stale = await get(app, '/passage/John.3.16', { 'if-none-match': '"stale"' });
        assert.equal(stale.status, 200);
        assert.equal(stale.body.osis, 'John.3.16');
      });

      it('never answers 304 for a request that fails', async () => {
        const app = await apps.open(createMemoryDataSet());
        const response = await get(app, '/passage/Gen.1.99', { 'if-none-match': '*' });
        assert.equal(response.status, 404);
        assert.equal(response.body.code, 'not_found');
      });
    });

    describe('rate limit', () => {
      it('puts both spellings of the rate-limit headers on every response', async () => {
        let now = 1_700_000_000_000;
        const app = await apps.open(createMemoryDataSet(), { now: () => now });
        const first = await get(app, '/passage/John.3.16', { 'x-forwarded-for': '198.51.100.1' });
        now += 15_000;
        const error = await get(app, '/passage/Foo.1.1', { 'x-forwarded-for': '198.51.100.1' });
        assert.equal(first.headers.get('x-ratelimit-limit'), '600');
        assert.equal(first.headers.get('x-ratelimit-remaining'), '599');
        assert.equal(first.headers.get('x-ratelimit-reset'), String(Math.ceil((1_700_000_000_000 + 60_000) / 1000)));
        assert.equal(first.headers.get('ratelimit-limit'), '600');
        assert.equal(first.headers.get('ratelimit-remaining'), '599');
        assert.equal(first.headers.get('ratelimit-reset'), '60');
        assert.equal(first.headers.get('ratelimit-policy'), '600;w=60');
        assert.equal(error.headers.get('x-ratelimit-remaining'), '598');
        assert.equal(error.headers.get('ratelimit-reset'), '45');
      });

      it('answers over the limit with 429 rate_limited, Retry-After as the seconds left, and the counters', async () => {
        let now = 1_700_000_000_000;
        const app = await apps.open(createMemoryDataSet(), { now: () => now, rateLimit: { limit: 3, windowMs: 10_000 } });
        const client = { 'x-forwarded-for': '198.51.100.2' };
        for (let i = 1; i <= 3; i += 1) assert.equal((await get(app, '/passage/John.3.16', client)).status, 200, `request ${i}`);
        now += 2_500;
        const over = await get(app, '/passage/John.3.16', client);
        assert.equal(over.status, 429);
        assert.equal(over.body.code, 'rate_limited');
        assert.equal(over.body.requestId, over.headers.get('x-request-id'));
        assert.equal(over.headers.get('retry-after'), '8');
        assert.equal(over.headers.get('x-ratelimit-remaining'), '0');
        assert.equal(over.headers.get('ratelimit-remaining'), '0');
        assert.equal(over.headers.get('access-control-allow-origin'), '*');
        assert.equal((await get(app, '/passage/John.3.16', { 'x-forwarded-for': '198.51.100.3' })).status, 200, 'another address is unaffected');
        now += 7_500;
        assert.equal((await get(app, '/passage/John.3.16', client)).status, 200, 'a new window starts when the old one ends');
      });

      it('does not count /health, which still carries the counters as they stand, and answers it past the limit', async () => {
        const app = await apps.open(createMemoryDataSet(), { rateLimit: { limit: 2, windowMs: 60_000 } });
        const client = { 'x-forwarded-for': '198.51.100.40' };
        for (let i = 1; i <= 5; i += 1) {
          const health = await get(app, '/health', client);
          assert.equal(health.status, 200, `probe ${i}`);
          assert.equal(health.headers.get('x-ratelimit-remaining'), '2', `probe ${i} spends nothing`);
        }
        assert.equal((await get(app, '/passage/John.3.16', client)).headers.get('x-ratelimit-remaining'), '1');
        assert.equal((await get(app, '/passage/John.3.16', client)).status, 200);
        assert.equal((await get(app, '/passage/John.3.16', client)).status, 429);
        const past = await get(app, '/health', client);
        assert.equal(past.status, 200, 'a client past the limit is still answered /health');
        assert.equal(past.headers.get('x-ratelimit-remaining'), '0');
      });

      it('counts by the socket address unless the proxy is trusted', async () => {
        const app = await apps.open(createMemoryDataSet(), { trustProxy: false, rateLimit: { limit: 1, windowMs: 60_000 } });
        assert.equal((await get(app, '/', { 'x-forwarded-for': '198.51.100.4' })).status, 200);
        assert.equal((await get(app, '/', { 'x-forwarded-for': '198.51.100.5' })).status, 429, 'a spoofed X-Forwarded-For changes nothing');
      });

      it('trusts only the last X-Forwarded-For entry, the one the proxy appended', async () => {
        const app = await apps.open(createMemoryDataSet(), { rateLimit: { limit: 1, windowMs: 60_000 } });
        assert.equal((await get(app, '/', { 'x-forwarded-for': '10.0.0.1, 198.51.100.6' })).status, 200);
        assert.equal((await get(app, '/', { 'x-forwarded-for': '10.0.0.2, 198.51.100.6' })).status, 429);
      });

      it('answers the 601st request in a minute from one address with 429 at the real limit', async () => {
        const app = await apps.open(createMemoryDataSet());
        const client = { 'x-forwarded-for': '203.0.113.9' };
        for (let i = 1; i <= 600; i += 1) {
          const { status } = await get(app, '/passage/John.3.16', client);
          assert.equal(status, 200, `request ${i} is inside the limit`);
        }
        const over = await get(app, '/passage/John.3.16', client);
        assert.equal(over.status, 429);
        const retryAfter = Number(over.headers.get('retry-after'));
        assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      });
    });

    describe('rate limit with a store that answers asynchronously', () => {
      /** A store like a shared (Redis) one would be: the in-memory counters, answered a tick later. */
      function createAsyncStore(): RateLimitStore {
        const memory = createMemoryRateLimitStore();
        return { hit: async (key, windowMs, now) => memory.hit(key, windowMs, now), peek: async (key, now) => memory.peek?.(key, now) };
      }

      it('sets the same headers and answers 429 over the limit', async () => {
        const app = await apps.open(createMemoryDataSet(), { rateLimit: { limit: 2, windowMs: 60_000 }, rateLimitStore: createAsyncStore() });
        const client = { 'x-forwarded-for': '198.51.100.30' };
        const first = await get(app, '/passage/John.3.16', client);
        assert.equal(first.status, 200);
        assert.equal(first.body.osis, 'John.3.16');
        assert.equal(first.headers.get('x-ratelimit-remaining'), '1');
        assert.equal(first.headers.get('ratelimit-policy'), '2;w=60');
        const preflight = await request(app, '/api/v1/scripture', { method: 'OPTIONS', headers: client });
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers.get('x-ratelimit-remaining'), '1', 'a preflight is not counted');
        assert.equal((await get(app, '/passage/John.3.16', client)).status, 200);
        const over = await get(app, '/passage/John.3.16', client);
        assert.equal(over.status, 429);
        assert.equal(over.body.code, 'rate_limited');
        assert.equal(over.body.requestId, over.headers.get('x-request-id'));
        assert.ok(Number(over.headers.get('retry-after')) >= 1);
        assert.equal(over.headers.get('access-control-allow-origin'), '*');
      });

      it('answers 500 internal_error, logged once, when the store fails', async () => {
        const logged: unknown[] = [];
        const app = await apps.open(createMemoryDataSet(), {
          rateLimitStore: { hit: () => Promise.reject(new Error('store unreachable')) },
          logError: (_message, error) => logged.push(error),
        });
        const response = await get(app, '/passage/John.3.16');
        assert.equal(response.status, 500);
        assert.equal(response.body.code, 'internal_error');
        assert.equal(response.body.requestId, response.headers.get('x-request-id'));
        assert.ok(!response.text.includes('unreachable'));
        assert.equal(logged.length, 1);
      });
    });

    describe('routing errors', () => {
      it('answers an unknown route with 404 not_found as an Error body', async () => {
        const app = await apps.open(createMemoryDataSet());
        for (const path of ['/api/v1/no-such-route', '/api/v1/passage', '/', '/favicon.ico']) {
          const response = await request(app, path);
          assert.equal(response.status, 404, path);
          assert.equal(response.body.code, 'not_found', path);
          assert.ok(response.body.requestId, path);
          assert.ok(response.body.docs, path);
        }
      });

      it('answers a method a route does not take with 405, an Error body and Allow', async () => {
        const app = await apps.open(createMemoryDataSet());
        for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
          const response = await request(app, '/api/v1/passage/John.3.16', { method });
          assert.equal(response.status, 405, method);
          assert.equal(response.body.code, 'unknown_value');
          assert.equal(response.body.param, 'method');
          assert.deepEqual(response.body.available, ['GET', 'HEAD', 'OPTIONS']);
          assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
        }
      });

      it('answers HEAD like GET without a body', async () => {
        const app = await apps.open(createMemoryDataSet());
        const head = await request(app, '/api/v1/passage/John.3.16', { method: 'HEAD' });
        const getResponse = await get(app, '/passage/John.3.16');
        assert.equal(head.status, 200);
        assert.equal(head.text, '');
        assert.equal(head.headers.get('etag'), getResponse.headers.get('etag'));
        assert.equal(head.headers.get('content-length'), String(Buffer.byteLength(getResponse.text)), 'the length GET would send');
        const missing = await request(app, '/api/v1/passage/Gen.1.99', { method: 'HEAD' });
        assert.equal(missing.status, 404);
        assert.equal(missing.text, '');
      });

      it('gives every status its standard reason phrase', async () => {
        // Three counted requests; the preflight is not counted.
        const app = await apps.open(createMemoryDataSet(), { rateLimit: { limit: 3, windowMs: 60_000 } });
        const client = { 'x-forwarded-for': '198.51.100.40' };
        assert.equal((await get(app, '/passage/John.3.16', client)).response.statusText, 'OK');
        assert.equal((await get(app, '/passage/Gen.1.99', client)).response.statusText, 'Not Found');
        assert.equal((await request(app, '/api/v1/', { method: 'OPTIONS', headers: client })).response.statusText, 'No Content');
        assert.equal((await request(app, '/api/v1/', { method: 'PUT', headers: client })).response.statusText, 'Method Not Allowed');
        assert.equal((await get(app, '/passage/John.3.16', client)).response.statusText, 'Too Many Requests');
      });

      it('answers malformed percent-encoding with a 400 Error body', async () => {
        const app = await apps.open(createMemoryDataSet());
        const response = await get(app, '/passage/John%ZZ');
        assert.equal(response.status, 400);
        assert.equal(response.body.code, 'invalid_parameter');
        assert.ok(response.body.requestId);
      });
    });

    describe('unhandled failures', () => {
      it('answer 500 internal_error with the request id, no stack, logged once', async () => {
        const logged: Array<[string, unknown]> = [];
        const dataSet = createMemoryDataSet();
        const broken = {
          ...dataSet,
          scripture: {
            ...dataSet.scripture,
            getVerse: () => {
              throw new Error('disk on fire');
            },
          },
        };
        const app = await apps.open(broken, { logError: (message, error) => logged.push([message, error]) });
        const response = await get(app, '/passage/John.3.16');
        assert.equal(response.status, 500);
        assert.equal(response.body.code, 'internal_error');
        assert.equal(response.body.requestId, response.headers.get('x-request-id'));
        assert.ok(!response.text.includes('disk on fire'), 'the cause is not sent');
        assert.ok(!response.text.includes('at '), 'no stack is sent');
        assert.equal(logged.length, 1);
        assert.ok(logged[0]?.[0].includes(response.body.requestId), 'the log line names the request id');
        assert.equal((logged[0]?.[1] as Error).message, 'disk on fire');
      });
    });

    describe('data set per request', () => {
      it('reads the data set once per request and answers from a swapped-in set on the next request', async () => {
        let calls = 0;
        let current = createMemoryDataSet({ dataVersion: 'one' });
        const app = await apps.open(current, {
          getDataSet: () => {
            calls += 1;
            return current;
          },
        });
        const before = await get(app, '/passage/John.3.16');
        assert.equal(calls, 1);
        current = createMemoryDataSet({ dataVersion: 'two' });
        const after = await get(app, '/passage/John.3.16');
        assert.equal(calls, 2);
        assert.notEqual(after.headers.get('etag'), before.headers.get('etag'));
      });

      it('answers a repeated request from the response cache without reading the data again', async () => {
        const dataSet = createMemoryDataSet();
        let reads = 0;
        const counting = {
          ...dataSet,
          scripture: {
            ...dataSet.scripture,
            getVerse: (...args: Parameters<typeof dataSet.scripture.getVerse>) => {
              reads += 1;
              return dataSet.scripture.getVerse(...args);
            },
          },
        };
        const app = await apps.open(counting);
        const first = await get(app, '/passage/John.3.16');
        const second = await get(app, '/passage/John.3.16');
        assert.equal(reads, 1);
        assert.equal(second.text, first.text);
      });
    });

    describe('a data set that cannot be read', () => {
      it('still answers 500 internal_error as an Error body with a request id', async () => {
        const logged: unknown[] = [];
        const app = await apps.open(createMemoryDataSet(), {
          getDataSet: () => {
            throw new Error('no data set');
          },
          logError: (_message, error) => logged.push(error),
        });
        const response = await get(app, '/passage/John.3.16');
        assert.equal(response.status, 500);
        assert.equal(response.body.code, 'internal_error');
        assert.equal(response.body.requestId, response.headers.get('x-request-id'));
        assert.ok(response.headers.get('etag'));
        assert.equal(response.headers.get('access-control-allow-origin'), '*');
        assert.equal(logged.length, 1);
      });
    });

    describe('ETag of bodies that carry this process\'s own times', () => {
      it('differs between two processes (or a restart) on the same data for /stats and /changelog, and only there', async () => {
        const data = createMemoryDataSet({ dataVersion: 'same' });
        const first = await apps.open({ ...data, loadedAt: new Date('2026-03-01T00:00:00.000Z') });
        const restarted = await apps.open({ ...data, loadedAt: new Date('2026-03-01T00:05:00.000Z') });
        for (const route of ['/stats', '/changelog']) {
          const before = await get(first, route);
          const after = await get(restarted, route);
          assert.notEqual(after.headers.get('etag'), before.headers.get('etag'), route);
          assert.match(after.headers.get('etag') ?? '', /^"[0-9a-f]{12}-[0-9a-f]{16}"$/, `${route}: still a strong tag`);
          const conditional = await get(restarted, route, { 'if-none-match': before.headers.get('etag') ?? '' });
          assert.equal(conditional.status, 200, `${route}: the stale time is not revalidated`);
          const again = await get(restarted, route, { 'if-none-match': after.headers.get('etag') ?? '' });
          assert.equal(again.status, 304, `${route}: the same process still answers 304`);
        }
        const passage = [await get(first, '/passage/John.3.16'), await get(restarted, '/passage/John.3.16')];
        assert.equal(passage[0]?.headers.get('etag'), passage[1]?.headers.get('etag'), 'data-only bodies keep one tag across processes');
      });
    });

    describe('CORS preflight and the rate limit', () => {
      it('answers preflights before the rate limit: not counted, and still 204 with the CORS headers past the limit', async () => {
        const app = await apps.open(createMemoryDataSet(), { rateLimit: { limit: 2, windowMs: 60_000 } });
        const client = { 'x-forwarded-for': '198.51.100.90' };
        const preflightHeaders = { ...client, origin: 'https://example.org', 'access-control-request-method': 'GET' };
        const preflight = () => request(app, '/api/v1/scripture', { method: 'OPTIONS', headers: preflightHeaders });
        for (let i = 0; i < 5; i += 1) assert.equal((await preflight()).status, 204);
        const first = await get(app, '/passage/John.3.16', client);
        assert.equal(first.status, 200, 'five preflights used none of the two requests');
        assert.equal(first.headers.get('x-ratelimit-remaining'), '1');
        const during = await preflight();
        assert.equal(during.headers.get('x-ratelimit-remaining'), '1', 'a preflight reports the counters without counting');
        assert.equal((await get(app, '/passage/John.3.16', client)).status, 200);
        assert.equal((await get(app, '/passage/John.3.16', client)).status, 429);
        const over = await preflight();
        assert.equal(over.status, 204, 'past the limit a preflight still succeeds');
        assert.equal(over.headers.get('access-control-allow-origin'), '*');
        assert.ok(over.headers.get('access-control-allow-methods')?.includes('GET'));
        assert.ok(over.headers.get('access-control-allow-headers')?.toLowerCase().includes('if-none-match'));
        assert.equal(over.headers.get('x-ratelimit-remaining'), '0');
        assert.equal(over.headers.get('retry-after'), null);
      });

      it('answers a preflight even when a shared store fails', async () => {
        const app = await apps.open(createMemoryDataSet(), {
          rateLimitStore: { hit: () => Promise.reject(new Error('store unreachable')), peek: () => Promise.reject(new Error('store unreachable')) },
        });
        const preflight = await request(app, '/api/v1/scripture', { method: 'OPTIONS' });
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      });
    });
  });
}
