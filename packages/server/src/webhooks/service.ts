// Change-notification webhooks: registration, the secret-guarded read / delete / test, and the
// dispatcher listening on the service event bus. The routes (routes/webhooks.ts) are its HTTP face.
//
// A wrong or missing secret answers exactly as an unknown id does (404 `not_found`, same message), and
// the secret is compared in constant time against the stored hash, a dummy hash when the id is unknown.
// The refusal also takes the same time: reading a record that exists costs more than finding none, so
// every refusal is answered no sooner than REFUSAL_FLOOR_MS (25 ms) after the lookup began: longer than a
// record read takes on a busy machine (about 8 ms seen), and only a refusal waits.
//
// The caps on active subscriptions (in all, and per target host) are checked against a census of the
// store, kept in memory: taken with `store.list()` once, at the first registration, and kept current
// with this process's own registrations, deletions and disables, so a registration costs O(1) whatever
// the store holds (re-reading 10,000 records blocked the event loop for about 870 ms). Other processes
// sharing the store are seen when the census is taken again: in the background, off any request, at
// most once an hour (CENSUS_REFRESH_MS), after a registration. unstorage has no atomic counter, and a
// count kept in the store would drift with every crash between two writes; a census cannot drift for
// longer than a refresh. Within a process the check and the write of a registration are serialised;
// several processes can together pass a cap by what they register within the hour (registrations are
// rate limited besides: 30 an hour per address).
//
// Detail that must not reach a caller (what a refused host resolved to, why an attempt failed) goes to
// `logDebug`: by default Node's debug log for `skg-webhooks` (`NODE_DEBUG=skg-webhooks`).

import { debuglog } from 'node:util';
import { ApiError } from '@skg/core';
import type { DataSet } from '../artefacts/types.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from '../rate-limit/store.ts';
import type { StoreHealth } from '../store-outage.ts';
import type { ServiceEventData, ServiceEventName, ServiceEvents } from '../events.ts';
import type { AttemptOutcome, DeliveryOptions, SignedRequest } from './delivery.ts';
import { createDispatcher, DEFAULT_RETRY_DELAYS_MS, DISABLE_AFTER_FAILURES, type Dispatcher } from './dispatcher.ts';
import { truncateEcho } from './echo.ts';
import { createTestEventId, type WebhookPayload } from './payload.ts';
import type { RegistrationRequest } from './registration.ts';
import { createEphemeralSecretBox, type SecretBox } from './secret-box.ts';
import { createSecret, hashSecret, secretMatchesHash } from './signature.ts';
import { createMemoryWebhookStore, type WebhookStore } from './store.ts';
import {
  createSubscriptionId,
  type DeliveryRecord,
  type StoredSubscription,
  SUBSCRIPTION_ID,
  type SubscriptionView,
  toSubscriptionView,
} from './subscription.ts';
import { assertPublicTarget, type ResolveHost, resolveHostWithDns } from './target-url.ts';

export interface WebhookLimits {
  /** Active subscriptions the store holds at most; default 10,000. */
  readonly maxSubscriptions: number;
  /** Active subscriptions whose url names one host, at most; default 100 (no fan-out at one target). */
  readonly maxSubscriptionsPerHost: number;
  /** POST /webhooks (sandbox included) per client address (an IPv6 one by its /64) per hour; default 30. */
  readonly registrationsPerHour: number;
  /** POST /webhooks/{id}/test per subscription per minute; default 10. */
  readonly testsPerMinute: number;
  /** Largest POST /webhooks body; default 16 KiB. */
  readonly maxBodyBytes: number;
}

export const DEFAULT_WEBHOOK_LIMITS: WebhookLimits = Object.freeze({
  maxSubscriptions: 10_000,
  maxSubscriptionsPerHost: 100,
  registrationsPerHour: 30,
  testsPerMinute: 10,
  maxBodyBytes: 16 * 1024,
});

