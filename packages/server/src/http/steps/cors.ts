// Pipeline steps for CORS: `Access-Control-Allow-Origin: *` on every response, and any OPTIONS answered
// 204 as a preflight.
//
// `setCorsHeaders` runs before anything can fail, so even a 429 or 500 is readable from a browser;
// `answerPreflight` answers any OPTIONS without reaching a route, before the rate limit and not counted
// by it (http/engine.ts): a preflight refused with 429 would lack the Allow-Methods/Allow-Headers a browser
// needs, and the browser would report a CORS failure instead of the rate limit.

import type { Reply, RequestState, ResponseHeaders } from '../../context.ts';
import { API_BASE, type RouteDefinition } from '../../routes/define.ts';
import { ROUTES } from '../../routes/index.ts';
import { createWeakEtag, formatCanonicalRequest } from './etag.ts';
import { RATE_LIMIT_HEADER_NAMES } from './rate-limit.ts';

/** Every method some route answers. */
export const CORS_ALLOW_METHODS = 'GET, HEAD, POST, DELETE, OPTIONS';
/** What a read-only path answers. */
const READ_METHODS = 'GET, HEAD, OPTIONS';
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'DELETE'];
/** `Mcp-Protocol-Version`: MCP clients send it on every request after `initialize` (POST /mcp). */
export const CORS_ALLOW_HEADERS =
  'Accept, Authorization, Content-Type, If-None-Match, Idempotency-Key, X-Request-Id, User-Agent, Mcp-Protocol-Version';
export const CORS_EXPOSE_HEADERS = [
  'X-Request-Id',
  'ETag',
  'Idempotency-Key',
  'Retry-After',
  ...RATE_LIMIT_HEADER_NAMES,
].join(', ');
/** Browsers cap this (Chromium at 2 hours); it saves a preflight per request while the cache holds. */
export const CORS_MAX_AGE = '86400';

const PREFLIGHT: Reply = Object.freeze({ status: 204, body: null });

export function setCorsHeaders(headers: ResponseHeaders): void {
  headers['access-control-allow-origin'] = '*';
  headers['access-control-expose-headers'] = CORS_EXPOSE_HEADERS;
}

/**
 * A preflight's `Access-Control-Allow-Methods` (and `Allow`) are the methods of the path asked about,
 * from the route table, the list a 405 there names: `GET, HEAD, POST, OPTIONS` for /webhooks,
 * `GET, HEAD, DELETE, OPTIONS` for /webhooks/{id}, `POST, OPTIONS` for /webhooks/{id}/test, and
 * `GET, HEAD, OPTIONS` for every read path (and any path no route matches).
 */
let writePaths: ReadonlyArray<{ readonly pattern: RegExp; readonly methods: string }> | undefined;

function getWritePaths(): NonNullable<typeof writePaths> {
  // Built on first use: modules this one is imported by import the route table too.
  if (writePaths) return writePaths;
  const byPath = new Map<string, Set<string>>();
  for (const route of ROUTES as readonly RouteDefinition[]) {
    const methods = byPath.get(route.path) ?? new Set<string>();
    const method = route.method ?? 'GET';
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    byPath.set(route.path, methods);
  }
  const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  writePaths = [...byPath]
    .filter(([, methods]) => [...methods].some((method) => method !== 'GET' && method !== 'HEAD'))
    .map(([path, methods]) => ({
      pattern: new RegExp(`^${escape(API_BASE)}${path.split(/\{[^}]+\}/).map(escape).join('[^/]+')}/?$`),
      methods: [...METHOD_ORDER.filter((method) => methods.has(method)), 'OPTIONS'].join(', '),
    }));
  return writePaths;
}

/** The methods `pathname` answers, for a preflight. */
export function getPreflightMethods(pathname: string): string {
  return getWritePaths().find((entry) => entry.pattern.test(pathname))?.methods ?? READ_METHODS;
}

/** Answers an OPTIONS request (any path) as a preflight. */
export function answerPreflight(url: URL, state: RequestState): Reply {
  const headers = state.headers;
  const methods = getPreflightMethods(url.pathname);
  headers['access-control-allow-methods'] = methods;
  headers['access-control-allow-headers'] = CORS_ALLOW_HEADERS;
  headers['access-control-max-age'] = CORS_MAX_AGE;
  headers['allow'] = methods;
  headers['etag'] = createWeakEtag(state.dataSet, formatCanonicalRequest('OPTIONS', url));
  return PREFLIGHT;
}
