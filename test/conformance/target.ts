// The apps the conformance suite runs against, over one data set: the app as served, the same with a
// rate limit of one request, optionally one over a build without the optional artefacts, and the
// values the webhook examples need (two subscriptions: one to read and test, one to delete); each app
// through one adapter of the engine (test/helpers/adapters.ts: in process, or the Node listener on a socket).
//
// Webhooks never leave the process here: host names resolve from a table (`hooks.example.com` is
// public, `private.example.com` private) and a delivery is answered 204 without a connection.

import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createStatusMonitor } from '../../packages/server/src/status/monitor.ts';
import { createWebhooks, type Webhooks } from '../../packages/server/src/webhooks/service.ts';
import { type AdapterName, type Adapted, through } from '../helpers/adapters.ts';
import { createTestApp, request } from '../helpers/app.ts';
import type { ConformanceTarget } from './run.ts';

const HOSTS: Readonly<Record<string, readonly string[]>> = {
  'hooks.example.com': ['93.184.216.34'],
  'private.example.com': ['10.1.2.3'],
};

/** Webhooks that never leave the process: host names from the table above, deliveries answered 204. */
export function createOfflineWebhooks(): Webhooks {
  return createWebhooks({
    resolveHost: async (hostname) => {
      const addresses = HOSTS[hostname];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses;
    },
    send: async () => ({ ok: true, status: 204, durationMs: 1 }),
  });
}

export interface OpenTarget extends ConformanceTarget {
  close(): Promise<void>;
}

async function registerWebhook(target: Pick<ConformanceTarget, 'app'>): Promise<{ id: string; secret: string }> {
  const response = await request(target.app, '/api/v1/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'https://hooks.example.com/scripture-graph' }),
  });
  if (response.status !== 201) throw new Error(`registering a webhook answered ${response.status}: ${response.text}`);
  return { id: response.body.subscription.id, secret: response.body.secret };
}

export async function openConformanceTarget(
  data: ConformanceTarget['data'],
  dataSet: DataSet,
  options: { readonly withoutOptional?: DataSet; readonly requireEveryStatus: boolean; readonly adapter: AdapterName },
): Promise<OpenTarget> {
  const webhooks = [createOfflineWebhooks(), createOfflineWebhooks(), createOfflineWebhooks(), createOfflineWebhooks()] as const;
  // A fixed draw for /random, so its captured example (the first success) is the same on every capture.
  const opened: Adapted[] = [];
  const open = async (app: ReturnType<typeof createTestApp>): Promise<Adapted> => {
    const adapted = await through(app, options.adapter);
    opened.push(adapted);
    return adapted;
  };
  // /status's memory check reads this process's resident memory: on the full data, the test runner's (both
  // adapters, the data set, the suite's buffers), not a server's, so that target's budget is 4 GiB; the
  // degraded target below checks a budget of one byte. The fixture's keeps the default (captured examples).
  const statusMonitor = data === 'full' ? { statusMonitor: createStatusMonitor({ getDataSet: () => dataSet, memoryBudgetBytes: 4 * 2 ** 30 }) } : {};
  const app = await open(createTestApp(dataSet, { webhooks: webhooks[0], random: () => 0.5, ...statusMonitor }));
  const kept = await registerWebhook({ app });
  const deletable = await registerWebhook({ app });
  return {
    data,
    requireEveryStatus: options.requireEveryStatus,
    app,
    limitedApp: await open(createTestApp(dataSet, { webhooks: webhooks[1], rateLimit: { limit: 1, windowMs: 60_000 } })),
    degradedApp: await open(
      createTestApp(dataSet, {
        webhooks: webhooks[3],
        statusMonitor: createStatusMonitor({ getDataSet: () => dataSet, memoryBudgetBytes: 1 }),
      }),
    ),
    ...(options.withoutOptional ? { withoutOptionalApp: await open(createTestApp(options.withoutOptional, { webhooks: webhooks[2] })) } : {}),
    placeholders: { webhookId: kept.id, webhookSecret: kept.secret, deletableId: deletable.id, deletableSecret: deletable.secret },
    async close() {
      await Promise.all(opened.map((adapted) => adapted.close()));
      await Promise.all(webhooks.map((instance) => instance.close()));
    },
  };
}
