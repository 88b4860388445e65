// Answering from the response artefact (artefacts/responses.ts): the stored ETag, 304 on If-None-Match,
// and the stored bytes of the coding the client takes (br, else gzip, else identity: the same body the
// route computes), as they are: nothing is decoded or compressed per request. `Vary: Accept-Encoding` on
// every such answer (304 too), so caches keep the codings apart.
//
// Two callers: a data route's handler (route-handler.ts), for a request h3 routed, and the stored lane
// (stored-lane.ts), for a request answered before h3. Both read the request's conditions as plain
// header values and check the route's contract the same way, so their answers are the same bytes.

import type { ResponseStore } from '../../artefacts/responses.ts';
import type { DataSet } from '../../artefacts/types.ts';
import type { Reply, ResponseHeaders } from '../../context.ts';
import { chooseStoredCoding, type StoredCoding } from '../steps/content-encoding.ts';
import { createEtag, JSON_CONTENT_TYPE, matchesIfNoneMatch } from '../steps/etag.ts';
import { getResponseFormat } from '../../openapi/response-format.ts';
import type { RouteDefinition } from '../../routes/define.ts';

const NOT_MODIFIED: Reply = Object.freeze({ status: 304, body: null });

/** What a stored answer depends on in the request besides its canonical form: two header values, null when absent. */
export interface StoredAnswerConditions {
  readonly ifNoneMatch: string | null;
  readonly acceptEncoding: string | null;
}

/**
 * The stored answer of `record` for `canonical`, or undefined when the record turns out to be another
 * request's (a fingerprint collision, artefacts/responses.ts): the route then computes the answer.
 * Headers are set only when it answers. The body is read only when the answer is not 304.
 */
export function answerStored(conditions: StoredAnswerConditions, headers: ResponseHeaders, store: ResponseStore, record: number, canonical: string): Reply | undefined {
  const etag = store.etag(record);
  // The tag names this request (its digits hash the canonical request), so a match needs no body.
  if (isNotModified(conditions.ifNoneMatch, etag)) return finish(headers, etag, 'identity', null);
  const coding = chooseStoredCoding(conditions.acceptEncoding);
  const body = store.body(record, canonical, coding);
  return body === undefined ? undefined : finish(headers, etag, coding, body);
}

/**
 * The same for a record whose body in `coding` (`chooseStoredCoding` of the request) the caller has
 * read already (`store.body`: the key checked): the stored lane reads it before counting the request,
 * so there a 304 costs the read.
 */
export function answerStoredBody(ifNoneMatch: string | null, headers: ResponseHeaders, store: ResponseStore, record: number, coding: StoredCoding, body: Buffer): Reply {
  const etag = store.etag(record);
  return finish(headers, etag, coding, isNotModified(ifNoneMatch, etag) ? null : body);
}

function isNotModified(ifNoneMatch: string | null, etag: string): boolean {
  return ifNoneMatch !== null && matchesIfNoneMatch(ifNoneMatch, etag);
}

/** `body` null: 304. */
function finish(headers: ResponseHeaders, etag: string, coding: StoredCoding, body: Buffer | null): Reply {
  headers['etag'] = etag;
  headers['vary'] = 'Accept-Encoding';
  if (body === null) return NOT_MODIFIED;
  headers['content-type'] = JSON_CONTENT_TYPE;
  if (coding !== 'identity') headers['content-encoding'] = coding;
  return { status: 200, body };
}

/** A stored answer found: the artefact and the record of the canonical request in it. */
export interface StoredRecord {
  readonly store: ResponseStore;
  readonly record: number;
}

/**
 * The record answering `canonical` in the data set's stored answers, when they are in use (verified)
 * and were rendered under `contract`; undefined when the route must compute. The one lookup of both
 * callers (the engine's stored lane and a data route's handler).
 */
export function findStoredRecord(dataSet: DataSet, canonical: string, contract: StoredContract): StoredRecord | undefined {
  const store = dataSet.responses;
  if (store === undefined || !store.usable) return undefined;
  const record = store.find(canonical);
  return record >= 0 && contract.holds(dataSet, store, record, canonical) ? { store, record } : undefined;
}

/**
 * Whether a data set's stored answers of a route were rendered under the route's contract as this
 * server states it (its response format, the ETag's contract part: openapi/response-format.ts).
 * Answers rendered under another contract carry other tags and are not used: the route computes.
 */
export interface StoredContract {
  /** The route's response format, worked out at first use (28 routes: ~20 ms, not spent at start). */
  readonly format: string;
  /**
   * True when the stored answers of `store` carry this route's tags. Settled once per artefact by its
   * first stored answer asked for; a differing tag settles it only when `record` is really the answer
   * to `canonical` (not a fingerprint collision).
   */
  holds(dataSet: DataSet, store: ResponseStore, record: number, canonical: string): boolean;
}

export function createStoredContract(route: RouteDefinition): StoredContract {
  let format: string | undefined;
  const perProcess = route.perProcess === true;
  const settled = new WeakMap<ResponseStore, boolean>();
  return {
    get format() {
      return (format ??= getResponseFormat(route));
    },
    holds(dataSet, store, record, canonical) {
      let matches = settled.get(store);
      if (matches === undefined) {
        matches = store.etag(record) === createEtag(dataSet, canonical, this.format, perProcess);
        if (matches || store.body(record, canonical, 'br') !== undefined) settled.set(store, matches);
      }
      return matches;
    },
  };
}
