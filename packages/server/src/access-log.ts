// The access log: one JSON line per answered request, written by pino to stdout (or a given stream).
//
//   {"level":"info","time":"2026-11-24T02:00:00.000Z","method":"GET","path":"/api/v1/passage/John.3.16",
//    "status":200,"bytes":812,"durationMs":0.214,"requestId":"…","client":"203.0.113.7","forwardedFor":"…"}
//
// `path` is the request target as received (path and query). `bytes` is the body length sent (0 for
// HEAD, 304 and 204). `durationMs` runs from the request reaching the listener to the answer being
// handed to the socket. `client` is the socket's peer address (IPv4-mapped IPv6 written as IPv4);
// `forwardedFor` is the `X-Forwarded-For` header as received, when there is one (a proxy's view of the
// client; the rate limit trusts it only with --trust-proxy). A request Node could not parse (the
// listener's `clientError` answers) logs `method` and `path` as null when they are unknown. With
// `skg serve --workers`, every line also names the worker that answered (`"worker":0`): the workers
// share one stdout.
//
// pino writes through sonic-boom, asynchronously in 4 KiB batches by default, so a line costs the
// request a serialisation and a buffer append, not a write system call (docs/api-decisions.md,
// "Access log"; tools/bench-access-log.ts measures it). `flush()` writes what is buffered (on close).

import type { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

export interface AccessLogEntry {
  readonly method: string | null;
  readonly path: string | null;
  readonly status: number;
  readonly bytes: number;
  /** Null when unknown (a request Node could not parse). */
  readonly durationMs: number | null;
  readonly requestId: string;
  readonly client: string | null;
  readonly forwardedFor?: string;
}

export interface AccessLog {
  write(entry: AccessLogEntry): void;
  /** Writes out buffered lines (before the process exits). */
  flush(): void;
}

export interface AccessLogOptions {
  /** A stream to write the lines to (tests); default `file`. */
  readonly destination?: Writable | NodeJS.WritableStream;
  /** A file descriptor or path, written asynchronously in batches; default 1 (stdout). */
  readonly file?: number | string;
  /** With `file`: bytes buffered before a write (default 4,096; 0 writes each line at once). */
  readonly minLength?: number;
  /** In a cluster, the worker's index, written on every line as `worker` (several workers share stdout). */
  readonly worker?: number;
}

let lastMillisecond = -1;
let lastTime = '';

/** pino's `isoTime`, formatted once per millisecond: at tens of thousands of lines a second, most share one. */
function isoTimeOncePerMillisecond(): string {
  const now = Date.now();
  if (now !== lastMillisecond) {
    lastMillisecond = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

export function createAccessLog(options: AccessLogOptions = {}): AccessLog {
  const destination = options.destination ?? pino.destination({ dest: options.file ?? 1, sync: false, minLength: options.minLength ?? 4096 });
  const logger: Logger = pino(
    {
      base: options.worker === undefined ? null : { worker: options.worker },
      timestamp: isoTimeOncePerMillisecond,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return {
    write(entry) {
      logger.info(entry);
    },
    flush() {
      logger.flush();
    },
  };
}

/** The socket's peer address as a log shows it: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as IPv4. */
export function formatPeerAddress(address: string | undefined): string | null {
  if (address === undefined) return null;
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
