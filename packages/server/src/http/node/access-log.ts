// The access log: one JSON line per answered request, to stdout (or a given stream).
//
//   {"level":"info","time":"2026-11-24T02:00:00.000Z","method":"GET","path":"/api/v1/passage/John.3.16",
//    "status":200,"bytes":812,"durationMs":0.214,"requestId":"…","client":"203.0.113.7","forwardedFor":"…",
//    "userAgent":"curl/8.5.0","tools":["get_passage"]}
//
// `userAgent` is the `User-Agent` header as received, when there is one; `tools` is on a POST /mcp line
// only: the tools its `tools/call` messages named, in message order (`noteMcpTools`).
// `path` is the request target as received (path and query). `bytes` is the body length sent (0 for
// HEAD, 304 and 204). `durationMs` runs from the request reaching the listener to the answer being
// handed to the socket. `client` is the socket's peer address (IPv4-mapped IPv6 written as IPv4);
// `forwardedFor` is the `X-Forwarded-For` header as received, when there is one (a proxy's view of the
// client; the rate limit trusts it only with --trust-proxy). A request Node could not parse (the
// listener's `clientError` answers) logs `method` and `path` as null when they are unknown. With
// `skg serve --workers`, every line also names the worker that answered (`"worker":0`): the workers
// share one stdout.
//
// Lines are batched: each line is encoded at once into one reused buffer, and the buffer is written when
// it holds 32 KiB or 20 ms after its first line, whichever comes first, so a line costs the request its
// encoding alone, and a quiet server's lines still appear at once. A line is written into the buffer
// field by field, never made as a string (access-log-line.ts): the bytes are what `JSON.stringify` of
// the entry gives. pino is not used: its serialiser and sonic-boom's per-line bookkeeping cost 2.2 µs a
// line against well under 1 µs here (docs/api-decisions.md, "Access log"; tools/bench-access-log.ts).
//
// Encoding each line at once matters: lines kept as strings or entries until the batch is written (up
// to 32 KiB of them, 10-20 ms at full load) would outlive the young generation's collections, be
// promoted, and make old-generation garbage of every line.
//
// A batch is written with one synchronous `write`, as Node itself writes stdout to a file or a pipe on
// Linux. Both alternatives were measured worse: written asynchronously (sonic-boom), a server saturated
// on its core fell behind its own log and held tens of MB of lines; and writing the batch as a string,
// Node allocated three times its length per write with malloc, which fragmented the allocator's heap
// beside the server's own allocations (70 MB of `[heap]` after a mixed load against 19 MB with no log).
// A reader that cannot take a batch now (a non-blocking pipe that is full: EAGAIN) loses that batch (or
// its rest), said once on stderr: the log never holds the server up nor grows without bound. On exit,
// what is buffered is written.

import { openSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { lineBound, writeLine } from './access-log-line.ts';
import { writeFully } from '../../internal/write-fully.ts';

export interface AccessLogEntry {
  readonly method: string | null;
  readonly path: string | null;
  readonly status: number;
  readonly bytes: number;
  /** Null when unknown (a request Node could not parse). */
  readonly durationMs: number | null;
  readonly requestId: string;
  readonly client: string | null;
  readonly forwardedFor?: string | undefined;
  readonly userAgent?: string | undefined;
  /** The tools a POST /mcp called. */
  readonly tools?: readonly string[] | undefined;
}

/** The tools each MCP request called, by the Node request that carried it, until its line is written. */
const mcpTools = new WeakMap<object, readonly string[]>();

/** Notes the tools an MCP request (as Node parsed it) called, for its access-log line. */
export function noteMcpTools(req: object, tools: readonly string[]): void {
  if (tools.length > 0) mcpTools.set(req, tools);
}

/** The tools noted for `req`, if any. */
export function getMcpTools(req: IncomingMessage): readonly string[] | undefined {
  return mcpTools.get(req);
}

export interface AccessLog {
  write(entry: AccessLogEntry): void;
  /** Writes out buffered lines (before the process exits). */
  flush(): void;
}

export interface AccessLogOptions {
  /** A stream to write the lines to (tests); default `file`. */
  readonly destination?: Writable | NodeJS.WritableStream;
  /** A file descriptor or path (appended to), written in batches; default 1 (stdout). */
  readonly file?: number | string;
  /** In a cluster, the worker's index, written on every line as `worker` (several workers share stdout). */
  readonly worker?: number;
}

/** A batch is written once it holds this many bytes… */
const BATCH_BYTES = 32 * 1024;
/** …or this long after its first line. */
const BATCH_MS = 20;
/** The reused buffer: a full batch and room for any ordinary line after it (`lineBound`: six bytes a character). */
const BUFFER_BYTES = 4 * BATCH_BYTES;

/** The logs writing to a descriptor or file (one a process in service), flushed when the process exits. */
const live = new Set<AccessLog>();
let exitHookInstalled = false;

function flushAllOnExit(log: AccessLog): void {
  live.add(log);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const each of live) each.flush();
  });
}