export interface WebhookOptions {
  /** Default: in memory (nothing survives the process). */
  readonly store?: WebhookStore;
  /** Seals secrets at rest; default a key held in memory only. */
  readonly secretBox?: SecretBox;
  /** Let webhooks target private and loopback addresses: local testing only. Default false. */
  readonly allowPrivate?: boolean;
  /** Default: the system resolver (what the delivery connection uses too). */
  readonly resolveHost?: ResolveHost;
  /** Default 5,000 ms. */
  readonly resolveTimeoutMs?: number;
  /** Per-attempt deadline (default 10,000 ms), trusted authorities (default the platform's), User-Agent. */
  readonly delivery?: Partial<Pick<DeliveryOptions, 'timeoutMs' | 'ca' | 'userAgent'>>;
  /** Waits before the three retries; default 1 min, 5 min, 30 min. */
  readonly retryDelaysMs?: readonly number[];
  /** Attempts in flight per process; default 4. */
  readonly concurrency?: number;
  readonly limits?: Partial<WebhookLimits>;
  readonly now?: () => number;
  readonly logError?: (message: string, error: unknown) => void;
  /** Server-side detail never answered to a caller; default Node's debug log (`NODE_DEBUG=skg-webhooks`). */
  readonly logDebug?: (message: string) => void;
  /** One delivery attempt; default HTTPS (delivery.ts). */
  readonly send?: (request: SignedRequest, options: DeliveryOptions) => Promise<AttemptOutcome>;
  /**
   * Counts registrations per address and test deliveries per subscription; default its own in-memory
   * store (not the request rate limit's: its hour-long windows would hold back that store's sweep).
   */
  readonly counters?: RateLimitStore;
  /**
   * Deliver the bus's events from this process (default true). Several processes on one machine (a
   * cluster) elect one to deliver, so that every event is delivered once: `listen` is a no-op in the rest.
   */
  readonly dispatch?: boolean;
}

export interface Registration {
  readonly subscription: SubscriptionView;
  /** `whsec_…`: shown once, here. */
  readonly secret: string;
  readonly sandbox: boolean;
}

export interface TestDelivery {
  readonly subscription: SubscriptionView;
  readonly delivery: DeliveryRecord;
}

/** What GET /webhooks describes besides the limits. */
export interface WebhookSettings {
  readonly allowPrivate: boolean;
  readonly timeoutMs: number;
  readonly retryDelaysMs: readonly number[];
  readonly disableAfterFailures: number;
  readonly store: WebhookStore['kind'];
  /** `fs <dir>`, `redis <url>` or `memory`, for the start-up line. */
  readonly storeDescription: string;
}

export interface Webhooks {
  readonly limits: WebhookLimits;
  readonly settings: WebhookSettings;
  /** Validates (DNS included) and, unless `sandbox`, stores a new active subscription. */
  register(request: RegistrationRequest, sandbox: boolean): Promise<Registration>;
  /** 404 `not_found` for an unknown id or a wrong or missing secret alike. */
  read(id: string, secret: string | undefined): Promise<SubscriptionView>;
  remove(id: string, secret: string | undefined): Promise<void>;
  /** Sends one signed delivery with `test: true` now and answers its outcome. */
  test(id: string, secret: string | undefined, dataSet: DataSet): Promise<TestDelivery>;
  /** Counts one use of `scope` by `key` (an address block, a subscription id); past the limit in its window, 429 `rate_limited` with Retry-After. */
  countUse(scope: 'registration' | 'test', key: string): Promise<void>;
  /** Delivers the bus's events from now on (unless `dispatch` is false); returns the function that stops listening. */
  listen(events: ServiceEvents): () => void;
  /** Resolves when every delivery started so far has finished (retries included). */
  idle(): Promise<void>;
  /** The store's health when it is shared (Redis), for `/status`; undefined for a store of this process. */
  health(): StoreHealth | undefined;
  /** Stops listening, cancels waiting retries, waits for attempts in flight, closes the store. */
  close(): Promise<void>;
}

export const WEBHOOK_USER_AGENT = 'ScriptureGraph-Webhooks/1';
const DUMMY_HASH = hashSecret('whsec_no-such-subscription');
const CLAIM_TTL_MS = 60 * 60_000;
/** A refused lookup (unknown id, wrong secret) answers no sooner than this after it began (above). */
const REFUSAL_FLOOR_MS = 25;
/** How long a census serves before it is taken again, in the background (above). */
const CENSUS_REFRESH_MS = 60 * 60_000;

