import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServiceEvents } from '../../packages/server/src/events.ts';
import type { AttemptOutcome, SignedRequest } from '../../packages/server/src/webhooks/delivery.ts';
import { parseRegistration } from '../../packages/server/src/webhooks/registration.ts';
import { createWebhooks, type WebhookOptions } from '../../packages/server/src/webhooks/service.ts';
import { createEphemeralSecretBox } from '../../packages/server/src/webhooks/secret-box.ts';
import { verifySignature } from '../../packages/server/src/webhooks/signature.ts';
import { createMemoryWebhookStore } from '../../packages/server/src/webhooks/store.ts';

const UPDATED = { dataVersion: 'v2', previousDataVersion: 'v1', builtAt: '2026-01-02T00:00:00.000Z', bundleGenerated: '2026-01-01T00:00:00.000Z' };

/** A fake receiver: records each attempt and answers from `outcomes` in turn (the last one repeats). */
function createFakeSender(outcomes: boolean[]) {
  const sent: SignedRequest[] = [];
  const send = async (request: SignedRequest): Promise<AttemptOutcome> => {
    const ok = outcomes[Math.min(sent.length, outcomes.length - 1)] ?? true;
    sent.push(request);
    return ok ? { ok, status: 204, durationMs: 1 } : { ok, status: 500, error: 'answered 500', durationMs: 1 };
  };
  return { sent, send };
}

function setup(outcomes: boolean[], options: Partial<WebhookOptions> = {}) {
  const sender = createFakeSender(outcomes);
  const webhooks = createWebhooks({
    resolveHost: async () => ['93.184.215.14'],
    retryDelaysMs: [0, 0, 0],
    send: sender.send,
    logError: () => undefined,
    ...options,
  });
  const events = createServiceEvents(() => undefined);
  webhooks.listen(events);
  const register = (events?: string[]) => webhooks.register(parseRegistration({ url: 'https://hooks.example.org/in', ...(events ? { events } : {}) }), false);
  return { webhooks, events, sender, register };
}

