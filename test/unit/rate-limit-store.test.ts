import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRateLimit } from '../../packages/server/src/http/steps/rate-limit.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from '../../packages/server/src/rate-limit/store.ts';

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

describe('the rate-limit headers from a shared store', () => {
  it('never say more than the window is left when the store dated the window a moment after the request (the cluster primary, Redis)', async () => {
    const at = 1_700_000_000_123;
    // The primary opened the window 7 ms after the worker read its clock.
    const store: RateLimitStore = { hit: async (_key, windowMs) => ({ count: 1, resetAt: at + 7 + windowMs }) };
    const rateLimit = createRateLimit({ limit: 600, windowMs: 60_000, store, now: () => at });
    const headers: Record<string, string> = {};
    await rateLimit.count('10.0.0.1', headers);
    assert.equal(headers['ratelimit-reset'], '60');
    assert.equal(headers['ratelimit-remaining'], '599');
    assert.equal(headers['ratelimit-policy'], '600;w=60');
    const later: Record<string, string> = {};
    await createRateLimit({ limit: 600, windowMs: 60_000, store, now: () => at + 20_500 }).count('10.0.0.1', later);
    assert.equal(later['ratelimit-reset'], '40', 'rounded up as before within the window');
  });
});
