// Adapts a route whose 200 body is not JSON (a route with `media`: the API reference page and its
// files) to a route handler: the bytes the route returns, with their own Content-Type, strong ETag
// and Cache-Control, and 304 when If-None-Match matches. These bodies depend on the code, not on the
// data, so they skip the per-data-set response cache; the route keeps its own bytes.

import type { AppConfig, Reply, RouteHandler } from '../../context.ts';
import { createContext } from './route-handler.ts';
import { matchesIfNoneMatch } from '../steps/etag.ts';
import type { MediaBody, RouteDefinition } from '../../routes/define.ts';

const NOT_MODIFIED: Reply = Object.freeze({ status: 304, body: null });

export function createMediaRouteHandler(
  route: RouteDefinition,
  config: AppConfig,
): RouteHandler {
  return function mediaRouteHandler(head, state, params) {
    const answer = (media: MediaBody): Reply => {
      const headers = state.headers;
      headers['etag'] = media.etag;
      headers['cache-control'] = media.cacheControl;
      headers['x-content-type-options'] = 'nosniff';
      for (const [name, value] of Object.entries(media.headers ?? {})) headers[name] = value;
      const ifNoneMatch = head.header('if-none-match');
      if (ifNoneMatch !== null && matchesIfNoneMatch(ifNoneMatch, media.etag)) return NOT_MODIFIED;
      headers['content-type'] = media.contentType;
      return { status: 200, body: media.body };
    };
    const result = route.handle(createContext(head, state, params, config)) as MediaBody | Promise<MediaBody>;
    return result instanceof Promise ? result.then(answer) : answer(result);
  };
}
