// The JSON payload of a delivery, and the id of the event it carries.
//
//   { "id": "evt_…", "event": "data.updated", "time": "<ISO 8601>", "test": false,
//     "subscription": "wh_…", "data": { … the event's data … } }
//
// `id` identifies the event, not the attempt: retries and every subscription's copy carry the same
// id, so a receiver can drop duplicates. The dispatcher claims (event id, subscription) for an hour,
// so an id must name one happening, never two:
// - `data.updated`: the versions it moves between and `builtAt` (the mtime of the manifest.json that
//   was switched in). Every process serving one dist/ (a shared volume) names the same swap alike, and
//   only one of them delivers it (the store's claim); a later switch, even back and forth between the
//   same two versions, has a new manifest time and so a new id. Processes with their own copies of
//   dist/ see different times: each delivers its own swap.
// - `status.degraded`: what failed and the time of the sample that turned degraded (the payload
//   `time`). Each turn is its own event, so a second outage within the hour is sent too. Each process
//   samples its own health (as its /status reports it): several processes turning degraded send one
//   event each; the failing names say whether it is the same outage.

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

/** `at`: when the event was emitted (for `status.degraded`, the sample that turned degraded), ms. */
export function createEventId<E extends ServiceEventName>(event: E, data: ServiceEventData[E], at: number): string {
  let basis: string;
  if (event === 'data.updated') {
    const updated = data as ServiceEventData['data.updated'];
    basis = `${updated.previousDataVersion}\n${updated.dataVersion}\n${updated.builtAt}`;
  } else {
    const degraded = data as ServiceEventData['status.degraded'];
    const failing = degraded.failing.map((entry) => entry.name).sort().join(',');
    basis = `${degraded.status}\n${failing}\n${new Date(at).toISOString()}`;
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
