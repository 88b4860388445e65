// ETag and If-None-Match → 304: how tags are made, compared, and answered with.
//
// An ETag is derived from the data version (manifest `dataVersion`), the route's response format (a
// hash of its contract in the OpenAPI document, openapi/response-format.ts) and the canonical request
// (method, path, the route's own query parameters sorted), never from the body.
// A route whose body also carries this process's own times (`perProcess`: /stats `generated`,
// /changelog `indexBuilt`) adds the time this process loaded the data (`DataSet.loadedAt`), so two
// processes, or a restart, on the same data give those bodies different tags.
// Success bodies are cached with their tag (response-cache.ts), so answering is a lookup.
//
// The 304 decision is not a step of its own: a precondition may only be honoured when the request
// would otherwise succeed (RFC 9110 §13.2.1), and the tag comes with the cached body, so the route
// handler calls `answerWithEtag` once it has the body. Responses that are not data-derived get a
// weak tag: errors (their body carries the request id), preflights, and /status (hashed from its body).

import type { DataSet } from '../../artefacts/types.ts';
import type { Reply, ResponseHeaders } from '../../context.ts';
import { computeEtagBase, digest } from '../../etag-base.ts';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const bases = new WeakMap<DataSet, string>();
const processBases = new WeakMap<DataSet, string>();

/**
 * The part of every tag that changes with the data; with `perProcess`, also with the time this process
 * loaded the data (bodies that show it).
 */
export function getEtagBase(dataSet: DataSet, perProcess = false): string {
  const cache = perProcess ? processBases : bases;
  let base = cache.get(dataSet);
  if (base === undefined) {
    base = computeEtagBase(dataSet.manifest.dataVersion, perProcess ? dataSet.loadedAt : undefined);
    cache.set(dataSet, base);
  }
  return base;
}

/** A query parameter a route reads, and how the canonical request spells its value (params.ts `canonical`). */
export interface QueryName {
  readonly name: string;
  readonly canonical?: (value: string) => string | undefined;
}

/**
 * `GET /api/v1/scripture?limit=5&q=light`: HEAD counts as GET; only `names` (the route's declared
 * query parameters, first value each, in their canonical spelling) are kept, sorted, so junk parameters
 * and other spellings of a value neither split the cache nor change the tag. Without `names`, every
 * parameter is kept as sent.
 */
export function formatCanonicalRequest(method: string, url: URL, names?: readonly QueryName[]): string {
  const head = `${method === 'HEAD' ? 'GET' : method} ${url.pathname}`;
  if (url.search === '' || names?.length === 0) return head;
  const params = url.searchParams;
  const pairs: string[] = [];
  for (const { name, canonical } of names ?? [...new Set(params.keys())].map((key): QueryName => ({ name: key }))) {
    const sent = params.get(name);
    const value = sent !== null && canonical ? canonical(sent) : sent;
    if (value !== null && value !== undefined) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  pairs.sort();
  return pairs.length === 0 ? head : `${head}?${pairs.join('&')}`;
}

/** A data-derived body's strong tag; `format` is the route's response format (getResponseFormat). */
export function createEtag(dataSet: DataSet, canonicalRequest: string, format: string, perProcess = false): string {
  return `"${getEtagBase(dataSet, perProcess)}-${digest(`${format}\n${canonicalRequest}`, 16)}"`;
}

export function createWeakEtag(dataSet: DataSet, text: string): string {
  return `W/"${getEtagBase(dataSet)}-${digest(text, 16)}"`;
}

/** Weak comparison (RFC 9110 §13.1.2): `*`, or any listed tag equal once `W/` is dropped. */
export function matchesIfNoneMatch(header: string, etag: string): boolean {
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  if (header === opaque || header === etag) return true;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === opaque || (tag.startsWith('W/') && tag.slice(2) === opaque)) return true;
  }
  return false;
}

const NOT_MODIFIED: Reply = Object.freeze({ status: 304, body: null });

/** A success body and its tag (a cached response, or a live body). */
export interface TaggedBody {
  readonly body: string | Uint8Array;
  readonly etag: string;
}

/** Answers a success body with its tag: 304 with no body when the request's `If-None-Match` (null: none) matches. */
export function answerWithEtag(ifNoneMatch: string | null, headers: ResponseHeaders, response: TaggedBody): Reply {
  headers['etag'] = response.etag;
  if (ifNoneMatch !== null && matchesIfNoneMatch(ifNoneMatch, response.etag)) return NOT_MODIFIED;
  headers['content-type'] = JSON_CONTENT_TYPE;
  return { status: 200, body: response.body };
}
