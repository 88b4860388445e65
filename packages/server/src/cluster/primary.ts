// `skg serve --workers <n>`: the cluster primary. It forks n workers (the same command, each loading
// dist/ and serving through node:cluster's shared listening socket), and serves none itself:
// - Rate limit: with no shared store the primary holds the counters (rate-limit-ipc.ts), so one client
//   address has one counter whichever worker answers it. With Redis the workers count there.
// - Webhooks: worker 0 delivers the events (one delivery per event); every worker registers, reads and
//   tests. A worker that dies is forked again with its index, so there is always one deliverer.
// - Hot swap: every worker watches dist/ itself; SIGHUP is forwarded to every worker serving (one still
//   starting loads the newest build anyway).
// - SIGTERM / SIGINT: the primary closes the listening socket first, then forwards the signal; each
//   worker drains (serve.ts) and exits; the primary waits for them (at most the drain time and 5 s more,
//   then kills what is left) and exits. With node:cluster's round robin the primary accepts every
//   connection and hands it to a worker; left to itself it goes on accepting until the last worker has
//   closed its server, and then closes the connections it accepted meanwhile, which their clients see
//   as resets (a flaky test, test/endpoints/graceful.test.ts, 2 runs in 6). Closed first, the socket
//   refuses new connections at once, as a single process's does, and what was accepted before is
//   still handed to a worker and answered. node:cluster keeps that socket to itself, so it is caught as
//   it is made (`catchListeningSockets`).
// A worker that exits before it listened (dist/ missing, port taken) stops the cluster: its message is
// the reason, and forking it again would fail the same way.
//
// Loaded by the primary alone, so it imports nothing of the server but the counters and the manifest
// check (`assertDistManifest`: a dist/ without a readable manifest fails before any worker is forked).

import { createHook } from 'node:async_hooks';
import cluster, { type Worker } from 'node:cluster';
import { checkDist, formatDistProblem } from '../artefacts/check-dist.ts';
import { createPrimaryCounters, isRateLimitRequest } from './rate-limit-ipc.ts';

/** The environment variable giving a worker its index (0 … n-1). */
export const WORKER_INDEX_ENV = 'SKG_WORKER_INDEX';
/** What a worker sends the primary once it listens. */
export const LISTENING_MESSAGE = 'skg:listening';
/** What a worker sends the primary when it cannot start: the primary prints the first such message. */
export const START_FAILED_MESSAGE = 'skg:start-failed';

/**
 * The V8 flags a server process runs with: a young generation of 2 MB semi-spaces instead of 16 MB.
 * A server allocates short-lived garbage per request and keeps little; the smaller nursery took the
 * resident memory after the wide benchmark from about 185 MB to about 160 MB at the same throughput
 * (tools/bench-wide.ts --node-flags; docs/api-decisions.md, "Memory"). The workers get them from the
 * primary; a single process gets them from its command line (`npm start`, the Dockerfile, the systemd
 * unit), as V8 reads them only at start.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2'];

/** `execArgv` with each of SERVER_NODE_FLAGS the command line does not set itself. */
export function withServerNodeFlags(execArgv: readonly string[]): string[] {
  const named = (flag: string) => flag.split('=')[0]!;
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((flag) => !execArgv.some((given) => named(given) === named(flag)))];
}

export interface ClusterOptions {
  readonly workers: number;
  /** The workers' drain time (serve.ts); the primary waits this and 5 s more before killing a worker. */
  readonly drainTimeoutMs: number;
  /** Hold the request counters in the primary (false when the workers share a Redis store). */
  readonly countInPrimary: boolean;
  readonly log?: (line: string) => void;
  /** Called once every worker listens (`skg start` then renders the stored answers in the background). */
  readonly onServing?: () => void;
}

/** In a cluster worker, its index; undefined in a process serving alone. */
export function getWorkerIndex(): number | undefined {
  if (!cluster.isWorker) return undefined;
  const index = Number(process.env[WORKER_INDEX_ENV]);
  return Number.isInteger(index) ? index : undefined;
}

/** Tells the primary that this worker listens at `url` (a no-op outside a cluster). */
export function reportListening(url: string): void {
  if (cluster.isWorker && process.send) process.send({ type: LISTENING_MESSAGE, url });
}

/**
 * Reports a start-up failure: a worker hands its message to the primary (which prints one for the
 * cluster, however many workers fail the same way); a process serving alone prints it. Resolves once
 * it is said; the caller then exits with code 1.
 */
export function reportStartFailure(message: string): Promise<void> {
  const send = cluster.isWorker ? process.send?.bind(process) : undefined;
  if (!send) {
    console.error(message);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    send({ type: START_FAILED_MESSAGE, message }, undefined, {}, () => resolve());
  });
}

