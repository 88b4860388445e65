// Reads the JSON body of a write request, bounded.
//
// - `Content-Type` must be `application/json` (or a `+json` type); otherwise 415 (code
//   invalid_parameter, param `Content-Type`): the spec's request header for POST /webhooks.
// - Larger than `maxBytes`: 413 (code invalid_parameter, param `body`), decided from Content-Length
//   before reading when it is sent, else while reading, which stops at the limit. The 413 carries
//   `Connection: close`, and the request stream is left alone (its reader released, never cancelled):
//   Node closes the connection after the answer. Cancelling would destroy the request, and with it
//   the socket that listhen's shutdown bookkeeping still touches when the answer finishes (a crash).
// - A body the client stopped sending (the connection aborted mid-body): 400 invalid_parameter
//   (param `body`), which nobody will read, not an internal error to log.
// - Empty or not JSON: 400 invalid_parameter (param `body`).
// The spec's error codes have no entry for 413 and 415; as for 405, the status says what HTTP means
// and the code is the closest of the spec's (docs/api-decisions.md, "Webhooks").

import type { H3Event } from 'h3';
import { ApiError } from '@skg/core';

export class PayloadTooLargeError extends ApiError {
  override readonly status: number = 413;

  constructor(maxBytes: number) {
    super('invalid_parameter', `the body is larger than ${maxBytes} bytes`, { param: 'body', headers: { Connection: 'close' } });
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  override readonly status: number = 415;

  constructor(contentType: string | null) {
    super('invalid_parameter', `send the body as Content-Type: application/json${contentType ? `, not ${contentType}` : ''}`, {
      param: 'Content-Type',
    });
  }
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export async function readJsonBody(event: H3Event, maxBytes: number): Promise<unknown> {
  const contentType = event.req.headers.get('content-type');
  if (contentType === null || !JSON_TYPE.test(contentType.trim())) throw new UnsupportedMediaTypeError(contentType);
  const declared = Number(event.req.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new PayloadTooLargeError(maxBytes);
  const text = await readText(event, maxBytes);
  if (text.trim() === '') throw new ApiError('invalid_parameter', 'the body is empty: send {"url": "https://…"}', { param: 'body' });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('invalid_parameter', 'the body is not valid JSON', { param: 'body' });
  }
}

async function readText(event: H3Event, maxBytes: number): Promise<string> {
  const stream = event.req.body;
  if (stream === null) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        throw new ApiError('invalid_parameter', 'the body was cut short: the connection ended before it did', { param: 'body' });
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) throw new PayloadTooLargeError(maxBytes);
      chunks.push(chunk.value);
    }
  } finally {
    // Stop reading without cancelling: cancel() would destroy the request and its socket (see above).
    reader.releaseLock();
  }
  return Buffer.concat(chunks).toString('utf8');
}