/** Active subscriptions in all and per target host. */
interface Census {
  readonly takenAt: number;
  total: number;
  readonly byHost: Map<string, number>;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

export function createWebhooks(options: WebhookOptions = {}): Webhooks {
  const store = options.store ?? createMemoryWebhookStore();
  const secretBox = options.secretBox ?? createEphemeralSecretBox();
  const now = options.now ?? Date.now;
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const logDebug = options.logDebug ?? debuglog('skg-webhooks');
  const allowPrivate = options.allowPrivate ?? false;
  const limits: WebhookLimits = Object.freeze({ ...DEFAULT_WEBHOOK_LIMITS, ...options.limits });
  const delivery: DeliveryOptions = {
    timeoutMs: options.delivery?.timeoutMs ?? 10_000,
    allowPrivate,
    userAgent: options.delivery?.userAgent ?? WEBHOOK_USER_AGENT,
    ...(options.delivery?.ca !== undefined ? { ca: options.delivery.ca } : {}),
  };
  const retryDelaysMs = Object.freeze([...(options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS)]);
  const dispatcher: Dispatcher = createDispatcher({
    store,
    secretBox,
    delivery,
    retryDelaysMs,
    disableAfterFailures: DISABLE_AFTER_FAILURES,
    concurrency: options.concurrency ?? 4,
    claimTtlMs: CLAIM_TTL_MS,
    now,
    logError,
    logDebug,
    ...(options.send ? { send: options.send } : {}),
    onDisabled: (record) => countInCensus(record.url, -1),
  });
  const targetPolicy = {
    allowPrivate,
    resolveHost: options.resolveHost ?? resolveHostWithDns,
    resolveTimeoutMs: options.resolveTimeoutMs ?? 5000,
    logDebug,
  };
  const stops = new Set<() => void>();
  const counters = options.counters ?? createMemoryRateLimitStore();
  const uses = {
    registration: { limit: limits.registrationsPerHour, windowMs: 3_600_000, what: 'webhook registrations in an hour from this address (an IPv6 one by its /64)' },
    test: { limit: limits.testsPerMinute, windowMs: 60_000, what: 'test deliveries in a minute for this subscription' },
  } as const;

  async function authorize(id: string, secret: string | undefined): Promise<StoredSubscription> {
    const started = performance.now();
    const record = SUBSCRIPTION_ID.test(id) ? await store.get(id) : null;
    const matches = secretMatchesHash(secret ?? '', record?.secretHash ?? DUMMY_HASH);
    if (record === null || secret === undefined || !matches) {
      const left = REFUSAL_FLOOR_MS - (performance.now() - started);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      throw new ApiError('not_found', `no webhook subscription matches id '${truncateEcho(id)}' and the secret sent as Authorization: Bearer <secret>`);
    }
    return record;
  }

  let census: Census | undefined;
  let takingCensus: Promise<Census> | undefined;
  async function takeCensus(): Promise<Census> {
    const takenAt = now();
    const byHost = new Map<string, number>();
    let total = 0;
    for (const record of await store.list()) {
      if (record.status !== 'active') continue;
      total += 1;
      const host = hostOf(record.url);
      byHost.set(host, (byHost.get(host) ?? 0) + 1);
    }
    return { takenAt, total, byHost };
  }
  /** The kept census; the first call takes it (and waits), a call after CENSUS_REFRESH_MS retakes it in the background. */
  async function getCensus(): Promise<Census> {
    if (census === undefined) {
      takingCensus ??= takeCensus().finally(() => (takingCensus = undefined));
      census = await takingCensus;
      return census;
    }
    const age = now() - census.takenAt;
    if ((age >= CENSUS_REFRESH_MS || age < 0) && takingCensus === undefined) {
      takingCensus = takeCensus().finally(() => (takingCensus = undefined));
      takingCensus.then(
        (fresh) => (census = fresh),
        (error: unknown) => logError('skg: webhooks: taking the census of subscriptions failed', error),
      );
    }
    return census;
  }

  function countInCensus(url: string, change: 1 | -1): void {
    if (census === undefined) return;
    const host = hostOf(url);
    census.total = Math.max(0, census.total + change);
    census.byHost.set(host, Math.max(0, (census.byHost.get(host) ?? 0) + change));
  }

  /** Checks the caps and stores `record`, one registration of this process at a time. */
  let registering: Promise<unknown> = Promise.resolve();
  function storeWithinCaps(record: StoredSubscription): Promise<void> {
    const next = registering.then(async () => {
      const { total, byHost } = await getCensus();
      const retry = { headers: { 'Retry-After': '3600' } };
      if (total >= limits.maxSubscriptions) {
        throw new ApiError('rate_limited', `this service holds its maximum of ${limits.maxSubscriptions} active webhook subscriptions`, retry);
      }
      const host = hostOf(record.url);
      if ((byHost.get(host) ?? 0) >= limits.maxSubscriptionsPerHost) {
        throw new ApiError(
          'rate_limited',
          `this service holds its maximum of ${limits.maxSubscriptionsPerHost} active webhook subscriptions to ${truncateEcho(host)}`,
          retry,
        );
      }
      await store.set(record);
      countInCensus(record.url, 1);
    });
    registering = next.catch(() => undefined);
    return next;
  }

  return {
    limits,
    settings: { allowPrivate, timeoutMs: delivery.timeoutMs, retryDelaysMs, disableAfterFailures: DISABLE_AFTER_FAILURES, store: store.kind, storeDescription: store.description },

    async register(request, sandbox) {
      await assertPublicTarget(request.url, targetPolicy);
      const id = createSubscriptionId();
      const secret = createSecret();
      const record: StoredSubscription = {
        id,
        url: request.url.href,
        events: request.events,
        status: 'active',
        created: new Date(now()).toISOString(),
        secretHash: hashSecret(secret),
        sealedSecret: secretBox.seal(secret, id),
        consecutiveFailures: 0,
        lastDelivery: null,
        disabledAt: null,
      };
      if (!sandbox) await storeWithinCaps(record);
      return { subscription: toSubscriptionView(record), secret, sandbox };
    },

    async read(id, secret) {
      return toSubscriptionView(await authorize(id, secret));
    },

    async remove(id, secret) {
      const record = await authorize(id, secret);
      await dispatcher.remove(id);
      if (record.status === 'active') countInCensus(record.url, -1);
    },

    async test(id, secret, dataSet) {
      const record = await authorize(id, secret);
      const event = record.events[0] ?? 'data.updated';
      const payload: WebhookPayload = {
        id: createTestEventId(),
        event,
        time: new Date(now()).toISOString(),
        test: true,
        subscription: record.id,
        data: createTestData(event, dataSet),
      };
      const outcome = await dispatcher.test(record, payload);
      const current = (await store.get(record.id)) ?? record;
      return { subscription: toSubscriptionView(current), delivery: outcome };
    },

    async countUse(scope, key) {
      const { limit, windowMs, what } = uses[scope];
      const at = now();
      const counter = await counters.hit(`webhooks:${scope}:${key}`, windowMs, at);
      if (counter.count > limit) {
        const seconds = Math.max(1, Math.ceil((counter.resetAt - at) / 1000));
        throw new ApiError('rate_limited', `more than ${limit} ${what}`, { headers: { 'Retry-After': String(seconds) } });
      }
    },

    listen(events) {
      if (options.dispatch === false) return () => undefined;
      const stop = events.on((event, data) => dispatcher.dispatch(event, data));
      dispatcher.resume();
      stops.add(stop);
      return () => {
        stops.delete(stop);
        stop();
      };
    },

    idle: () => dispatcher.idle(),

    health: () => store.health?.(),

    async close() {
      for (const stop of stops) stop();
      stops.clear();
      await dispatcher.close();
      await store.close();
    },
  };
}

/** Data shaped like the event's, from the data set now served, with a note that nothing changed. */
function createTestData(event: ServiceEventName, dataSet: DataSet): ServiceEventData[ServiceEventName] & { note: string } {
  const note = 'A test delivery (POST /webhooks/{id}/test): nothing changed.';
  if (event === 'data.updated') {
    const { dataVersion, bundleGenerated } = dataSet.manifest;
    return { dataVersion, previousDataVersion: dataVersion, builtAt: dataSet.loadedAt.toISOString(), bundleGenerated, note };
  }
  return { status: 'degraded', failing: [], note };
}
