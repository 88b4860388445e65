// Rate-limit counters in Redis, for several server processes or machines sharing one limit per client
// address (`--store redis://…`): rate-limiter-flexible's RateLimiterRedis, whose Lua script opens a
// fixed window at a key's first request and counts in one round trip (INCRBY with the window's expiry).
// Counting is all it does here: the limit and the 429 stay in the rate-limit step (middleware/
// rate-limit.ts), so its `points` are unbounded. If Redis cannot answer, each process counts in its own
// memory (the library's insurance limiter) until it can: the limit holds per process rather than the
// request failing.
//
// Loaded only with a Redis store: ioredis and the library are not needed by a single process.

import type { RateLimitCounter, RateLimitStore } from './rate-limit-store.ts';

export interface ClosableRateLimitStore extends RateLimitStore {
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 5_000;

interface LimiterResult {
  readonly consumedPoints: number;
  readonly msBeforeNext: number;
}

interface Limiter {
  consume(key: string, points?: number): Promise<LimiterResult>;
  get(key: string): Promise<LimiterResult | null>;
}

export async function createRedisRateLimitStore(url: string): Promise<ClosableRateLimitStore> {
  const [{ Redis }, flexible] = await Promise.all([import('ioredis'), import('rate-limiter-flexible')]);
  const { RateLimiterRedis, RateLimiterMemory } = (flexible as unknown as { default?: typeof flexible }).default ?? flexible;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined); // reported through the commands that fail; the insurance counts meanwhile
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`cannot reach Redis for the rate-limit counters: ${error instanceof Error ? error.message : String(error)}`);
  }

  const limiters = new Map<number, Limiter>();
  function limiterFor(windowMs: number): Limiter {
    let limiter = limiters.get(windowMs);
    if (!limiter) {
      const duration = Math.max(1, Math.ceil(windowMs / 1000));
      limiter = new RateLimiterRedis({
        storeClient: client,
        // One prefix for every window: request keys and `webhooks:` keys never collide, and a peek reads any.
        keyPrefix: 'skg:rate-limit',
        points: Number.MAX_SAFE_INTEGER,
        duration,
        insuranceLimiter: new RateLimiterMemory({ points: Number.MAX_SAFE_INTEGER, duration }),
      }) as unknown as Limiter;
      limiters.set(windowMs, limiter);
    }
    return limiter;
  }

  const toCounter = (result: LimiterResult, now: number): RateLimitCounter => ({ count: result.consumedPoints, resetAt: now + result.msBeforeNext });
  return {
    hit(key, windowMs, now) {
      return limiterFor(windowMs).consume(key).then(
        (result) => toCounter(result, now),
        (result: unknown) => {
          // Only an over-the-points result rejects with counters; with unbounded points it does not happen.
          if (typeof result === 'object' && result !== null && 'consumedPoints' in result) return toCounter(result as LimiterResult, now);
          throw result;
        },
      );
    },
    async peek(key, now) {
      const result = await limiterFor(60_000).get(key);
      return result === null ? undefined : toCounter(result, now);
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
