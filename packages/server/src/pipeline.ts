// The request pipeline: every request runs these steps, in this order, inside one h3 route handler:
//
//   request id → Idempotency-Key echo → CORS headers → ┌ data set → preflight → rate limit → dot segments → route ┐
//                                                      └───────────────────── error boundary ──────────────────────┘
//
// A preflight (any OPTIONS) is answered before the rate limit and not counted: past the limit a browser
// must still get the preflight's CORS headers, or it reports a CORS failure instead of the 429 of the
// request itself. It carries the counters as they stand (`RateLimit.report`).
//
// Each step is a plain synchronous function (module per concern under `middleware/`) that reads the
// request and writes into one plain-object header collector (`RequestState.headers`); the answer is a
// `PipelineResponse` (a srvx FastResponse) built from that object, which the Node listener hands to
// `writeHead` as it is. No h3 middleware layer and no web `Headers` are involved: on this hot path each
// h3 `use()` layer and each `Headers` object (h3 merges `event.res.headers` into a new one per
// response) cost more than the rest of the request (docs/api-decisions.md, "Request pipeline"). So the
// steps must never touch `event.res`.
//
// Only a rate-limit store that answers with a promise (a shared store) makes the pipeline asynchronous,
// and only routes that compute a body asynchronously (search, status) on a cache miss.
//
// Two ways in: `handle` wraps each route h3 routes to; `answerStoredRequest` answers, before h3, a
// request whose target is a stored answer's path (stored-lane.ts), with the same steps in the same
// order (no preflight and no dot segments there: it takes only GET and HEAD, and a stored path has none).
// The steps read plain header values, so either way feeds them.

import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { EventHandler, H3Event } from 'h3';
import type { DataSet } from './artefacts/types.ts';
import type { AppConfig, Reply, RequestState, ResponseHeaders } from './context.ts';
import { answerPreflight, setCorsHeaders } from './middleware/cors.ts';
import { rejectDotSegments } from './middleware/dot-segments.ts';
import { DATA_CACHE_CONTROL } from './middleware/cache-control.ts';
import { chooseStoredCoding, type StoredCoding } from './middleware/content-encoding.ts';
import { answerError, type FailedRequestLine } from './middleware/error-boundary.ts';
import { echoIdempotencyKey } from './middleware/idempotency-key.ts';
import { createRateLimit, getClientAddress, getNodeClientAddress, isCountedAlready } from './middleware/rate-limit.ts';
import { setRequestId } from './middleware/request-id.ts';
import { getRequestHeader, readNodeHeader } from './internal/request-header.ts';
import { PipelineResponse } from './pipeline-response.ts';
import { createStoredRequestFinder, type StoredRequest } from './stored-lane.ts';
import { answerStoredBody } from './stored-response.ts';

/** A route (or the 404/405 answer) as the pipeline calls it, after every step has passed. */
export type PipelineHandler = (event: H3Event, state: RequestState) => Reply | Promise<Reply>;

export interface Pipeline {
  /**
   * The h3 handler that runs the steps, then `handler`, and answers. With `counted: false` (/health)
   * the rate limit does not count the request: it reports the counters as they stand, as for a preflight.
   */
  handle(handler: PipelineHandler, options?: { readonly counted?: boolean }): EventHandler;
  /** The Error answer for a failure h3 reports outside the pipeline (its `onError` hook). */
  answerUnexpected(event: H3Event, error: unknown): PipelineResponse;
  /** The answer to a request through node:http that names a stored answer, or undefined: h3 answers it. */
  readonly answerStoredRequest: StoredLane;
}

/** See `Pipeline.answerStoredRequest` and stored-lane.ts. */
export type StoredLane = (req: IncomingMessage) => PipelineResponse | Promise<PipelineResponse> | undefined;

