// Adapts a route definition to a route handler (the engine calls it once the route table matched:
// http/engine.ts): the stored answers, the response cache, the ETag, 304, Cache-Control, and the body string.
//
// The hot path of a data route is: canonical key → the data set's stored answers (the response artefact,
// rendered by `skg build` with `computeResponse` below, so byte-equal to what the route computes) → the
// response cache → the route. Most requests with a stored answer never get here: the engine answers a
// target that is exactly a stored answer's key before routing (stored-lane.ts), the same way; this
// handler answers the rest (a target in another spelling, e.g. a query parameter no route reads). The
// engine answers it with the headers its steps collected, no web `Headers` built.

import { getQuery } from 'h3';
import { ApiError } from '@skg/core';
import { isDataSetChanged } from '../../artefacts/integrity.ts';
import type { AppConfig, Reply, RequestState, ResponseHeaders, RouteHandler, RouteParams } from '../../context.ts';
import type { RequestHead } from '../request.ts';
import { createMediaRouteHandler } from './media-route-handler.ts';
import { createWriteRouteHandler } from './write-route-handler.ts';
import { DATA_CACHE_CONTROL } from '../steps/cache-control.ts';
import { answerWithEtag, createEtag, createWeakEtag, formatCanonicalRequest, type QueryName } from '../steps/etag.ts';
import { getResponseFormat } from '../../openapi/response-format.ts';
import { type CachedResponse, cachedWeight, codedBody, COMPRESS_MIN_BYTES, encodeBody } from './response-cache.ts';
import { chooseStoredCoding } from '../steps/content-encoding.ts';
import type { RouteContext, RouteDefinition } from '../../routes/define.ts';
import { answerStored, createStoredContract, findStoredRecord } from './stored-response.ts';

function decodeParams(raw: RouteParams): Record<string, string> {
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

/** The route's context; `event` is made only for a route that reads it (a Node request has none until then). */
export function createContext(head: RequestHead, state: RequestState, params: RouteParams, config: AppConfig): RouteContext {
  return {
    dataSet: state.dataSet,
    params: decodeParams(params),
    query: getQuery(head.event()),
    app: config,
    get event() {
      return head.event();
    },
    requestId: state.requestId,
  };
}

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

/** The query parameters a route reads: the only ones its canonical request (cache key, ETag) keeps. */
export function getQueryNames(route: RouteDefinition): QueryName[] {
  return route.parameters
    .filter((p) => p.kind === 'integer' || p.in === 'query')
    .map((p) => (p.kind === 'string' && p.canonical ? { name: p.name, canonical: p.canonical } : { name: p.name }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The body of a `cache: 'data'` route for a canonical request, serialised, with its ETag: what the
 * route handler answers and caches, and what the build's render step stores in the response artefact.
 */
export function computeResponse(
  route: RouteDefinition,
  context: RouteContext,
  canonical: string,
  format: string = getResponseFormat(route),
): CachedResponse | Promise<CachedResponse> {
  const perProcess = route.perProcess === true;
  const tag = (value: unknown): CachedResponse => ({ body: encodeBody(JSON.stringify(value)), etag: createEtag(context.dataSet, canonical, format, perProcess) });
  const body = route.handle(context);
  return isPromise(body) ? body.then(tag) : tag(body);
}

export function createRouteHandler(route: RouteDefinition, config: AppConfig): RouteHandler {
  const queryNames = getQueryNames(route);

  if (route.media) return createMediaRouteHandler(route, config);
  if (route.method === 'POST' || route.method === 'DELETE') return createWriteRouteHandler(route, config);

  if (route.cache === 'live') {
    return function liveRouteHandler(head, state, params) {
      state.headers['cache-control'] = 'no-store';
      const body = route.handle(createContext(head, state, params, config));
      const answer = (value: unknown): Reply => {
        const text = JSON.stringify(value);
        const reply = answerWithEtag(head.header('if-none-match'), state.headers, { body: text, etag: createWeakEtag(state.dataSet, text) });
        return route.bodyStatus?.when(value) && reply.status === 200 ? { status: route.bodyStatus.status, body: reply.body } : reply;
      };
      return isPromise(body) ? body.then(answer) : answer(body);
    };
  }

  // The ETag follows the route's contract: a changed body schema changes its tags (response-format.ts),
  // and stored answers rendered under another contract are left unused (stored-response.ts).
  const contract = createStoredContract(route);
  return function cachedRouteHandler(head, state, params) {
    const { dataSet, headers } = state;
    const canonical = formatCanonicalRequest('GET', head.url(), queryNames);
    headers['cache-control'] = DATA_CACHE_CONTROL;
    const stored = findStoredRecord(dataSet, canonical, contract);
    if (stored !== undefined) {
      const conditions = { ifNoneMatch: head.header('if-none-match'), acceptEncoding: head.header('accept-encoding') };
      const reply = answerStored(conditions, headers, stored.store, stored.record, canonical);
      if (reply !== undefined) return reply;
    }
    const cache = config.responseCaches.forDataSet(dataSet);
    // Once an artefact was found changed, an answer cached before may hold its bytes (integrity.ts).
    const hit = isDataSetChanged(dataSet) ? undefined : cache.get(canonical);
    if (hit !== undefined) return answerCoded(head, headers, hit);
    const keep = (response: CachedResponse): Reply => {
      cache.set(canonical, response, cachedWeight(response));
      return answerCoded(head, headers, response);
    };
    const response = computeResponse(route, createContext(head, state, params, config), canonical, contract.format);
    return isPromise(response) ? response.then(keep) : keep(response);
  };
}

/**
 * A computed answer as `answerWithEtag` gives it; from COMPRESS_MIN_BYTES on, in the coding the client
 * takes (br, else gzip, else as it is), compressed once per cached answer, with `Vary: Accept-Encoding`
 * (304 too) and the same ETag, as a stored answer.
 */
function answerCoded(head: RequestHead, headers: ResponseHeaders, response: CachedResponse): Reply {
  const ifNoneMatch = head.header('if-none-match');
  if (response.body.byteLength < COMPRESS_MIN_BYTES) return answerWithEtag(ifNoneMatch, headers, response);
  headers['vary'] = 'Accept-Encoding';
  const reply = answerWithEtag(ifNoneMatch, headers, response);
  if (reply.status !== 200) return reply;
  const coding = chooseStoredCoding(head.header('accept-encoding'));
  if (coding === 'identity') return reply;
  headers['content-encoding'] = coding;
  return { status: 200, body: codedBody(response, coding) };
}