describe('webhook dispatcher', () => {
  it('delivers an event on the bus to each active subscriber of it, signed with its secret', async () => {
    const { webhooks, events, sender, register } = setup([true]);
    const all = await register();
    const degradedOnly = await register(['status.degraded']);
    events.emit('data.updated', UPDATED);
    await webhooks.idle();
    assert.equal(sender.sent.length, 1, 'only the data.updated subscriber');
    const request = sender.sent[0]!;
    assert.equal(verifySignature(all.secret, request.body, request.signature), true);
    const payload = JSON.parse(request.body);
    assert.equal(payload.event, 'data.updated');
    assert.equal(payload.test, false);
    assert.equal(payload.subscription, all.subscription.id);
    assert.match(payload.id, /^evt_[0-9a-f]{24}$/);
    assert.deepEqual(payload.data, UPDATED);
    assert.ok(!Number.isNaN(Date.parse(payload.time)));
    const read = await webhooks.read(all.subscription.id, all.secret);
    assert.equal(read.lastDelivery?.ok, true);
    assert.equal(read.lastDelivery?.attempts, 1);
    assert.equal((await webhooks.read(degradedOnly.subscription.id, degradedOnly.secret)).lastDelivery, null);
  });

  it('keeps a waiting retry in the store: a restart resumes it when due, with the same bytes, and it is sent once', async () => {
    // One store that outlives each process (closing the memory store would empty it).
    const store = { ...createMemoryWebhookStore(), close: async () => undefined };
    const secretBox = createEphemeralSecretBox();
    const before = setup([false], { store, secretBox, retryDelaysMs: [300, 60_000, 60_000] });
    const { subscription, secret } = await before.register();
    before.events.emit('data.updated', UPDATED);
    for (let i = 0; i < 100 && (await store.get(subscription.id))?.pendingRetries === undefined; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const kept = (await store.get(subscription.id))?.pendingRetries;
    assert.equal(kept?.length, 1, 'the waiting retry is in the record');
    assert.equal(kept[0]!.attempts, 1);
    await before.webhooks.close(); // the process stops: its timer is gone, the record stays
    assert.equal(before.sender.sent.length, 1);

    const after = setup([true], { store, secretBox, retryDelaysMs: [300, 60_000, 60_000] });
    const another = setup([true], { store, secretBox, retryDelaysMs: [300, 60_000, 60_000] });
    const keepUp = setInterval(() => undefined, 50); // retry timers are unref'd
    await Promise.all([after.webhooks.idle(), another.webhooks.idle()]);
    clearInterval(keepUp);
    assert.equal(after.sender.sent.length + another.sender.sent.length, 1, 'resumed once across two processes sharing the store');
    const resent = [...after.sender.sent, ...another.sender.sent][0]!;
    assert.equal(resent.body, before.sender.sent[0]!.body, 'the same bytes');
    const read = await after.webhooks.read(subscription.id, secret);
    assert.equal(read.lastDelivery?.ok, true);
    assert.equal(read.lastDelivery?.attempts, 2);
    assert.equal((await store.get(subscription.id))?.pendingRetries, undefined, 'nothing kept once delivered');
    assert.equal('pendingRetries' in read, false, 'never shown to the owner');
  });

  it('retries a failed delivery three times with the same bytes, then counts one failure', async () => {
    const { webhooks, events, sender, register } = setup([false]);
    const { subscription, secret } = await register();
    events.emit('data.updated', UPDATED);
    await webhooks.idle();
    assert.equal(sender.sent.length, 4, 'one attempt and three retries');
    assert.equal(new Set(sender.sent.map((request) => request.body)).size, 1);
    const read = await webhooks.read(subscription.id, secret);
    assert.equal(read.consecutiveFailures, 1);
    assert.deepEqual({ ok: read.lastDelivery?.ok, attempts: read.lastDelivery?.attempts, status: read.lastDelivery?.status }, { ok: false, attempts: 4, status: 500 });
    assert.equal(read.status, 'active');
  });

  it('stops retrying at the first success and resets the failure count', async () => {
    const { webhooks, events, sender, register } = setup([false, false, true]);
    const { subscription, secret } = await register();
    events.emit('status.degraded', { status: 'degraded', failing: [{ name: 'scripture', detail: 'x' }] });
    await webhooks.idle();
    assert.equal(sender.sent.length, 3);
    const read = await webhooks.read(subscription.id, secret);
    assert.equal(read.consecutiveFailures, 0);
    assert.equal(read.lastDelivery?.attempts, 3);
  });

  it('disables a subscription at its tenth consecutive failed delivery, and delivers to it no more', async () => {
    const { webhooks, events, sender, register } = setup([false]);
    const { subscription, secret } = await register();
    for (let n = 1; n <= 9; n += 1) {
      events.emit('data.updated', { ...UPDATED, dataVersion: `v${n + 1}`, previousDataVersion: `v${n}` });
      await webhooks.idle();
    }
    assert.equal((await webhooks.read(subscription.id, secret)).status, 'active', 'nine failures keep it active');
    events.emit('data.updated', { ...UPDATED, dataVersion: 'v11', previousDataVersion: 'v10' });
    await webhooks.idle();
    const disabled = await webhooks.read(subscription.id, secret);
    assert.equal(disabled.status, 'disabled');
    assert.equal(disabled.consecutiveFailures, 10);
    assert.ok(disabled.disabledAt);
    assert.equal(sender.sent.length, 40);
    events.emit('data.updated', { ...UPDATED, dataVersion: 'v12', previousDataVersion: 'v11' });
    await webhooks.idle();
    assert.equal(sender.sent.length, 40, 'no delivery to a disabled subscription');
  });

  it('delivers an event once when several processes sharing a store see it', async () => {
    const store = createMemoryWebhookStore();
    const secretBox = createEphemeralSecretBox();
    const one = setup([true], { store, secretBox });
    const two = setup([true], { store, secretBox });
    await one.register();
    one.events.emit('data.updated', UPDATED);
    two.events.emit('data.updated', UPDATED);
    await Promise.all([one.webhooks.idle(), two.webhooks.idle()]);
    assert.equal(one.sender.sent.length + two.sender.sent.length, 1);
  });

  it('drops a retry that is still waiting when closed, without counting it', async () => {
    const memory = createMemoryWebhookStore();
    // The store outlives the closed webhooks, so the record can be read afterwards.
    const store = { ...memory, close: async () => undefined };
    const { webhooks, events, sender, register } = setup([false], { store, retryDelaysMs: [60_000, 60_000, 60_000] });
    const { subscription } = await register();
    events.emit('data.updated', UPDATED);
    while (sender.sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    await webhooks.close();
    assert.ok(Date.now() - started < 1000, 'close does not wait out the retry delay');
    assert.equal(sender.sent.length, 1);
    const record = await memory.get(subscription.id);
    assert.equal(record?.consecutiveFailures, 0);
    assert.equal(record?.lastDelivery, null);
  });

  it('stops retrying a subscription deleted meanwhile', async () => {
    let remove: () => Promise<void> = async () => undefined;
    const { webhooks, events, sender, register } = setup([false], {
      send: async () => {
        await remove();
        sender.sent.push({} as SignedRequest);
        return { ok: false, status: 500, durationMs: 1 };
      },
    });
    const { subscription, secret } = await register();
    remove = () => webhooks.remove(subscription.id, secret);
    events.emit('data.updated', UPDATED);
    await webhooks.idle();
    assert.equal(sender.sent.length, 1);
  });
});

describe('webhook event ids', () => {
  it('delivers every data switch, also A→B, B→A, A→B within the hour (each switch has its own manifest time)', async () => {
    const { webhooks, events, sender, register } = setup([true]);
    await register(['data.updated']);
    const switches = [
      { dataVersion: 'B', previousDataVersion: 'A', builtAt: '2026-01-02T00:00:00.000Z' },
      { dataVersion: 'A', previousDataVersion: 'B', builtAt: '2026-01-02T00:10:00.000Z' },
      { dataVersion: 'B', previousDataVersion: 'A', builtAt: '2026-01-02T00:20:00.000Z' },
    ];
    for (const change of switches) {
      events.emit('data.updated', { ...UPDATED, ...change });
      await webhooks.idle();
    }
    assert.equal(sender.sent.length, 3, 'the third switch is a new event, not a duplicate of the first');
    const ids = sender.sent.map((request) => JSON.parse(request.body).id as string);
    assert.equal(new Set(ids).size, 3);
  });

  it('names one swap alike in every process (the same manifest time): delivered once', async () => {
    const store = createMemoryWebhookStore();
    const secretBox = createEphemeralSecretBox();
    const one = setup([true], { store, secretBox, now: () => 1_000 });
    const two = setup([true], { store, secretBox, now: () => 4_000 });
    await one.register();
    one.events.emit('data.updated', UPDATED);
    two.events.emit('data.updated', UPDATED);
    await Promise.all([one.webhooks.idle(), two.webhooks.idle()]);
    assert.equal(one.sender.sent.length + two.sender.sent.length, 1);
  });

  it('delivers a second outage minutes after the first (each turn to degraded is its own event)', async () => {
    let clock = Date.parse('2026-01-02T00:00:00.000Z');
    const { webhooks, events, sender, register } = setup([true], { now: () => clock });
    await register(['status.degraded']);
    const outage = { status: 'degraded' as const, failing: [{ name: 'scriptureSearch', detail: 'index gone' }] };
    events.emit('status.degraded', outage);
    await webhooks.idle();
    clock += 2 * 60_000; // recovered in between; the same check fails again two minutes later
    events.emit('status.degraded', outage);
    await webhooks.idle();
    assert.equal(sender.sent.length, 2);
    const [first, second] = sender.sent.map((request) => JSON.parse(request.body));
    assert.notEqual(first.id, second.id);
    assert.equal(second.time, '2026-01-02T00:02:00.000Z', 'the payload time is the sample that turned degraded');
  });
});

describe('webhook record updates and deletes', () => {
  it('never brings back a subscription deleted while a delivery outcome was being written', async () => {
    const memory = createMemoryWebhookStore();
    let pauseNextGet = false;
    let paused: () => void = () => undefined;
    const getPaused = new Promise<void>((resolve) => (paused = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The dispatcher's update reads the record, then (paused here) writes it back: a DELETE lands in between.
    const store = {
      ...memory,
      async get(id: string) {
        const record = await memory.get(id);
        if (pauseNextGet) {
          pauseNextGet = false;
          paused();
          await released;
        }
        return record;
      },
    };
    const { webhooks, events, register } = setup([false], {
      store,
      retryDelaysMs: [],
      send: async () => {
        pauseNextGet = true;
        return { ok: false, status: 500, error: 'HTTP 500', durationMs: 1 };
      },
    });
    const { subscription, secret } = await register();
    events.emit('data.updated', UPDATED);
    await getPaused;
    const removal = webhooks.remove(subscription.id, secret);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([removal, webhooks.idle()]);
    assert.equal(await memory.get(subscription.id), null, 'the delete stands');
  });

  it('sends the detail of a failed attempt to the debug log, and only the coarse error to the record', async () => {
    const logged: string[] = [];
    const { webhooks, events, register } = setup([false], {
      retryDelaysMs: [],
      logDebug: (line) => logged.push(line),
      send: async () => ({ ok: false, status: null, error: 'connection refused', detail: 'ECONNREFUSED: connect ECONNREFUSED 10.0.0.9:443', durationMs: 1 }),
    });
    const { subscription, secret } = await register();
    events.emit('data.updated', UPDATED);
    await webhooks.idle();
    assert.equal((await webhooks.read(subscription.id, secret)).lastDelivery?.error, 'connection refused');
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, new RegExp(`webhook ${subscription.id}: data\\.updated evt_[0-9a-f]+ failed: ECONNREFUSED: connect ECONNREFUSED 10\\.0\\.0\\.9:443`));
  });
});
