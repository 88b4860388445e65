// The OpenAPI 3.1 description of what this server answers, built from the route table.
//
// Every route gives its path, method, operationId (the assistant-tool name where it is one),
// parameters, body schema (openapi/schemas/) and its own error statuses; responses.ts adds what every
// route shares (304, 405, 429, 500 and the response headers), examples.ts the captured examples, and
// this module the request headers every route reads (If-None-Match, Idempotency-Key, X-Request-Id), the
// tags, the webhook deliveries and the document around them. test/endpoints/openapi.test.ts validates
// the result (OpenAPI 3.1, redocly, spectral), and test/conformance holds every route's answers to it.

import { maxHeaderSize } from 'node:http';
import { LICENCE } from '@skg/core';
import { DEFAULT_CONNECTION_LIMITS as LIMITS } from '../http/node/connection-limits.ts';
import type { ParameterSpec } from '../params.ts';
import type { RouteDefinition } from '../routes/define.ts';
import { API_BASE } from '../routes/define.ts';
import { OPENAPI_VERSION } from '../version.ts';
import { addExamples, exampleMembers, findRequestExample } from './examples.ts';
import { describeResponses, headerRefs, RESPONSE_HEADERS, schemaOf, SHARED_RESPONSES } from './responses.ts';
import { ErrorBody, getComponentSchemas, type TSchema, WebhookPayloadDataUpdated, WebhookPayloadStatusDegraded } from './schemas/index.ts';

type Json = Record<string, unknown>;

/** Request headers every route reads. */
const PARAMETERS: Record<string, Json> = {
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'An ETag received before: the answer is 304 with no body while it still matches',
    schema: { type: 'string' },
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'Echoed back on the response; it has no other effect (requests are not deduplicated by it)',
    schema: { type: 'string' },
  },
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description: 'Kept as the request id when it is 1–128 characters of `A–Z a–z 0–9 . _ : + = / -`; otherwise a new one is made',
    schema: { type: 'string', maxLength: 128 },
  },
};

/**
 * Answers the HTTP listener gives before a request reaches any operation (listener-answers.ts,
 * connection-limits.ts), so no operation lists them: they are described once under
 * `components.responses`, each an Error body with `X-Request-Id`, the CORS headers and
 * `Connection: close`, and named in the description. Their codes are the spec's.
 */
function describeListenerResponses(): Record<string, { status: number; description: string; headers: readonly string[] }> {
  // Built on call, not at load: connection-limits.ts reaches this module back through the error answers (a cycle).
  return {
    UnparsableRequest: {
      status: 400,
      description: 'invalid_parameter: the request is not valid HTTP/1.1 (e.g. raw non-ASCII bytes in the request line); or missing_parameter (`param: Host`): an HTTP/1.1 request without Host',
      headers: [],
    },
    RequestTimeout: {
      status: 408,
      description: `invalid_parameter: the request headers did not arrive within ${seconds(LIMITS.headersTimeoutMs)}, or the whole request within ${seconds(LIMITS.requestTimeoutMs)} (defaults); the connection is closed`,
      headers: [],
    },
    HeadersTooLarge: { status: 431, description: `invalid_parameter: the request headers are larger than ${maxHeaderSize / 1024} KiB`, headers: [] },
    TooManyConnections: {
      status: 429,
      description: `rate_limited: this address already holds the maximum of open connections (${LIMITS.maxConnectionsPerAddress} by default); answered at once on the new connection, which is closed; retry after \`Retry-After\` seconds`,
      headers: ['Retry-After'],
    },
    ServerAtCapacity: {
      status: 503,
      description: `rate_limited: the server holds its maximum of open connections (${LIMITS.maxConnections} by default); answered at once on the new connection, which is closed; retry after \`Retry-After\` seconds`,
      headers: ['Retry-After'],
    },
  };
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

function listenerResponses(): Json {
  return Object.fromEntries(
    Object.entries(describeListenerResponses()).map(([name, { status, description, headers }]) => [
      name,
      {
        description: `${status}: ${description}`,
        headers: headerRefs(['X-Request-Id', 'Access-Control-Allow-Origin', ...headers]),
        content: { 'application/json': { schema: schemaOf(ErrorBody) } },
      },
    ]),
  );
}

/** Operation groups for readers of the reference, by path prefix; anything else is `Service`. */
const TAGS: ReadonlyArray<{ readonly name: string; readonly description: string; readonly paths: readonly string[] }> = [
  {
    name: 'Scripture',
    description:
      'The text: passages and chapters, references written as people write them, full-text search, a verse at random, the interlinear, cross references and their aggregate',
    paths: ['/passage', '/references', '/scripture', '/random', '/interlinear', '/xrefs', '/connections'],
  },
  {
    name: 'Knowledge graph',
    description: 'Documents (people, places, events, themes, lexemes, …) and the connections between them',
    paths: ['/entity', '/list', '/search', '/family', '/nearby', '/graph', '/tags', '/vocabulary', '/stats'],
  },
  { name: 'Webhooks', description: 'Change notification: the only write operations', paths: ['/webhooks'] },
  { name: 'Service', description: 'The service itself: index, status, changelog, this description and its reference page', paths: [] },
];

function tagOf(path: string): string {
  const tag = TAGS.find((entry) => entry.paths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)));
  return tag?.name ?? 'Service';
}

