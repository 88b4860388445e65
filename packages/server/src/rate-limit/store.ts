// Where rate-limit counters live. One process keeps them in memory (this store); the workers of a
// cluster ask the primary, which counts with this store (cluster/rate-limit-ipc.ts); several processes
// or machines share Redis (redis.ts). All through this interface.

import type { StoreHealth } from '../store-outage.ts';

export interface RateLimitCounter {
  /** Requests counted in the current window, this one included. */
  readonly count: number;
  /** When the current window ends (epoch milliseconds). */
  readonly resetAt: number;
}

export interface RateLimitStore {
  /**
   * Counts one request for `key` in a fixed window of `windowMs` that starts at the key's first request
   * after the previous window ended. Synchronous stores return the counter directly.
   */
  hit(key: string, windowMs: number, now: number): RateLimitCounter | Promise<RateLimitCounter>;
  /**
   * The key's current window without counting a request (for CORS preflights, which are not counted);
   * undefined when no window is open. Optional: without it, a preflight reports only the limit.
   */
  peek?(key: string, now: number): RateLimitCounter | undefined | Promise<RateLimitCounter | undefined>;
  /** A shared store's health (Redis), for `/status`; absent for a store of this process. */
  health?(): StoreHealth;
}

/** The in-process store: one fixed window per key; expired keys are swept at most once per window. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    hit(key, windowMs, now) {
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + windowMs;
      }
      let window = windows.get(key);
      if (window === undefined || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window;
    },
    peek(key, now) {
      const window = windows.get(key);
      return window === undefined || window.resetAt <= now ? undefined : { count: window.count, resetAt: window.resetAt };
    },
  };
}