export function createPipeline(config: AppConfig): Pipeline {
  const rateLimit = createRateLimit({
    limit: config.rateLimit.limit,
    windowMs: config.rateLimit.windowMs,
    store: config.rateLimitStore,
    now: config.now,
  });
  const findStoredRequest = createStoredRequestFinder();

  function fail(line: FailedRequestLine, error: unknown, requestId: string, dataSet: DataSet | undefined, headers: ResponseHeaders): PipelineResponse {
    return send(line.method, answerError(line, error, { requestId, dataSet, headers }, config), headers);
  }

  function run(event: H3Event, handler: PipelineHandler, counted: boolean): PipelineResponse | Promise<PipelineResponse> {
    const headers: ResponseHeaders = {};
    const requestId = beginHeaders(getRequestHeader(event, 'x-request-id'), getRequestHeader(event, 'idempotency-key'), headers);
    const method = event.req.method;
    let dataSet: DataSet | undefined;
    try {
      dataSet = config.getDataSet();
      const state: RequestState = { requestId, dataSet, headers };
      if (method === 'OPTIONS') return preflight(event, state);
      const client = getClientAddress(event, config.trustProxy);
      const counting = isCountedAlready(event.req) ? undefined : counted ? rateLimit.count(client, headers) : rateLimit.report(client, headers);
      const reply = counting === undefined ? respond(event, state, handler) : counting.then(() => respond(event, state, handler));
      if (!(reply instanceof Promise)) return send(method, reply, headers);
      return reply.then(
        (resolved) => send(method, resolved, headers),
        (error: unknown) => fail(lineOf(event), error, requestId, state.dataSet, headers),
      );
    } catch (error) {
      return fail(lineOf(event), error, requestId, dataSet, headers);
    }
  }

  /** A preflight: 204 with the CORS headers and the rate-limit counters as they stand, not counted. */
  function preflight(event: H3Event, state: RequestState): PipelineResponse | Promise<PipelineResponse> {
    const reply = answerPreflight(event, state);
    const reporting = rateLimit.report(getClientAddress(event, config.trustProxy), state.headers);
    return reporting === undefined ? send('OPTIONS', reply, state.headers) : reporting.then(() => send('OPTIONS', reply, state.headers));
  }

  /** The stored lane: the steps, then the stored answer (`cachedRouteHandler` would answer the same). */
  function answerStoredRequest(req: IncomingMessage): PipelineResponse | Promise<PipelineResponse> | undefined {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    let dataSet: DataSet;
    let stored: StoredRequest | undefined;
    const raw = req.headers;
    const coding = chooseStoredCoding(readNodeHeader(raw, 'accept-encoding'));
    try {
      dataSet = config.getDataSet();
      stored = findStoredRequest(dataSet, req.url ?? '', coding);
    } catch {
      return undefined; // nothing counted yet: h3's path answers, and its error boundary answers a failure
    }
    if (stored === undefined) return undefined;
    const headers: ResponseHeaders = {};
    const requestId = beginHeaders(readNodeHeader(raw, 'x-request-id'), readNodeHeader(raw, 'idempotency-key'), headers);
    try {
      const counting = rateLimit.count(getNodeClientAddress(req, config.trustProxy), headers);
      if (counting === undefined) return send(method, answerStoredRequestBody(req, stored, coding, headers), headers);
      return counting
        .then(() => send(method, answerStoredRequestBody(req, stored, coding, headers), headers))
        .then(undefined, (error: unknown) => fail(lineOfNode(req), error, requestId, dataSet, headers));
    } catch (error) {
      return fail(lineOfNode(req), error, requestId, dataSet, headers);
    }
  }

  return {
    handle(handler, options) {
      const counted = options?.counted ?? true;
      return function pipelineHandler(event) {
        return run(event, handler, counted);
      };
    },
    answerUnexpected(event, error) {
      const headers: ResponseHeaders = {};
      const requestId = beginHeaders(getRequestHeader(event, 'x-request-id'), getRequestHeader(event, 'idempotency-key'), headers);
      let dataSet: DataSet | undefined;
      try {
        dataSet = config.getDataSet();
      } catch {
        dataSet = undefined;
      }
      return fail(lineOf(event), error, requestId, dataSet, headers);
    },
    answerStoredRequest,
  };
}

/**
 * The steps that cannot fail, so that every answer, an error too, has them; returns the request id.
 * Takes the request's `X-Request-Id` and `Idempotency-Key` (null when absent).
 */
function beginHeaders(requestIdHeader: string | null, idempotencyKey: string | null, headers: ResponseHeaders): string {
  const requestId = setRequestId(requestIdHeader, headers);
  echoIdempotencyKey(idempotencyKey, headers);
  setCorsHeaders(headers);
  return requestId;
}

function lineOf(event: H3Event): FailedRequestLine {
  return { method: event.req.method, url: event.url };
}

/** The same for a request the stored lane took (a GET or HEAD whose target is a path). */
function lineOfNode(req: IncomingMessage): FailedRequestLine {
  return { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://localhost') };
}

function respond(event: H3Event, state: RequestState, handler: PipelineHandler): Reply | Promise<Reply> {
  rejectDotSegments(event);
  return handler(event, state);
}

/** What the data route's handler does with a stored answer (route-handler.ts), for the lane. */
function answerStoredRequestBody(req: IncomingMessage, stored: StoredRequest, coding: StoredCoding, headers: ResponseHeaders): Reply {
  headers['cache-control'] = DATA_CACHE_CONTROL;
  return answerStoredBody(readNodeHeader(req.headers, 'if-none-match'), headers, stored.store, stored.record, coding, stored.body);
}

/**
 * The answer: the standard reason phrase (`200 OK`; srvx would send an empty one), `Content-Length`
 * for every body, and for HEAD the headers of GET without the body.
 */
function send(method: string, reply: Reply, headers: ResponseHeaders): PipelineResponse {
  const status = reply.status;
  let body = reply.body;
  if (body !== null) {
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    if (method === 'HEAD') body = null;
  }
  return new PipelineResponse({ status, statusText: STATUS_CODES[status] ?? '', headers, body });
}
