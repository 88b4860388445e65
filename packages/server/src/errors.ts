// Turning anything thrown into the spec's Error body.

import { HTTPError } from 'h3';
import { ApiError, type ErrorCode, isApiError } from '@skg/core';

/** Where every Error body's `docs` points: the Error schema of the OpenAPI document, which lists the codes. */
export const ERROR_DOCS = '/api/v1/openapi.json#/components/schemas/Error';

/** Meaning of each code, as the spec's Errors table states it (served in the OpenAPI document). */
export const ERROR_MEANINGS: Readonly<Record<ErrorCode, string>> = {
  missing_parameter: '400: a required parameter is absent; `param` names it',
  invalid_parameter: '400: present but unusable: wrong type or out of range',
  unknown_value: '400: well-formed but not a legal value; `available` lists legal ones (also 405 for a method the route does not answer)',
  invalid_reference: '400: a scripture reference did not parse as OSIS',
  not_found: '404: the reference parsed and nothing is filed under it; also an unknown route',
  dataset_unavailable: '503: a build artefact the endpoint needs is missing; retry after `Retry-After` seconds',
  rate_limited: '429: the request ceiling was reached; retry after `Retry-After` seconds',
  internal_error: '500: unhandled; quote `requestId`',
};

/** The methods every route answers (GET, and HEAD and OPTIONS with it). */
export const ROUTE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/**
 * 405 for a method a route does not answer. The spec has no code for it; `unknown_value` is the closest
 * (the method is well formed, not legal here, and `available` lists the legal ones).
 */
export class MethodNotAllowedError extends ApiError {
  override readonly status: number = 405;

  /** `methods`: what the path answers (default GET, HEAD, OPTIONS; a path with write routes adds theirs). */
  constructor(method: string, path: string, methods: readonly string[] = ROUTE_METHODS) {
    super('unknown_value', `${path} does not answer ${method}; it answers ${methods.join(', ')}`, {
      param: 'method',
      available: methods,
      headers: { Allow: methods.join(', ') },
    });
  }
}

export interface ErrorBody {
  readonly error: string;
  readonly code: ErrorCode;
  readonly requestId: string;
  readonly param?: string;
  readonly available?: readonly string[];
  readonly docs: string;
}

/**
 * The ApiError to answer with: an ApiError as it is; an h3 HTTPError (raised by h3 itself, e.g. a
 * malformed URL) mapped by status; anything else `internal_error`, with the original kept as `cause`.
 */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (HTTPError.isError(error) && !error.unhandled && error.status < 500) {
    if (error.status === 404) return new ApiError('not_found', 'nothing is filed under this path');
    return new ApiError('invalid_parameter', `the request is not usable: ${error.message}`);
  }
  const internal = new ApiError('internal_error', 'internal error: quote the requestId when you report it');
  Object.defineProperty(internal, 'cause', { value: error });
  return internal;
}

export function createErrorBody(error: ApiError, requestId: string): ErrorBody {
  return {
    error: error.message,
    code: error.code,
    requestId,
    ...(error.param !== undefined ? { param: error.param } : {}),
    ...(error.available !== undefined ? { available: error.available } : {}),
    docs: error.docs ?? ERROR_DOCS,
  };
}
