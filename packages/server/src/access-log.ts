// The access log: one JSON line per answered request, to stdout (or a given stream).
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
// Lines are batched and written asynchronously through sonic-boom (pino's writer): a batch goes out
// when it reaches 64 KiB or 20 ms after its first line, whichever comes first, so a line costs the
// request a `JSON.stringify` and a string append, and a quiet server's lines still appear at once (pino's
// 4 KiB minimum held a lone request's line back until 4 KiB more arrived). pino itself is not used: its
// serialiser and sonic-boom's per-line bookkeeping cost 2.2 µs a line against 0.65 µs here, about
// a tenth of a stored answer's whole cost (docs/api-decisions.md, "Access log"; tools/bench-access-log.ts).
// A reader that stops reading (a stalled pipe) costs at most 16 MiB of buffered lines; past that, lines
// are dropped and said so once on stderr. On exit, what is buffered is written synchronously.

import type { Writable } from 'node:stream';
import sonicBoom, { type SonicBoom as SonicBoomStream } from 'sonic-boom';

// sonic-boom is CommonJS (`module.exports = SonicBoom`); its types declare the class as a named export.
const SonicBoom = sonicBoom as unknown as typeof SonicBoomStream;

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
  /** In a cluster, the worker's index, written on every line as `worker` (several workers share stdout). */
  readonly worker?: number;
}

/** A batch is written once it holds this many characters (the lines are ASCII but for rare paths)… */
const BATCH_CHARACTERS = 64 * 1024;
/** …or this long after its first line. */
const BATCH_MS = 20;
/** Bytes a stalled reader may leave buffered before lines are dropped. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/** Logs with buffered lines, written out synchronously when the process exits. */
const live = new Set<{ flushSync(): void }>();
let exitHookInstalled = false;

function flushAllOnExit(log: { flushSync(): void }): void {
  live.add(log);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const each of live) each.flushSync();
  });
}

export function createAccessLog(options: AccessLogOptions = {}): AccessLog {
  const sink = options.destination ?? openFile(options.file ?? 1);
  const fields = options.worker === undefined ? '' : `"worker":${options.worker},`;
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  let lastMillisecond = -1;
  let prefix = '';

  function writeBatch(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const batch = pending;
    pending = '';
    sink.write(batch);
  }

  const log = {
    write(entry: AccessLogEntry): void {
      // The time is formatted once per millisecond: at tens of thousands of lines a second, most share one.
      const now = Date.now();
      if (now !== lastMillisecond) {
        lastMillisecond = now;
        prefix = `{"level":"info","time":"${new Date(now).toISOString()}",${fields}`;
      }
      pending += `${prefix}${JSON.stringify(entry).slice(1)}\n`;
      if (pending.length >= BATCH_CHARACTERS) writeBatch();
      else if (timer === undefined) timer = setTimeout(writeBatch, BATCH_MS);
    },
    flush: writeBatch,
    flushSync(): void {
      writeBatch();
      if (!(sink instanceof SonicBoom)) return;
      try {
        sink.flushSync();
      } catch {
        // Not open yet, or closed: nothing can be written now.
      }
    },
  };
  if (options.destination === undefined) flushAllOnExit(log);
  return { write: log.write, flush: log.flush };
}

/** sonic-boom on `file`: asynchronous writes, EAGAIN retried, a broken pipe ending the log quietly. */
function openFile(file: number | string): SonicBoomStream {
  const stream = new SonicBoom({ ...(typeof file === 'number' ? { fd: file } : { dest: file }), sync: false, minLength: 0, maxLength: MAX_BUFFERED_BYTES });
  let dropped = false;
  stream.on('drop', () => {
    if (dropped) return;
    dropped = true;
    console.error('skg: the access log is not being read fast enough; lines are being dropped');
  });
  stream.on('error', (error: NodeJS.ErrnoException) => {
    // The reader went away (EPIPE) or the file failed: the log stops, the server goes on.
    if (error.code !== 'EPIPE') console.error(`skg: the access log failed and is off: ${error.message}`);
    stream.write = () => false;
    stream.flushSync = () => undefined;
  });
  return stream;
}

/** The socket's peer address as a log shows it: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as IPv4. */
export function formatPeerAddress(address: string | undefined): string | null {
  if (address === undefined) return null;
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
