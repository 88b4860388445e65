// The application: options → config → the request engine (http/engine.ts), and the h3 app that runs it
// in process (http/h3.ts). The Node listener (http/node/listener.ts) runs the same engine, without h3, for
// every request through node:http (docs/engine.md).

import type { H3 } from 'h3';
import type { DataSet } from './artefacts/types.ts';
import type { AppConfig } from './context.ts';
import { createServiceEvents, type ServiceEvents } from './events.ts';
import { createEngine, type Engine } from './http/engine.ts';
import { createH3Adapter } from './http/h3.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit/store.ts';
import { createResponseCaches, type ResponseCacheLimits } from './http/handlers/response-cache.ts';
import { ROUTES } from './routes/index.ts';
import { createStatusMonitor, type StatusMonitor } from './status/monitor.ts';
import { createWebhooks, type Webhooks } from './webhooks/service.ts';

export interface AppOptions {
  /** Called once at the start of each request; the request is answered from that set to the end. */
  readonly getDataSet: () => DataSet;
  /** Take the client address from X-Forwarded-For (only behind a trusted reverse proxy). */
  readonly trustProxy: boolean;
  /** Default 600 requests per 60,000 ms per client address. */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number };
  /** Default: in process memory. */
  readonly rateLimitStore?: RateLimitStore;
  /** Clock for rate-limit windows and status; default `Date.now`. */
  readonly now?: () => number;
  /** Where /random draws its verse: a number in [0, 1); default `Math.random` (a test fixes it for a reproducible answer). */
  readonly random?: () => number;
  readonly responseCache?: ResponseCacheLimits;
  /** Default: a monitor sampling every minute on an unref'd timer, started here. */
  readonly statusMonitor?: StatusMonitor;
  /** Where unhandled errors are logged (once each); default `console.error`. */
  readonly logError?: (message: string, error: unknown) => void;
  /** The service event bus (`data.updated`, `status.degraded`); default a new one. */
  readonly events?: ServiceEvents;
  /**
   * Change-notification webhooks (POST /webhooks …), set listening on `events` here; default in memory
   * (nothing survives the process). Whoever passes them closes them.
   */
  readonly webhooks?: Webhooks;
}

/** The h3 app (in process: `app.fetch`), with the engine it runs, which the Node listener runs too. */
export type App = H3 & { readonly engine: Engine };

export const DEFAULT_RATE_LIMIT = Object.freeze({ limit: 600, windowMs: 60_000 });

export function createApp(options: AppOptions): App {
  const now = options.now ?? Date.now;
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const events = options.events ?? createServiceEvents(logError);
  const webhooks = options.webhooks ?? createWebhooks({ now, logError });
  webhooks.listen(events);
  let statusMonitor = options.statusMonitor;
  if (!statusMonitor) {
    statusMonitor = createStatusMonitor({ getDataSet: options.getDataSet, now, events });
    statusMonitor.start();
  }
  const config: AppConfig = {
    getDataSet: options.getDataSet,
    trustProxy: options.trustProxy,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    rateLimitStore: options.rateLimitStore ?? createMemoryRateLimitStore(),
    now,
    random: options.random ?? Math.random,
    responseCaches: createResponseCaches(options.responseCache),
    statusMonitor,
    logError,
    events,
    webhooks,
    routes: ROUTES,
  };

  const engine = createEngine(config);
  return Object.assign(createH3Adapter(engine), { engine });
}
