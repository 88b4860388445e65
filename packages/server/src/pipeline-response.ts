// The pipeline's answer: a web `Response` (srvx's FastResponse, what h3 and in-process callers see)
// that also keeps the parts it was built from, so the Node listener (node-listener.ts) can write them
// to the socket as they are: status, reason phrase, the plain header object, the body.

import { FastResponse } from 'srvx/node';
import type { ResponseHeaders } from './context.ts';

export interface RawResponse {
  readonly status: number;
  /** The standard reason phrase (`OK`, `Not Found`). */
  readonly statusText: string;
  /** Lower-case names; `content-length` is set whenever there is a body (also for HEAD). */
  readonly headers: ResponseHeaders;
  /** Null for 204, 304 and HEAD. */
  readonly body: string | Uint8Array | null;
}

export class PipelineResponse extends FastResponse {
  readonly raw: RawResponse;

  constructor(raw: RawResponse) {
    super(raw.body, raw);
    this.raw = raw;
  }
}
