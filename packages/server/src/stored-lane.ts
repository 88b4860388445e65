// The stored lane: which requests the pipeline answers from the response artefact before h3 sees them
// (pipeline.ts, `answerStoredRequest`; the Node listener asks it first, node-listener.ts).
//
// A GET or HEAD whose request target is exactly the path of a stored answer (`/api/v1/passage/John.3.16`,
// no query string) needs no routing: its canonical request is `GET <target>`, the key the answer is
// stored under. Going through h3 (its event, the route table, srvx's request and the web `Response`)
// costs about as much as the rest of the pipeline for such a request (docs/api-decisions.md, "Request
// pipeline"); the lane skips it.
//
// The answer is the one h3's path gives, byte for byte apart from the request id: a stored key is the
// pathname of a URL, which parsing again leaves unchanged, so a target equal to it is routed by h3 to
// the route that rendered it, whose handler answers this same record (route-handler.ts). The lane runs
// the pipeline's steps in the same order, checks the route's contract the same way and answers with the
// same function (stored-response.ts). Anything else (another method, a query string, a target with no
// stored answer, a record of another request, a contract that changed since the build, an artefact whose
// checksum is still being verified) is left to h3, before anything was counted.

import type { ResponseStore } from './artefacts/responses.ts';
import type { DataSet } from './artefacts/types.ts';
import { RENDERED_ROUTES } from './render/targets.ts';
import type { StoredCoding } from './middleware/content-encoding.ts';
import { API_BASE } from './routes/define.ts';
import { createStoredContract, type StoredContract } from './stored-response.ts';

/** A request the lane answers: its stored record, the body in the client's coding already read (its key checked). */
export interface StoredRequest {
  readonly store: ResponseStore;
  readonly record: number;
  readonly body: Buffer;
}

/** The stored answer a request target names in a data set, in `coding`, or undefined when h3 must answer it. */
export type FindStoredRequest = (dataSet: DataSet, target: string, coding: StoredCoding) => StoredRequest | undefined;

export function createStoredRequestFinder(): FindStoredRequest {
  // `/passage` → the contract of the route rendering `/passage/{osis}`: the first segment names the route.
  const contracts = new Map<string, StoredContract>();
  for (const route of Object.values(RENDERED_ROUTES)) {
    const segment = route.path.slice(0, route.path.indexOf('/', 1));
    if (segment === '' || contracts.has(segment)) throw new Error(`the stored lane cannot tell ${route.path} by its first segment`);
    contracts.set(segment, createStoredContract(route));
  }
  const base = API_BASE.length;

  return function findStoredRequest(dataSet, target, coding) {
    const store = dataSet.responses;
    if (store === undefined || !store.usable || !target.startsWith(API_BASE) || target.includes('?')) return undefined;
    const contract = contracts.get(target.slice(base, target.indexOf('/', base + 1)));
    if (contract === undefined) return undefined;
    const canonical = `GET ${target}`;
    const record = store.find(canonical);
    if (record < 0) return undefined;
    const body = store.body(record, canonical, coding);
    if (body === undefined || !contract.holds(dataSet, store, record, canonical)) return undefined;
    return { store, record, body };
  };
}
