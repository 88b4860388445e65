// Adapts a route definition to a pipeline handler: the response cache, the ETag, 304, and the body string.
//
// The hot path (a cached body) is: canonical key → cache lookup → two headers → the cached bytes.
// The pipeline (pipeline.ts) answers it with the headers its steps collected, no web `Headers` built.

import type { H3Event } from 'h3';
import { getQuery } from 'h3';
import { ApiError } from '@skg/core';
import type { AppConfig, Reply, RequestState } from './context.ts';
import { createMediaRouteHandler } from './media-route-handler.ts';
import { createWriteRouteHandler } from './write-route-handler.ts';
import { answerWithEtag, createEtag, createWeakEtag, formatCanonicalRequest } from './middleware/etag.ts';
import type { PipelineHandler } from './pipeline.ts';
import { type CachedResponse, encodeBody } from './response-cache.ts';
import type { RouteContext, RouteDefinition } from './routes/define.ts';

function decodeParams(event: H3Event): Record<string, string> {
  const raw = event.context.params ?? {};
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw new ApiError('invalid_parameter', `the ${name} path segment is not valid percent-encoding`, { param: name });
    }
  }
  return params;
}

function createContext(event: H3Event, state: RequestState, config: AppConfig): RouteContext {
  return { dataSet: state.dataSet, params: decodeParams(event), query: getQuery(event), app: config, event, requestId: state.requestId };
}

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

export function createRouteHandler(route: RouteDefinition, config: AppConfig): PipelineHandler {
  const perProcess = route.perProcess === true;
  const queryNames = route.parameters.filter((p) => p.kind === 'integer' || p.in === 'query').map((p) => p.name).sort();

  if (route.media) return createMediaRouteHandler(route, (event, state) => createContext(event, state, config));
  if (route.method === 'POST' || route.method === 'DELETE') {
    return createWriteRouteHandler(route, (event, state) => createContext(event, state, config));
  }

  if (route.cache === 'live') {
    return function liveRouteHandler(event, state) {
      state.headers['cache-control'] = 'no-store';
      const body = route.handle(createContext(event, state, config));
      const answer = (value: unknown): Reply => {
        const text = JSON.stringify(value);
        const reply = answerWithEtag(event, state.headers, { body: text, etag: createWeakEtag(state.dataSet, text) });
        return route.bodyStatus?.when(value) && reply.status === 200 ? { status: route.bodyStatus.status, body: reply.body } : reply;
      };
      return isPromise(body) ? body.then(answer) : answer(body);
    };
  }

  return function cachedRouteHandler(event, state) {
    const { dataSet } = state;
    const canonical = formatCanonicalRequest('GET', event.url, queryNames);
    const cache = config.responseCaches.forDataSet(dataSet);
    const hit = cache.get(canonical);
    if (hit !== undefined) return answerWithEtag(event, state.headers, hit);
    const store = (value: unknown): CachedResponse => {
      const response = { body: encodeBody(JSON.stringify(value)), etag: createEtag(dataSet, canonical, perProcess) };
      cache.set(canonical, response, response.body.byteLength);
      return response;
    };
    const body = route.handle(createContext(event, state, config));
    return isPromise(body)
      ? body.then((value) => answerWithEtag(event, state.headers, store(value)))
      : answerWithEtag(event, state.headers, store(body));
  };
}
