// The error the client's helpers throw for an answer that is not a success: the API's Error body
// (`code`, `requestId`, …) with the HTTP status and the Response.

import type { components } from './api.ts';

/** The Error body every failure of the API carries. */
export type ErrorBody = components['schemas']['Error'];

export class ScriptureGraphError extends Error {
  override readonly name = 'ScriptureGraphError';
  /** The HTTP status: 400, 404, 429, 503 … */
  readonly status: number;
  /** The spec's machine-readable code: branch on this (`not_found`, `rate_limited`, …). */
  readonly code: ErrorBody['code'];
  /** The request id (`X-Request-Id`): quote it when reporting a problem. */
  readonly requestId: string;
  /** The offending parameter, where one can be named. */
  readonly param: string | undefined;
  /** The legal values, for `unknown_value`. */
  readonly available: readonly string[] | undefined;
  readonly body: ErrorBody;
  readonly response: Response;

  constructor(body: ErrorBody, response: Response) {
    super(`${body.code}: ${body.error} (request ${body.requestId})`);
    this.status = response.status;
    this.code = body.code;
    this.requestId = body.requestId;
    this.param = body.param;
    this.available = body.available;
    this.body = body;
    this.response = response;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).code === 'string' && typeof (value as ErrorBody).requestId === 'string';
}

/**
 * The error for a failed answer: the API's Error body when it sent one, otherwise (a proxy's page, an
 * empty body) an `internal_error` naming the status.
 */
export function createScriptureGraphError(error: unknown, response: Response): ScriptureGraphError {
  if (isErrorBody(error)) return new ScriptureGraphError(error, response);
  const requestId = response.headers.get('x-request-id') ?? '';
  return new ScriptureGraphError({ error: `HTTP ${response.status} without an Error body`, code: 'internal_error', requestId }, response);
}
