// Pipeline step: a request path with a dot segment (`.` or `..`, raw or percent-encoded as `%2e`) is
// refused with 400 `invalid_parameter` (param `path`).
//
// The URL parser resolves dot segments before routing: `/api/v1/entity/people/%2e%2e/places/jerusalem`
// would be answered as `/entity/places/jerusalem`, and `/api/v1/entity/%2e%2e` as the service index. A
// document path is an identifier, not a file-system walk, so the server refuses what it would otherwise
// silently rewrite. The step reads the request target exactly as Node received it (`RequestHead.wireTarget`,
// http/request.ts); an in-process `Request` was resolved when it was built, so
// there is nothing left to check there. Segments are split on `/` and on `\` (which the URL parser also
// reads as a separator); the query string is not part of the path (a `place` query value is checked
// by `readDocumentPath`, routes/summary.ts).

import { ApiError } from '@skg/core';

const DOT_SEGMENT = /(?:^|[/\\])(?:\.|%2e){1,2}(?:[/\\]|$)/i;

/** True when the path part of a request target has a `.` or `..` segment, raw or percent-encoded. */
export function hasDotSegment(target: string): boolean {
  const query = target.indexOf('?');
  return DOT_SEGMENT.test(query === -1 ? target : target.slice(0, query));
}

/** Throws `invalid_parameter` (param `path`) for a raw request path with a dot segment (`wireTarget`, undefined for an in-process request). */
export function rejectDotSegments(target: string | undefined): void {
  if (target !== undefined && hasDotSegment(target)) {
    throw new ApiError(
      'invalid_parameter',
      "the request path has a '.' or '..' segment (raw or percent-encoded); dot segments are not resolved: name the document itself, e.g. places/jerusalem",
      { param: 'path' },
    );
  }
}
