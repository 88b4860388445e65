// Pipeline step: the request id, `X-Request-Id` on every response.
//
// A sane incoming `X-Request-Id` (1–128 characters of letters, digits and `._:+=/-`, e.g. from a proxy
// that already assigned one) is kept so one id follows the request through the logs; anything else is
// replaced by a random UUID. Every Error body carries the same id as `requestId`.

import { randomUUID } from 'node:crypto';
import type { ResponseHeaders } from '../context.ts';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:+=/-]{1,128}$/;

export function resolveRequestId(incoming: string | null): string {
  return incoming !== null && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Resolves the request's id from its `X-Request-Id` (null when absent) and puts it on the response; never throws. */
export function setRequestId(incoming: string | null, headers: ResponseHeaders): string {
  const id = resolveRequestId(incoming);
  headers['x-request-id'] = id;
  return id;
}
