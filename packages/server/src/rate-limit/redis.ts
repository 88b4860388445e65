// Rate-limit counters in Redis, for several server processes or machines sharing one limit per client
// address (`--store redis://…`): rate-limiter-flexible's RateLimiterRedis, whose Lua script opens a
// fixed window at a key's first request and counts in one round trip (INCRBY with the window's expiry).
// Counting is all it does here: the limit and the 429 stay in the rate-limit step (http/steps/
// rate-limit.ts), so its `points` are unbounded.
//
// Redis never holds a request up: every command has a deadline (`timeoutMs`, default 50 ms), and one
// sent while the connection is down fails at once (no offline queue). A failure switches the counting
// to this process's memory (the limit holds per process) and says so once (store-outage.ts, `/status`);
// from then on requests do not wait for Redis at all: a PING every second finds out when it answers
// again (store-outage.ts), and the counting goes back to Redis.
//
// Loaded only with a Redis store: ioredis and the library are not needed by a single process.

import { createMemoryRateLimitStore, type RateLimitCounter, type RateLimitStore } from './store.ts';
import { createStoreOutage, describeFailure, type StoreHealth } from '../store-outage.ts';
import { DEFAULT_STORE_TIMEOUT_MS, getRedisClientOptions, redactUrl } from '../redis-client.ts';

export interface ClosableRateLimitStore extends RateLimitStore {
  close(): Promise<void>;
  /** Whether Redis answers, for `/status`. */
  health(): StoreHealth;
}

export interface RedisStoreOptions {
  /** Deadline of each command; default DEFAULT_STORE_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  /** Where the outage and recovery lines go; default `console.log`. */
  readonly log?: (line: string) => void;
}

interface LimiterResult {
  readonly consumedPoints: number;
  readonly msBeforeNext: number;
}

interface Limiter {
  consume(key: string, points?: number): Promise<LimiterResult>;
  get(key: string): Promise<LimiterResult | null>;
}

export async function createRedisRateLimitStore(url: string, options: RedisStoreOptions = {}): Promise<ClosableRateLimitStore> {
  const [{ Redis }, flexible] = await Promise.all([import('ioredis'), import('rate-limiter-flexible')]);
  const { RateLimiterRedis } = (flexible as unknown as { default?: typeof flexible }).default ?? flexible;
  const timeoutMs = options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS;
  const client = new Redis(url, { lazyConnect: true, ...getRedisClientOptions(timeoutMs) });
  client.on('error', () => undefined); // said through the outage (below), once
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`cannot reach Redis for the rate-limit counters: ${describeFailure(error)}`);
  }

  const outage = createStoreOutage({
    what: `Redis at ${redactUrl(url)} (rate limit)`,
    meanwhile: 'the rate limit is counted in this process',
    probe: () => client.ping(),
    log: options.log ?? ((line) => console.log(line)),
  });
  const local = createMemoryRateLimitStore();
  const fail = (error: unknown) => outage.fail(describeFailure(error));

  const limiters = new Map<number, Limiter>();
  function limiterFor(windowMs: number): Limiter {
    let limiter = limiters.get(windowMs);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: client,
        // One prefix for every window: request keys and `webhooks:` keys never collide, and a peek reads any.
        keyPrefix: 'skg:rate-limit',
        points: Number.MAX_SAFE_INTEGER,
        duration: Math.max(1, Math.ceil(windowMs / 1000)),
      }) as unknown as Limiter;
      limiters.set(windowMs, limiter);
    }
    return limiter;
  }

  const toCounter = (result: LimiterResult, now: number): RateLimitCounter => ({ count: result.consumedPoints, resetAt: now + result.msBeforeNext });
  return {
    hit(key, windowMs, now) {
      if (outage.down) return local.hit(key, windowMs, now);
      return limiterFor(windowMs).consume(key).then(
        (result) => toCounter(result, now),
        (result: unknown) => {
          // Only an over-the-points result rejects with counters; with unbounded points it does not happen.
          if (typeof result === 'object' && result !== null && 'consumedPoints' in result) return toCounter(result as LimiterResult, now);
          fail(result);
          return local.hit(key, windowMs, now);
        },
      );
    },
    peek(key, now) {
      if (outage.down) return local.peek?.(key, now);
      return limiterFor(60_000)
        .get(key)
        .then(
          (result) => (result === null ? undefined : toCounter(result, now)),
          (error: unknown) => {
            fail(error);
            return local.peek?.(key, now);
          },
        );
    },
    health: () => outage.health(),
    async close() {
      outage.stop();
      await client.quit().catch(() => client.disconnect());
    },
  };
}