function isMessage(message: unknown, type: string): message is { type: string; [field: string]: unknown } {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/**
 * Fails, as a worker would, when `distDir` has no readable manifest: the primary says so at once instead
 * of forking n workers to fail alike (each loads the CLI first: seconds on a busy machine).
 */
export async function assertDistManifest(distDir: string): Promise<void> {
  const problems = (await checkDist(distDir)).filter((problem) => problem.kind === 'manifest');
  if (problems.length > 0) throw new Error(`cannot serve ${distDir}:\n  - ${problems.map(formatDistProblem).join('\n  - ')}`);
}

/**
 * The listening sockets this process opens from now on (the ones node:cluster's primary opens for its
 * workers' `listen`), caught as they are made: its API gives no way to them. `close` closes them (new
 * connections are then refused); `stop` stops catching (once every worker listens: the hook would
 * otherwise run for every async resource the primary makes).
 */
function catchListeningSockets(): { close(): void; stop(): void } {
  const sockets: Array<{ close?: () => void }> = [];
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TCPSERVERWRAP' || type === 'PIPESERVERWRAP') sockets.push(resource as { close?: () => void });
    },
  }).enable();
  return {
    close() {
      for (const socket of sockets.splice(0)) {
        try {
          socket.close?.();
        } catch {
          // closed already
        }
      }
    },
    stop() {
      hook.disable();
    },
  };
}

const RESTART_DELAY_MS = 1_000;
const KILL_GRACE_MS = 5_000;

/** Runs the primary until its workers are gone; resolves with the exit code for the process. */
export function runPrimary(options: ClusterOptions): Promise<number> {
  const log = options.log ?? ((line: string) => console.log(line));
  const counters = options.countInPrimary ? createPrimaryCounters() : undefined;
  const indexOf = new Map<Worker, number>();
  const listened = new Set<number>();
  let stopping = false;
  let exitCode = 0;
  let announced = false;
  // A worker said why it could not start: the cluster stops, and says it once.
  let failed = false;

  cluster.setupPrimary({ execArgv: withServerNodeFlags(process.execArgv) });
  const listening = catchListeningSockets();
  return new Promise((resolve) => {
    function fork(index: number): void {
      const worker = cluster.fork({ [WORKER_INDEX_ENV]: String(index) });
      indexOf.set(worker, index);
      worker.on('message', (message: unknown) => {
        if (counters && isRateLimitRequest(message)) {
          worker.send(counters.answer(message));
          return;
        }
        if (isMessage(message, START_FAILED_MESSAGE)) {
          if (failed) return;
          failed = true;
          exitCode = 1;
          console.error(String(message.message));
          stop('SIGTERM');
          return;
        }
        if (isMessage(message, LISTENING_MESSAGE)) {
          listened.add(index);
          if (!announced && listened.size === options.workers) {
            announced = true;
            listening.stop();
            log(`skg: ${options.workers} workers serving at ${String(message.url)} (primary pid ${process.pid}${counters ? ', rate-limit counters in the primary' : ''})`);
            options.onServing?.();
          }
        }
      });
    }

    function stop(signal: NodeJS.Signals): void {
      if (stopping) return;
      stopping = true;
      listening.stop();
      listening.close();
      for (const worker of indexOf.keys()) worker.process.kill(signal);
      const killer = setTimeout(() => {
        for (const worker of indexOf.keys()) {
          log(`skg: worker ${indexOf.get(worker)} still running after the drain time, killing it`);
          worker.process.kill('SIGKILL');
        }
      }, options.drainTimeoutMs + KILL_GRACE_MS);
      killer.unref();
      if (indexOf.size === 0) resolve(exitCode);
    }

    cluster.on('exit', (worker, code, signal) => {
      const index = indexOf.get(worker);
      indexOf.delete(worker);
      if (index === undefined) return;
      if (stopping) {
        if (indexOf.size === 0) resolve(exitCode);
        return;
      }
      if (!listened.has(index)) {
        exitCode = 1;
        log(`skg: worker ${index} stopped before it was serving (${signal ?? `exit code ${code}`}); stopping`);
        stop('SIGTERM');
        return;
      }
      log(`skg: worker ${index} ${code === 0 ? 'stopped' : 'died'} (${signal ?? `exit code ${code}`}); forking it again`);
      listened.delete(index);
      setTimeout(() => {
        if (!stopping) fork(index);
      }, RESTART_DELAY_MS).unref();
    });

    process.on('SIGHUP', () => {
      log('skg: SIGHUP, asking every worker to look for a new build');
      // A worker still starting has no handler yet (the signal would end it), and loads the newest build anyway.
      for (const [worker, index] of indexOf) if (listened.has(index)) worker.process.kill('SIGHUP');
    });
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.on(signal, () => {
        if (!stopping) log(`skg: ${signal}, draining ${indexOf.size} workers`);
        stop('SIGTERM');
      });
    }

    for (let index = 0; index < options.workers; index += 1) fork(index);
  });
}
