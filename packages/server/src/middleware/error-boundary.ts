// The error boundary: whatever a later middleware or a route throws becomes the spec's Error body,
// keeping the headers already set (request id, CORS, rate-limit counters, and `Retry-After` carried by
// the error). `internal_error` is logged here, once, with its stack; the body never carries a stack.

import type { H3Event, Middleware } from 'h3';
import type { DataSet } from '../artefacts/types.ts';
import type { AppConfig } from '../context.ts';
import { findRequestState, setRequestState } from '../context.ts';
import { createErrorBody, toApiError } from '../errors.ts';
import { CORS_EXPOSE_HEADERS } from './cors.ts';
import { createWeakEtag, formatCanonicalRequest, JSON_CONTENT_TYPE } from './etag.ts';
import { resolveRequestId } from './request-id.ts';

type ErrorConfig = Pick<AppConfig, 'getDataSet' | 'logError'>;

export function errorBoundary(config: ErrorConfig): Middleware {
  return function errorBoundaryMiddleware(event, next) {
    try {
      const result = next();
      if (result instanceof Promise) return result.catch((error: unknown) => sendError(event, error, config));
      return result;
    } catch (error) {
      return sendError(event, error, config);
    }
  };
}

/** Writes the Error body for `error`; also used by the app's `onError` hook for failures outside the chain. */
export function sendError(event: H3Event, error: unknown, config: ErrorConfig): string {
  const state = findRequestState(event) ?? beginLateRequest(event, config);
  const apiError = toApiError(error);
  if (apiError.code === 'internal_error') {
    config.logError(`[skg] ${state.requestId} ${event.req.method} ${event.url.pathname}: unhandled error`, apiError.cause ?? error);
  }
  event.res.status = apiError.status;
  const headers = event.res.headers;
  for (const [name, value] of Object.entries(apiError.headers)) headers.set(name, value);
  headers.set('content-type', JSON_CONTENT_TYPE);
  const tagged = `${apiError.status} ${formatCanonicalRequest(event.req.method, event.url)}`;
  headers.set('etag', state.dataSet ? createWeakEtag(state.dataSet, tagged) : `W/"no-data-${apiError.status}"`);
  return JSON.stringify(createErrorBody(apiError, state.requestId));
}

/**
 * A failure before `requestId` completed (h3 itself, or `getDataSet` throwing) still gets a request id
 * and CORS headers; without a data set its ETag cannot name a data version.
 */
function beginLateRequest(event: H3Event, config: ErrorConfig): { requestId: string; dataSet?: DataSet } {
  let dataSet: DataSet | undefined;
  try {
    dataSet = config.getDataSet();
  } catch {
    dataSet = undefined;
  }
  const state = { requestId: resolveRequestId(event.req.headers.get('x-request-id')), dataSet };
  if (dataSet) setRequestState(event, { requestId: state.requestId, dataSet });
  event.res.headers.set('x-request-id', state.requestId);
  event.res.headers.set('access-control-allow-origin', '*');
  event.res.headers.set('access-control-expose-headers', CORS_EXPOSE_HEADERS);
  return state;
}
