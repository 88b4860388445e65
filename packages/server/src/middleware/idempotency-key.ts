// Pipeline step: echoes a supplied `Idempotency-Key` request header on the response, on success and on
// error (spec, Endpoints general rules). It has no other effect: every route is a read.

import type { H3Event } from 'h3';
import type { ResponseHeaders } from '../context.ts';
import { getRequestHeader } from '../internal/request-header.ts';

export function echoIdempotencyKey(event: H3Event, headers: ResponseHeaders): void {
  const key = getRequestHeader(event, 'idempotency-key');
  if (key !== null) headers['idempotency-key'] = key;
}
