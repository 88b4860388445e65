// The responses of an operation: its success answer (200, or a write route's own statuses), 304, its own
// error statuses and the three every route can give (405, 429, 500). Response headers are declared once
// under `components.headers` and the shared answers once under `components.responses`; each response
// names only the headers it carries beyond what the document's description says every answer has, so the
// reference page lists a success answer's headers once, not again under every error status.

import { RATE_LIMIT_HEADER_NAMES } from '../http/steps/rate-limit.ts';
import type { RouteDefinition } from '../routes/define.ts';
import { exampleMembers, findSharedExample } from './examples.ts';
import { componentName, ErrorBody, type TSchema } from './schemas/index.ts';

type Json = Record<string, unknown>;

const header = (description: string, schema: Json, required: boolean): Json => ({ description, required, schema });

/** `components.headers`: every response header the server sends. */
export const RESPONSE_HEADERS: Record<string, Json> = {
  'X-Request-Id': header('Identifies this request; quote it when reporting a problem (also `requestId` in error bodies). On every answer.', { type: 'string' }, true),
  ETag: header(
    "Derived from the data version, the route's response format (a hash of its contract here) and the canonical request (on /stats and /changelog also from this server process's index-build time, which those bodies show); send it back as If-None-Match. On every answer.",
    { type: 'string' },
    true,
  ),
  'Access-Control-Allow-Origin': header('Every route may be called from any web page. On every answer.', { const: '*' }, true),
  'X-RateLimit-Limit': header('Requests allowed per window', { type: 'integer' }, true),
  'X-RateLimit-Remaining': header('Requests left in this window', { type: 'integer', minimum: 0 }, true),
  'X-RateLimit-Reset': header('When the window resets, Unix epoch seconds', { type: 'integer' }, true),
  'RateLimit-Limit': header('Requests allowed per window (IETF draft spelling)', { type: 'integer' }, true),
  'RateLimit-Remaining': header('Requests left in this window (IETF draft spelling)', { type: 'integer', minimum: 0 }, true),
  'RateLimit-Reset': header('Seconds until the window resets (IETF draft spelling)', { type: 'integer', minimum: 0 }, true),
  'RateLimit-Policy': header('The quota policy, e.g. `600;w=60`', { type: 'string' }, true),
  'Idempotency-Key': header('Echo of the request header, when one was sent', { type: 'string' }, false),
  'Retry-After': header('Seconds to wait before retrying', { type: 'integer', minimum: 0 }, true),
  Allow: header('The methods this path answers', { type: 'string' }, true),
  'Cache-Control': header(
    'How long a copy may be reused: `public, max-age=300, stale-while-revalidate=3600` on data answers (see the ETag), `no-store` on live and webhook answers',
    { type: 'string' },
    true,
  ),
  Vary: header('`Accept-Encoding` on answers compiled ahead of time and computed answers of 1 KiB or more, which are sent compressed to clients that accept it', { const: 'Accept-Encoding' }, false),
  'Content-Encoding': header('`br` when the request accepts brotli, else `gzip` when it accepts gzip (Accept-Encoding), on the answers Vary names it for', { enum: ['br', 'gzip'] }, false),
  Location: header('Where the created resource is read', { type: 'string' }, false),
  'Content-Disposition': header('`attachment` with a file name (`KJV.json`), on a translation\'s download', { type: 'string' }, true),
};

/** What a success answer carries: every header every answer has, in full, once per operation. */
const SUCCESS_HEADERS = ['X-Request-Id', 'ETag', 'Access-Control-Allow-Origin', ...RATE_LIMIT_HEADER_NAMES, 'Idempotency-Key'];
/** What any other answer is documented with: the ones a client reads there (the rest are as on success). */
const OTHER_HEADERS = ['X-Request-Id', 'ETag', 'Access-Control-Allow-Origin'];

export const headerRefs = (names: readonly string[]): Json =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** A named schema as a `$ref` to its component; an unnamed one inline. */
export function schemaOf(schema: TSchema): Json {
  const name = componentName(schema);
  return name === undefined ? (schema as Json) : { $ref: `#/components/schemas/${name}` };
}

function jsonResponse(description: string, schema: TSchema, headers: readonly string[]): Json {
  return { description, headers: headerRefs(headers), content: { 'application/json': { schema: schemaOf(schema) } } };
}