/** Where batches go: `bytes` is only valid during the call (the buffer is reused). */
type Sink = (bytes: Uint8Array) => void;

export function createAccessLog(options: AccessLogOptions = {}): AccessLog {
  const destination = options.destination;
  const sink: Sink = destination === undefined ? openFile(options.file ?? 1) : (bytes) => destination.write(Buffer.from(bytes));
  const fields = options.worker === undefined ? '' : `"worker":${options.worker},`;
  const buffer = Buffer.allocUnsafeSlow(BUFFER_BYTES);
  let used = 0;
  let timer: NodeJS.Timeout | undefined;
  let lastMillisecond = -1;
  let prefix: Uint8Array = new Uint8Array(0);

  function writeBatch(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (used === 0) return;
    const bytes = buffer.subarray(0, used);
    used = 0;
    sink(bytes);
  }

  const log: AccessLog = {
    write(entry) {
      // The time is formatted once per millisecond: at tens of thousands of lines a second, most share one.
      const now = Date.now();
      if (now !== lastMillisecond) {
        lastMillisecond = now;
        prefix = Buffer.from(`{"level":"info","time":"${new Date(now).toISOString()}",${fields}`, 'latin1');
      }
      const bound = lineBound(entry, prefix);
      if (bound > BUFFER_BYTES - used) {
        writeBatch();
        // A line that might not fit even alone (over 21,000 characters of strings, each counted as an escape:
        // a server started with a larger --max-http-header-size).
        if (bound > BUFFER_BYTES) {
          const own = Buffer.allocUnsafe(bound);
          sink(own.subarray(0, writeLine(own, 0, prefix, entry)));
          return;
        }
      }
      used = writeLine(buffer, used, prefix, entry);
      if (used >= BATCH_BYTES) writeBatch();
      else if (timer === undefined) timer = setTimeout(writeBatch, BATCH_MS);
    },
    flush: writeBatch,
  };
  if (destination === undefined) flushAllOnExit(log);
  return log;
}

/** Synchronous batch writes to `file` (a descriptor, or a path opened to append). */
function openFile(file: number | string): Sink {
  const fd = typeof file === 'number' ? file : openSync(file, 'a');
  let off = false;
  let dropped = 0;
  return (bytes) => {
    if (off) return;
    try {
      writeFully(fd, bytes);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        if (dropped++ === 0) console.error('skg: the access log is not being read fast enough; lines are being dropped');
        return;
      }
      // The reader went away (EPIPE) or the file failed: the log stops, the server goes on.
      off = true;
      if (code !== 'EPIPE') console.error(`skg: the access log failed and is off: ${(error as Error).message}`);
    }
  };
}

/** The socket's peer address as a log shows it: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as IPv4. */
export function formatPeerAddress(address: string | undefined): string | null {
  if (address === undefined) return null;
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
