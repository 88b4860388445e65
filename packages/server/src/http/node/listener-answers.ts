// Error answers the HTTP listener writes itself, outside the request pipeline, in the API's Error shape:
// to a request Node could not parse (`clientError`: 400, 408, 431), to a connection over a connection
// cap (429 per address, 503 in total: connection-limits.ts), and to an HTTP/1.1 request without `Host`
// (400). Each carries what every answer carries that does not depend on the pipeline: a fresh
// `X-Request-Id` (also `requestId` in the body), the CORS headers, a weak ETag, and `Connection: close`.
// None is counted by the rate limit or carries its headers: the pipeline never saw the request.

import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiError } from '@skg/core';
import type { AccessLog } from './access-log.ts';
import { formatPeerAddress } from './access-log.ts';
import type { DataSet } from '../../artefacts/types.ts';
import { createErrorBody } from '../../errors.ts';
import { CORS_EXPOSE_HEADERS } from '../steps/cors.ts';
import { createWeakEtag, JSON_CONTENT_TYPE } from '../steps/etag.ts';
import { randomRequestId } from '../steps/request-id.ts';

export interface ListenerAnswer {
  readonly status: number;
  readonly requestId: string;
  /** Lower-case names, as `writeHead` takes them. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The Error answer for `error`, with `extraHeaders` (e.g. `retry-after`), closing the connection. */
export function createListenerAnswer(
  status: number,
  error: ApiError,
  getDataSet: (() => DataSet) | undefined,
  extraHeaders: Readonly<Record<string, string>> = {},
): ListenerAnswer {
  const requestId = randomRequestId();
  const body = JSON.stringify(createErrorBody(error, requestId));
  let etag = `W/"no-data-${status}"`;
  try {
    if (getDataSet) etag = createWeakEtag(getDataSet(), `${status} ${error.code} listener answer`);
  } catch {
    // No data set: the tag cannot name a data version.
  }
  return {
    status,
    requestId,
    headers: {
      'content-type': JSON_CONTENT_TYPE,
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': requestId,
      'access-control-allow-origin': '*',
      'access-control-expose-headers': CORS_EXPOSE_HEADERS,
      etag,
      ...extraHeaders,
      connection: 'close',
    },
    body,
  };
}

/**
 * Writes `answer` as a raw HTTP/1.1 response on a socket no response object owns (a parse error, a
 * refused connection), then closes it: once written, or after 5 s when the client does not read.
 */
export function writeAnswerToSocket(socket: Duplex, answer: ListenerAnswer): void {
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`];
  for (const [name, value] of Object.entries(answer.headers)) lines.push(`${name}: ${value}`);
  const timer = setTimeout(() => socket.destroy(), 5_000);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.end(`${lines.join('\r\n')}\r\n\r\n${answer.body}`, () => socket.destroy());
}

/** The access-log line of an answer written without a request the pipeline saw. */
export function logListenerAnswer(
  log: AccessLog | undefined,
  answer: ListenerAnswer,
  request: { readonly method: string | null; readonly path: string | null; readonly remoteAddress: string | undefined },
): void {
  log?.write({
    method: request.method,
    path: request.path,
    status: answer.status,
    bytes: Buffer.byteLength(answer.body),
    durationMs: null,
    requestId: answer.requestId,
    client: formatPeerAddress(request.remoteAddress),
  });
}
