import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createPrimaryCounters, createPrimaryRateLimitStore, type IpcChannel, type RateLimitRequest } from '../../packages/server/src/cluster/rate-limit-ipc.ts';

/** Two workers' channels wired to one primary, as node:cluster wires them. */
function createCluster(now: () => number) {
  const counters = createPrimaryCounters(now);
  const messages: RateLimitRequest[] = [];
  const worker = (): IpcChannel => {
    const channel = new EventEmitter();
    return {
      send(message) {
        messages.push(message);
        const answer = counters.answer(message);
        setImmediate(() => channel.emit('message', answer));
      },
      on: (event, listener) => channel.on(event, listener),
    };
  };
  return { one: createPrimaryRateLimitStore(worker()), two: createPrimaryRateLimitStore(worker()), messages };
}

describe('rate-limit counters in the cluster primary', () => {
  it('counts one client across workers in one window', async () => {
    let clock = 1_000_000;
    const { one, two } = createCluster(() => clock);
    const counts: number[] = [];
    for (let i = 0; i < 6; i += 1) counts.push((await (i % 2 === 0 ? one : two).hit('203.0.113.7', 60_000, clock)).count);
    assert.deepEqual(counts, [1, 2, 3, 4, 5, 6]);
    assert.equal((await two.hit('203.0.113.8', 60_000, clock)).count, 1, 'another address has its own counter');
    assert.deepEqual(await one.peek?.('203.0.113.7', clock), { count: 6, resetAt: 1_060_000 });
    assert.equal(await one.peek?.('198.51.100.1', clock), undefined);
    clock += 60_000;
    assert.equal((await one.hit('203.0.113.7', 60_000, clock)).count, 1, 'a new window starts at zero');
  });

  it('sends the hits of one turn of the event loop in one message, and answers each its own counter', async () => {
    const { one, messages } = createCluster(() => 5_000);
    const counters = await Promise.all(Array.from({ length: 50 }, (_, i) => one.hit(`198.51.100.${i % 5}`, 60_000, 5_000)));
    assert.equal(messages.length, 1);
    assert.equal(messages[0]?.hits.length, 50);
    assert.deepEqual(counters.slice(0, 10).map((c) => c.count), [1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
  });

  it('keeps webhook counters apart from request counters', async () => {
    const { one } = createCluster(() => 0);
    await one.hit('webhooks:registration:203.0.113.7', 3_600_000, 0);
    assert.equal((await one.hit('203.0.113.7', 60_000, 0)).count, 1);
    assert.deepEqual(await one.hit('webhooks:registration:203.0.113.7', 3_600_000, 0), { count: 2, resetAt: 3_600_000 });
  });
});
