// Begins every request: pins the data set it is answered from and gives it a request id.
//
// `X-Request-Id` is on every response. A sane incoming `X-Request-Id` (1–128 characters of letters,
// digits and `._:+=/-`, e.g. from a proxy that already assigned one) is kept so one id follows the
// request through the logs; anything else is replaced by a random UUID.

import { randomUUID } from 'node:crypto';
import type { Middleware } from 'h3';
import type { DataSet } from '../artefacts/types.ts';
import { setRequestState } from '../context.ts';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:+=/-]{1,128}$/;

export function resolveRequestId(incoming: string | null): string {
  return incoming !== null && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function requestId(getDataSet: () => DataSet): Middleware {
  return function requestIdMiddleware(event, next) {
    const id = resolveRequestId(event.req.headers.get('x-request-id'));
    setRequestState(event, { requestId: id, dataSet: getDataSet() });
    event.res.headers.set('x-request-id', id);
    return next();
  };
}
