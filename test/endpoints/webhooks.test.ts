import { subscriptionRecord } from '../helpers/subscription-record.ts';
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../../packages/server/src/serve.ts';
import { createWebhooks, type WebhookOptions, type Webhooks } from '../../packages/server/src/webhooks/service.ts';
import { createMemoryWebhookStore, createWebhookStore } from '../../packages/server/src/webhooks/store.ts';
import { createMemoryDataSet } from '../helpers/memory-data-set.ts';
import { ADAPTERS, type Fetcher, openAppsThrough } from '../helpers/adapters.ts';
import { get, request, type TestResponse } from '../helpers/app.ts';
import { createTempDir, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

const NAMES: Record<string, string[]> = {
  'hooks.example.org': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'internal.example.org': ['10.0.0.7'],
  'other.example.org': ['93.184.215.15'],
};

/** Webhooks whose DNS answers from NAMES (no network in tests); everything else as in production. */
function createTestWebhooks(options: Partial<WebhookOptions> = {}): Webhooks {
  return createWebhooks({
    resolveHost: async (host) => {
      const addresses = NAMES[host];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return addresses;
    },
    logError: () => undefined,
    ...options,
  });
}


function post(app: Fetcher, path: string, body: unknown, headers: Record<string, string> = {}): Promise<TestResponse> {
  return request(app, `/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

for (const adapter of ADAPTERS) {
describe(`webhooks through ${adapter}`, () => {
  const apps = openAppsThrough(adapter);
  after(() => apps.close());

  /** An app with its own webhook service over the in-memory data set, through this adapter. */
  async function setup(options: Partial<WebhookOptions> = {}) {
    const webhooks = createTestWebhooks(options);
    const app = await apps.open(createMemoryDataSet(), { webhooks });
    return { app, webhooks };
  }

describe('GET /webhooks', () => {
  it('describes the events, the signature scheme, delivery and the limits', async () => {
    const { app } = await setup();
    const response = await get(app, '/webhooks');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.events.map((event: { name: string }) => event.name), ['data.updated', 'status.degraded']);
    assert.equal(response.body.signature.header, 'X-Service-Signature');
    assert.equal(response.body.signature.algorithm, 'HMAC-SHA256');
    assert.equal(response.body.delivery.retries, 3);
    assert.deepEqual(response.body.delivery.retryDelaysSeconds, [60, 300, 1800]);
    assert.equal(response.body.delivery.disableAfterConsecutiveFailures, 10);
    assert.deepEqual(response.body.subscription.statuses, ['active', 'disabled']);
    assert.equal(response.body.limits.maxActiveSubscriptions, 10_000);
    assert.ok(response.body.licence);
    assert.ok(response.headers.get('etag'));
  });
});

describe('the service index on webhooks', () => {
  it('lists the webhook operations with their methods and names the registration sandbox', async () => {
    const { app } = await setup();
    const { body } = await get(app, '/');
    for (const key of ['/webhooks', 'POST /webhooks', '/webhooks/{id}', 'DELETE /webhooks/{id}', 'POST /webhooks/{id}/test']) {
      assert.equal(typeof body.endpoints[key], 'string', key);
    }
    assert.equal(body.sandbox.webhooks, '/api/v1/webhooks?sandbox=true');
    assert.match(body.auth.note, /secret/);
  });
});

describe('POST /webhooks', () => {
  it('registers an active subscription to every event, answering 201 with Location and the secret once', async () => {
    const { app } = await setup();
    const response = await post(app, '/webhooks', { url: 'https://hooks.example.org/skg#ignored' });
    assert.equal(response.status, 201);
    const { subscription, secret, sandbox } = response.body;
    assert.match(subscription.id, /^wh_[0-9a-f]{24}$/);
    assert.equal(subscription.url, 'https://hooks.example.org/skg');
    assert.equal(subscription.status, 'active');
    assert.deepEqual(subscription.events, ['data.updated', 'status.degraded']);
    assert.ok(!Number.isNaN(Date.parse(subscription.created)), 'the registration time is `created`');
    assert.equal(subscription.createdAt, undefined);
    assert.match(secret, /^whsec_/);
    assert.equal(sandbox, false);
    assert.equal(response.headers.get('location'), `/api/v1/webhooks/${subscription.id}`);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.ok(response.headers.get('etag'));
    assert.ok(response.headers.get('x-ratelimit-remaining'));

    const read = await get(app, `/webhooks/${subscription.id}`, bearer(secret));
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.subscription, subscription);
    assert.ok(!read.text.includes(secret), 'the secret is never shown again');
    assert.equal(read.headers.get('cache-control'), 'no-store');
  });

  it('keeps the events asked for, once each, in a fixed order', async () => {
    const { app } = await setup();
    const response = await post(app, '/webhooks', { url: 'https://hooks.example.org/', events: ['status.degraded', 'status.degraded'] });
    assert.equal(response.status, 201);
    assert.deepEqual(response.body.subscription.events, ['status.degraded']);
  });

  it('answers 400 invalid_parameter on url for http, loopback, link-local metadata and private targets', async () => {
    const { app } = await setup();
    const table: Array<[string, RegExp]> = [
      ['http://hooks.example.org/', /https/],
      ['https://127.0.0.1/', /127\.0\.0\.1 is a loopback address/],
      ['https://[::1]/', /::1 is a loopback address/],
      ['https://169.254.169.254/', /metadata/],
      ['https://internal.example.org/', /internal\.example\.org resolves to a non-public address$/],
      ['https://0x7f.1/', /loopback/],
      ['https://[::ffff:127.0.0.1]/', /loopback/],
      ['https://nowhere.example.org/', /does not resolve/],
    ];
    for (const [url, message] of table) {
      const response = await post(app, '/webhooks', { url });
      assert.equal(response.status, 400, url);
      assert.equal(response.body.code, 'invalid_parameter', url);
      assert.equal(response.body.param, 'url', url);
      assert.match(response.body.error, message, url);
    }
    assert.doesNotMatch((await post(app, '/webhooks', { url: 'https://internal.example.org/' })).text, /10\.0\.0\.7|private/, 'what a name resolved to stays inside');
  });

  it('refuses a name the system resolver maps to loopback (localhost), without saying the address', async () => {
    const logged: string[] = [];
    const webhooks = createWebhooks({ logError: () => undefined, logDebug: (line) => logged.push(line) });
    const app = await apps.open(createMemoryDataSet(), { webhooks });
    const response = await post(app, '/webhooks', { url: 'https://localhost:8443/hook' });
    assert.equal(response.status, 400);
    assert.equal(response.body.code, 'invalid_parameter');
    assert.equal(response.body.error, 'url must reach a public address; localhost resolves to a non-public address');
    assert.doesNotMatch(response.text, /127\.0\.0\.1|::1|loopback/);
    assert.match(logged.join('\n'), /localhost resolves to (127\.0\.0\.1|::1), a loopback address/, 'the detail is in the debug log');
  });

  it('answers 400 unknown_value with the available events for an unknown event', async () => {
    const { app } = await setup();
    const response = await post(app, '/webhooks', { url: 'https://hooks.example.org/', events: ['data.updated', 'data.deleted'] });
    assert.equal(response.status, 400);
    assert.equal(response.body.code, 'unknown_value');
    assert.equal(response.body.param, 'events');
    assert.deepEqual(response.body.available, ['data.updated', 'status.degraded']);
  });

  it('answers 400 for a body it cannot use, naming what is wrong', async () => {
    const { app } = await setup();
    const table: Array<[unknown, string, string]> = [
      [{}, 'missing_parameter', 'url'],
      [{ url: 42 }, 'invalid_parameter', 'url'],
      [{ url: 'https://hooks.example.org/', events: [] }, 'invalid_parameter', 'events'],
      [{ url: 'https://hooks.example.org/', events: 'data.updated' }, 'invalid_parameter', 'events'],
      [{ url: 'https://hooks.example.org/', event: ['data.updated'] }, 'invalid_parameter', 'event'],
      [[{ url: 'https://hooks.example.org/' }], 'invalid_parameter', 'body'],
      ['{"url": ', 'invalid_parameter', 'body'],
      ['', 'invalid_parameter', 'body'],
    ];
    for (const [body, code, param] of table) {
      const response = await post(app, '/webhooks', body);
      const label = JSON.stringify(body);
      assert.equal(response.status, 400, label);
      assert.equal(response.body.code, code, label);
      assert.equal(response.body.param, param, label);
    }
  });

  it('answers 415 for a body that is not declared JSON, and 413 for one over the limit', async () => {
    const { app } = await setup({ limits: { maxBodyBytes: 512 } });
    const form = await post(app, '/webhooks', 'url=https://hooks.example.org/', { 'content-type': 'application/x-www-form-urlencoded' });
    assert.equal(form.status, 415);
    assert.equal(form.body.code, 'invalid_parameter');
    assert.equal(form.body.param, 'Content-Type');
    const large = await post(app, '/webhooks', { url: `https://hooks.example.org/${'a'.repeat(600)}` });
    assert.equal(large.status, 413);
    assert.equal(large.body.code, 'invalid_parameter');
    assert.equal(large.body.param, 'body');
    const chunked = await request(app, '/api/v1/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`{"url": "https://hooks.example.org/${'b'.repeat(600)}"}`));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    assert.equal(chunked.status, 413, 'a body without Content-Length is cut at the limit too');
  });

  it('with sandbox=true validates the same way and answers the same shape, storing nothing', async () => {
    const { app } = await setup();
    const response = await post(app, '/webhooks?sandbox=true', { url: 'https://hooks.example.org/', events: ['data.updated'] });
    assert.equal(response.status, 200);
    assert.equal(response.body.sandbox, true);
    assert.deepEqual(Object.keys(response.body).sort(), ['licence', 'note', 'sandbox', 'secret', 'subscription']);
    assert.equal(response.body.subscription.status, 'active');
    assert.match(response.body.secret, /^whsec_/);
    assert.equal(response.headers.get('location'), null);
    const read = await get(app, `/webhooks/${response.body.subscription.id}`, bearer(response.body.secret));
    assert.equal(read.status, 404, 'nothing was stored');
    const invalid = await post(app, '/webhooks?sandbox=true', { url: 'https://127.0.0.1/' });
    assert.equal(invalid.status, 400);
    const badFlag = await post(app, '/webhooks?sandbox=maybe', { url: 'https://hooks.example.org/' });
    assert.equal(badFlag.status, 400);
    assert.equal(badFlag.body.param, 'sandbox');
  });

  it('echoes Idempotency-Key and never answers 304 to a write', async () => {
    const { app } = await setup();
    const first = await post(app, '/webhooks', { url: 'https://hooks.example.org/' }, { 'idempotency-key': 'reg-1' });
    assert.equal(first.headers.get('idempotency-key'), 'reg-1');
    const again = await post(app, '/webhooks', { url: 'https://hooks.example.org/' }, { 'if-none-match': first.headers.get('etag') ?? '*' });
    assert.equal(again.status, 201);
  });

  it('answers 429 rate_limited with Retry-After past the registrations allowed per address per hour', async () => {
    const { app } = await setup({ limits: { registrationsPerHour: 2 } });
    const from = { 'x-forwarded-for': '203.0.113.9' };
    assert.equal((await post(app, '/webhooks?sandbox=true', { url: 'https://hooks.example.org/' }, from)).status, 200);
    assert.equal((await post(app, '/webhooks', { url: 'https://hooks.example.org/' }, from)).status, 201);
    const third = await post(app, '/webhooks', { url: 'https://hooks.example.org/' }, from);
    assert.equal(third.status, 429);
    assert.equal(third.body.code, 'rate_limited');
    assert.ok(Number(third.headers.get('retry-after')) > 3000);
    assert.equal((await post(app, '/webhooks', { url: 'https://hooks.example.org/' }, { 'x-forwarded-for': '203.0.113.10' })).status, 201);
  });

  it('counts registrations from IPv6 clients by their /64', async () => {
    const { app } = await setup({ limits: { registrationsPerHour: 2 } });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    assert.equal((await post(app, '/webhooks?sandbox=true', { url: 'https://hooks.example.org/' }, from('2001:db8:7:1::1'))).status, 200);
    assert.equal((await post(app, '/webhooks?sandbox=true', { url: 'https://hooks.example.org/' }, from('2001:db8:7:1::2'))).status, 200);
    const third = await post(app, '/webhooks?sandbox=true', { url: 'https://hooks.example.org/' }, from('2001:db8:7:1:dead:beef:0:3'));
    assert.equal(third.status, 429, 'a new address in the same /64 is the same client');
    assert.equal((await post(app, '/webhooks?sandbox=true', { url: 'https://hooks.example.org/' }, from('2001:db8:7:2::1'))).status, 200, 'another /64 is another client');
  });

  it('answers 429 rate_limited once one target host holds its maximum of active subscriptions', async () => {
    const { app } = await setup({ limits: { maxSubscriptionsPerHost: 2 } });
    assert.equal((await post(app, '/webhooks', { url: 'https://hooks.example.org/a' })).status, 201);
    const second = (await post(app, '/webhooks', { url: 'https://hooks.example.org/b' })).body;
    const full = await post(app, '/webhooks', { url: 'https://hooks.example.org/c' });
    assert.equal(full.status, 429);
    assert.equal(full.body.code, 'rate_limited');
    assert.match(full.body.error, /maximum of 2 active webhook subscriptions to hooks\.example\.org/);
    assert.equal(full.headers.get('retry-after'), '3600');
    assert.equal((await post(app, '/webhooks', { url: 'https://other.example.org/' })).status, 201, 'another host is not held back');
    await request(app, `/api/v1/webhooks/${second.subscription.id}`, { method: 'DELETE', headers: bearer(second.secret) });
    assert.equal((await post(app, '/webhooks', { url: 'https://hooks.example.org/c' })).status, 201, 'a deletion frees a place');
    const { body } = await get(app, '/webhooks');
    assert.equal(body.limits.maxActiveSubscriptionsPerHost, 2);
  });

  it('counts active subscriptions without listing the store at every registration', async () => {
    const memory = createMemoryWebhookStore();
    let lists = 0;
    const store = {
      ...memory,
      list: () => {
        lists += 1;
        return memory.list();
      },
    };
    const { app, webhooks } = await setup({ store });
    await webhooks.idle(); // the start's one look for retries kept by an earlier process
    lists = 0;
    for (let n = 0; n < 5; n += 1) assert.equal((await post(app, '/webhooks', { url: `https://hooks.example.org/${n}` })).status, 201);
    assert.equal(lists, 1, 'one census serves the registrations that follow it');
  });

  it('at 10,000 subscriptions, a registration (accepted or refused) costs O(1): the census is kept, not re-read; it is retaken in the background after an hour', async () => {
    const memory = createMemoryWebhookStore();
    for (let n = 0; n < 10_000; n += 1) {
      await memory.set(subscriptionRecord(n, { url: `https://hooks${n % 500}.example.org/in` }));
    }
    let lists = 0;
    const store = { ...memory, list: () => ((lists += 1), memory.list()) };
    let now = Date.parse('2026-06-01T00:00:00Z');
    const { app, webhooks } = await setup({ store, now: () => now, limits: { maxSubscriptions: 10_001 } });
    await webhooks.idle(); // the start's one look for retries kept by an earlier process
    lists = 0;
    const client = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
    assert.equal((await post(app, '/webhooks', { url: 'https://hooks.example.org/new' }, client(1))).status, 201);
    assert.equal(lists, 1, 'the first registration takes the census');
    const times: number[] = [];
    for (let n = 2; n < 22; n += 1) {
      const started = performance.now();
      const refused = await post(app, '/webhooks', { url: 'https://hooks.example.org/more' }, client(n));
      times.push(performance.now() - started);
      assert.equal(refused.status, 429);
      assert.match(refused.body.error, /maximum of 10001 active webhook subscriptions/);
    }
    assert.equal(lists, 1, 'refused registrations read nothing');
    const median = times.sort((a, b) => a - b)[times.length >> 1]!;
    assert.ok(median < 10, `a refused registration took ${median.toFixed(1)} ms (median; a census of 10,000 records takes hundreds)`);
    now += 60 * 60_000;
    assert.equal((await post(app, '/webhooks', { url: 'https://hooks.example.org/more' }, client(30))).status, 429);
    assert.equal(lists, 2, 'an hour later a registration retakes the census, in the background');
  });

  it('answers 429 rate_limited once the store holds its maximum of active subscriptions', async () => {
    const { app } = await setup({ limits: { maxSubscriptions: 1 } });
    assert.equal((await post(app, '/webhooks', { url: 'https://hooks.example.org/' })).status, 201);
    const full = await post(app, '/webhooks', { url: 'https://hooks.example.org/' });
    assert.equal(full.status, 429);
    assert.equal(full.body.code, 'rate_limited');
    assert.equal((await post(app, '/webhooks?sandbox=true', { url: 'https://hooks.example.org/' })).status, 200, 'the sandbox stores nothing');
  });
});

