// What the render step will store, in record order: each target's canonical request (the key), its
// route's response format and its ETag, all derived from the data set and the path alone. Computed the
// same way by the thread that writes the file and by every render worker, so a worker is handed only a
// range of record numbers.

import { createEtag, formatCanonicalRequest, getEtagBase, type QueryName } from '../http/steps/etag.ts';
import { getResponseFormat } from '../openapi/response-format.ts';
import { getQueryNames } from '../http/handlers/route-handler.ts';
import { API_BASE } from '../routes/define.ts';
import type { DataSet } from '../artefacts/types.ts';
import { listRenderTargets, type RenderKind, type RenderTarget } from './targets.ts';

export interface PlannedResponse {
  readonly target: RenderTarget & { readonly kind: RenderKind };
  readonly key: string;
  /** The route's response format (the ETag's contract part), computed once per route. */
  readonly format: string;
  readonly etag: string;
}

export interface ResponsePlan {
  readonly etagBase: string;
  readonly planned: readonly PlannedResponse[];
}

/** Every answer of `dataSet` to store, in the order of listRenderTargets. */
export function planResponses(dataSet: DataSet): ResponsePlan {
  const planned: PlannedResponse[] = [];
  const queryNames = new Map<RenderTarget['route'], QueryName[]>();
  const formats = new Map<RenderTarget['route'], string>();
  for (const target of listRenderTargets(dataSet)) {
    let names = queryNames.get(target.route);
    if (!names) queryNames.set(target.route, (names = getQueryNames(target.route)));
    const key = formatCanonicalRequest('GET', new URL(`http://localhost${API_BASE}${target.path}`), names);
    if (!/^[\x20-\x7e]*$/.test(key)) throw new Error(`render: the canonical request ${key} is not ASCII`);
    let format = formats.get(target.route);
    if (format === undefined) formats.set(target.route, (format = getResponseFormat(target.route)));
    planned.push({ target, key, format, etag: createEtag(dataSet, key, format, target.route.perProcess === true) });
  }
  return { etagBase: getEtagBase(dataSet), planned };
}
