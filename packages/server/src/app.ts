// The h3 application: middleware in order, then the route table under /api/v1.

import { H3 } from 'h3';
import type { DataSet } from './artefacts/types.ts';
import type { AppConfig } from './context.ts';
import { MethodNotAllowedError } from './errors.ts';
import { corsHeaders, preflight } from './middleware/cors.ts';
import { errorBoundary, sendError } from './middleware/error-boundary.ts';
import { idempotencyKey } from './middleware/idempotency-key.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import { requestId } from './middleware/request-id.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';
import { createResponseCaches, type ResponseCacheLimits } from './response-cache.ts';
import { createRouteHandler } from './route-handler.ts';
import { ROUTES } from './routes/index.ts';
import { API_BASE, toRouterPath } from './routes/define.ts';
import { ApiError } from '@skg/core';
import { createStatusMonitor, type StatusMonitor } from './status/monitor.ts';

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
  readonly responseCache?: ResponseCacheLimits;
  /** Default: a monitor sampling every minute on an unref'd timer, started here. */
  readonly statusMonitor?: StatusMonitor;
  /** Where unhandled errors are logged (once each); default `console.error`. */
  readonly logError?: (message: string, error: unknown) => void;
}

export const DEFAULT_RATE_LIMIT = Object.freeze({ limit: 600, windowMs: 60_000 });

export function createApp(options: AppOptions): H3 {
  const now = options.now ?? Date.now;
  let statusMonitor = options.statusMonitor;
  if (!statusMonitor) {
    statusMonitor = createStatusMonitor({ getDataSet: options.getDataSet, now });
    statusMonitor.start();
  }
  const config: AppConfig = {
    getDataSet: options.getDataSet,
    trustProxy: options.trustProxy,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    rateLimitStore: options.rateLimitStore ?? createMemoryRateLimitStore(),
    now,
    responseCaches: createResponseCaches(options.responseCache),
    statusMonitor,
    logError: options.logError ?? ((message, error) => console.error(message, error)),
    routes: ROUTES,
  };

  const app = new H3({
    // Everything is logged by the error boundary, once; h3 stays quiet.
    silent: true,
    // Malformed percent-encoding reaches the routes (and their errors) instead of h3's own 400.
    allowMalformedURL: true,
    // Failures outside the middleware chain still answer the Error body.
    // (h3 wraps a thrown non-HTTPError as an unhandled HTTPError; its cause is what was thrown.)
    onError: (error, event) => sendError(event, error.unhandled && error.cause !== undefined ? error.cause : error, config),
  });

  app.use(requestId(config.getDataSet));
  app.use(idempotencyKey);
  app.use(corsHeaders);
  app.use(errorBoundary(config));
  app.use(
    rateLimit({
      limit: config.rateLimit.limit,
      windowMs: config.rateLimit.windowMs,
      store: config.rateLimitStore,
      trustProxy: config.trustProxy,
      now,
    }),
  );
  app.use(preflight);

  for (const route of config.routes) {
    const handler = createRouteHandler(route, config);
    for (const path of [toRouterPath(route.path), ...(route.aliases ?? [])]) {
      app.get(path, handler);
      // Any other method on a known path: HEAD is answered as GET (h3 drops the body), the rest 405.
      app.all(path, (event) => {
        if (event.req.method === 'HEAD') return handler(event);
        throw new MethodNotAllowedError(event.req.method, event.url.pathname);
      });
    }
  }
  app.all('/**', (event) => {
    const hint = event.url.pathname.startsWith(API_BASE) ? 'see /api/v1 for the endpoints' : 'the API is under /api/v1';
    throw new ApiError('not_found', `no route matches ${event.url.pathname}: ${hint}`);
  });

  return app;
}
