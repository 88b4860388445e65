// Adapts a route definition to an h3 handler: the response cache, the ETag, 304, and the body string.
//
// The hot path (a cached body) is: canonical key → cache lookup → two headers → return the string.
// h3 answers a returned string with the headers staged on `event.res`, its fastest path.

import type { EventHandler, H3Event } from 'h3';
import { getQuery } from 'h3';
import { ApiError } from '@skg/core';
import type { AppConfig } from './context.ts';
import { getRequestState } from './context.ts';
import { createEtag, createWeakEtag, formatCanonicalRequest, sendWithEtag } from './middleware/etag.ts';
import type { CachedResponse } from './response-cache.ts';
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

function createContext(event: H3Event, config: AppConfig): RouteContext {
  return { dataSet: getRequestState(event).dataSet, params: decodeParams(event), query: getQuery(event), app: config };
}

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

export function createRouteHandler(route: RouteDefinition, config: AppConfig): EventHandler {
  const queryNames = route.parameters.filter((p) => p.kind === 'integer' || p.in === 'query').map((p) => p.name).sort();

  if (route.cache === 'live') {
    return function liveRouteHandler(event) {
      event.res.headers.set('cache-control', 'no-store');
      const body = route.handle(createContext(event, config));
      const send = (value: unknown) => {
        const text = JSON.stringify(value);
        return sendWithEtag(event, { body: text, etag: createWeakEtag(getRequestState(event).dataSet, text) });
      };
      return isPromise(body) ? body.then(send) : send(body);
    };
  }

  return function cachedRouteHandler(event) {
    const { dataSet } = getRequestState(event);
    const canonical = formatCanonicalRequest('GET', event.url, queryNames);
    const cache = config.responseCaches.forDataSet(dataSet);
    const hit = cache.get(canonical);
    if (hit !== undefined) return sendWithEtag(event, hit);
    const store = (value: unknown): CachedResponse => {
      const response = { body: JSON.stringify(value), etag: createEtag(dataSet, canonical) };
      cache.set(canonical, response, response.body.length);
      return response;
    };
    const body = route.handle(createContext(event, config));
    return isPromise(body) ? body.then((value) => sendWithEtag(event, store(value))) : sendWithEtag(event, store(body));
  };
}
