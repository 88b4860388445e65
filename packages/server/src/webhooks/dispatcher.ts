// Delivers service events to the subscriptions that asked for them: signs, sends, retries, counts.
//
// - Each event goes to every `active` subscription listing it. The store's claim on (event id,
//   subscription) makes one process deliver it when several share the store.
// - A delivery is one attempt plus three retries, after `retryDelaysMs` (default 1 min, 5 min, 30 min;
//   tests inject their own). It succeeds on the first 2xx. Every attempt sends the same bytes.
// - A delivery whose attempts all failed adds one to the subscription's consecutive failures; a
//   success resets them; the tenth consecutive failure disables the subscription (`status: disabled`)
//   and deliveries to it stop. A subscription deleted or disabled meanwhile gets no further attempt.
// - Test deliveries (POST /webhooks/{id}/test) are one attempt, answered to the caller, and do not
//   touch the failure count.
// - At most `concurrency` attempts are in flight per process; waits between retries hold no slot.
//   Retries wait on unref'd timers, and each waiting retry is also kept in the subscription's record
//   (`pendingRetries`: the payload, the attempts made, when the next is due): `close()` cancels the
//   timers, and the next start (`resume()`, by the delivering process) picks the retries up from the
//   store, due ones at once. A claim on (event, subscription, attempt) keeps two processes resuming one
//   store from both sending it.
// - Every change of one record (a delivery outcome, a disable, a delete) goes through one queue per
//   subscription in the process, and an update only ever replaces a record that still exists
//   (`store.replace`): a delete is never undone by an update that read the record before it. Across
//   processes the last write of a field wins (a concurrent failure count can be lost); Redis rules out
//   a resurrection atomically, the fs store up to the gap of one file write (store.ts).
// - A failed attempt's error is coarse ("connection refused", "TLS error", "HTTP 500"; delivery.ts);
//   its full detail goes to `logDebug` only.

import type { ServiceEventData, ServiceEventName } from '../events.ts';
import { type AttemptOutcome, type DeliveryOptions, type SignedRequest, sendAttempt } from './delivery.ts';
import { createEventId, formatPayload, type WebhookPayload } from './payload.ts';
import type { SecretBox } from './secret-box.ts';
import { signBody } from './signature.ts';
import type { WebhookStore } from './store.ts';
import type { DeliveryRecord, PendingRetry, StoredSubscription } from './subscription.ts';

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = Object.freeze([60_000, 300_000, 1_800_000]);
export const DISABLE_AFTER_FAILURES = 10;

export interface DispatcherOptions {
  readonly store: WebhookStore;
  readonly secretBox: SecretBox;
  readonly delivery: DeliveryOptions;
  /** The wait before each retry; its length is the number of retries. */
  readonly retryDelaysMs: readonly number[];
  readonly disableAfterFailures: number;
  readonly concurrency: number;
  /** How long a claim on (event, subscription) holds against other processes. */
  readonly claimTtlMs: number;
  readonly now: () => number;
  readonly logError: (message: string, error: unknown) => void;
  /** Server-side detail nobody outside sees (why an attempt failed, with addresses); default none. */
  readonly logDebug?: (message: string) => void;
  /** One attempt; default the HTTPS sender (delivery.ts). */
  readonly send?: (request: SignedRequest, options: DeliveryOptions) => Promise<AttemptOutcome>;
  /** Told of each subscription this dispatcher disables (the registration census counts active ones). */
  readonly onDisabled?: (record: StoredSubscription) => void;
}

export interface Dispatcher {
  /** Starts delivering `event` to its subscribers; never throws, never waits. */
  dispatch<E extends ServiceEventName>(event: E, data: ServiceEventData[E]): void;
  /** One signed attempt with `test: true`; recorded as the last delivery, not counted. */
  test(record: StoredSubscription, payload: WebhookPayload): Promise<DeliveryRecord>;
  /** Deletes the record, in turn with the updates of it (see above). */
  remove(id: string): Promise<void>;
  /** Resumes the retries kept in the store by an earlier process (never throws, never waits). */
  resume(): void;
  /** Resolves when every started delivery (its retries included) has finished. */
  idle(): Promise<void>;
  /** Cancels waiting retries and waits for attempts in flight. */
  close(): Promise<void>;
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { store, now, logError } = options;
  const logDebug = options.logDebug ?? (() => undefined);
  const send = options.send ?? sendAttempt;
  const limit = createLimiter(options.concurrency);
  const running = new Set<Promise<void>>();
  const waits = new Set<{ readonly timer: NodeJS.Timeout; readonly resolve: (go: boolean) => void }>();
  const updates = new Map<string, Promise<unknown>>();
  let closed = false;

