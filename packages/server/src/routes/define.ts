// What a route module declares: its path, its OpenAPI operation, its parameters and its handler.

import type { DataSet } from '../artefacts/types.ts';
import type { AppConfig } from '../context.ts';
import type { ParameterSpec, Query } from '../params.ts';

export interface RouteContext {
  /** The data set the request started on. */
  readonly dataSet: DataSet;
  /** Path parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: Query;
  readonly app: AppConfig;
}

export interface RouteDefinition {
  /** OpenAPI-style path relative to `/api/v1`: `/passage/{osis}`; `/` is the service index. */
  readonly path: string;
  /** Extra absolute paths answering the same, e.g. the root `/openapi.json`. */
  readonly aliases?: readonly string[];
  readonly operationId: string;
  /** One line: the service index lists it, the OpenAPI operation uses it as `summary`. */
  readonly summary: string;
  readonly description?: string;
  readonly parameters: readonly ParameterSpec[];
  /** Name of the 200 body schema under `components.schemas` of the OpenAPI document. */
  readonly responseSchema: string;
  /** Error statuses the route itself can answer, besides 405, 429 and 500 which every route can. */
  readonly errorStatuses: readonly number[];
  /**
   * `data`: the body depends only on the data set and the canonical request, so it is cached and its
   * ETag derived from both. `live`: computed on every request (e.g. /status).
   */
  readonly cache: 'data' | 'live';
  handle(context: RouteContext): unknown;
}

export function defineRoute(route: RouteDefinition): RouteDefinition {
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
