import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { H3 } from 'h3';
import { verify as verifyGitHubStyle } from '@octokit/webhooks-methods';
import { createServiceEvents, type ServiceEvents } from '../../packages/server/src/events.ts';
import { createWebhooks, type Webhooks } from '../../packages/server/src/webhooks/service.ts';
import { createMemoryDataSet } from '../helpers/memory-data-set.ts';
import { createTestApp, get, request } from '../helpers/app.ts';
import { getTestCertificates, type HttpsReceiver, type ReceivedRequest, startHttpsReceiver, type TestCertificates } from '../helpers/https-receiver.ts';
import { createContract, type OpenApiDocument } from '../helpers/schema.ts';

const certs = await getTestCertificates();

/** What a receiver does, written here independently of the server's code: HMAC of the raw bytes, constant-time compare. */
function verify(secret: string, received: ReceivedRequest): boolean {
  const header = String(received.headers['x-service-signature'] ?? '');
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(received.body).digest('hex')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const UPDATED = { dataVersion: 'v2', previousDataVersion: 'v1', builtAt: '2026-01-02T00:00:00.000Z', bundleGenerated: '2026-01-01T00:00:00.000Z' };

describe('webhook deliveries to an HTTPS receiver', { skip: certs ? false : 'the openssl command is not available to make a test certificate' }, () => {
  let receiver: HttpsReceiver;
  let webhooks: Webhooks;
  let events: ServiceEvents;
  let app: H3;

  before(async () => {
    receiver = await startHttpsReceiver(certs as TestCertificates);
    // Private targets allowed: the receiver is on 127.0.0.1. Retries without waiting, so tests are fast.
    webhooks = createWebhooks({ allowPrivate: true, delivery: { ca: receiver.ca, timeoutMs: 2000 }, retryDelaysMs: [0, 0, 0], logError: () => undefined });
    events = createServiceEvents(() => undefined);
    app = createTestApp(createMemoryDataSet(), { webhooks, events });
  });
  after(async () => {
    await webhooks.close();
    await receiver.close();
  });

  async function register(path: string, eventNames?: string[]): Promise<{ id: string; secret: string }> {
    const response = await request(app, '/api/v1/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.origin}${path}`, ...(eventNames ? { events: eventNames } : {}) }),
    });
    assert.equal(response.status, 201, response.text);
    return { id: response.body.subscription.id, secret: response.body.secret };
  }

  const forPath = (path: string) => receiver.received.filter((received) => received.url === path);

  it('POST /webhooks/{id}/test sends a real signed delivery with test: true and answers its outcome', async () => {
    receiver.respondWith(200);
    const { id, secret } = await register('/test-ok');
    const response = await request(app, `/api/v1/webhooks/${id}/test`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
    assert.equal(response.status, 200);
    assert.equal(response.body.delivery.ok, true);
    assert.equal(response.body.delivery.status, 200);
    assert.equal(response.body.delivery.test, true);
    assert.equal(response.body.subscription.lastDelivery.eventId, response.body.delivery.eventId);
    assert.equal(response.headers.get('cache-control'), 'no-store');

    const [received] = forPath('/test-ok');
    assert.ok(received, 'the receiver got it');
    assert.equal(received.method, 'POST');
    assert.equal(verify(secret, received), true, 'the signature verifies over the raw body');
    const payload = JSON.parse(received.body.toString('utf8'));
    assert.equal(payload.test, true);
    assert.equal(payload.event, 'data.updated');
    assert.equal(payload.subscription, id);
    assert.equal(payload.id, response.body.delivery.eventId);
    assert.equal(payload.data.dataVersion, payload.data.previousDataVersion, 'a test changes nothing');
  });

  it('POST /webhooks/{id}/test reports a failing receiver without counting it, and needs the secret', async () => {
    receiver.respondWith(500);
    const { id, secret } = await register('/test-failing');
    const response = await request(app, `/api/v1/webhooks/${id}/test`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
    assert.equal(response.status, 200);
    assert.deepEqual({ ok: response.body.delivery.ok, status: response.body.delivery.status }, { ok: false, status: 500 });
    assert.equal(response.body.subscription.consecutiveFailures, 0);
    assert.equal(forPath('/test-failing').length, 1, 'one attempt, no retries');
    const unauthorised = await request(app, `/api/v1/webhooks/${id}/test`, { method: 'POST', headers: { authorization: 'Bearer whsec_wrong' } });
    assert.equal(unauthorised.status, 404);
    assert.equal(forPath('/test-failing').length, 1, 'nothing sent without the secret');
  });

  it('is verified by a GitHub-style verifier as it is (@octokit/webhooks-methods), real and test deliveries alike', async () => {
    receiver.respondWith(204);
    const { id, secret } = await register('/octokit');
    await request(app, `/api/v1/webhooks/${id}/test`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
    events.emit('data.updated', { ...UPDATED, builtAt: '2026-01-04T00:00:00.000Z' });
    await webhooks.idle();
    const received = forPath('/octokit');
    assert.equal(received.length, 2, 'a test delivery and a real one');
    for (const delivery of received) {
      const raw = delivery.body.toString('utf8');
      const signature = String(delivery.headers['x-service-signature']);
      assert.equal(await verifyGitHubStyle(secret, raw, signature), true, 'the secret verifies the raw body');
      assert.equal(await verifyGitHubStyle(`${secret}x`, raw, signature), false, 'another secret does not');
      assert.equal(await verifyGitHubStyle(secret, raw.replace('"test"', '"Test"'), signature), false, 'a changed body does not');
    }
  });

  it('delivers data.updated emitted on the service bus to an active subscription, signed', async () => {
    receiver.respondWith(204);
    const { id, secret } = await register('/bus');
    const degradedOnly = await register('/bus-degraded-only', ['status.degraded']);
    events.emit('data.updated', UPDATED);
    await webhooks.idle();
    const [received] = forPath('/bus');
    assert.ok(received);
    assert.equal(verify(secret, received), true);
    const payload = JSON.parse(received.body.toString('utf8'));
    assert.deepEqual({ event: payload.event, test: payload.test, subscription: payload.subscription, data: payload.data }, {
      event: 'data.updated',
      test: false,
      subscription: id,
      data: UPDATED,
    });
    assert.equal(received.headers['x-service-delivery'], payload.id);
    assert.equal(forPath('/bus-degraded-only').length, 0);
    const read = await get(app, `/webhooks/${id}`, { authorization: `Bearer ${secret}` });
    assert.equal(read.body.subscription.lastDelivery.ok, true);
    assert.equal(read.body.subscription.lastDelivery.status, 204);
    await request(app, `/api/v1/webhooks/${degradedOnly.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${degradedOnly.secret}` } });
  });

  it('sends payloads and headers the OpenAPI document\'s top-level webhooks describe (closed-world), real and test deliveries alike', async () => {
    receiver.respondWith(200);
    const document = (await get(app, '/openapi.json')).body as OpenApiDocument;
    const contract = createContract(document);
    const deliveries = document.webhooks as Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> }; parameters: Array<{ name: string; in: string; required: boolean; schema: { pattern?: string } }> } }>;
    assert.deepEqual(Object.keys(deliveries).sort(), ['data.updated', 'status.degraded']);

    const both = await register('/described');
    const degradedFirst = await register('/described-test', ['status.degraded']);
    events.emit('data.updated', { ...UPDATED, builtAt: '2026-01-03T00:00:00.000Z' });
    events.emit('status.degraded', { status: 'degraded', failing: [{ name: 'interlinear', detail: 'the optional dataset is no longer available' }] });
    await webhooks.idle();
    for (const { id, secret } of [both, degradedFirst]) {
      const test = await request(app, `/api/v1/webhooks/${id}/test`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
      assert.equal(test.body.delivery.ok, true);
    }
    const received = [...forPath('/described'), ...forPath('/described-test')];
    assert.equal(received.length, 5, 'data.updated and status.degraded on the bus (status.degraded to both), and a test delivery to each');
    const seen = new Set<string>();
    for (const delivery of received) {
      const payload = JSON.parse(delivery.body.toString('utf8'));
      seen.add(`${payload.event} test=${payload.test}`);
      const operation = deliveries[payload.event]!.post;
      const schema = operation.requestBody.content['application/json']!.schema.$ref.replace('#/components/schemas/', '');
      assert.deepEqual(contract.checkSchema(schema, payload), [], `${payload.event} test=${payload.test}`);
      for (const parameter of operation.parameters) {
        const value = delivery.headers[parameter.name.toLowerCase()];
        if (parameter.required) assert.equal(typeof value, 'string', parameter.name);
        if (parameter.schema.pattern) assert.match(String(value), new RegExp(parameter.schema.pattern), parameter.name);
      }
      assert.equal(delivery.headers['x-service-event'], payload.event);
      assert.equal(delivery.headers['x-service-delivery'], payload.id);
    }
    assert.deepEqual([...seen].sort(), ['data.updated test=false', 'data.updated test=true', 'status.degraded test=false', 'status.degraded test=true']);
    assert.notDeepEqual(contract.checkSchema('WebhookPayloadDataUpdated', { id: 'evt_1', event: 'data.updated' }), [], 'the schema does hold payloads to it');
  });

  it('retries a failing receiver three times, and disables the subscription at ten consecutive failed deliveries', async () => {
    receiver.respondWith((received) => ({ status: received.url === '/down' ? 503 : 200 }));
    const { id, secret } = await register('/down', ['status.degraded']);
    const read = async () => (await get(app, `/webhooks/${id}`, { authorization: `Bearer ${secret}` })).body.subscription;
    for (let n = 1; n <= 10; n += 1) {
      events.emit('status.degraded', { status: 'degraded', failing: [{ name: `check-${n}`, detail: 'failed' }] });
      await webhooks.idle();
      if (n === 1) {
        assert.equal(forPath('/down').length, 4, 'one attempt and three retries');
        assert.equal((await read()).consecutiveFailures, 1);
      }
    }
    const disabled = await read();
    assert.equal(disabled.status, 'disabled');
    assert.equal(disabled.consecutiveFailures, 10);
    assert.equal(disabled.lastDelivery.status, 503);
    assert.equal(forPath('/down').length, 40);
    events.emit('status.degraded', { status: 'degraded', failing: [{ name: 'check-11', detail: 'failed' }] });
    await webhooks.idle();
    assert.equal(forPath('/down').length, 40, 'deliveries stop');
  });
});