const ERROR_RESPONSES: Record<number, { description: string; headers: readonly string[] }> = {
  400: { description: 'missing_parameter, invalid_parameter, unknown_value or invalid_reference', headers: [] },
  404: { description: 'not_found', headers: [] },
  406: { description: 'The request does not accept the media types this operation answers with (`Accept`)', headers: [] },
  413: { description: 'invalid_parameter (`param: body`): the request body is larger than the route accepts; the connection is closed', headers: [] },
  415: { description: 'invalid_parameter: the request body is not `application/json`', headers: [] },
  503: { description: 'dataset_unavailable: an optional artefact this route needs is not built; retry after `Retry-After` seconds', headers: ['Retry-After'] },
};

/** The answers every route can give, declared once (`components.responses`) and referenced by each operation. */
const SHARED: Record<number, { name: string; description: string; headers: readonly string[] }> = {
  405: { name: 'MethodNotAllowed', description: 'The path does not answer this method: code unknown_value, `available` and `Allow` list the methods', headers: ['Allow'] },
  429: {
    name: 'RateLimited',
    description: 'rate_limited: more requests than the limit in the window; retry after `Retry-After` seconds',
    headers: ['Retry-After', ...RATE_LIMIT_HEADER_NAMES],
  },
  500: { name: 'InternalError', description: 'internal_error: quote the requestId', headers: [] },
};

/** `components.responses`. */
export const SHARED_RESPONSES: Record<string, Json> = Object.fromEntries(
  Object.entries(SHARED).map(([status, { name, description, headers }]) => {
    const response = jsonResponse(description, ErrorBody, [...OTHER_HEADERS, ...headers]);
    const content = response.content as Record<string, Json>;
    content['application/json'] = { ...content['application/json'], ...exampleMembers(findSharedExample(status)) };
    return [name, response];
  }),
);

/** What a GET success (200) carries beyond SUCCESS_HEADERS: Cache-Control, and on data routes Vary and Content-Encoding. */
function cachingHeaders(route: RouteDefinition): string[] {
  return ['Cache-Control', ...(route.cache === 'data' && !route.media ? ['Vary', 'Content-Encoding'] : [])];
}

function successResponse(route: RouteDefinition): Json {
  if (!route.media) return jsonResponse('Success', route.responseSchema, [...SUCCESS_HEADERS, ...cachingHeaders(route)]);
  const schema = schemaOf(route.responseSchema);
  return {
    description: 'Success',
    headers: headerRefs([...SUCCESS_HEADERS, 'Cache-Control', ...(route.successHeaders ?? [])]),
    content: Object.fromEntries(route.media.map((type) => [type, { schema }])),
  };
}

/** A write route's success answers (`successStatuses`, default 200); 202 and 204 have no body, 201 a Location. */
function writeResponses(route: RouteDefinition): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(route.successStatuses ?? { 200: 'Success' })) {
    responses[status] =
      status === '204' || status === '202'
        ? { description, headers: headerRefs([...SUCCESS_HEADERS, 'Cache-Control']) }
        : jsonResponse(description, route.responseSchema, [...SUCCESS_HEADERS, 'Cache-Control', ...(status === '201' ? ['Location'] : [])]);
  }
  return responses;
}

/** Every response of the route's operation, by status. */
export function describeResponses(route: RouteDefinition): Record<string, unknown> {
  const read = (route.method ?? 'GET') === 'GET';
  const responses: Record<string, unknown> = read
    ? {
        200: successResponse(route),
        304: {
          description: 'Not modified: If-None-Match matched the ETag; no body',
          headers: headerRefs([...OTHER_HEADERS, ...cachingHeaders(route).filter((name) => name !== 'Content-Encoding')]),
        },
      }
    : writeResponses(route);
  // A route answering its own body with another status under some condition (/status: 503 while degraded).
  if (route.bodyStatus) responses[route.bodyStatus.status] = jsonResponse(route.bodyStatus.description, route.responseSchema, [...SUCCESS_HEADERS, 'Cache-Control']);
  const shared = route.rateLimited === false ? [405, 500] : [405, 429, 500];
  for (const status of [...new Set([...route.errorStatuses, ...shared])].sort((a, b) => a - b)) {
    const shared = SHARED[status];
    if (shared) {
      responses[status] = { $ref: `#/components/responses/${shared.name}` };
      continue;
    }
    const error = ERROR_RESPONSES[status] ?? { description: 'Error', headers: [] };
    responses[status] = jsonResponse(error.description, ErrorBody, [...OTHER_HEADERS, ...error.headers]);
  }
  return responses;
}
