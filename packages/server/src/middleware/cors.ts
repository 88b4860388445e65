// Pipeline steps for CORS: `Access-Control-Allow-Origin: *` on every response, and any OPTIONS answered
// 204 as a preflight.
//
// `setCorsHeaders` runs before anything can fail, so even a 429 or 500 is readable from a browser;
// `answerPreflight` runs after the rate limit (a preflight is a request like any other) and answers any
// OPTIONS without reaching a route.

import type { H3Event } from 'h3';
import type { Reply, RequestState, ResponseHeaders } from '../context.ts';
import { createWeakEtag, formatCanonicalRequest } from './etag.ts';

export const CORS_ALLOW_METHODS = 'GET, HEAD, POST, DELETE, OPTIONS';
export const CORS_ALLOW_HEADERS =
  'Accept, Authorization, Content-Type, If-None-Match, Idempotency-Key, X-Request-Id, User-Agent';
export const CORS_EXPOSE_HEADERS = [
  'X-Request-Id',
  'ETag',
  'Idempotency-Key',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
].join(', ');
/** Browsers cap this (Chromium at 2 hours); it saves a preflight per request while the cache holds. */
export const CORS_MAX_AGE = '86400';

const PREFLIGHT: Reply = Object.freeze({ status: 204, body: null });

export function setCorsHeaders(headers: ResponseHeaders): void {
  headers['access-control-allow-origin'] = '*';
  headers['access-control-expose-headers'] = CORS_EXPOSE_HEADERS;
}

/** Answers an OPTIONS request (any path) as a preflight; undefined for every other method. */
export function answerPreflight(event: H3Event, state: RequestState): Reply | undefined {
  if (event.req.method !== 'OPTIONS') return undefined;
  const headers = state.headers;
  headers['access-control-allow-methods'] = CORS_ALLOW_METHODS;
  headers['access-control-allow-headers'] = CORS_ALLOW_HEADERS;
  headers['access-control-max-age'] = CORS_MAX_AGE;
  headers['allow'] = CORS_ALLOW_METHODS;
  headers['etag'] = createWeakEtag(state.dataSet, formatCanonicalRequest('OPTIONS', event.url));
  return PREFLIGHT;
}
