// The Node.js request listener `skg serve` hands to node:http: the production adapter of the request
// engine (docs/engine.md). It makes the request into a `RequestHead` (http/request.ts: Node's parsed
// headers read as they are, an `H3Event` made only for a route that reads one) and writes the engine's
// answer with its head (made by http/node/response-head.ts on a kept-alive connection, else by `writeHead`)
// and one `end`: this is the only place an engine answer's bytes are written to a socket. No web
// `Request`, `Response` or `Headers` is made on the way (h3's `toNodeHandler`, which converts every
// response's headers into a new list, writes a string body with `write()` then `end()` and waits on a
// promise per response, is a measurable share of a request: docs/api-decisions.md, "Request pipeline").
//
// A request Node cannot parse (raw non-ASCII bytes in the request line, a malformed header line, headers
// too large) never reaches the listener: Node raises `clientError` on the server, whose default answer
// is a bare `400 Bad Request` with no body. `createClientErrorHandler` answers it in the API's own
// shape instead: an Error body (`invalid_parameter`), a fresh request id, CORS and a weak ETag.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '@skg/core';
import { type AccessLog, formatPeerAddress, getMcpTools } from './access-log.ts';
import type { DataSet } from '../../artefacts/types.ts';
import { createListenerAnswer, logListenerAnswer, writeAnswerToSocket } from './listener-answers.ts';
import type { App } from '../../app.ts';
import type { Answer } from '../engine.ts';
import { NodeHead } from '../request.ts';
import { createHeadWriter, type HeadWriter } from './response-head.ts';

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface NodeListenerOptions {
  /** Where a line per answered request goes (access-log.ts); none when absent. */
  readonly accessLog?: AccessLog;
  /** The data set now, for the ETag of answers written outside the pipeline (a request without Host). */
  readonly getDataSet?: () => DataSet;
}

export function createNodeListener(app: App, options: NodeListenerOptions = {}): NodeListener {
  const log = options.accessLog;
  const engine = app.engine;
  const heads = createHeadWriter();
  return function skgNodeListener(req, res) {
    // HTTP/1.1 requires Host (RFC 9112 §3.2: answer 400); the server is created with
    // `requireHostHeader: false` so that the answer is ours, not Node's bare 400. HTTP/1.0 may omit it.
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
      answerMissingHost(req, res, options.getDataSet, log);
      return;
    }
    const started = log === undefined ? 0 : performance.now();
    let answer: Answer | Promise<Answer>;
    try {
      answer = engine.answer(new NodeHead(req, res, app));
    } catch (error) {
      fail(res, error, log, started);
      return;
    }
    if (answer instanceof Promise) {
      answer.then(
        (resolved) => write(res, resolved, heads, log, started),
        (error: unknown) => fail(res, error, log, started),
      );
    } else {
      write(res, answer, heads, log, started);
    }
  };
}

function write(res: ServerResponse, answer: Answer, heads: HeadWriter, log: AccessLog | undefined, started: number): void {
  const { status, statusText, headers, body } = answer;
  try {
    if (!heads.setHead(res, answer)) res.writeHead(status, statusText, headers);
    res.end(body === null ? undefined : ownBytesIfQueued(res, body));
  } catch (error) {
    fail(res, error, log, started);
    return;
  }
  if (log) logAnswer(log, res, status, body === null ? 0 : Number(headers['content-length'] ?? 0), headers['x-request-id'] ?? '', started);
}

/**
 * A body that will wait behind bytes still queued for a slow reader is kept until the reader takes
 * them; a stored body is a slice of a shared 64 KiB slab (artefacts/artefact-file.ts), so such a body is
 * copied first, and a stalled connection holds its own bytes, not slabs. (Node stops reading pipelined
 * requests from a connection whose queue is full, so a connection queues a few answers at most; the
 * one whose write the kernel took in part still holds its slab: at most one per open connection.)
 */
export function ownBytesIfQueued(res: ServerResponse, body: string | Uint8Array): string | Uint8Array {
  return typeof body !== 'string' && (res.socket?.writableLength ?? 0) > 0 ? Buffer.from(body) : body;
}

/** When writing fails: a bare 500 if nothing was written yet, else drop the connection. */
function fail(res: ServerResponse, error: unknown, log: AccessLog | undefined, started: number): void {
  console.error('[skg] failed to send a response:', error);
  if (res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.end();
  if (log) logAnswer(log, res, 500, 0, '', started);
}

function logAnswer(log: AccessLog, res: ServerResponse, status: number, bytes: number, requestId: string, started: number): void {
  const req = res.req;
  // One shape for every line (absent fields undefined, not left out by spreading): the entry is made per
  // request, and an object built by spreads is a slow one to make and to read.
  log.write({
    method: req.method ?? null,
    path: req.url ?? null,
    status,
    bytes,
    durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    requestId,
    client: formatPeerAddress(req.socket.remoteAddress),
    // Node joins repeated X-Forwarded-For headers with ', ', so this is a string or absent.
    forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
    userAgent: req.headers['user-agent'],
    tools: getMcpTools(req),
  });
}

function answerMissingHost(req: IncomingMessage, res: ServerResponse, getDataSet: (() => DataSet) | undefined, log: AccessLog | undefined): void {
  const error = new ApiError('missing_parameter', 'the request has no Host header: HTTP/1.1 requires one (RFC 9112, section 3.2)', { param: 'Host' });
  const answer = createListenerAnswer(400, error, getDataSet);
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
  logListenerAnswer(log, answer, { method: req.method ?? null, path: req.url ?? null, remoteAddress: req.socket.remoteAddress });
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
 * then closes the connection (listener-answers.ts). It writes nothing to a socket that is gone, no longer
 * writable, or in the middle of another response (a parse error on a kept-alive connection while a
 * response is being written): that socket is only destroyed. Such a request never reaches the pipeline,
 * so it is not counted by the rate limit and carries no rate-limit headers.
 */
export function createClientErrorHandler(getDataSet?: () => DataSet, log?: AccessLog): (error: ClientError, socket: Duplex) => void {
  return function answerClientError(error, socket) {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable || socket.writableEnded || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, message } = describeClientError(error);
    const answer = createListenerAnswer(status, new ApiError('invalid_parameter', message), getDataSet);
    writeAnswerToSocket(socket, answer);
    logListenerAnswer(log, answer, { method: null, path: null, remoteAddress: (socket as Duplex & { remoteAddress?: string }).remoteAddress });
  };
}
