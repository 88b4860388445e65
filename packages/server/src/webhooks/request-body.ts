// Reads the JSON body of a write request, bounded.
//
// - `Content-Type` must be `application/json` (or a `+json` type); otherwise 415 (code
//   invalid_parameter, param `Content-Type`): the spec's request header for POST /webhooks.
// - Larger than `maxBytes`: 413 (code invalid_parameter, param `body`), decided from Content-Length
//   before reading when it is sent, else while reading, which stops at the limit.
// - Empty or not JSON: 400 invalid_parameter (param `body`).
// The spec's error codes have no entry for 413 and 415; as for 405, the status says what HTTP means
// and the code is the closest of the spec's (docs/api-decisions.md, "Webhooks").

import type { H3Event } from 'h3';
import { ApiError } from '@skg/core';

export class PayloadTooLargeError extends ApiError {
  override readonly status: number = 413;

  constructor(maxBytes: number) {
    super('invalid_parameter', `the body is larger than ${maxBytes} bytes`, { param: 'body' });
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
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