describe('GET and DELETE /webhooks/{id}', () => {
  it('takes the same time to refuse an unknown id as a known id with a wrong secret (fs store)', async () => {
    const store = await createWebhookStore({ kind: 'fs', dir: await createTempDir() });
    const { app } = await setup({ store });
    const { subscription } = (await post(app, '/webhooks', { url: 'https://hooks.example.org/' })).body;
    const unknownId = `wh_${'0'.repeat(24)}`;
    const time = async (id: string) => {
      const started = performance.now();
      const response = await get(app, `/webhooks/${id}`, bearer('whsec_wrong'));
      assert.equal(response.status, 404);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      known.push(await time(subscription.id));
      unknown.push(await time(unknownId));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const [k, u] = [median(known), median(unknown)];
    assert.ok(Math.abs(k - u) < 1 && u >= 25, `median ${k.toFixed(2)} ms for a wrong secret, ${u.toFixed(2)} ms for an unknown id`);
    await store.close();
  });

  it('answers a wrong or missing secret exactly as an unknown id', async () => {
    const { app } = await setup();
    const { subscription, secret } = (await post(app, '/webhooks', { url: 'https://hooks.example.org/' })).body;
    const other = (await post(app, '/webhooks', { url: 'https://hooks.example.org/' })).body;
    const path = `/webhooks/${subscription.id}`;
    const strip = (response: TestResponse) => ({
      status: response.status,
      body: { ...response.body, requestId: undefined },
      etag: response.headers.get('etag'),
      cacheControl: response.headers.get('cache-control'),
    });

    const wrong = await get(app, path, bearer(`${secret}x`));
    const anothers = await get(app, path, bearer(other.secret));
    const missing = await get(app, path);
    const notBearer = await get(app, path, { authorization: `Basic ${secret}` });
    const wrongDelete = await request(app, `/api/v1${path}`, { method: 'DELETE', headers: bearer('whsec_guess') });
    assert.equal((await get(app, path, bearer(secret))).status, 200, 'still there after the wrong attempts');

    assert.equal((await request(app, `/api/v1${path}`, { method: 'DELETE', headers: bearer(secret) })).status, 204);
    const unknown = await get(app, path, bearer(secret));
    const unknownDelete = await request(app, `/api/v1${path}`, { method: 'DELETE', headers: bearer(secret) });

    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'not_found');
    for (const response of [wrong, anothers, missing, notBearer]) assert.deepEqual(strip(response), strip(unknown));
    assert.deepEqual(strip(wrongDelete), strip(unknownDelete));
    const malformed = await get(app, '/webhooks/not-an-id', bearer(secret));
    assert.equal(malformed.status, 404);
    assert.equal(malformed.body.code, 'not_found');
  });

  it('deletes with the secret: 204 and no body, after which the subscription is gone', async () => {
    const { app } = await setup();
    const { subscription, secret } = (await post(app, '/webhooks', { url: 'https://hooks.example.org/' })).body;
    const deleted = await request(app, `/api/v1/webhooks/${subscription.id}`, { method: 'DELETE', headers: bearer(secret) });
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    assert.ok(deleted.headers.get('etag'));
    assert.equal((await get(app, `/webhooks/${subscription.id}`, bearer(secret))).status, 404);
  });

  it('answers 405 listing the methods of the path, and a preflight allowing the methods of the path asked about', async () => {
    const { app } = await setup();
    const put = await request(app, '/api/v1/webhooks/wh_0123456789abcdef01234567', { method: 'PUT' });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'GET, HEAD, DELETE, OPTIONS');
    assert.deepEqual(put.body.available, ['GET', 'HEAD', 'DELETE', 'OPTIONS']);
    const getTest = await get(app, '/webhooks/wh_0123456789abcdef01234567/test');
    assert.equal(getTest.status, 405);
    assert.equal(getTest.headers.get('allow'), 'POST, OPTIONS');
    const preflight = await request(app, '/api/v1/webhooks', {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, HEAD, POST, OPTIONS');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/i);
    const preflightOf = async (path: string) =>
      (await request(app, `/api/v1${path}`, { method: 'OPTIONS', headers: { origin: 'https://example.org', 'access-control-request-method': 'DELETE' } })).headers;
    const one = await preflightOf('/webhooks/wh_0123456789abcdef01234567');
    assert.equal(one.get('access-control-allow-methods'), 'GET, HEAD, DELETE, OPTIONS', 'no POST where a POST answers 405');
    assert.equal(one.get('allow'), put.headers.get('allow'), 'the preflight and the 405 name the same methods');
    assert.equal((await preflightOf('/webhooks/wh_0123456789abcdef01234567/test')).get('access-control-allow-methods'), 'POST, OPTIONS');
    assert.equal((await preflightOf('/passage/John.3.16')).get('access-control-allow-methods'), 'GET, HEAD, OPTIONS');
  });

  it('reads the subscription as it is now, never from a cache', async () => {
    const { app, webhooks } = await setup();
    const { subscription, secret } = (await post(app, '/webhooks', { url: 'https://hooks.example.org/' })).body;
    const first = await get(app, `/webhooks/${subscription.id}`, bearer(secret));
    await webhooks.remove(subscription.id, secret);
    assert.equal((await get(app, `/webhooks/${subscription.id}`, bearer(secret))).status, 404);
    assert.equal(first.headers.get('cache-control'), 'no-store');
  });
});

describe('echoed input in webhook errors', () => {
  it('cuts an unknown id, member name or event name to 100 characters', async () => {
    const { app } = await setup();
    const long = 'q'.repeat(5000);
    const unknown = await get(app, `/webhooks/wh_${long}`, bearer('whsec_x'));
    assert.equal(unknown.status, 404);
    assert.ok(unknown.body.error.length < 250, unknown.body.error);
    assert.ok(unknown.body.error.includes(`wh_${'q'.repeat(97)}…`));
    const member = await post(app, '/webhooks', { url: 'https://hooks.example.org/', [long]: 1 });
    assert.equal(member.status, 400);
    assert.ok(member.body.error.length < 250 && member.body.param.length <= 101, 'message and param');
    const event = await post(app, '/webhooks', { url: 'https://hooks.example.org/', events: [long] });
    assert.equal(event.body.code, 'unknown_value');
    assert.ok(event.body.error.length < 250);
  });
});

describe('POST /webhooks/{id}/test outcome', () => {
  it('reports why the attempt failed coarsely, naming no address; the detail goes to the debug log', async () => {
    const logged: string[] = [];
    const { app } = await setup({ allowPrivate: true, logDebug: (line) => logged.push(line), delivery: { timeoutMs: 2000 } });
    const { subscription, secret } = (await post(app, '/webhooks', { url: 'https://127.0.0.1:1/hook' })).body;
    const response = await post(app, `/webhooks/${subscription.id}/test`, '', bearer(secret));
    assert.equal(response.status, 200);
    assert.equal(response.body.delivery.ok, false);
    assert.equal(response.body.delivery.error, 'connection refused');
    assert.equal(response.body.subscription.lastDelivery.error, 'connection refused');
    assert.doesNotMatch(JSON.stringify(response.body.delivery), /ECONNREFUSED|127\.0\.0\.1:1/);
    assert.match(logged.join('\n'), /ECONNREFUSED 127\.0\.0\.1:1/);
  });
});

describe('POST /webhooks/{id}/test limits', () => {
  it('answers 429 rate_limited past the test deliveries allowed per subscription per minute', async () => {
    const sent: string[] = [];
    const { app } = await setup({
      limits: { testsPerMinute: 2 },
      send: async (request) => {
        sent.push(request.url);
        return { ok: true, status: 200, durationMs: 1 };
      },
    });
    const { subscription, secret } = (await post(app, '/webhooks', { url: 'https://hooks.example.org/' })).body;
    const test = () => post(app, `/webhooks/${subscription.id}/test`, '', bearer(secret));
    assert.equal((await test()).status, 200);
    assert.equal((await test()).status, 200);
    const third = await test();
    assert.equal(third.status, 429);
    assert.equal(third.body.code, 'rate_limited');
    assert.ok(Number(third.headers.get('retry-after')) >= 1);
    assert.equal(sent.length, 2);
  });
});
});
}

describe('webhook subscriptions through skg serve', () => {
  it('survive a restart over the same fs store', async () => {
    const stateDir = await createTempDir();
    const dataSet = createMemoryDataSet();
    const start = () =>
      serve({
        distDir: '(memory)',
        port: 0,
        host: '127.0.0.1',
        trustProxy: false,
        watch: false,
        log: () => undefined,
        loadDataSet: async () => dataSet,
        webhooks: { store: { kind: 'fs', dir: stateDir }, allowPrivate: true },
      });
    const first = await start();
    const created = await fetch(`${first.url}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://127.0.0.1:9/hook', events: ['data.updated'] }),
    });
    assert.equal(created.status, 201);
    const { subscription, secret } = (await created.json()) as { subscription: { id: string }; secret: string };
    await first.close();

    const second = await start();
    try {
      const read = await fetch(`${second.url}/webhooks/${subscription.id}`, { headers: bearer(secret) });
      assert.equal(read.status, 200);
      assert.deepEqual(((await read.json()) as { subscription: unknown }).subscription, subscription);
    } finally {
      await second.close();
    }
  });
});
