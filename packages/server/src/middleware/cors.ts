// CORS: `Access-Control-Allow-Origin: *` on every response, and OPTIONS answered 204 as a preflight.
//
// `corsHeaders` runs first so even a 429 or 500 is readable from a browser; `preflight` runs after the
// rate limit (a preflight is a request like any other) and answers any OPTIONS without reaching a route.

import { HTTPResponse, type Middleware } from 'h3';
import { getRequestState } from '../context.ts';
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

export const corsHeaders: Middleware = function corsHeadersMiddleware(event, next) {
  const headers = event.res.headers;
  headers.set('access-control-allow-origin', '*');
  headers.set('access-control-expose-headers', CORS_EXPOSE_HEADERS);
  return next();
};

export const preflight: Middleware = function preflightMiddleware(event, next) {
  if (event.req.method !== 'OPTIONS') return next();
  const headers = event.res.headers;
  headers.set('access-control-allow-methods', CORS_ALLOW_METHODS);
  headers.set('access-control-allow-headers', CORS_ALLOW_HEADERS);
  headers.set('access-control-max-age', CORS_MAX_AGE);
  headers.set('allow', CORS_ALLOW_METHODS);
  headers.set('etag', createWeakEtag(getRequestState(event).dataSet, formatCanonicalRequest('OPTIONS', event.url)));
  return new HTTPResponse(null, { status: 204 });
};
