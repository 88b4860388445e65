// The JSON payload of a delivery, and the id of the event it carries.
//
//   { "id": "evt_…", "event": "data.updated", "time": "<ISO 8601>", "test": false,
//     "subscription": "wh_…", "data": { … the event's data … } }
//
// `id` identifies the event, not the attempt: retries and every subscription's copy carry the same
// id, so a receiver can drop duplicates. `data.updated` ids derive from the versions it moves between,
// so every server process that swaps to the same build names the same event (and only one of them
// delivers it: the store's claim). `status.degraded` is reported per process, its id derived from
// what failed within a five-minute bucket, so the same outage seen by several processes is one event.

import { createHash, randomBytes } from 'node:crypto';
import type { ServiceEventData, ServiceEventName } from '../events.ts';

export interface WebhookPayload<E extends ServiceEventName = ServiceEventName> {
  readonly id: string;
  readonly event: E;
  readonly time: string;
  readonly test: boolean;
  readonly subscription: string;
  readonly data: ServiceEventData[E] | Record<string, unknown>;
}

export const DEGRADED_BUCKET_MS = 5 * 60_000;

export function createEventId<E extends ServiceEventName>(event: E, data: ServiceEventData[E], now: number): string {
  let basis: string;
  if (event === 'data.updated') {
    const updated = data as ServiceEventData['data.updated'];
    basis = `${updated.previousDataVersion}\n${updated.dataVersion}`;
  } else {
    const degraded = data as ServiceEventData['status.degraded'];
    const failing = degraded.failing.map((entry) => entry.name).sort().join(',');
    basis = `${degraded.status}\n${failing}\n${Math.floor(now / DEGRADED_BUCKET_MS)}`;
  }
  return `evt_${createHash('sha256').update(`${event}\n${basis}`).digest('hex').slice(0, 24)}`;
}

/** A test delivery is its own event: a fresh id every time. */
export function createTestEventId(): string {
  return `evt_test_${randomBytes(10).toString('hex')}`;
}

export function formatPayload(payload: WebhookPayload): string {
  return JSON.stringify(payload);
}
