// Renders a range of planned answers: each body from `computeResponse`, the function the route handler
// answers and caches with (so a stored answer is byte-equal to the computed one), then compressed in
// every stored coding (br and gzip; identity is the body itself).
// Run by the render workers (render-worker.ts), or in the writing thread when there is one core.

import { ApiError } from '@skg/core';
import type { DataSet } from '../artefacts/types.ts';
import { computeResponse } from '../http/handlers/route-handler.ts';
import { compressBody } from '../http/handlers/response-cache.ts';
import type { RouteContext } from '../routes/define.ts';
import type { PlannedResponse } from './plan.ts';
import type { RenderTarget } from './targets.ts';

/** One planned answer rendered: its body in every stored coding, or none when the route refuses the path. */
export interface RenderedBody {
  /** The body in RESPONSES_CODINGS order (br, gzip, identity); undefined: no answer to store (e.g. a verse without interlinear data). */
  readonly bodies?: readonly [br: Uint8Array, gzip: Uint8Array, identity: Uint8Array];
  /** Bytes of the body before compression. */
  readonly rawBytes: number;
}

function renderContext(dataSet: DataSet, target: RenderTarget): RouteContext {
  const unavailable = (what: string) => () => {
    throw new Error(`${target.route.path}: the render step has no ${what}; a rendered route must depend only on the data and the path`);
  };
  return Object.defineProperties({ dataSet, params: target.params, query: { ...target.query } } as unknown as RouteContext, {
    app: { get: unavailable('app configuration') },
    event: { get: unavailable('request') },
  });
}

/** Renders planned[start, end) of `dataSet`, in order. */
export async function renderChunk(dataSet: DataSet, planned: readonly PlannedResponse[], start: number, end: number): Promise<RenderedBody[]> {
  const rendered: RenderedBody[] = [];
  for (let record = start; record < end; record++) {
    const { target, key, format, etag } = planned[record]!;
    let response;
    try {
      response = await computeResponse(target.route, renderContext(dataSet, target), key, format);
    } catch (error) {
      if (error instanceof ApiError) {
        rendered.push({ rawBytes: 0 });
        continue;
      }
      throw error;
    }
    if (response.etag !== etag) throw new Error(`render: ${key} was tagged ${response.etag}, expected ${etag}`);
    rendered.push({ bodies: [compressBody(response.body, 'br'), compressBody(response.body, 'gzip'), response.body], rawBytes: response.body.byteLength });
  }
  return rendered;
}
