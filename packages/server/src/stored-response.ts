// Answering from the response artefact (artefacts/responses.ts): the stored ETag, 304 on If-None-Match,
// and the stored compressed bytes as they are when the client accepts their coding. A client that does
// not gets the bytes decoded, the same body the route computes. `Vary: Accept-Encoding` on every such
// answer (304 too), so caches keep the two codings apart.

import { brotliDecompressSync } from 'node:zlib';
import type { H3Event } from 'h3';
import type { ResponseStore } from './artefacts/responses.ts';
import type { Reply, ResponseHeaders } from './context.ts';
import { getRequestHeader } from './internal/request-header.ts';
import { acceptsEncoding } from './middleware/content-encoding.ts';
import { JSON_CONTENT_TYPE, matchesIfNoneMatch } from './middleware/etag.ts';

const NOT_MODIFIED: Reply = Object.freeze({ status: 304, body: null });

/**
 * The stored answer of `record` for `canonical`, or undefined when the record turns out to be another
 * request's (a fingerprint collision, artefacts/responses.ts): the route then computes the answer.
 * Headers are set only when it answers.
 */
export function answerStored(event: H3Event, headers: ResponseHeaders, store: ResponseStore, record: number, canonical: string): Reply | undefined {
  const etag = store.etag(record);
  const ifNoneMatch = getRequestHeader(event, 'if-none-match');
  // The tag names this request (its digits hash the canonical request), so a match needs no body.
  const notModified = ifNoneMatch !== null && matchesIfNoneMatch(ifNoneMatch, etag);
  const body = notModified ? null : store.body(record, canonical);
  if (body === undefined) return undefined;
  headers['etag'] = etag;
  headers['vary'] = 'Accept-Encoding';
  if (body === null) return NOT_MODIFIED;
  headers['content-type'] = JSON_CONTENT_TYPE;
  if (acceptsEncoding(getRequestHeader(event, 'accept-encoding'), store.encoding)) {
    headers['content-encoding'] = store.encoding;
    return { status: 200, body };
  }
  return { status: 200, body: brotliDecompressSync(body) };
}
