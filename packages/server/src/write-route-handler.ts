// Adapts a POST or DELETE route (the webhook routes) to a pipeline handler: the status, body and
// headers the route's `WriteReply` names, never cached (`Cache-Control: no-store`, not kept in the
// response cache: these answers carry secrets and change state), with a weak ETag of the answer as
// every response has one, and no 304 (If-None-Match is a read precondition).

import type { H3Event } from 'h3';
import type { Reply, RequestState } from './context.ts';
import { createWeakEtag, formatCanonicalRequest, JSON_CONTENT_TYPE } from './middleware/etag.ts';
import type { PipelineHandler } from './pipeline.ts';
import type { RouteContext, RouteDefinition, WriteReply } from './routes/define.ts';

export function createWriteRouteHandler(
  route: RouteDefinition,
  createContext: (event: H3Event, state: RequestState) => RouteContext,
): PipelineHandler {
  return function writeRouteHandler(event, state) {
    const answer = (reply: WriteReply): Reply => {
      const headers = state.headers;
      headers['cache-control'] = 'no-store';
      for (const [name, value] of Object.entries(reply.headers ?? {})) headers[name] = value;
      if (reply.status === 204 || reply.body === null || reply.body === undefined) {
        headers['etag'] = createWeakEtag(state.dataSet, `${reply.status} ${formatCanonicalRequest(event.req.method, event.url)}`);
        return { status: reply.status, body: null };
      }
      const text = JSON.stringify(reply.body);
      headers['etag'] = createWeakEtag(state.dataSet, text);
      headers['content-type'] = JSON_CONTENT_TYPE;
      return { status: reply.status, body: text };
    };
    const result = route.handle(createContext(event, state)) as WriteReply | Promise<WriteReply>;
    return result instanceof Promise ? result.then(answer) : answer(result);
  };
}
