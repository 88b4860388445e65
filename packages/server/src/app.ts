// The h3 application: the route table under /api/v1, each route behind the request pipeline.
//
// There is no h3 middleware (`app.use`): every handler h3 routes to, the 404 and 405 answers included,
// is wrapped by the pipeline (pipeline.ts), which runs request id, Idempotency-Key, CORS, rate limit,
// preflight and the error boundary as plain steps and answers without a web `Headers` object.

import { H3 } from 'h3';
import { ApiError } from '@skg/core';
import type { DataSet } from './artefacts/types.ts';
import type { AppConfig } from './context.ts';
import { MethodNotAllowedError } from './errors.ts';
import { createPipeline, type PipelineHandler } from './pipeline.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';
import { createResponseCaches, type ResponseCacheLimits } from './response-cache.ts';
import { createRouteHandler } from './route-handler.ts';
import { ROUTES } from './routes/index.ts';
import { API_BASE, toRouterPath } from './routes/define.ts';
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

  const pipeline = createPipeline(config);
  const app = new H3({
    // Everything is logged by the error boundary, once; h3 stays quiet.
    silent: true,
    // Malformed percent-encoding reaches the routes (and their errors) instead of h3's own 400.
    allowMalformedURL: true,
    // A failure outside the pipeline still answers the Error body.
    // (h3 wraps a thrown non-HTTPError as an unhandled HTTPError; its cause is what was thrown.)
    onError: (error, event) => pipeline.answerUnexpected(event, error.unhandled && error.cause !== undefined ? error.cause : error),
  });

  for (const route of config.routes) {
    const handler = createRouteHandler(route, config);
    // GET, and HEAD answered as GET (the pipeline drops the body); OPTIONS never gets here (preflight); the rest 405.
    const answer: PipelineHandler = (event, state) => {
      const method = event.req.method;
      if (method === 'GET' || method === 'HEAD') return handler(event, state);
      throw new MethodNotAllowedError(method, event.url.pathname);
    };
    for (const path of [toRouterPath(route.path), ...(route.aliases ?? [])]) app.all(path, pipeline.handle(answer));
  }
  app.all(
    '/**',
    pipeline.handle((event) => {
      const hint = event.url.pathname.startsWith(API_BASE) ? 'see /api/v1 for the endpoints' : 'the API is under /api/v1';
      throw new ApiError('not_found', `no route matches ${event.url.pathname}: ${hint}`);
    }),
  );

  return app;
}
