// The request engine (docs/engine.md): every request, through either adapter (the Node listener,
// http/node/listener.ts, or the in-process h3 app, http/h3.ts), is answered here, by these steps, in this order:
//
//   request id → Idempotency-Key echo → CORS headers → ┌ data set → preflight → rate limit → dot segments ┐
//                                                      │ → stored answer for the exact target (GET/HEAD)  │
//                                                      │ → route table → route: response cache → computed │
//                                                      └──────────────── error boundary ──────────────────┘
//
// A preflight (any OPTIONS) is answered before the rate limit and not counted: past the limit a browser
// must still get the preflight's CORS headers, or it reports a CORS failure instead of the 429 of the
// request itself. It carries the counters as they stand (`RateLimit.report`).
//
// Each step is a plain synchronous function (module per concern under `http/steps/`) that reads the
// request through its `RequestHead` and writes into one plain-object header collector
// (`RequestState.headers`); the answer is an `Answer` of status, reason phrase, those headers and the
// body, which the Node listener hands to `writeHead` as it is and the h3 adapter wraps as a web
// `Response`. No h3 middleware layer and no web `Headers` are involved: on this hot path each h3 `use()`
// layer and each `Headers` object cost more than the rest of the request (docs/api-decisions.md,
// "Request pipeline").
//
// Only a rate-limit store that answers with a promise (a shared store) makes the steps asynchronous,
// and only routes that compute a body asynchronously (search, status, /mcp, webhooks) on a cache miss.

import { STATUS_CODES } from 'node:http';
import { addRoute, createRouter, findRoute } from 'rou3';
import { ApiError } from '@skg/core';
import type { DataSet } from '../artefacts/types.ts';
import type { AppConfig, Reply, RequestState, ResponseHeaders, RouteHandler, RouteParams } from '../context.ts';
import { MethodNotAllowedError } from '../errors.ts';
import { DATA_CACHE_CONTROL } from './steps/cache-control.ts';
import { chooseStoredCoding } from './steps/content-encoding.ts';
import { answerPreflight, setCorsHeaders } from './steps/cors.ts';
import { rejectDotSegments } from './steps/dot-segments.ts';
import { answerError } from './steps/error-boundary.ts';
import { echoIdempotencyKey } from './steps/idempotency-key.ts';
import { createRateLimit } from './steps/rate-limit.ts';
import { setRequestId } from './steps/request-id.ts';
import { createRouteHandler } from './handlers/route-handler.ts';
import { API_BASE, type RouteDefinition, toRouterPath } from '../routes/define.ts';
import { createStoredRequestFinder, type StoredRequest } from './handlers/stored-lane.ts';
import { answerStoredBody } from './handlers/stored-response.ts';
import type { RequestHead } from './request.ts';

/** What the engine answers: written by the Node listener as it is, wrapped as a `Response` by the h3 adapter. */
export interface Answer {
  readonly status: number;
  /** The standard reason phrase (`OK`, `Not Found`). */
  readonly statusText: string;
  /** Lower-case names; `content-length` is set whenever there is a body (also for HEAD). */
  readonly headers: ResponseHeaders;
  /** Null for 204, 304 and HEAD. */
  readonly body: string | Uint8Array | null;
}

export interface Engine {
  /** The answer to a request, by the steps above. */
  answer(head: RequestHead): Answer | Promise<Answer>;
  /** The Error answer for a failure outside the engine (h3's `onError`): request id, CORS, the error body. */
  answerUnexpected(head: RequestHead, error: unknown): Answer;
}

/** A route-table entry: what the path answers and whether the rate limit counts it. */
interface Entry {
  readonly handler: RouteHandler;
  readonly counted: boolean;
}

