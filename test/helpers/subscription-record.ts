// A stored webhook subscription for tests that fill a store directly: active, no deliveries yet.

import type { StoredSubscription } from '../../packages/server/src/webhooks/subscription.ts';

export function subscriptionRecord(n: number, overrides: Partial<StoredSubscription> = {}): StoredSubscription {
  return {
    id: `wh_${n.toString(16).padStart(24, '0')}`,
    url: 'https://hooks.example.org/in',
    events: ['data.updated'],
    status: 'active',
    created: '2026-01-01T00:00:00.000Z',
    secretHash: 'ab'.repeat(32),
    sealedSecret: 'v1.a.b.c',
    consecutiveFailures: 0,
    lastDelivery: null,
    disabledAt: null,
    ...overrides,
  };
}
