// The state of a shared store (Redis) as the server sees it: answering, or not since a moment and for a
// reason. A store that stops answering is said once in the log, with what the server does meanwhile,
// and once more when it answers again: never a line per request. `/status` shows it (status/checks.ts).
// While it is down it is probed every PROBE_INTERVAL_MS (a PING), so it is found answering again
// without a request having to wait for it.

/** A shared store's health, for `/status`. */
export interface StoreHealth {
  readonly ok: boolean;
  readonly detail: string;
}

/** While a store does not answer, how often it is probed. */
export const PROBE_INTERVAL_MS = 1_000;

export interface StoreOutageOptions {
  /** Names the store: `Redis at redis://… (rate limit)`. */
  readonly what: string;
  /** What the server does while it is down: `the rate limit is counted in this process`. */
  readonly meanwhile: string;
  /** Resolves when the store answers (a PING within its deadline). */
  readonly probe: () => Promise<unknown>;
  readonly log: (line: string) => void;
  readonly now?: () => number;
}

export interface StoreOutage {
  /** True between a failure and the next success. */
  readonly down: boolean;
  /** A call failed: logged when the store was answering until now. */
  fail(reason: string): void;
  /** A call succeeded: logged when the store was down until now. */
  recover(): void;
  health(): StoreHealth;
  /** Stops probing (the store is closing). */
  stop(): void;
}

export function createStoreOutage(options: StoreOutageOptions): StoreOutage {
  const { what, meanwhile, log } = options;
  const now = options.now ?? Date.now;
  let since: number | undefined;
  let reason = '';
  let prober: NodeJS.Timeout | undefined;
  const outage: StoreOutage = {
    get down() {
      return since !== undefined;
    },
    fail(why) {
      if (since !== undefined) return;
      since = now();
      reason = why;
      log(`skg: ${what} is not answering (${why}): ${meanwhile} until it does`);
      prober = setInterval(() => void options.probe().then(() => outage.recover(), () => undefined), PROBE_INTERVAL_MS);
      prober.unref();
    },
    recover() {
      if (since === undefined) return;
      clearInterval(prober);
      const seconds = Math.round((now() - since) / 1000);
      since = undefined;
      log(`skg: ${what} answers again after ${seconds} s`);
    },
    health() {
      if (since === undefined) return { ok: true, detail: `${what} answers` };
      return { ok: false, detail: `degraded: ${what} is not answering since ${new Date(since).toISOString()} (${reason}): ${meanwhile}` };
    },
    stop() {
      clearInterval(prober);
    },
  };
  return outage;
}

/** The message of a failed store call. */
export function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