export function createEngine(config: AppConfig): Engine {
  const rateLimit = createRateLimit({
    limit: config.rateLimit.limit,
    windowMs: config.rateLimit.windowMs,
    store: config.rateLimitStore,
    now: config.now,
  });
  const findStoredRequest = createStoredRequestFinder();
  const routeTable = createRouteTable(config);

  /** `stored`: the request was found in the store, so its target is a canonical URL and nothing needs routing. */
  function fail(head: RequestHead, error: unknown, requestId: string, dataSet: DataSet | undefined, headers: ResponseHeaders, stored = false): Answer {
    const line = { method: head.method, url: stored ? new URL(head.target, 'http://localhost') : urlOf(head) };
    return send(head.method, answerError(line, error, { requestId, dataSet, headers }, config), headers);
  }

  function answer(head: RequestHead): Answer | Promise<Answer> {
    const headers: ResponseHeaders = {};
    const requestId = beginHeaders(head, headers);
    const method = head.method;
    let dataSet: DataSet | undefined;
    let stored: StoredRequest | undefined;
    try {
      dataSet = config.getDataSet();
      const state: RequestState = { requestId, dataSet, headers };
      if (method === 'OPTIONS') return preflight(head, state);
      // The lookup is made before counting, to know whether the path is counted (/health is not); a
      // stored answer is found without routing (nothing parsed), and every stored answer is counted.
      stored = findStoredTarget(head, dataSet);
      const entry = stored === undefined ? routeTable.find(head, method) : undefined;
      const client = head.client(config.trustProxy);
      const counting = head.countedAlready ? undefined : (entry?.counted ?? true) ? rateLimit.count(client, headers) : rateLimit.report(client, headers);
      const found = stored;
      const reply = counting === undefined ? respond(head, state, found, entry) : counting.then(() => respond(head, state, found, entry));
      if (!(reply instanceof Promise)) return send(method, reply, headers);
      return reply.then(
        (resolved) => send(method, resolved, headers),
        (error: unknown) => fail(head, error, requestId, state.dataSet, headers, found !== undefined),
      );
    } catch (error) {
      return fail(head, error, requestId, dataSet, headers, stored !== undefined);
    }
  }

  /** A preflight: 204 with the CORS headers and the rate-limit counters as they stand, not counted. */
  function preflight(head: RequestHead, state: RequestState): Answer | Promise<Answer> {
    const reply = answerPreflight(head.url(), state);
    const reporting = rateLimit.report(head.client(config.trustProxy), state.headers);
    return reporting === undefined ? send('OPTIONS', reply, state.headers) : reporting.then(() => send('OPTIONS', reply, state.headers));
  }

  /** Dot segments, then the stored answer, else the route. */
  function respond(head: RequestHead, state: RequestState, stored: StoredRequest | undefined, entry: MatchedEntry | undefined): Reply | Promise<Reply> {
    rejectDotSegments(head.wireTarget);
    if (stored !== undefined) {
      state.headers['cache-control'] = DATA_CACHE_CONTROL;
      return answerStoredBody(head.header('if-none-match'), state.headers, stored.store, stored.record, stored.coding, stored.body);
    }
    return entry!.handler(head, state, entry!.params);
  }

  /**
   * A GET or HEAD whose target is a key of the response artefact (`GET <target>`, query included) under
   * a contract that still holds, its body read in the client's coding. Anything else (no such key, a
   * record of another request, a contract changed since the build, an artefact still being verified, or
   * a lookup that throws) goes to the route table, whose data handler looks the store up again under the
   * canonical request and answers the same bytes.
   */
  function findStoredTarget(head: RequestHead, dataSet: DataSet): StoredRequest | undefined {
    if (head.method !== 'GET' && head.method !== 'HEAD') return undefined;
    const coding = chooseStoredCoding(head.header('accept-encoding'));
    try {
      return findStoredRequest(dataSet, head.target, coding);
    } catch {
      return undefined;
    }
  }

  return {
    answer,
    answerUnexpected(head, error) {
      const headers: ResponseHeaders = {};
      const requestId = beginHeaders(head, headers);
      let dataSet: DataSet | undefined;
      try {
        dataSet = config.getDataSet();
      } catch {
        dataSet = undefined;
      }
      return fail(head, error, requestId, dataSet, headers);
    },
  };
}

