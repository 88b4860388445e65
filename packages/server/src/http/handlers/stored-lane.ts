// The first half of the engine's lookup (http/engine.ts): the stored answer for an exact GET or HEAD
// target, found before anything is routed or parsed.
//
// A GET or HEAD whose request target (path and query, as sent) is exactly a key of the response artefact
// needs no routing: its canonical request is `GET <target>`, the key the answer is stored under
// (`/api/v1/passage/John.3.16`, or `/api/v1/passage/John.3.16?translation=KJV` for an answer stored with
// its query). Routing it (the URL, the route table, the route's query parsing) costs about as much as the
// rest of the steps for such a request (docs/api-decisions.md, "Request pipeline").
//
// The answer is the one the route table gives, byte for byte apart from the request id: a stored key is
// a canonical request (a URL's pathname and the route's query parameters sorted), which parsing again
// leaves unchanged, so a target equal to it is routed to the route that rendered it, whose handler
// answers this same record (route-handler.ts). The route's contract is checked the same way and the
// answer made by the same function (stored-response.ts). Anything else (a target in another spelling, a
// target with no stored answer, a record of another request, a contract that changed since the build, an
// artefact whose checksum is still being verified) is left to the route table.

import type { ResponseStore } from '../../artefacts/responses.ts';
import type { DataSet } from '../../artefacts/types.ts';
import { RENDERED_ROUTES } from '../../render/targets.ts';
import type { StoredCoding } from '../steps/content-encoding.ts';
import { API_BASE } from '../../routes/define.ts';
import { createStoredContract, findStoredRecord, type StoredContract } from './stored-response.ts';

/** A request answered from the store: its stored record, the body in the client's coding already read (its key checked). */
export interface StoredRequest {
  readonly store: ResponseStore;
  readonly record: number;
  readonly coding: StoredCoding;
  readonly body: Buffer;
}

/** The stored answer a request target names in a data set, in `coding`, or undefined when the route table must answer it. */
export type FindStoredRequest = (dataSet: DataSet, target: string, coding: StoredCoding) => StoredRequest | undefined;

export function createStoredRequestFinder(): FindStoredRequest {
  // `/passage` → the contract of the route rendering `/passage/{osis}`: the first segment names the route
  // (a target with no second `/` names no rendered route).
  const contracts = new Map<string, StoredContract>();
  for (const route of Object.values(RENDERED_ROUTES)) {
    const segment = route.path.slice(0, route.path.indexOf('/', 1));
    if (segment === '' || contracts.has(segment)) throw new Error(`the stored lane cannot tell ${route.path} by its first segment`);
    contracts.set(segment, createStoredContract(route));
  }
  const base = API_BASE.length;

  return function findStoredRequest(dataSet, target, coding) {
    if (!target.startsWith(API_BASE)) return undefined;
    const contract = contracts.get(target.slice(base, target.indexOf('/', base + 1)));
    if (contract === undefined) return undefined;
    const canonical = `GET ${target}`;
    const found = findStoredRecord(dataSet, canonical, contract);
    if (found === undefined) return undefined;
    const body = found.store.body(found.record, canonical, coding);
    return body === undefined ? undefined : { store: found.store, record: found.record, coding, body };
  };
}
