// The API's one error type, carrying the spec's machine-readable codes.

export const ERROR_CODES = [
  'missing_parameter',
  'invalid_parameter',
  'unknown_value',
  'invalid_reference',
  'not_found',
  'dataset_unavailable',
  'rate_limited',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The codes a client may retry after `Retry-After` seconds. */
export const RETRYABLE_CODES: readonly ErrorCode[] = ['dataset_unavailable', 'rate_limited'];

export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  missing_parameter: 400,
  invalid_parameter: 400,
  unknown_value: 400,
  invalid_reference: 400,
  not_found: 404,
  dataset_unavailable: 503,
  rate_limited: 429,
  internal_error: 500,
};

export interface ApiErrorOptions {
  param?: string;
  available?: readonly string[];
  /** Response headers the error needs, e.g. `Retry-After`. */
  headers?: Readonly<Record<string, string>>;
  /** A link more specific than the error documentation, e.g. the OSIS form of a free-text reference. */
  docs?: string;
}

/** Thrown anywhere below the HTTP boundary; the boundary turns it into the Error body. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly param: string | undefined;
  readonly available: readonly string[] | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly docs: string | undefined;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = STATUS_BY_CODE[code];
    this.param = options.param;
    this.available = options.available;
    this.headers = options.headers ?? {};
    this.docs = options.docs;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
