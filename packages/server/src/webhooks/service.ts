// Change-notification webhooks: registration, the secret-guarded read / delete / test, and the
// dispatcher listening on the service event bus. The routes (routes/webhooks.ts) are its HTTP face.
//
// A wrong or missing secret answers exactly as an unknown id does (404 `not_found`, same message), and
// the secret is compared in constant time against the stored hash, a dummy hash when the id is unknown.

import { ApiError } from '@skg/core';
import type { DataSet } from '../artefacts/types.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from '../rate-limit-store.ts';
import type { ServiceEventData, ServiceEventName, ServiceEvents } from '../events.ts';
import type { AttemptOutcome, DeliveryOptions, SignedRequest } from './delivery.ts';
import { createDispatcher, DEFAULT_RETRY_DELAYS_MS, DISABLE_AFTER_FAILURES, type Dispatcher } from './dispatcher.ts';
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
  /** POST /webhooks (sandbox included) per client address per hour; default 30. */
  readonly registrationsPerHour: number;
  /** POST /webhooks/{id}/test per subscription per minute; default 10. */
  readonly testsPerMinute: number;
  /** Largest POST /webhooks body; default 16 KiB. */
  readonly maxBodyBytes: number;
}

export const DEFAULT_WEBHOOK_LIMITS: WebhookLimits = Object.freeze({
  maxSubscriptions: 10_000,
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
  /** One delivery attempt; default HTTPS (delivery.ts). */
  readonly send?: (request: SignedRequest, options: DeliveryOptions) => Promise<AttemptOutcome>;
  /**
   * Counts registrations per address and test deliveries per subscription; default its own in-memory
   * store (not the request rate limit's: its hour-long windows would hold back that store's sweep).
   */
  readonly counters?: RateLimitStore;
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
  /** Counts one use of `scope` by `key`; past `limit` in `windowMs`, 429 `rate_limited` with Retry-After. */
  countUse(scope: 'registration' | 'test', key: string): Promise<void>;
  /** Delivers the bus's events from now on; returns the function that stops listening. */
  listen(events: ServiceEvents): () => void;
  /** Resolves when every delivery started so far has finished (retries included). */
  idle(): Promise<void>;
  /** Stops listening, cancels waiting retries, waits for attempts in flight, closes the store. */
  close(): Promise<void>;
}

export const WEBHOOK_USER_AGENT = 'ScriptureGraph-Webhooks/1';
const DUMMY_HASH = hashSecret('whsec_no-such-subscription');
const CLAIM_TTL_MS = 60 * 60_000;

export function createWebhooks(options: WebhookOptions = {}): Webhooks {
  const store = options.store ?? createMemoryWebhookStore();
  const secretBox = options.secretBox ?? createEphemeralSecretBox();
  const now = options.now ?? Date.now;
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
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
    ...(options.send ? { send: options.send } : {}),
  });
  const targetPolicy = { allowPrivate, resolveHost: options.resolveHost ?? resolveHostWithDns, resolveTimeoutMs: options.resolveTimeoutMs ?? 5000 };
  const stops = new Set<() => void>();
  const counters = options.counters ?? createMemoryRateLimitStore();
  const uses = {
    registration: { limit: limits.registrationsPerHour, windowMs: 3_600_000, what: 'webhook registrations in an hour from this address' },
    test: { limit: limits.testsPerMinute, windowMs: 60_000, what: 'test deliveries in a minute for this subscription' },
  } as const;

  async function authorize(id: string, secret: string | undefined): Promise<StoredSubscription> {
    const record = SUBSCRIPTION_ID.test(id) ? await store.get(id) : null;
    const matches = secretMatchesHash(secret ?? '', record?.secretHash ?? DUMMY_HASH);
    if (record === null || secret === undefined || !matches) {
      throw new ApiError('not_found', `no webhook subscription matches id '${id}' and the secret sent as Authorization: Bearer <secret>`);
    }
    return record;
  }

  return {
    limits,
    settings: { allowPrivate, timeoutMs: delivery.timeoutMs, retryDelaysMs, disableAfterFailures: DISABLE_AFTER_FAILURES, store: store.kind, storeDescription: store.description },

    async register(request, sandbox) {
      await assertPublicTarget(request.url, targetPolicy);
      if (!sandbox) {
        const active = (await store.list()).filter((record) => record.status === 'active').length;
        if (active >= limits.maxSubscriptions) {
          throw new ApiError('rate_limited', `this service holds its maximum of ${limits.maxSubscriptions} active webhook subscriptions`, {
            headers: { 'Retry-After': '3600' },
          });
        }
      }
      const id = createSubscriptionId();
      const secret = createSecret();
      const record: StoredSubscription = {
        id,
        url: request.url.href,
        events: request.events,
        status: 'active',
        createdAt: new Date(now()).toISOString(),
        secretHash: hashSecret(secret),
        sealedSecret: secretBox.seal(secret, id),
        consecutiveFailures: 0,
        lastDelivery: null,
        disabledAt: null,
      };
      if (!sandbox) await store.set(record);
      return { subscription: toSubscriptionView(record), secret, sandbox };
    },

    async read(id, secret) {
      return toSubscriptionView(await authorize(id, secret));
    },

    async remove(id, secret) {
      await authorize(id, secret);
      await store.remove(id);
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
      const stop = events.on((event, data) => dispatcher.dispatch(event, data));
      stops.add(stop);
      return () => {
        stops.delete(stop);
        stop();
      };
    },

    idle: () => dispatcher.idle(),

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
