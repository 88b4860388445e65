import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryRateLimitStore } from '../../packages/server/src/rate-limit-store.ts';

describe('in-memory rate-limit store', () => {
  it('counts per key in a fixed window and starts a new window after it ends', () => {
    const store = createMemoryRateLimitStore();
    const hit = (key: string, now: number) => {
      const counter = store.hit(key, 60_000, now);
      assert.ok(!(counter instanceof Promise));
      return { count: counter.count, resetAt: counter.resetAt };
    };
    assert.deepEqual(hit('a', 1_000), { count: 1, resetAt: 61_000 });
    assert.deepEqual(hit('a', 30_000), { count: 2, resetAt: 61_000 });
    assert.deepEqual(hit('b', 30_000), { count: 1, resetAt: 90_000 });
    assert.deepEqual(hit('a', 61_000), { count: 1, resetAt: 121_000 });
  });

  it('peeks at a key\'s window without counting', () => {
    const store = createMemoryRateLimitStore();
    assert.equal(store.peek?.('a', 1_000), undefined, 'no window yet');
    store.hit('a', 60_000, 1_000);
    assert.deepEqual(store.peek?.('a', 2_000), { count: 1, resetAt: 61_000 });
    assert.deepEqual(store.peek?.('a', 3_000), { count: 1, resetAt: 61_000 }, 'peeking does not count');
    assert.equal(store.peek?.('a', 61_000), undefined, 'the window has ended');
  });
});
