// Builds an app over a data set for endpoint tests and calls it in process.

import { type App, createApp, type AppOptions } from '../../packages/server/src/app.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import type { Fetcher } from './adapters.ts';
import { createStatusMonitor } from '../../packages/server/src/status/monitor.ts';

export interface TestResponse {
  readonly response: Response;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are asserted field by field
  readonly body: any;
}

/** An app whose status sampler is not started (no timer); everything else as in production. */
export function createTestApp(dataSet: DataSet, options: Partial<AppOptions> = {}): App {
  const getDataSet = options.getDataSet ?? (() => dataSet);
  return createApp({
    trustProxy: true,
    statusMonitor: createStatusMonitor({ getDataSet, ...(options.now ? { now: options.now } : {}) }),
    logError: () => undefined,
    ...options,
    getDataSet,
  });
}

export async function request(app: Fetcher, path: string, init: RequestInit = {}): Promise<TestResponse> {
  const response = await app.fetch(new Request(`http://localhost${path}`, init));
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.startsWith('application/json') && text !== '';
  return { response, status: response.status, headers: response.headers, text, body: isJson ? JSON.parse(text) : undefined };
}

/** GET under /api/v1. */
export function get(app: Fetcher, route: string, headers: Record<string, string> = {}): Promise<TestResponse> {
  return request(app, `/api/v1${route}`, { headers });
}
