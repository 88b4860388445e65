// Echoes a supplied `Idempotency-Key` request header on the response (spec, Endpoints general rules).

import type { Middleware } from 'h3';

export const idempotencyKey: Middleware = function idempotencyKeyMiddleware(event, next) {
  const key = event.req.headers.get('idempotency-key');
  if (key !== null) event.res.headers.set('idempotency-key', key);
  return next();
};
