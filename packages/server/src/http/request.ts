// The request as the engine reads it (docs/engine.md): built once per request by the adapter it came
// through, the Node listener (`createNodeHead`) or the in-process h3 app (`createH3Head`). Every step
// reads the request through it, never through `IncomingMessage` or `H3Event` directly, so the steps and
// the lookup are written once for both.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type H3, H3Event } from 'h3';
import { NodeRequest } from 'srvx/node';
import { isCountedAlready, resolveClientAddress } from '../middleware/rate-limit.ts';
import { getRequestHeader, readNodeHeader } from '../internal/request-header.ts';

export interface RequestHead {
  readonly method: string;
  /** The path and query as the client sent them (`/api/v1/passage/John.3.16?translation=KJV`). */
  readonly target: string;
  /**
   * The target exactly as Node received it off the wire (dot segments are checked on it), or undefined
   * for an in-process `Request`, whose URL was resolved when it was built.
   */
  readonly wireTarget: string | undefined;
  /** True for a request an in-process caller counted already (a tool call of /mcp). */
  readonly countedAlready: boolean;
  /** A request header's value (`name` lower-case), repeated ones joined with ", "; null when absent. */
  header(name: string): string | null;
  /** The client's address as the rate limit counts it: X-Forwarded-For's last hop behind a trusted proxy, else the peer. */
  client(trustProxy: boolean): string;
  /** The URL as h3 parses it (the pathname routed on, the query the routes read); made on first use. */
  url(): URL;
  /** The request as h3 and the route context carry it (a write route's body, /mcp's `event.app`); made on first use. */
  event(): H3Event;
}

/** The head of a request through node:http; `app` is what an `H3Event` made for a route names as its app. */
export function createNodeHead(req: IncomingMessage, res: ServerResponse, app: H3): RequestHead {
  let event: H3Event | undefined;
  const getEvent = () => (event ??= new H3Event(new NodeRequest({ req, res }), undefined, app));
  const target = req.url ?? '/';
  return {
    method: req.method ?? 'GET',
    target,
    wireTarget: target,
    countedAlready: false,
    header: (name) => readNodeHeader(req.headers, name),
    client: (trustProxy) => resolveClientAddress(trustProxy ? readNodeHeader(req.headers, 'x-forwarded-for') : null, req.socket.remoteAddress),
    url: () => getEvent().url,
    event: getEvent,
  };
}

/** The head of a request h3 made an event of (`app.fetch`, an in-process call, or a test). */
export function createH3Head(event: H3Event): RequestHead {
  const url = event.url;
  return {
    method: event.req.method,
    target: url.pathname + url.search,
    wireTarget: event.runtime?.node?.req.url,
    countedAlready: isCountedAlready(event.req),
    header: (name) => getRequestHeader(event, name),
    client: (trustProxy) => resolveClientAddress(trustProxy ? getRequestHeader(event, 'x-forwarded-for') : null, event.req.ip),
    url: () => url,
    event: () => event,
  };
}