/**
 * The steps that cannot fail, so that every answer, an error too, has them (request id, Idempotency-Key,
 * CORS); returns the request id.
 */
function beginHeaders(head: RequestHead, headers: ResponseHeaders): string {
  const requestId = setRequestId(head.header('x-request-id'), headers);
  echoIdempotencyKey(head.header('idempotency-key'), headers);
  setCorsHeaders(headers);
  return requestId;
}

/** The URL of a failed request for its Error answer; a target no URL can be made of is named as `/`. */
function urlOf(head: RequestHead): URL {
  try {
    return head.url();
  } catch {
    return new URL('/', 'http://localhost');
  }
}

/**
 * The answer: the standard reason phrase (`200 OK`), `Content-Length` for every body, and for HEAD the
 * headers of GET without the body.
 */
function send(method: string, reply: Reply, headers: ResponseHeaders): Answer {
  const status = reply.status;
  let body = reply.body;
  if (body !== null) {
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    if (method === 'HEAD') body = null;
  }
  return { status, statusText: STATUS_CODES[status] ?? '', headers, body };
}

interface MatchedEntry extends Entry {
  readonly params: RouteParams;
}

const NO_PARAMS: RouteParams = Object.freeze({});

/**
 * The route table: one entry per path (its aliases too), matched on the URL's pathname by rou3 as h3
 * matched it, and `/**` for every other path (404). A path answers the methods of its routes (HEAD with
 * GET); any other method is 405 with `Allow`.
 */
function createRouteTable(config: AppConfig): { find(head: RequestHead, method: string): MatchedEntry } {
  const router = createRouter<Entry>();
  for (const routes of groupByPath(config.routes)) {
    const handler = routes.length === 1 && (routes[0]?.method ?? 'GET') === 'GET' ? answerGet(routes[0]!, config) : answerMethods(routes, config);
    const aliases = new Set(routes.flatMap((route) => route.aliases ?? []));
    const counted = routes.some((route) => route.rateLimited !== false);
    for (const path of [toRouterPath(routes[0]!.path), ...aliases]) addRoute(router, '', path, { handler, counted });
  }
  const notFound: Entry = {
    handler: (head) => {
      const pathname = head.url().pathname;
      const hint = pathname.startsWith(API_BASE) ? 'see /api/v1 for the endpoints' : 'the API is under /api/v1';
      throw new ApiError('not_found', `no route matches ${pathname}: ${hint}`);
    },
    counted: true,
  };
  addRoute(router, '', '/**', notFound);
  return {
    find(head, method) {
      const match = findRoute(router, method, head.url().pathname);
      return match === undefined ? { ...notFound, params: NO_PARAMS } : { ...match.data, params: match.params ?? NO_PARAMS };
    },
  };
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

/** A GET route: GET, and HEAD answered as GET (the engine drops the body); OPTIONS never gets here (preflight); the rest 405. */
function answerGet(route: RouteDefinition, config: AppConfig): RouteHandler {
  const handler = createRouteHandler(route, config);
  return (head, state, params) => {
    const method = head.method;
    if (method === 'GET' || method === 'HEAD') return handler(head, state, params);
    throw new MethodNotAllowedError(method, head.url().pathname);
  };
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'DELETE'];

/** A path with write routes: each method to its route (HEAD with GET), the rest 405 listing what the path answers. */
function answerMethods(routes: readonly RouteDefinition[], config: AppConfig): RouteHandler {
  const handlers = new Map<string, RouteHandler>();
  for (const route of routes) {
    const handler = createRouteHandler(route, config);
    const method = route.method ?? 'GET';
    handlers.set(method, handler);
    if (method === 'GET') handlers.set('HEAD', handler);
  }
  const methods = [...METHOD_ORDER.filter((method) => handlers.has(method)), 'OPTIONS'];
  return (head, state, params) => {
    const handler = handlers.get(head.method);
    if (handler) return handler(head, state, params);
    throw new MethodNotAllowedError(head.method, head.url().pathname, methods);
  };
}
