// The request as the engine reads it (docs/engine.md): built once per request by the adapter it came
// through, the Node listener (`NodeHead`) or the in-process h3 app (`H3Head`). Every step
// reads the request through it, never through `IncomingMessage` or `H3Event` directly, so the steps and
// the lookup are written once for both.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type H3, H3Event } from 'h3';
import { NodeRequest } from 'srvx/node';
import { isCountedAlready, resolveClientAddress } from './steps/rate-limit.ts';
import { getRequestHeader, readNodeHeader } from '../internal/request-header.ts';

export interface RequestHead {
  readonly method: string;
  /** The path and query as the client sent them (`/api/v1/passage/John.3.16?translation=KJV`). */
  readonly target: string;
  /**
   * The target exactly as Node received it off the wire (dot segments are checked on it), or undefined
   * for an in-process `Request`, whose URL was resolved when it was built.
   */
  readonly wireTarget: string | undefined;
  /** True for a request an in-process caller counted already (a tool call of /mcp). */
  readonly countedAlready: boolean;
  /** A request header's value (`name` lower-case), repeated ones joined with ", "; null when absent. */
  header(name: string): string | null;
  /** The client's address as the rate limit counts it: X-Forwarded-For's last hop behind a trusted proxy, else the peer. */
  client(trustProxy: boolean): string;
  /** The URL as h3 parses it (the pathname routed on, the query the routes read); made on first use. */
  url(): URL;
  /** The request as h3 and the route context carry it (a write route's body, /mcp's `event.app`); made on first use. */
  event(): H3Event;
}

/**
 * The head of a request through node:http; `app` is what an `H3Event` made for a route names as its app.
 * A class, not an object of closures: it is made for every request, and its methods cost nothing per request.
 */
export class NodeHead implements RequestHead {
  readonly method: string;
  readonly target: string;
  readonly countedAlready = false;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  readonly #app: H3;
  #event: H3Event | undefined;

  constructor(req: IncomingMessage, res: ServerResponse, app: H3) {
    this.method = req.method ?? 'GET';
    this.target = req.url ?? '/';
    this.#req = req;
    this.#res = res;
    this.#app = app;
  }

  get wireTarget(): string {
    return this.target;
  }

  header(name: string): string | null {
    return readNodeHeader(this.#req.headers, name);
  }

  client(trustProxy: boolean): string {
    return resolveClientAddress(trustProxy ? this.header('x-forwarded-for') : null, this.#req.socket.remoteAddress);
  }

  url(): URL {
    return this.event().url;
  }

  event(): H3Event {
    return (this.#event ??= new H3Event(new NodeRequest({ req: this.#req, res: this.#res }), undefined, this.#app));
  }
}

/** The head of a request h3 made an event of (`app.fetch`, an in-process call, or a test). */
export class H3Head implements RequestHead {
  readonly method: string;
  readonly target: string;
  readonly wireTarget: string | undefined;
  readonly countedAlready: boolean;
  readonly #event: H3Event;

  constructor(event: H3Event) {
    const url = event.url;
    this.method = event.req.method;
    this.target = url.pathname + url.search;
    this.wireTarget = event.runtime?.node?.req.url;
    this.countedAlready = isCountedAlready(event.req);
    this.#event = event;
  }

  header(name: string): string | null {
    return getRequestHeader(this.#event, name);
  }

  client(trustProxy: boolean): string {
    return resolveClientAddress(trustProxy ? this.header('x-forwarded-for') : null, this.#event.req.ip);
  }

  url(): URL {
    return this.#event.url;
  }

  event(): H3Event {
    return this.#event;
  }
}
