// Adapts a route whose 200 body is not JSON (a route with `media`: the API reference page and its
// files) to a pipeline handler: the bytes the route returns, with their own Content-Type, strong ETag
// and Cache-Control, and 304 when If-None-Match matches. These bodies depend on the code, not on the
// data, so they skip the per-data-set response cache; the route keeps its own bytes.

import type { H3Event } from 'h3';
import type { Reply, RequestState } from './context.ts';
import { matchesIfNoneMatch } from './middleware/etag.ts';
import { getRequestHeader } from './internal/request-header.ts';
import type { PipelineHandler } from './pipeline.ts';
import type { MediaBody, RouteContext, RouteDefinition } from './routes/define.ts';

const NOT_MODIFIED: Reply = Object.freeze({ status: 304, body: null });

export function createMediaRouteHandler(
  route: RouteDefinition,
  createContext: (event: H3Event, state: RequestState) => RouteContext,
): PipelineHandler {
  return function mediaRouteHandler(event, state) {
    const answer = (media: MediaBody): Reply => {
      const headers = state.headers;
      headers['etag'] = media.etag;
      headers['cache-control'] = media.cacheControl;
      headers['x-content-type-options'] = 'nosniff';
      for (const [name, value] of Object.entries(media.headers ?? {})) headers[name] = value;
      const ifNoneMatch = getRequestHeader(event, 'if-none-match');
      if (ifNoneMatch !== null && matchesIfNoneMatch(ifNoneMatch, media.etag)) return NOT_MODIFIED;
      headers['content-type'] = media.contentType;
      return { status: 200, body: media.body };
    };
    const result = route.handle(createContext(event, state)) as MediaBody | Promise<MediaBody>;
    return result instanceof Promise ? result.then(answer) : answer(result);
  };
}
