// Pipeline step: the abuse ceiling, `limit` requests per fixed window per client address (600 per
// minute by default).
//
// Every response carries the counters in two spellings (docs/api-decisions.md):
//   X-RateLimit-Limit: 600          RateLimit-Limit: 600
//   X-RateLimit-Remaining: 599      RateLimit-Remaining: 599
//   X-RateLimit-Reset: <epoch s>    RateLimit-Reset: <seconds left>
//                                   RateLimit-Policy: 600;w=60
// Over the limit: 429 `rate_limited` with `Retry-After` = seconds left in the window (at least 1).
//
// The client address is the socket's peer address; with `trustProxy` it is the last X-Forwarded-For
// entry, the one the trusted proxy appended (earlier entries are whatever the client sent). It is
// counted under its normalised key (client-key.ts): IPv4 canonical, IPv4-mapped IPv6 as IPv4, IPv6 by
// its /64.
//
// The step is synchronous when the store is (the in-memory store): only a store that answers with a
// promise (a shared store, later) makes the request wait.
//
// A CORS preflight (OPTIONS) is not counted: it is answered before this step (http/engine.ts), so a browser
// past the limit still gets the preflight's CORS headers and then a readable 429 for the request
// itself. `report` gives the preflight the counters as they stand, without counting (`peek`).

import type { H3Event } from 'h3';
import { ApiError } from '@skg/core';
import type { ResponseHeaders } from '../../context.ts';
import { getRequestHeader } from '../../internal/request-header.ts';
import type { RateLimitCounter, RateLimitStore } from '../../rate-limit/store.ts';
import { getClientKey } from './client-key.ts';

/** The rate-limit fields this step writes on every answer: the X- trio and the IETF RateLimit fields. */
export const RATE_LIMIT_HEADER_NAMES = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
] as const;

export interface RateLimitOptions {
  readonly limit: number;
  readonly windowMs: number;
  readonly store: RateLimitStore;
  readonly now: () => number;
}

/**
 * Counts a request of `client` (its address as counted, `getClientAddress`) and sets the rate-limit
 * headers; throws (or rejects with) `rate_limited` over the limit. Returns undefined when the store
 * answered synchronously, else a promise to wait for.
 */
export type RateLimitStep = (client: string, headers: ResponseHeaders) => Promise<void> | undefined;

/**
 * Sets the rate-limit headers from the client's current window without counting the request and never
 * throws: a window not open yet reads as the full limit left, a window starting now; a store without
 * `peek`, or one that fails, leaves only the limit and the policy. Returns a promise only when the
 * store answers with one.
 */
export type RateLimitReport = (client: string, headers: ResponseHeaders) => Promise<void> | undefined;

export interface RateLimit {
  /** Counts the request (every request but a preflight). */
  readonly count: RateLimitStep;
  /** Reports the counters without counting (a preflight). */
  readonly report: RateLimitReport;
}

/**
 * Set on a Request an in-process caller has counted already (a tool call of /mcp, counted as one of the
 * POST's messages): the pipeline does not count it again. A symbol, so no request from the network has it.
 */
export const COUNTED_ALREADY: unique symbol = Symbol('skg.rateLimit.countedAlready');

export function isCountedAlready(request: Request): boolean {
  return (request as Request & { [COUNTED_ALREADY]?: boolean })[COUNTED_ALREADY] === true;
}

/** The client's address as counted: its normalised key (client-key.ts). */
export function getClientAddress(event: H3Event, trustProxy: boolean): string {
  return resolveClientAddress(trustProxy ? getRequestHeader(event, 'x-forwarded-for') : null, event.req.ip);
}

/** From the `X-Forwarded-For` to trust (null: none) and the socket's peer address (undefined when unknown). */
export function resolveClientAddress(forwardedFor: string | null, peerAddress: string | undefined): string {
  if (forwardedFor !== null) {
    const last = forwardedFor.slice(forwardedFor.lastIndexOf(',') + 1).trim();
    if (last !== '') return getClientKey(last);
  }
  return peerAddress === undefined ? 'unknown' : getClientKey(peerAddress);
}

export function createRateLimit(options: RateLimitOptions): RateLimit {
  const { limit, windowMs, store, now } = options;
  const limitText = String(limit);
  const windowSeconds = Math.ceil(windowMs / 1000);
  const policy = `${limit};w=${windowSeconds}`;

  function setLimit(headers: ResponseHeaders): void {
    headers['x-ratelimit-limit'] = limitText;
    headers['ratelimit-limit'] = limitText;
    headers['ratelimit-policy'] = policy;
  }

  function setCounters(headers: ResponseHeaders, counter: RateLimitCounter, at: number): number {
    // A shared store dates a new window by its own clock, a little after `at` (the cluster's primary, a
    // message away; Redis): never more than the window is left, or a client's first answer would say 61.
    const secondsLeft = Math.min(windowSeconds, Math.max(0, Math.ceil((counter.resetAt - at) / 1000)));
    const remaining = String(Math.max(0, limit - counter.count));
    setLimit(headers);
    headers['x-ratelimit-remaining'] = remaining;
    headers['x-ratelimit-reset'] = String(Math.ceil(counter.resetAt / 1000));
    headers['ratelimit-remaining'] = remaining;
    headers['ratelimit-reset'] = String(secondsLeft);
    return secondsLeft;
  }

  function apply(headers: ResponseHeaders, counter: RateLimitCounter, at: number): void {
    const secondsLeft = setCounters(headers, counter, at);
    if (counter.count > limit) {
      throw new ApiError('rate_limited', `more than ${limit} requests in ${policyWindow(windowMs)} from this address`, {
        headers: { 'Retry-After': String(Math.max(1, secondsLeft)) },
      });
    }
  }

  function show(headers: ResponseHeaders, counter: RateLimitCounter | undefined, at: number): void {
    setCounters(headers, counter ?? { count: 0, resetAt: at + windowMs }, at);
  }

  return {
    count(client, headers) {
      const at = now();
      const counter = store.hit(client, windowMs, at);
      if (counter instanceof Promise) return counter.then((resolved) => apply(headers, resolved, at));
      apply(headers, counter, at);
      return undefined;
    },
    report(client, headers) {
      setLimit(headers);
      if (store.peek === undefined) return undefined;
      const at = now();
      try {
        const counter = store.peek(client, at);
        if (counter instanceof Promise) return counter.then((resolved) => show(headers, resolved, at), () => undefined);
        show(headers, counter, at);
      } catch {
        // A store that cannot answer leaves the preflight with the limit alone.
      }
      return undefined;
    },
  };
}

function policyWindow(windowMs: number): string {
  return windowMs === 60_000 ? 'one minute' : `${Math.ceil(windowMs / 1000)} seconds`;
}
