// A child process for test/unit/webhook-store.test.ts: writes subscription records into the fs store at
// `process.argv[2]` as fast as it can, each about 64 KiB, until it is killed.

import { createWebhookStore } from '../../packages/server/src/webhooks/store.ts';

const store = await createWebhookStore({ kind: 'fs', dir: process.argv[2]! });
process.send?.('writing');
for (let n = 0; ; n += 1) {
  const id = `wh_${n.toString(16).padStart(24, '0')}`;
  await store.set({
    id,
    url: `https://hooks.example.org/${'x'.repeat(64 * 1024)}`,
    events: ['data.updated'],
    status: 'active',
    created: new Date().toISOString(),
    secretHash: 'ab'.repeat(32),
    sealedSecret: 'v1.a.b.c',
    consecutiveFailures: 0,
    lastDelivery: null,
    disabledAt: null,
  });
}
