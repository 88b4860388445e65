// Pipeline step: echoes a supplied `Idempotency-Key` request header on the response, on success and on
// error (spec, Endpoints general rules). It has no other effect: every route is a read.

import type { ResponseHeaders } from '../../context.ts';

/** `key`: the request's `Idempotency-Key`, null when absent. */
export function echoIdempotencyKey(key: string | null, headers: ResponseHeaders): void {
  if (key !== null) headers['idempotency-key'] = key;
}
