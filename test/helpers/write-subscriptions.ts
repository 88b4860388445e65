// A child process for test/unit/webhook-store.test.ts: writes subscription records into the fs store at
// `process.argv[2]` as fast as it can, each about 64 KiB, until it is killed.

import { subscriptionRecord } from './subscription-record.ts';
import { createWebhookStore } from '../../packages/server/src/webhooks/store.ts';

const store = await createWebhookStore({ kind: 'fs', dir: process.argv[2]! });
process.send?.('writing');
for (let n = 0; ; n += 1) {
  await store.set(subscriptionRecord(n, { url: `https://hooks.example.org/${'x'.repeat(64 * 1024)}`, created: new Date().toISOString() }));
}
