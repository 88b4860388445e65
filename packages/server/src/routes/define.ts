// What a route module declares: its path, its OpenAPI operation, its parameters and its handler.

import type { H3Event } from 'h3';
import type { DataSet } from '../artefacts/types.ts';
import type { AppConfig } from '../context.ts';
import type { Describes, TSchema } from '../openapi/schemas/index.ts';
import type { ParameterSpec, Query } from '../params.ts';

export interface RouteContext {
  /** The data set the request started on. */
  readonly dataSet: DataSet;
  /** Path parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: Query;
  readonly app: AppConfig;
  /** The request, for what the fields above do not carry (a write route's body and Authorization). */
  readonly event: H3Event;
  /** This request's id (`X-Request-Id`), for a route that answers on behalf of other requests (/mcp). */
  readonly requestId: string;
}

/** What every route declares, whatever it answers; `defineRoute` checks `handle` against `responseSchema`. */
export interface RouteDefinition {
  /** OpenAPI-style path relative to `/api/v1`: `/passage/{osis}`; `/` is the service index. */
  readonly path: string;
  /** Extra absolute paths answering the same, e.g. the root `/openapi.json`. */
  readonly aliases?: readonly string[];
  /**
   * The method the route answers; default GET (HEAD with it). One path may carry one route per method.
   * A POST or DELETE route's `handle` returns a `WriteReply`, answered uncached (write-route-handler.ts).
   */
  readonly method?: RouteMethod;
  /** A POST or DELETE route's success statuses and what each means; default `{200: 'Success'}`. 204 has no body. */
  readonly successStatuses?: Readonly<Record<number, string>>;
  /** A POST route's JSON request body: a schema declared with `component()` (openapi/schemas). */
  readonly requestBody?: { readonly schema: TSchema; readonly description: string };
  /** `webhook-secret`: the route needs `Authorization: Bearer <secret>` of the webhook subscription. */
  readonly security?: 'webhook-secret';
  readonly operationId: string;
  /** One line: the service index lists it, the OpenAPI operation uses it as `summary`. */
  readonly summary: string;
  readonly description?: string;
  readonly parameters: readonly ParameterSpec[];
  /**
   * The success body's schema (openapi/schemas): the OpenAPI document publishes it, the ETag follows it
   * (openapi/response-format.ts), and `defineRoute` holds `handle`'s return type to it.
   */
  readonly responseSchema: TSchema;
  /**
   * The media types of the 200 body when it is not JSON (the API reference page and its files): `handle`
   * then returns a `MediaBody`, answered as it is with its own ETag, and not kept in the response cache.
   */
  readonly media?: readonly string[];
  /**
   * With `media`: further headers of the success answer the OpenAPI document lists, by their names in
   * its `components.headers` (a download's `Vary`, `Content-Encoding` and `Content-Disposition`).
   */
  readonly successHeaders?: readonly string[];
  /** Error statuses the route itself can answer, besides 405, 429 and 500 which every route can. */
  readonly errorStatuses: readonly number[];
  /**
   * `data`: the body depends only on the data set and the canonical request, so it is cached and its
   * ETag derived from both. `live`: computed on every request (e.g. /status).
   */
  readonly cache: 'data' | 'live';
  /**
   * False for a route the rate limit does not count (/health: a load balancer's probes must not spend a
   * client's budget); it carries the counters as they stand. Default true.
   */
  readonly rateLimited?: boolean;
  /**
   * With `cache: 'data'`: the body also carries this process's own times (`DataSet.loadedAt`, e.g. the
   * index-build time of /stats and /changelog), so its ETag derives from them as well. Another process,
   * or a restart, on the same data then gives another tag, and never a 304 for a body with another time.
   */
  readonly perProcess?: boolean;
  /**
   * With `cache: 'live'`: another success-shaped status the route answers when its body says so, with
   * the same body schema (`/status` answers 503 while `degraded`, for a load balancer that reads only
   * the status). The OpenAPI document lists it with `description`.
   */
  readonly bodyStatus?: { readonly status: number; readonly description: string; when(body: unknown): boolean };
  handle(context: RouteContext): unknown;
}

type MaybePromise<T> = T | Promise<T>;

/** A GET route answering JSON: `handle` returns the body, typed by the schema. */
export interface ReadRoute<B> extends Omit<RouteDefinition, 'method' | 'media' | 'handle' | 'responseSchema'> {
  readonly method?: 'GET';
  readonly media?: undefined;
  readonly responseSchema: TSchema & Describes<B>;
  handle(context: RouteContext): MaybePromise<B>;
}

/** A GET route answering other media (the reference page): `handle` returns the bytes. */
export interface MediaRoute extends Omit<RouteDefinition, 'method' | 'media' | 'handle'> {
  readonly method?: 'GET';
  readonly media: readonly string[];
  handle(context: RouteContext): MaybePromise<MediaBody>;
}

/** A POST or DELETE route: `handle` returns the status and the body, typed by the schema (null for 204). */
export interface WriteRoute<B> extends Omit<RouteDefinition, 'method' | 'media' | 'handle' | 'responseSchema'> {
  readonly method: 'POST' | 'DELETE';
  readonly media?: undefined;
  readonly responseSchema: TSchema & Describes<B>;
  handle(context: RouteContext): MaybePromise<WriteReply<B | null>>;
}

/** A 200 body that is not JSON, as the `handle` of a route with `media` returns it. */
export interface MediaBody {
  /** The Content-Type header, e.g. `text/html; charset=utf-8`. */
  readonly contentType: string;
  readonly body: Uint8Array;
  /** A strong validator of these bytes. */
  readonly etag: string;
  readonly cacheControl: string;
  /** Further response headers, lower-case names (e.g. `content-security-policy`). */
  readonly headers?: Readonly<Record<string, string>>;
}

export type RouteMethod = 'GET' | 'POST' | 'DELETE';

/** What the `handle` of a POST or DELETE route returns: the status, the JSON body (null for 204), extra headers. */
export interface WriteReply<T = unknown> {
  readonly status: number;
  readonly body: T;
  /** Lower-case names, e.g. `location`. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Declares a GET route answering JSON: its `handle` must return what its `responseSchema` describes. */
export function defineRoute<B>(route: ReadRoute<B>): RouteDefinition {
  return route;
}

/** Declares a GET route answering other media (`media`): its `handle` returns the bytes. */
export function defineMediaRoute(route: MediaRoute): RouteDefinition {
  return route;
}

/** Declares a POST or DELETE route: its `handle` returns the status and a body its `responseSchema` describes. */
export function defineWriteRoute<B>(route: WriteRoute<B>): RouteDefinition {
  return route;
}

/**
 * `/passage/{osis}` → `/api/v1/passage/:osis`. A parameter named `path` is a document path of one or
 * more segments (`people/isaac`, `bible/john/3`): it becomes a catch-all (`**:path`) so raw slashes
 * reach the route as well as percent-encoded ones.
 */
export function toRouterPath(path: string): string {
  const prefixed = path === '/' ? API_BASE : `${API_BASE}${path}`;
  return prefixed.replace(/\{([^}]+)\}/g, (_, name: string) => (name === 'path' ? '**:path' : `:${name}`));
}

export const API_BASE = '/api/v1';
