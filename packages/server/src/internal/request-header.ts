// Reads a request header on the hot path.
//
// A request that came through node:http carries Node's own parsed header object (srvx keeps the
// IncomingMessage as `runtime.node.req`); reading it directly skips srvx's web-`Headers` facade, which
// costs about 50 ns a read, four reads a request. The value is the one `Headers.get` would give: Node
// joins a repeated header with ", " as `Headers` does, except for a few single-value headers (Host,
// Content-Type, Authorization, ...) that this server does not read. Any other request (in-process
// `app.fetch`) is read through its `Headers`.

import type { IncomingHttpHeaders } from 'node:http';
import type { H3Event } from 'h3';

/** `name` must be lower-case. */
export function getRequestHeader(event: H3Event, name: string): string | null {
  const node = event.runtime?.node;
  if (node === undefined) return event.req.headers.get(name);
  return readNodeHeader(node.req.headers, name);
}

/** A header of Node's parsed request (the stored lane reads them so, stored-lane.ts); `name` lower-case. */
export function readNodeHeader(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return typeof value === 'string' ? value : value.join(', ');
}
