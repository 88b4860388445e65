// Adapts a POST or DELETE route (the webhook routes) to a route handler: the status, body and
// headers the route's `WriteReply` names, never cached (`Cache-Control: no-store`, not kept in the
// response cache: these answers carry secrets and change state), with a weak ETag of the answer as
// every response has one, and no 304 (If-None-Match is a read precondition).

import type { AppConfig, Reply, RouteHandler } from '../../context.ts';
import { createContext } from './route-handler.ts';
import { createWeakEtag, formatCanonicalRequest, JSON_CONTENT_TYPE } from '../steps/etag.ts';
import type { RouteDefinition, WriteReply } from '../../routes/define.ts';

export function createWriteRouteHandler(
  route: RouteDefinition,
  config: AppConfig,
): RouteHandler {
  return function writeRouteHandler(head, state, params) {
    const answer = (reply: WriteReply): Reply => {
      const headers = state.headers;
      headers['cache-control'] = 'no-store';
      for (const [name, value] of Object.entries(reply.headers ?? {})) headers[name] = value;
      if (reply.status === 204 || reply.body === null || reply.body === undefined) {
        headers['etag'] = createWeakEtag(state.dataSet, `${reply.status} ${formatCanonicalRequest(head.method, head.url())}`);
        return { status: reply.status, body: null };
      }
      const text = JSON.stringify(reply.body);
      headers['etag'] = createWeakEtag(state.dataSet, text);
      headers['content-type'] = JSON_CONTENT_TYPE;
      return { status: reply.status, body: text };
    };
    const result = route.handle(createContext(head, state, params, config)) as WriteReply | Promise<WriteReply>;
    return result instanceof Promise ? result.then(answer) : answer(result);
  };
}
