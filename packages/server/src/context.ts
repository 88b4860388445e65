// Per-request state the engine's steps and the routes share, and the resolved app configuration.

import type { DataSet } from './artefacts/types.ts';
import type { RequestHead } from './http/request.ts';
import type { ServiceEvents } from './events.ts';
import type { RateLimitStore } from './rate-limit/store.ts';
import type { ResponseCaches } from './http/handlers/response-cache.ts';
import type { StatusMonitor } from './status/monitor.ts';
import type { Webhooks } from './webhooks/service.ts';
import type { RouteDefinition } from './routes/define.ts';

/**
 * The response headers of one request, collected by the pipeline steps: lower-case names, one value
 * each (a later step overwrites). It is a plain object on purpose: srvx writes it to the socket as it
 * is, where a web `Headers` would cost more than everything else on the hot path (docs/api-decisions.md,
 * "Request pipeline").
 */
export type ResponseHeaders = Record<string, string>;

export interface RequestState {
  readonly requestId: string;
  /** The data set this request started on: a hot swap never changes it mid-request. */
  readonly dataSet: DataSet;
  /** Where every step and the route put the headers of the answer. */
  readonly headers: ResponseHeaders;
}

/** What a step or a route answers with; the headers travel in `RequestState.headers`. */
export interface Reply {
  readonly status: number;
  /**
   * The serialised JSON body: a string, or UTF-8 bytes encoded once (cached bodies); null for 204 and
   * 304. HEAD drops the body in the engine.
   */
  readonly body: string | Uint8Array | null;
}

/** Path parameters as the route table matched them, still percent-encoded. */
export type RouteParams = Readonly<Record<string, string>>;

/** A route (or the 404/405 answer) as the engine calls it, after every step has passed (http/engine.ts). */
export type RouteHandler = (head: RequestHead, state: RequestState, params: RouteParams) => Reply | Promise<Reply>;

/** Everything `createApp` resolved from its options, passed down to the engine and the routes. */
export interface AppConfig {
  readonly getDataSet: () => DataSet;
  readonly trustProxy: boolean;
  readonly rateLimit: { readonly limit: number; readonly windowMs: number };
  readonly rateLimitStore: RateLimitStore;
  readonly now: () => number;
  /** A number in [0, 1): what /random draws with. */
  readonly random: () => number;
  readonly responseCaches: ResponseCaches;
  readonly statusMonitor: StatusMonitor;
  readonly logError: (message: string, error: unknown) => void;
  /** The service event bus: a hot swap emits `data.updated`, the status monitor `status.degraded`. */
  readonly events: ServiceEvents;
  /** Change-notification webhooks: registration, delivery, the subscription store. */
  readonly webhooks: Webhooks;
  /** The route table, for the service index and the OpenAPI document. */
  readonly routes: readonly RouteDefinition[];
}
