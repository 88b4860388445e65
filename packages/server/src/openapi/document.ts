// The OpenAPI 3.1 description of what this server answers, built from the route table.

import { LICENCE } from '@skg/core';
import type { ParameterSpec } from '../params.ts';
import type { RouteDefinition } from '../routes/define.ts';
import { API_BASE } from '../routes/define.ts';
import { OPENAPI_VERSION } from '../version.ts';
import { SCHEMAS } from './schemas.ts';

const HEADERS = {
  'X-Request-Id': { description: 'Identifies this request; quote it when reporting a problem', schema: { type: 'string' } },
  ETag: { description: 'Derived from the data version and the canonical request', schema: { type: 'string' } },
  'X-RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in this window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When the window resets, epoch seconds', schema: { type: 'integer' } },
  'RateLimit-Limit': { description: 'Requests allowed per window (IETF draft spelling)', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this window (IETF draft spelling)', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets (IETF draft spelling)', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'The quota policy, e.g. `600;w=60`', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
  'Idempotency-Key': { description: 'Echo of the request header, when one was sent', schema: { type: 'string' } },
} as const;

const COMMON_HEADERS = Object.fromEntries(
  Object.keys(HEADERS)
    .filter((name) => name !== 'Retry-After')
    .map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);

function jsonResponse(description: string, schema: string, retry = false) {
  return {
    description,
    headers: retry ? { ...COMMON_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : COMMON_HEADERS,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
  };
}

const ERROR_RESPONSES: Record<number, string> = {
  400: 'missing_parameter, invalid_parameter, unknown_value or invalid_reference',
  404: 'not_found',
  405: 'The route does not answer this method (code unknown_value, `available` lists the methods)',
  429: 'rate_limited: more than the rate limit in the window',
  500: 'internal_error',
  503: 'dataset_unavailable',
};

function toParameter(spec: ParameterSpec) {
  if (spec.kind === 'integer') {
    return {
      name: spec.name,
      in: 'query',
      required: false,
      description: `${spec.description}. A value that is not a number is ignored (the default applies); values outside the range are clamped.`,
      schema: {
        type: 'integer',
        minimum: spec.minimum,
        ...(spec.maximum !== undefined ? { maximum: spec.maximum } : {}),
        default: spec.default,
      },
    };
  }
  return {
    name: spec.name,
    in: spec.in,
    required: spec.required,
    description: spec.description,
    schema: { type: 'string', ...(spec.enum ? { enum: spec.enum } : {}) },
    ...(spec.example !== undefined ? { example: spec.example } : {}),
  };
}

function toOperation(route: RouteDefinition) {
  const responses: Record<string, unknown> = {
    200: jsonResponse('Success', route.responseSchema),
    304: { description: 'Not modified: If-None-Match matched the ETag; no body', headers: COMMON_HEADERS },
  };
  for (const status of [...route.errorStatuses, 405, 429, 500].sort((a, b) => a - b)) {
    responses[status] = jsonResponse(ERROR_RESPONSES[status] ?? 'Error', 'Error', status === 429 || status === 503);
  }
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    parameters: route.parameters.map(toParameter),
    responses,
  };
}

export function createOpenApiDocument(routes: readonly RouteDefinition[]) {
  const paths: Record<string, unknown> = {};
  for (const route of routes) paths[route.path] = { get: toOperation(route) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scripture Graph API',
      version: OPENAPI_VERSION,
      description:
        'A read-only JSON API over the Bible as a knowledge graph. No authentication; CORS `*`; every response carries ' +
        'ETag, X-Request-Id and rate-limit headers. Also served at the site root as /openapi.json.',
      license: { name: 'CC BY 4.0 (data); the BSB text is public domain', identifier: 'CC-BY-4.0' },
    },
    servers: [{ url: API_BASE, description: 'This host' }],
    security: [],
    paths,
    components: { schemas: SCHEMAS, headers: HEADERS },
    // Every success body carries the licence; OpenAPI allows extra root members only as `x-` extensions.
    'x-licence': LICENCE,
  };
}