/** Write routes that need the subscription's secret name this scheme. */
const SECURITY_SCHEMES: Record<string, Json> = {
  webhookSecret: {
    type: 'http',
    scheme: 'bearer',
    description: 'The `secret` (`whsec_…`) returned once when the webhook subscription was created; it authorises that subscription only',
  },
};

function toParameter(spec: ParameterSpec): Json {
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
    schema: spec.schema ?? { type: 'string', ...(spec.enum ? { enum: spec.enum } : {}) },
    ...(spec.example !== undefined ? { example: spec.example } : {}),
  };
}

function toOperation(route: RouteDefinition): Json {
  const read = (route.method ?? 'GET') === 'GET';
  const responses = describeResponses(route);
  addExamples(route.operationId, responses, route.bodyStatus?.status);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [tagOf(route.path)],
    parameters: [
      ...route.parameters.map(toParameter),
      ...Object.keys(PARAMETERS)
        .filter((name) => read || name !== 'IfNoneMatch')
        .map((name) => ({ $ref: `#/components/parameters/${name}` })),
    ],
    ...(route.requestBody
      ? {
          requestBody: {
            required: true,
            description: route.requestBody.description,
            content: { 'application/json': { schema: schemaOf(route.requestBody.schema), ...exampleMembers(findRequestExample(route.operationId)) } },
          },
        }
      : {}),
    ...(route.security === 'webhook-secret' ? { security: [{ webhookSecret: [] }] } : {}),
    responses,
  };
}

/** The deliveries this service POSTs to a subscription url: OpenAPI 3.1's top-level `webhooks`. */
function describeDeliveries(): Json {
  const parameters = [
    {
      name: 'X-Service-Signature',
      in: 'header',
      required: true,
      description:
        'HMAC-SHA256 of the raw body bytes keyed with the subscription secret (the whole `whsec_…` string as UTF-8), hex, prefixed `sha256=`: ' +
        'recompute over the bytes as received and compare in constant time. This is the GitHub webhook scheme, so GitHub-style verifiers ' +
        'accept it as it is (e.g. `verify(secret, rawBody, signature)` of `@octokit/webhooks-methods`). Standard Webhooks verifiers ' +
        '(`standardwebhooks`, Svix) do not: they expect `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,…` and a base64 key.',
      schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
    },
    { name: 'X-Service-Event', in: 'header', required: true, description: 'The event name, as in the body', schema: { type: 'string' } },
    { name: 'X-Service-Delivery', in: 'header', required: true, description: 'The event id (`evt_…`), as in the body', schema: { type: 'string' } },
  ];
  const delivery = (event: string, schema: TSchema, summary: string): Json => ({
    post: {
      // Requests this service makes, not operations a client calls: `receive_…`, what the receiver does.
      operationId: `receive_${event.replace('.', '_')}`,
      summary,
      description:
        'A signed POST to the subscription url (`Content-Type: application/json`, `User-Agent: ScriptureGraph-Webhooks/1`). ' +
        'POST /webhooks/{id}/test sends the same shape with `test: true`.',
      tags: ['Webhooks'],
      parameters,
      requestBody: { required: true, content: { 'application/json': { schema: schemaOf(schema) } } },
      responses: {
        '2XX': {
          description:
            'Any 2xx acknowledges the delivery. Anything else (a redirect too, which is not followed) or no complete answer within the ' +
            'deadline (10 s by default) fails the attempt: it is retried three times (by default after 1, 5 and 30 minutes; GET /webhooks ' +
            'gives this server\'s values); ten consecutive failed deliveries disable the subscription.',
        },
      },
    },
  });
  return {
    'data.updated': delivery('data.updated', WebhookPayloadDataUpdated, 'The knowledge base was re-ingested: this service now serves a new data version'),
    'status.degraded': delivery('status.degraded', WebhookPayloadStatusDegraded, 'A server process turned degraded: a live check failed or an optional dataset became unavailable'),
  };
}

