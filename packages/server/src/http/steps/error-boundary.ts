// The error boundary: whatever a step or a route throws becomes the spec's Error body, keeping the
// headers already collected (request id, CORS, rate-limit counters) and adding those the error carries
// (`Retry-After`, `Allow`). `internal_error` is logged here, once, with its stack; the body never
// carries a message or stack of the cause.

import type { DataSet } from '../../artefacts/types.ts';
import type { AppConfig, Reply, ResponseHeaders } from '../../context.ts';
import { createErrorBody, toApiError } from '../../errors.ts';
import { createWeakEtag, formatCanonicalRequest, JSON_CONTENT_TYPE } from './etag.ts';

/** What the boundary knows of a failed request: the data set is missing when reading it failed. */
export interface FailedRequest {
  readonly requestId: string;
  readonly dataSet: DataSet | undefined;
  readonly headers: ResponseHeaders;
}

/** The request line of a failed request: its method and URL (the pathname and query are what count). */
export interface FailedRequestLine {
  readonly method: string;
  readonly url: URL;
}

/** The Error reply for `error`; its headers go into `request.headers`. */
export function answerError(line: FailedRequestLine, error: unknown, request: FailedRequest, config: Pick<AppConfig, 'logError'>): Reply {
  const apiError = toApiError(error);
  if (apiError.code === 'internal_error') {
    config.logError(`[skg] ${request.requestId} ${line.method} ${line.url.pathname}: unhandled error`, apiError.cause ?? error);
  }
  const headers = request.headers;
  for (const [name, value] of Object.entries(apiError.headers)) headers[name.toLowerCase()] = value;
  headers['content-type'] = JSON_CONTENT_TYPE;
  const tagged = `${apiError.status} ${formatCanonicalRequest(line.method, line.url)}`;
  // Without a data set the tag cannot name a data version.
  headers['etag'] = request.dataSet ? createWeakEtag(request.dataSet, tagged) : `W/"no-data-${apiError.status}"`;
  return { status: apiError.status, body: JSON.stringify(createErrorBody(apiError, request.requestId)) };
}
