// The head of an engine answer on a kept-alive HTTP/1.1 connection, made without `writeHead` (issue 20,
// item 2: no per-request validation of headers we built).
//
// `writeHead(status, headers)` checks each header's name against the token grammar and its value
// against the field-value grammar, matches the name against the headers Node manages itself, and appends
// `name: value\r\n`; then adds Date, Connection and Keep-Alive. Here the head is the same text made by
// concatenation alone: every header an engine answer carries is ours (constants, numbers, hex digits, a
// request id that is a UUID or matched a strict pattern, or a request header's value as Node's parser
// accepted it, which holds no CR, LF or NUL and no character above U+00FF). An answer carrying a header
// Node acts on (Connection, Transfer-Encoding, Keep-Alive, Date, Trailer, Expect) goes through
// `writeHead`; Content-Length is the body's length, set by the engine. `end(body)` then writes head and body in one system call, as after `writeHead`. The bytes are
// those `writeHead` writes, header for header, in the same order (test/unit/response-head.test.ts
// compares them).
//
// Node's ServerResponse is driven through its own fields, as `writeHead` leaves them: `_header` (the
// head; `headersSent` reads it), `statusCode` and `statusMessage`; and it reads `shouldKeepAlive` and
// the keep-alive settings the response copied from its server (`_keepAliveTimeout`, `_defaultKeepAlive`,
// `_maxRequestsPerSocket`). These are Node's internals, not documented API (there since Node 0.x);
// `setHead` takes an answer only when the state fields hold what a fresh kept-alive response holds,
// and any answer it does not vouch for (a closing connection, HTTP/1.0 without keep-alive, a drain, a
// HEAD, a status without a body, an answer without Content-Length) goes through `writeHead`.

import type { ServerResponse } from 'node:http';
import type { Answer } from '../engine.ts';

/** The fields of Node's `ServerResponse` (node:_http_outgoing, node:_http_server) read or set here. */
interface ResponseInternals {
  _header: string | null;
  _headerSent: boolean;
  _hasBody: boolean;
  sendDate: boolean;
  shouldKeepAlive: boolean;
  maxRequestsOnConnectionReached?: boolean;
  _keepAliveTimeout?: number;
  _defaultKeepAlive?: boolean;
  _maxRequestsPerSocket?: number;
  statusCode: number;
  statusMessage: string;
}

/**
 * True when the answer carries a header Node acts on in `writeHead` (`Connection: close` ends the
 * connection after it, as an Error answer to an oversized body asks): such an answer goes through it.
 * The engine's names are lower-case (http/engine.ts `Answer`).
 */
function managesItself(headers: Answer['headers']): boolean {
  return (
    headers['connection'] !== undefined ||
    headers['transfer-encoding'] !== undefined ||
    headers['keep-alive'] !== undefined ||
    headers['date'] !== undefined ||
    headers['trailer'] !== undefined ||
    headers['expect'] !== undefined
  );
}

export interface HeadWriter {
  /**
   * Sets the head of `answer` (which has a body) on `res` as `writeHead` would, and returns true, when
   * `res` is a kept-alive response nothing was written to; false otherwise (nothing set: use `writeHead`).
   * Either way the caller then calls `res.end(body)`.
   */
  setHead(res: ServerResponse, answer: Answer): boolean;
}

export function createHeadWriter(): HeadWriter {
  const statusLines = new Map<number, string>();
  let dateLine = '';
  let dateExpires = 0;
  let keepAliveFor = -1;
  let keepAliveMax = -1;
  let keepAliveLines = '';

  /** The head as `writeHead` makes it: status line, the answer's headers in order, Date, Connection, Keep-Alive. */
  function headText(answer: Answer, res: ResponseInternals): string {
    let head = statusLines.get(answer.status);
    if (head === undefined) {
      head = `HTTP/1.1 ${answer.status} ${answer.statusText}\r\n`;
      statusLines.set(answer.status, head);
    }
    const headers = answer.headers;
    for (const name in headers) head += name + ': ' + headers[name] + '\r\n';
    const now = Date.now();
    if (now >= dateExpires) {
      // Node's own Date: the current second, made once a second (its `utcDate`).
      dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
      dateExpires = now - (now % 1000) + 1000;
    }
    return head + dateLine + keepAlive(res) + '\r\n';
  }

  /** What `writeHead` adds for a kept-alive connection: `Connection: keep-alive` and the server's `Keep-Alive`. */
  function keepAlive(res: ResponseInternals): string {
    const timeout = res._keepAliveTimeout && res._defaultKeepAlive ? res._keepAliveTimeout : 0;
    const max = ~~(res._maxRequestsPerSocket ?? 0);
    if (timeout !== keepAliveFor || max !== keepAliveMax) {
      keepAliveFor = timeout;
      keepAliveMax = max;
      keepAliveLines = 'Connection: keep-alive\r\n' + (timeout ? `Keep-Alive: timeout=${Math.floor(timeout / 1000)}${max > 0 ? `, max=${max}` : ''}\r\n` : '');
    }
    return keepAliveLines;
  }

  return {
    setHead(res, answer) {
      const internals = res as unknown as ResponseInternals;
      const status = answer.status;
      if (
        answer.body === null ||
        status < 200 ||
        status === 204 ||
        status === 304 ||
        answer.headers['content-length'] === undefined ||
        internals._header !== null ||
        internals._headerSent !== false ||
        internals._hasBody !== true ||
        internals.sendDate !== true ||
        internals.shouldKeepAlive !== true ||
        internals.maxRequestsOnConnectionReached === true ||
        managesItself(answer.headers)
      ) {
        return false;
      }
      internals.statusCode = status;
      internals.statusMessage = answer.statusText;
      internals._header = headText(answer, internals);
      return true;
    },
  };
}
