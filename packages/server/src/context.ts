// Per-request state the middleware and the routes share, and the resolved app configuration.

import type { H3Event } from 'h3';
import type { DataSet } from './artefacts/types.ts';
import type { RateLimitStore } from './rate-limit-store.ts';
import type { ResponseCaches } from './response-cache.ts';
import type { StatusMonitor } from './status/monitor.ts';
import type { RouteDefinition } from './routes/define.ts';

export interface RequestState {
  readonly requestId: string;
  /** The data set this request started on: a hot swap never changes it mid-request. */
  readonly dataSet: DataSet;
}

/** Everything `createApp` resolved from its options, passed down to middleware and routes. */
export interface AppConfig {
  readonly getDataSet: () => DataSet;
  readonly trustProxy: boolean;
  readonly rateLimit: { readonly limit: number; readonly windowMs: number };
  readonly rateLimitStore: RateLimitStore;
  readonly now: () => number;
  readonly responseCaches: ResponseCaches;
  readonly statusMonitor: StatusMonitor;
  readonly logError: (message: string, error: unknown) => void;
  /** The route table, for the service index and the OpenAPI document. */
  readonly routes: readonly RouteDefinition[];
}

interface ContextWithState {
  skg?: RequestState;
}

export function setRequestState(event: H3Event, state: RequestState): void {
  (event.context as ContextWithState).skg = state;
}

/** The state `requestId` middleware attached; undefined only for failures before the middleware ran. */
export function findRequestState(event: H3Event): RequestState | undefined {
  return (event.context as ContextWithState).skg;
}

export function getRequestState(event: H3Event): RequestState {
  const state = (event.context as ContextWithState).skg;
  if (!state) throw new Error('request state is missing: the requestId middleware must run first');
  return state;
}
