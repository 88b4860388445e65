// The Node.js request listener `skg serve` hands to listhen: srvx's NodeRequest into the app's
// `fetch`, and the answer written with one `writeHead` and one `end`.
//
// h3's `toNodeHandler` (srvx's sender) converts every response's headers into a new list, writes a
// string body with `write()` then `end()`, and waits on a promise per response; on the hot path that
// is a measurable share of a request (docs/api-decisions.md, "Request pipeline"). Every answer the
// pipeline gives is a `PipelineResponse`, written here from its raw parts. Anything else (a response
// h3 built itself after headers were staged on `event.res`, a streamed body, HTTP/2) goes to srvx's
// `sendNodeResponse` exactly as `toNodeHandler` would send it.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { H3 } from 'h3';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { PipelineResponse } from './pipeline-response.ts';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

export function createNodeListener(app: H3): NodeListener {
  return function skgNodeListener(req, res) {
    let response: Response | Promise<Response>;
    try {
      response = app.fetch(new NodeRequest({ req, res }));
    } catch (error) {
      fail(res, error);
      return;
    }
    if (response instanceof Promise) response.then((resolved) => write(res, resolved), (error: unknown) => fail(res, error));
    else write(res, response);
  };
}

function write(res: ServerResponse, response: Response): void {
  if (response instanceof PipelineResponse && res.req.httpVersionMajor === 1 && !res.headersSent) {
    const { status, statusText, headers, body } = response.raw;
    try {
      res.writeHead(status, statusText, headers);
      res.end(body ?? undefined);
    } catch (error) {
      fail(res, error);
    }
    return;
  }
  sendNodeResponse(res, response).catch((error: unknown) => fail(res, error));
}

/** What srvx does when sending fails: a bare 500 if nothing was written yet, else drop the connection. */
function fail(res: ServerResponse, error: unknown): void {
  console.error('[skg] failed to send a response:', error);
  if (res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.end();
}