function describe(rateLimit: DocumentOptions['rateLimit']): string {
  const limit = rateLimit
    ? `${rateLimit.limit} requests per ${rateLimit.windowMs === 60_000 ? 'minute' : `${Math.round(rateLimit.windowMs / 1000)} seconds`} per address`
    : 'a fixed number of requests per minute per address';
  return `A read-only JSON API over the Bible as a knowledge graph: the 31,102 verses of the Berean Standard Bible
and the people, places, events, epochs, themes, lexemes and commandments connected to them. Its only writes register
change-notification webhooks.

- Typed relations are stored once; \`/entity\` restates the other side as \`relations.inbound\`; parents come from \`/family\`.
- Cross references say *that* two passages connect, never why; they carry votes, not a relationship type.

- **No authentication**: no key, account or token. Every response carries \`Access-Control-Allow-Origin: *\`.
- **Errors** are \`{error, code, requestId, param?, available?, docs}\`; branch on \`code\` (see the Error schema).
- **Rate limit**: ${limit}, reported on every response; over it, 429 with \`Retry-After\`.
- **Statuses besides the operations' own** (Error bodies, the spec's codes; \`components.responses\`): 405 for a method a path
  does not answer (listed on every operation), 413 and 415 for a webhook registration body too large or not JSON (listed on
  those operations), and from the HTTP listener before any operation: 400 (unparsable request, or HTTP/1.1 without Host),
  408 (headers not in ${seconds(LIMITS.headersTimeoutMs)}, request not in ${seconds(LIMITS.requestTimeoutMs)}), 431 (headers over ${maxHeaderSize / 1024} KiB), 429 (more than ${LIMITS.maxConnectionsPerAddress} open connections from
  one address) and 503 (the server's ${LIMITS.maxConnections} connections in use), with this server's default limits. \`/status\` answers 503 with its own Status body while degraded.
- **Caching**: every response has an \`ETag\`; send it as \`If-None-Match\` for a 304 while the data is unchanged.
- Every GET also answers **HEAD** (same headers, no body) and **OPTIONS** (CORS preflight, 204; not counted by the rate limit).
- Numbers that do not parse are ignored (the default applies) and out-of-range numbers are clamped, except \`lat\`/\`lon\`.
- The operationIds are the names of the assistant tools the service index lists.

Served at ${API_BASE}/openapi.json and at the site root /openapi.json; a readable rendering is at ${API_BASE}/reference.`;
}

export interface DocumentOptions {
  /** The rate limit the server applies, for the description. */
  readonly rateLimit?: { readonly limit: number; readonly windowMs: number };
}

/** The document's `paths`: each route's operation under its path and method. */
export function describePaths(routes: readonly RouteDefinition[]): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [(route.method ?? 'GET').toLowerCase()]: toOperation(route) };
  }
  return paths;
}

/** The document's `components`: the same whichever routes it describes. */
export function describeComponents() {
  return {
    schemas: getComponentSchemas(),
    responses: { ...SHARED_RESPONSES, ...listenerResponses() },
    headers: RESPONSE_HEADERS,
    parameters: PARAMETERS,
    securitySchemes: SECURITY_SCHEMES,
  };
}

export function createOpenApiDocument(routes: readonly RouteDefinition[], options: DocumentOptions = {}) {
  const paths = describePaths(routes);
  const used = new Set(routes.map((route) => tagOf(route.path)));
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Scripture Graph API',
      version: OPENAPI_VERSION,
      description: describe(options.rateLimit),
      license: { name: 'CC BY 4.0 (data); the BSB text is public domain', identifier: 'CC-BY-4.0' },
      contact: { name: 'Scripture Graph: report a problem with the X-Request-Id of the answer (GET /api/v1/ lists where to start)' },
    },
    servers: [{ url: API_BASE, description: 'This host' }],
    security: [],
    tags: TAGS.filter((tag) => used.has(tag.name)).map(({ name, description }) => ({ name, description })),
    paths,
    webhooks: describeDeliveries(),
    components: describeComponents(),
    // Every success body carries the licence; OpenAPI allows extra root members only as `x-` extensions.
    'x-licence': LICENCE,
  };
}
