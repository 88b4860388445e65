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

export function answerStored(event: H3Event, headers: ResponseHeaders, store: ResponseStore, record: number): Reply {
  const etag = store.etag(record);
  headers['etag'] = etag;
  headers['vary'] = 'Accept-Encoding';
  const ifNoneMatch = getRequestHeader(event, 'if-none-match');
  if (ifNoneMatch !== null && matchesIfNoneMatch(ifNoneMatch, etag)) return NOT_MODIFIED;
  headers['content-type'] = JSON_CONTENT_TYPE;
  const body = store.body(record);
  if (acceptsEncoding(getRequestHeader(event, 'accept-encoding'), store.encoding)) {
    headers['content-encoding'] = store.encoding;
    return { status: 200, body };
  }
  return { status: 200, body: brotliDecompressSync(body) };
}