  function track(job: Promise<void>): void {
    running.add(job);
    void job.finally(() => running.delete(job));
  }

  /** Resolves true after `ms`, false at once if the dispatcher closes meanwhile. */
  function wait(ms: number): Promise<boolean> {
    if (closed) return Promise.resolve(false);
    if (ms <= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          waits.delete(entry);
          resolve(true);
        }, ms),
        resolve,
      };
      entry.timer.unref();
      waits.add(entry);
    });
  }

  /** Runs `task` after every change of record `id` queued before it. */
  function inTurn<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = updates.get(id) ?? Promise.resolve();
    const next = previous.then(task);
    const settled = next.catch(() => undefined);
    updates.set(id, settled);
    void settled.then(() => {
      if (updates.get(id) === settled) updates.delete(id);
    });
    return next;
  }

  /** Changes a record that exists; never brings back one deleted meanwhile. */
  function update(id: string, change: (record: StoredSubscription) => StoredSubscription): Promise<StoredSubscription | null> {
    return inTurn(id, async () => {
      const record = await store.get(id);
      if (record === null) return null;
      const changed = change(record);
      if (!(await store.replace(changed))) return null;
      if (record.status === 'active' && changed.status === 'disabled') options.onDisabled?.(changed);
      return changed;
    });
  }

  /** Sends one attempt (within the concurrency limit unless `limited` is false); a failure's detail goes to the debug log only. */
  async function sendOne(record: StoredSubscription, request: SignedRequest, limited = true): Promise<AttemptOutcome> {
    const run = () => send(request, options.delivery);
    const outcome = await (limited ? limit(run) : run());
    if (!outcome.ok && outcome.detail !== undefined) logDebug(`webhook ${record.id}: ${request.event} ${request.deliveryId} failed: ${outcome.detail}`);
    return outcome;
  }

  function sign(record: StoredSubscription, payload: WebhookPayload): SignedRequest {
    const secret = options.secretBox.open(record.sealedSecret, record.id);
    const body = formatPayload(payload);
    return { url: record.url, body, signature: signBody(secret, body), event: payload.event, deliveryId: payload.id };
  }

  function toRecord(payload: WebhookPayload, attempts: number, outcome: AttemptOutcome): DeliveryRecord {
    return {
      at: new Date(now()).toISOString(),
      eventId: payload.id,
      event: payload.event,
      test: payload.test,
      ok: outcome.ok,
      attempts,
      status: outcome.status,
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
    };
  }

  /** Keeps `retry` in the record (replacing one of the same event), or drops the event's when undefined. */
  function withPending(record: StoredSubscription, eventId: string, retry?: PendingRetry): StoredSubscription {
    const others = (record.pendingRetries ?? []).filter((pending) => pending.payload.id !== eventId);
    const pendingRetries = retry ? [...others, retry] : others;
    const { pendingRetries: _previous, ...rest } = record;
    return pendingRetries.length > 0 ? { ...rest, pendingRetries } : rest;
  }

  /**
   * Delivers `payload`: from its first attempt, or, resuming (`resumed`), from the attempts an earlier
   * process made, when the next is due.
   */
  async function deliver(first: StoredSubscription, payload: WebhookPayload, resumed?: PendingRetry): Promise<void> {
    let request: SignedRequest;
    try {
      request = sign(first, payload);
    } catch (error) {
      // A key problem of this server, not a failure of the receiver: not counted against it.
      logError(`[skg] webhook ${first.id}: cannot sign ${payload.event} ${payload.id}`, error);
      return;
    }
    const retries = options.retryDelaysMs.length;
    let attempts = resumed?.attempts ?? 0;
    let dueAt = resumed ? Date.parse(resumed.dueAt) : now();
    let outcome: AttemptOutcome | undefined;
    for (; attempts <= retries; ) {
      if (attempts > 0 && !(await wait(dueAt - now()))) return; // closing: the retry stays in the store
      const current = attempts === 0 ? first : await store.get(first.id);
      if (current === null || current.status !== 'active') return;
      outcome = await sendOne(first, request);
      attempts += 1;
      if (outcome.ok || attempts > retries) break;
      dueAt = now() + (options.retryDelaysMs[attempts - 1] ?? 0);
      const retry: PendingRetry = { payload, attempts, dueAt: new Date(dueAt).toISOString() };
      await update(first.id, (record) => withPending(record, payload.id, retry));
    }
    if (outcome === undefined) return;
    const delivery = toRecord(payload, attempts, outcome);
    const ok = outcome.ok;
    await update(first.id, (stored) => {
      const record = withPending(stored, payload.id);
      if (ok) return { ...record, consecutiveFailures: 0, lastDelivery: delivery };
      const consecutiveFailures = record.consecutiveFailures + 1;
      const disable = record.status === 'active' && consecutiveFailures >= options.disableAfterFailures;
      return {
        ...record,
        consecutiveFailures,
        lastDelivery: delivery,
        ...(disable ? { status: 'disabled' as const, disabledAt: delivery.at } : {}),
      };
    });
  }

  /** Every retry the store keeps for an active subscription, each resumed once across processes. */
  async function resumeAll(): Promise<void> {
    const records = (await store.list()).filter((record) => record.status === 'active' && (record.pendingRetries?.length ?? 0) > 0);
    await Promise.all(
      records.flatMap((record) =>
        (record.pendingRetries ?? []).map(async (retry) => {
          try {
            if (!(await store.claim(`${retry.payload.id}:${record.id}:resume:${retry.attempts}`, options.claimTtlMs))) return;
            await deliver(record, retry.payload, retry);
          } catch (error) {
            logError(`[skg] webhook ${record.id}: resuming ${retry.payload.event} ${retry.payload.id} failed`, error);
          }
        }),
      ),
    );
  }

  async function fanOut<E extends ServiceEventName>(event: E, data: ServiceEventData[E]): Promise<void> {
    const at = now();
    const id = createEventId(event, data, at);
    const time = new Date(at).toISOString();
    const subscribers = (await store.list()).filter((record) => record.status === 'active' && record.events.includes(event));
    await Promise.all(
      subscribers.map(async (record) => {
        try {
          if (!(await store.claim(`${id}:${record.id}`, options.claimTtlMs))) return;
          await deliver(record, { id, event, time, test: false, subscription: record.id, data });
        } catch (error) {
          logError(`[skg] webhook ${record.id}: delivering ${event} ${id} failed`, error);
        }
      }),
    );
  }

  return {
    dispatch(event, data) {
      if (closed) return;
      track(fanOut(event, data).catch((error: unknown) => logError(`[skg] webhooks: dispatching ${event} failed`, error)));
    },
    async test(record, payload) {
      const outcome = await sendOne(record, sign(record, payload), false);
      const delivery = toRecord(payload, 1, outcome);
      await update(record.id, (current) => ({ ...current, lastDelivery: delivery }));
      return delivery;
    },
    remove(id) {
      return inTurn(id, () => store.remove(id));
    },
    resume() {
      if (closed) return;
      track(resumeAll().catch((error: unknown) => logError('[skg] webhooks: resuming kept retries failed', error)));
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async close() {
      closed = true;
      for (const entry of waits) {
        clearTimeout(entry.timer);
        entry.resolve(false);
      }
      waits.clear();
      while (running.size > 0) await Promise.allSettled([...running]);
      await Promise.allSettled([...updates.values()]);
    },
  };
}

/** Runs at most `size` tasks at once, the rest in arrival order. */
function createLimiter(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    active -= 1;
    queue.shift()?.();
  };
  return (task) =>
    new Promise((resolve, reject) => {
      const run = () => {
        active += 1;
        task().then(resolve, reject).finally(next);
      };
      if (active < size) run();
      else queue.push(run);
    });
}
