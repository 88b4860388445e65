// What one client, or all of them, may hold of the HTTP server: connection ceilings and timeouts.
//
// - Headers must arrive within `headersTimeoutMs` (10 s) and the whole request within
//   `requestTimeoutMs` (30 s), or Node raises a request timeout and the listener answers 408 in the
//   Error shape (http/node/listener.ts); Node checks both every `connectionsCheckingInterval` (1 s here, 30 s
//   by default), so a slow request is cut within a second of its deadline. An idle kept-alive
//   connection is closed after `keepAliveTimeoutMs` (5 s, Node's default).
// - At most `maxConnectionsPerAddress` open connections per client address (the socket's peer, IPv6
//   counted by its /64, as the rate limit keys it: http/steps/client-key.ts) and `maxConnections` in all. One more is answered at once,
//   before its request is read, with the Error shape and closed: 429 `rate_limited` over the
//   per-address cap, 503 `rate_limited` over the total (both with `Retry-After: 1`). So a slowloris from
//   one address holds at most its own share and every other address is still answered (measured by
//   tools/check-slow-clients.ts).
// - Behind a reverse proxy (`trustProxy`) every connection comes from the proxy, so the per-address
//   cap does not apply (the proxy limits its clients); the total cap and the timeouts still do.
//
// docs/api-decisions.md, "Connections and timeouts".

import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '@skg/core';
import type { AccessLog } from './access-log.ts';
import type { DataSet } from '../../artefacts/types.ts';
import { createListenerAnswer, logListenerAnswer, writeAnswerToSocket } from './listener-answers.ts';

export interface ConnectionLimits {
  /** Open connections in all; default 1,000 (inside a 1,024-descriptor limit, with room for files). */
  readonly maxConnections: number;
  /** Open connections from one client address; default 64. Not applied with `trustProxy`. */
  readonly maxConnectionsPerAddress: number;
  /** Time for the request headers to arrive; default 10,000 ms. */
  readonly headersTimeoutMs: number;
  /** Time for the whole request (headers and body) to arrive; default 30,000 ms. */
  readonly requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this; default 5,000 ms. */
  readonly keepAliveTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = Object.freeze({
  maxConnections: 1_000,
  maxConnectionsPerAddress: 64,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
});

/** How often Node checks the header and request deadlines (its default is 30 s). */
const DEADLINE_CHECK_INTERVAL_MS = 1_000;

/** The `node:http` `createServer` options for `limits`: timeouts, the deadline check, and Host left to the listener. */
export function createHttpServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(DEADLINE_CHECK_INTERVAL_MS, limits.headersTimeoutMs),
    // http/node/listener.ts answers a request without Host in the Error shape instead of Node's bare 400.
    requireHostHeader: false,
  };
}

export interface ConnectionLimiterOptions {
  readonly limits: ConnectionLimits;
  /** With a trusted proxy every connection comes from it: no per-address cap. */
  readonly trustProxy: boolean;
  /** Groups a peer address as the rate limit counts it (IPv6 by /64); default the address itself. */
  readonly keyOf?: (address: string) => string;
  readonly getDataSet?: () => DataSet;
  readonly accessLog?: AccessLog;
}

export interface ConnectionLimiter {
  /** Open connections now, in all and from the busiest address. */
  counts(): { readonly total: number; readonly busiestAddress: number };
  /**
   * True for a connection that was refused: Node's parser still reads from it until it closes, and a
   * request it parses there must not be answered (the refusal was the answer).
   */
  isRefused(socket: Socket): boolean;
}

/** Counts the server's connections and refuses, with an Error answer, one over a cap. */
export function limitConnections(server: Server, options: ConnectionLimiterOptions): ConnectionLimiter {
  const { limits, trustProxy, getDataSet, accessLog } = options;
  const keyOf = options.keyOf ?? ((address: string) => address);
  const perAddress = new Map<string, number>();
  const refused = new WeakSet<Socket>();
  let total = 0;
  // Node's own ceiling behind ours: past it a connection is closed unanswered before any JavaScript
  // runs, which keeps descriptors for the answers when a flood outpaces them.
  server.maxConnections = limits.maxConnections + 64;

  function refuse(socket: Socket, status: 429 | 503, message: string): void {
    refused.add(socket);
    const answer = createListenerAnswer(status, new ApiError('rate_limited', message), getDataSet, { 'retry-after': '1' });
    writeAnswerToSocket(socket, answer);
    logListenerAnswer(accessLog, answer, { method: null, path: null, remoteAddress: socket.remoteAddress });
  }

  // Before Node's own listener, so a refused connection is answered before its request is parsed.
  server.prependListener('connection', (socket: Socket) => {
    const key = trustProxy ? undefined : keyOf(socket.remoteAddress ?? 'unknown');
    const fromAddress = key === undefined ? 0 : (perAddress.get(key) ?? 0);
    if (total >= limits.maxConnections) {
      refuse(socket, 503, `the server holds its maximum of ${limits.maxConnections} open connections: retry in a moment`);
      return;
    }
    if (key !== undefined && fromAddress >= limits.maxConnectionsPerAddress) {
      refuse(socket, 429, `more than ${limits.maxConnectionsPerAddress} open connections from this address: reuse or close some`);
      return;
    }
    total += 1;
    if (key !== undefined) perAddress.set(key, fromAddress + 1);
    socket.once('close', () => {
      total -= 1;
      if (key === undefined) return;
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    });
  });

  return {
    counts: () => ({ total, busiestAddress: Math.max(0, ...perAddress.values()) }),
    isRefused: (socket) => refused.has(socket),
  };
}
