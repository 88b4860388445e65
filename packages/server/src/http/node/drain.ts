// The drain `close()` runs (SIGTERM / SIGINT in `skg serve`): no request the server has received is
// lost, read or not.
// - New connections are refused: the listening socket closes (net.Server's close: http.Server's own
//   would also destroy every connection Node counts as idle, which includes one whose next request is
//   in the socket's buffer, not yet read: its client saw a reset).
// - A response in flight, and the answer to every request arriving while draining, is sent with
//   `Connection: close`, and Node closes its connection once it is written.
// - A connection with nothing in flight is closed once nothing has arrived on it for DRAIN_IDLE_GRACE_MS:
//   a kept-alive client between two requests sends its next within that time and is answered (with
//   `Connection: close`); an idle one is closed as its keep-alive timeout would close it.
// - After `timeoutMs` every connection still open is closed.
// Connections, not requests, are tracked: one Set entry per connection, nothing per request.

import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** How long a connection with nothing in flight must stay quiet before the drain closes it. */
export const DRAIN_IDLE_GRACE_MS = 200;
const DRAIN_TICK_MS = 25;

export interface Drain {
  /** Called for each request: while draining, its response is sent with `Connection: close`. */
  onRequest(res: ServerResponse): void;
  /** Drains (above); resolves once every connection is closed, at most `timeoutMs` after the call. */
  close(timeoutMs: number): Promise<void>;
}

/** The response a socket is writing now (Node's own link from a connection to its current response). */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

interface Quiet {
  /** `socket.bytesRead` when last looked at. */
  bytesRead: number;
  /** Since when nothing was in flight on it and nothing arrived. */
  since: number;
}

export function createDrain(server: Server): Drain {
  const sockets = new Set<HttpSocket>();
  server.on('connection', (socket: HttpSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let draining = false;
  let closing: Promise<void> | undefined;

  const isBusy = (socket: HttpSocket) => {
    const res = socket._httpMessage;
    return res !== null && res !== undefined && !res.writableFinished;
  };

  return {
    onRequest(res) {
      if (draining) res.shouldKeepAlive = false;
    },
    close(timeoutMs) {
      closing ??= drainNow(timeoutMs);
      return closing;
    },
  };

  async function drainNow(timeoutMs: number): Promise<void> {
    if (!server.listening) return;
    // Connections the kernel completed before the signal are accepted in the poll phase between the two
    // immediates and drained with the rest (one still in its accept queue when the listener closes is
    // reset by the kernel). Until the listener is closed, answers keep their connection: a client told
    // `Connection: close` earlier would connect again into that queue.
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    const stopped = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    draining = true;
    for (const socket of sockets) {
      const res = socket._httpMessage;
      if (res && !res.headersSent) res.shouldKeepAlive = false;
    }
    const quiet = new Map<HttpSocket, Quiet>();
    const closeQuiet = () => {
      const now = performance.now();
      for (const socket of sockets) {
        const seen = quiet.get(socket);
        if (isBusy(socket) || seen === undefined || seen.bytesRead !== socket.bytesRead) {
          quiet.set(socket, { bytesRead: socket.bytesRead, since: now });
        } else if (now - seen.since >= DRAIN_IDLE_GRACE_MS) {
          socket.destroy();
        }
      }
    };
    closeQuiet();
    const ticker = setInterval(closeQuiet, DRAIN_TICK_MS);
    const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
    try {
      // net.Server's close calls back once the last connection is gone.
      await stopped;
    } finally {
      clearInterval(ticker);
      clearTimeout(deadline);
    }
  }
}
