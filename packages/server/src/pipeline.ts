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

import { STATUS_CODES } from 'node:http';
import type { EventHandler, H3Event } from 'h3';
import type { DataSet } from './artefacts/types.ts';
import type { AppConfig, Reply, RequestState, ResponseHeaders } from './context.ts';
import { answerPreflight, setCorsHeaders } from './middleware/cors.ts';
import { rejectDotSegments } from './middleware/dot-segments.ts';
import { answerError } from './middleware/error-boundary.ts';
import { echoIdempotencyKey } from './middleware/idempotency-key.ts';
import { createRateLimit } from './middleware/rate-limit.ts';
import { setRequestId } from './middleware/request-id.ts';
import { PipelineResponse } from './pipeline-response.ts';

/** A route (or the 404/405 answer) as the pipeline calls it, after every step has passed. */
export type PipelineHandler = (event: H3Event, state: RequestState) => Reply | Promise<Reply>;

export interface Pipeline {
  /** The h3 handler that runs the steps, then `handler`, and answers. */
  handle(handler: PipelineHandler): EventHandler;
  /** The Error answer for a failure h3 reports outside the pipeline (its `onError` hook). */
  answerUnexpected(event: H3Event, error: unknown): PipelineResponse;
}

export function createPipeline(config: AppConfig): Pipeline {
  const rateLimit = createRateLimit({
    limit: config.rateLimit.limit,
    windowMs: config.rateLimit.windowMs,
    store: config.rateLimitStore,
    trustProxy: config.trustProxy,
    now: config.now,
  });

  function fail(event: H3Event, error: unknown, requestId: string, dataSet: DataSet | undefined, headers: ResponseHeaders): PipelineResponse {
    return send(event, answerError(event, error, { requestId, dataSet, headers }, config), headers);
  }

  function run(event: H3Event, handler: PipelineHandler): PipelineResponse | Promise<PipelineResponse> {
    const headers: ResponseHeaders = {};
    const requestId = beginHeaders(event, headers);
    let dataSet: DataSet | undefined;
    try {
      dataSet = config.getDataSet();
      const state: RequestState = { requestId, dataSet, headers };
      if (event.req.method === 'OPTIONS') return preflight(event, state);
      const counting = rateLimit.count(event, headers);
      const reply = counting === undefined ? respond(event, state, handler) : counting.then(() => respond(event, state, handler));
      if (!(reply instanceof Promise)) return send(event, reply, headers);
      return reply.then(
        (resolved) => send(event, resolved, headers),
        (error: unknown) => fail(event, error, requestId, state.dataSet, headers),
      );
    } catch (error) {
      return fail(event, error, requestId, dataSet, headers);
    }
  }

  /** A preflight: 204 with the CORS headers and the rate-limit counters as they stand, not counted. */
  function preflight(event: H3Event, state: RequestState): PipelineResponse | Promise<PipelineResponse> {
    const reply = answerPreflight(event, state);
    const reporting = rateLimit.report(event, state.headers);
    return reporting === undefined ? send(event, reply, state.headers) : reporting.then(() => send(event, reply, state.headers));
  }

  return {
    handle(handler) {
      return function pipelineHandler(event) {
        return run(event, handler);
      };
    },
    answerUnexpected(event, error) {
      const headers: ResponseHeaders = {};
      const requestId = beginHeaders(event, headers);
      let dataSet: DataSet | undefined;
      try {
        dataSet = config.getDataSet();
      } catch {
        dataSet = undefined;
      }
      return fail(event, error, requestId, dataSet, headers);
    },
  };
}

/** The steps that cannot fail, so that every answer, an error too, has them; returns the request id. */
function beginHeaders(event: H3Event, headers: ResponseHeaders): string {
  const requestId = setRequestId(event, headers);
  echoIdempotencyKey(event, headers);
  setCorsHeaders(headers);
  return requestId;
}

function respond(event: H3Event, state: RequestState, handler: PipelineHandler): Reply | Promise<Reply> {
  rejectDotSegments(event);
  return handler(event, state);
}

/**
 * The answer: the standard reason phrase (`200 OK`; srvx would send an empty one), `Content-Length`
 * for every body, and for HEAD the headers of GET without the body.
 */
function send(event: H3Event, reply: Reply, headers: ResponseHeaders): PipelineResponse {
  const status = reply.status;
  let body = reply.body;
  if (body !== null) {
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    if (event.req.method === 'HEAD') body = null;
  }
  return new PipelineResponse({ status, statusText: STATUS_CODES[status] ?? '', headers, body });
}
