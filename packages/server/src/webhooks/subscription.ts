// The webhook subscription record: what the store keeps, and the view the API answers with.

import { randomBytes } from 'node:crypto';
import { SERVICE_EVENTS, type ServiceEventName } from '../events.ts';
import type { WebhookPayload } from './payload.ts';

/**
 * `active` on creation; `disabled` after ten consecutive failed deliveries (deliveries stop; delete
 * and register again to resume). The spec names the first and leaves the second's value open.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'disabled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The outcome of the latest delivery (its retries included), as the subscription's owner sees it. */
export interface DeliveryRecord {
  /** When the last attempt ended. */
  readonly at: string;
  readonly eventId: string;
  readonly event: ServiceEventName;
  readonly test: boolean;
  readonly ok: boolean;
  readonly attempts: number;
  /** HTTP status of the last attempt; null when no response came (timeout, refused, TLS). */
  readonly status: number | null;
  readonly error?: string;
}

/** A delivery waiting for its next retry, kept in the record so that a restart resumes it (dispatcher.ts). */
export interface PendingRetry {
  /** What is sent again: signed anew to the same bytes. */
  readonly payload: WebhookPayload;
  /** Attempts made so far. */
  readonly attempts: number;
  /** When the next attempt is due, ISO 8601. */
  readonly dueAt: string;
}

export interface StoredSubscription {
  readonly id: string;
  readonly url: string;
  readonly events: readonly ServiceEventName[];
  readonly status: SubscriptionStatus;
  /** When it was registered, ISO 8601. */
  readonly created: string;
  /** Hex SHA-256 of the secret (bearer checks). */
  readonly secretHash: string;
  /** The secret sealed with the server's webhooks key (signing); secret-box.ts. */
  readonly sealedSecret: string;
  /** Failed deliveries since the last successful one (test deliveries do not count). */
  readonly consecutiveFailures: number;
  readonly lastDelivery: DeliveryRecord | null;
  readonly disabledAt: string | null;
  /** Deliveries waiting for a retry (absent: none); never shown to the owner. */
  readonly pendingRetries?: readonly PendingRetry[];
}

/** The subscription as GET /webhooks/{id} and POST /webhooks answer it: never the secret or its hash. */
export interface SubscriptionView {
  readonly id: string;
  readonly url: string;
  readonly status: SubscriptionStatus;
  readonly events: readonly ServiceEventName[];
  readonly created: string;
  readonly consecutiveFailures: number;
  readonly lastDelivery: DeliveryRecord | null;
  readonly disabledAt: string | null;
}

export const SUBSCRIPTION_ID = /^wh_[0-9a-f]{24}$/;

export function createSubscriptionId(): string {
  return `wh_${randomBytes(12).toString('hex')}`;
}

export function toSubscriptionView(record: StoredSubscription): SubscriptionView {
  return {
    id: record.id,
    url: record.url,
    status: record.status,
    events: record.events,
    created: record.created,
    consecutiveFailures: record.consecutiveFailures,
    lastDelivery: record.lastDelivery,
    disabledAt: record.disabledAt,
  };
}

/**
 * What a store hands back as a record, or null when it is not one (a file edited by hand): the guard,
 * plus the one earlier format, whose registration time was named `createdAt`.
 */
export function toStoredSubscription(value: unknown): StoredSubscription | null {
  if (typeof value === 'object' && value !== null && !('created' in value) && typeof (value as { createdAt?: unknown }).createdAt === 'string') {
    const { createdAt, ...rest } = value as Record<string, unknown>;
    value = { ...rest, created: createdAt };
  }
  return isStoredSubscription(value) ? value : null;
}

/** A guard for what a store hands back (a file edited by hand, an old format): enough to act on. */
export function isStoredSubscription(value: unknown): value is StoredSubscription {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.created === 'string' &&
    typeof record.id === 'string' &&
    SUBSCRIPTION_ID.test(record.id) &&
    typeof record.url === 'string' &&
    Array.isArray(record.events) &&
    record.events.every((event) => (SERVICE_EVENTS as readonly unknown[]).includes(event)) &&
    (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(record.status) &&
    typeof record.secretHash === 'string' &&
    typeof record.sealedSecret === 'string' &&
    typeof record.consecutiveFailures === 'number'
  );
}
