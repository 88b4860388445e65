// What every Redis client of the server shares (the rate-limit counters, the webhook store): a deadline
// on each command, no commands queued while the connection is down, reconnection forever. A slow or
// stopped Redis fails a command in at most the deadline, and the caller does without it
// (rate-limit/redis.ts, webhooks/store.ts).

/** A Redis command's deadline unless configured (`--store-timeout`). */
export const DEFAULT_STORE_TIMEOUT_MS = 50;
/** How long a start-up waits for Redis before failing. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** The ioredis options of a shared store: a deadline on every command, none queued while disconnected. */
export function getRedisClientOptions(timeoutMs: number) {
  return {
    commandTimeout: timeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Reconnects forever, at most a second apart.
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
  } as const;
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}
