// The h3 application: the route table under /api/v1, each route behind the request pipeline.
//
// There is no h3 middleware (`app.use`): every handler h3 routes to, the 404 and 405 answers included,
// is wrapped by the pipeline (pipeline.ts), which runs request id, Idempotency-Key, CORS, preflight,
// rate limit, the dot-segment check and the error boundary as plain steps and answers without a web `Headers` object.
// The app also carries the pipeline's stored lane (`storedLane`, stored-lane.ts), which the Node listener
// asks first: a request naming a stored answer is answered there, without h3.

import { H3 } from 'h3';
import { ApiError } from '@skg/core';
import type { DataSet } from './artefacts/types.ts';
import type { AppConfig } from './context.ts';
import { MethodNotAllowedError } from './errors.ts';
import { createServiceEvents, type ServiceEvents } from './events.ts';
import { createPipeline, type PipelineHandler, type StoredLane } from './pipeline.ts';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';
import { createResponseCaches, type ResponseCacheLimits } from './response-cache.ts';
import { createRouteHandler } from './route-handler.ts';
import { ROUTES } from './routes/index.ts';
import { API_BASE, type RouteDefinition, toRouterPath } from './routes/define.ts';
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

/** The h3 app, with the stored lane the Node listener asks before it (node-listener.ts). */
export type App = H3 & { readonly storedLane: StoredLane };

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

  for (const routes of groupByPath(config.routes)) {
    const answer = routes.length === 1 && (routes[0]?.method ?? 'GET') === 'GET' ? answerGet(routes[0]!, config) : answerMethods(routes, config);
    const aliases = new Set(routes.flatMap((route) => route.aliases ?? []));
    const counted = routes.some((route) => route.rateLimited !== false);
    for (const path of [toRouterPath(routes[0]!.path), ...aliases]) app.all(path, pipeline.handle(answer, { counted }));
  }
  app.all(
    '/**',
    pipeline.handle((event) => {
      const hint = event.url.pathname.startsWith(API_BASE) ? 'see /api/v1 for the endpoints' : 'the API is under /api/v1';
      throw new ApiError('not_found', `no route matches ${event.url.pathname}: ${hint}`);
    }),
  );

  return Object.assign(app, { storedLane: pipeline.answerStoredRequest });
}

/** The routes of one path together (a path may have a route per method), in route-table order. */
function groupByPath(routes: readonly RouteDefinition[]): RouteDefinition[][] {
  const byPath = new Map<string, RouteDefinition[]>();
  for (const route of routes) {
    const group = byPath.get(route.path);
    if (group) group.push(route);
    else byPath.set(route.path, [route]);
  }
  return [...byPath.values()];
}

/** A GET route: GET, and HEAD answered as GET (the pipeline drops the body); OPTIONS never gets here (preflight); the rest 405. */
function answerGet(route: RouteDefinition, config: AppConfig): PipelineHandler {
  const handler = createRouteHandler(route, config);
  return (event, state) => {
    const method = event.req.method;
    if (method === 'GET' || method === 'HEAD') return handler(event, state);
    throw new MethodNotAllowedError(method, event.url.pathname);
  };
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'DELETE'];

/** A path with write routes: each method to its route (HEAD with GET), the rest 405 listing what the path answers. */
function answerMethods(routes: readonly RouteDefinition[], config: AppConfig): PipelineHandler {
  const handlers = new Map<string, PipelineHandler>();
  for (const route of routes) {
    const handler = createRouteHandler(route, config);
    const method = route.method ?? 'GET';
    handlers.set(method, handler);
    if (method === 'GET') handlers.set('HEAD', handler);
  }
  const methods = [...METHOD_ORDER.filter((method) => handlers.has(method)), 'OPTIONS'];
  return (event, state) => {
    const handler = handlers.get(event.req.method);
    if (handler) return handler(event, state);
    throw new MethodNotAllowedError(event.req.method, event.url.pathname, methods);
  };
}
