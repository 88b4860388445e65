// GET / (the service index): what the service offers and the rules every call follows.

import { COLLECTIONS, ERROR_CODES, LICENCE, RETRYABLE_CODES } from '@skg/core';
import { ERROR_DOCS } from '../errors.ts';
import { API_VERSION } from '../version.ts';
import { listAssistantToolRoutes } from './assistant-tools.ts';
import { API_BASE, defineRoute, type RouteDefinition } from './define.ts';
import { ServiceIndex } from '../openapi/schemas/index.ts';

/** The assistant tools: name (= operationId), method, path relative to /api/v1, summary. */
function listAssistantTools(routes: readonly RouteDefinition[]) {
  return listAssistantToolRoutes(routes).map((route) => ({ name: route.operationId, method: 'GET' as const, path: route.path, summary: route.summary }));
}

export const serviceIndexRoute = defineRoute({
  path: '/',
  operationId: 'get_service_index',
  summary: 'This service index: endpoints, collections, errors, limits, caching, pricing and licence',
  description:
    'Start here: every endpoint with a one-line description, the collections with an example of each, where the OpenAPI document, the reference page, the status and the assistant tools are, how errors, the rate limit and caching work, and the licence.',
  parameters: [],
  responseSchema: ServiceIndex,
  errorStatuses: [],
  cache: 'data',
  handle({ app, dataSet }) {
    const examples = new Map(dataSet.graph.stats().collections.map((entry) => [entry.type, entry.example]));
    const endpoints: Record<string, string> = {};
    for (const route of app.routes) {
      const aliases = route.aliases?.length ? ` (also at ${route.aliases.join(', ')})` : '';
      // A path with several methods (/webhooks) lists each write method as `POST /webhooks`.
      const key = (route.method ?? 'GET') === 'GET' ? route.path : `${route.method} ${route.path}`;
      endpoints[key] = `${route.summary}${aliases}`;
    }
    const { limit, windowMs } = app.rateLimit;
    return {
      name: 'Scripture Graph',
      version: API_VERSION,
      description:
        'A read-only JSON API over the Bible as a knowledge graph: all 31,102 verses of the Berean Standard Bible (BSB) in ' +
        'KJV versification by reference and full-text search, and the people, places, events, epochs, themes, lexemes and ' +
        'commandments connected to them by typed relations.',
      endpoints,
      collections: [
        {
          type: 'Book',
          route: '/bible/<book_slug>',
          example: '/bible/john',
          list: `${API_BASE}/vocabulary`,
          note: 'The 66 books are listed by /vocabulary; read a book chapter by chapter with /passage/{Book.Chapter}.',
        },
        {
          type: 'Chapter',
          route: '/bible/<book_slug>/<chapter_number>',
          example: '/bible/john/3',
          list: `${API_BASE}/vocabulary`,
          note: `Fetch one with ${API_BASE}/passage/John.3; /vocabulary gives each book's chapter count.`,
        },
        ...COLLECTIONS.filter((info) => info.type !== 'Book' && info.type !== 'Chapter').map((info) => {
          const example = examples.get(info.type);
          return {
            type: info.type,
            route: `${info.route}/<slug>`,
            example: example ? `/${example}` : info.route,
            list: `${API_BASE}/list?type=${encodeURIComponent(info.type)}`,
            note: `Fetch one with ${API_BASE}/entity/{path}; ${info.description}`,
          };
        }),
      ],
      openapi: `${API_BASE}/openapi.json`,
      reference: `${API_BASE}/reference`,
      mcp: `${API_BASE}/mcp`,
      mcpNote:
        'The assistant-tool interface: a Model Context Protocol server (Streamable HTTP, stateless: POST one JSON-RPC message, ' +
        'get JSON back; no session). Its tools are `tools` below, each the GET operation of the same name in the OpenAPI ' +
        'document, with the same parameters, response schema, errors and rate limit. For a local assistant, `skg mcp` serves ' +
        'the same tools over stdio from a built dist/.',
      tools: listAssistantTools(app.routes),
      status: `${API_BASE}/status`,
      clients: [
        `MCP clients (AI assistants): connect to ${API_BASE}/mcp (Streamable HTTP), or run \`skg mcp\` (stdio) beside a built dist/`,
        'TypeScript: @scripture-graph/client (packages/client in the repository), typed from this OpenAPI document by openapi-typescript, requests by openapi-fetch',
        'Any HTTP client: every read is a plain GET returning JSON, e.g. curl <host>/api/v1/passage/John.3.16',
        'Browsers, directly: every response carries Access-Control-Allow-Origin: *',
        `OpenAPI tooling (code generators, assistant tool schemas) from ${API_BASE}/openapi.json`,
      ],
      auth: {
        required: false,
        scheme: null,
        note:
          'No key, account, tier or token exists. A client that asks for a bearer token must be set to no authentication. ' +
          'The one credential is a webhook subscription\'s own secret, returned once by POST /webhooks: it signs that ' +
          'subscription\'s deliveries and, as Authorization: Bearer <secret>, reads, tests or deletes it.',
      },
      sandbox: {
        note:
          'Reads need no sandbox: every GET is without side effects, so the live service is safe to call while developing. ' +
          'Webhook registration has one: POST /webhooks?sandbox=true validates a registration and answers the same shape, ' +
          'storing and delivering nothing.',
        webhooks: `${API_BASE}/webhooks?sandbox=true`,
      },
      errors: {
        docs: ERROR_DOCS,
        note: 'Every failure body is {error, code, requestId, param?, available?, docs}. Branch on `code`; `error` wording may change.',
        codes: ERROR_CODES,
        retryable: RETRYABLE_CODES,
      },
      rateLimit: {
        limit,
        window: windowMs === 60_000 ? '1 minute' : `${Math.round(windowMs / 1000)} seconds`,
        scope: 'per address',
        note:
          'An abuse ceiling, not a quota; no key or tier raises it. Every response carries X-RateLimit-Limit/-Remaining/-Reset ' +
          '(Reset: epoch seconds) and RateLimit-Limit/-Remaining/-Reset (Reset: seconds left) with RateLimit-Policy; ' +
          'crossing it answers 429 rate_limited with Retry-After.',
      },
      data: {
        dataVersion: dataSet.manifest.dataVersion,
        bundleGenerated: dataSet.manifest.bundleGenerated,
        note:
          'The data this server answers from now. A new build is switched to while serving; the data.updated webhook ' +
          'announces it, and every ETag changes with dataVersion.',
      },
      caching: {
        etag: true,
        note:
          'Every response carries an ETag derived from the data version and the request; send it back as If-None-Match to get ' +
          "304 with no body while the data is unchanged. /stats and /changelog show this server process's index-build time, so " +
          'their ETags also change with it (another process, or a restart).',
      },
      requestId: {
        note: 'Every response carries X-Request-Id and every error body its requestId: quote it when reporting a problem.',
      },
      pricing: {
        free: true as const,
        metered: false as const,
        minimumContract: null,
        creditCardRequired: false as const,
        publicPricing: true,
        note: 'Free, with no paid tier: there is nothing to buy. The rate limit is the only limit.',
      },
      licence: LICENCE,
    };
  },
});
