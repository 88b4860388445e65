// The Node.js request listener `skg serve` hands to node:http: srvx's NodeRequest into the app's
// `fetch`, and the answer written with one `writeHead` and one `end`.
//
// h3's `toNodeHandler` (srvx's sender) converts every response's headers into a new list, writes a
// string body with `write()` then `end()`, and waits on a promise per response; on the hot path that
// is a measurable share of a request (docs/api-decisions.md, "Request pipeline"). Every answer the
// pipeline gives is a `PipelineResponse`, written here from its raw parts. Anything else (a response
// h3 built itself after headers were staged on `event.res`, a streamed body, HTTP/2) goes to srvx's
// `sendNodeResponse` exactly as `toNodeHandler` would send it.
//
// A request Node cannot parse (raw non-ASCII bytes in the request line, a malformed header line, headers
// too large) never reaches the listener: Node raises `clientError` on the server, whose default answer
// is a bare `400 Bad Request` with no body. `createClientErrorHandler` answers it in the API's own
// shape instead: an Error body (`invalid_parameter`), a fresh request id, CORS and a weak ETag.

import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { H3 } from 'h3';
import { ApiError } from '@skg/core';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { DataSet } from './artefacts/types.ts';
import { createErrorBody } from './errors.ts';
import { CORS_EXPOSE_HEADERS } from './middleware/cors.ts';
import { createWeakEtag, JSON_CONTENT_TYPE } from './middleware/etag.ts';
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

/** An error Node's HTTP parser raised (`HPE_*`), or its request timeout. */
type ClientError = Error & { readonly code?: string };

/** What Node's own `clientError` answer would use, by the parser's error code. */
function describeClientError(error: ClientError): { status: number; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'the request headers are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'the request was not received in time' };
    default:
      return {
        status: 400,
        message:
          `the request is not valid HTTP/1.1 (${error.code ?? 'unparsable'}): the request line and headers must be ASCII; ` +
          'percent-encode anything else in the path or query',
      };
  }
}

/**
 * The server's `clientError` listener: writes an Error body (code `invalid_parameter`; status 400, or
 * 431 / 408 as Node would) with `X-Request-Id`, the CORS headers, a weak ETag and `Connection: close`,
 * then closes the connection. It writes nothing to a socket that is gone, no longer writable, or in the
 * middle of another response (a parse error on a kept-alive connection while a response is being
 * written): that socket is only destroyed. Such a request never reaches the pipeline, so it is not
 * counted by the rate limit and carries no rate-limit headers.
 */
export function createClientErrorHandler(getDataSet?: () => DataSet): (error: ClientError, socket: Duplex) => void {
  return function answerClientError(error, socket) {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable || socket.writableEnded || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, message } = describeClientError(error);
    const requestId = randomUUID();
    const body = JSON.stringify(createErrorBody(new ApiError('invalid_parameter', message), requestId));
    let etag = `W/"no-data-${status}"`;
    try {
      if (getDataSet) etag = createWeakEtag(getDataSet(), `${status} unparsable request`);
    } catch {
      // No data set: the tag cannot name a data version.
    }
    const headers = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      `Content-Type: ${JSON_CONTENT_TYPE}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${requestId}`,
      'Access-Control-Allow-Origin: *',
      `Access-Control-Expose-Headers: ${CORS_EXPOSE_HEADERS}`,
      `ETag: ${etag}`,
      'Connection: close',
    ];
    // Closed once written (a client that keeps its side open does not hold the socket), or after 5 s
    // when the client does not read.
    const timer = setTimeout(() => socket.destroy(), 5_000);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.end(`${headers.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
  };
}

