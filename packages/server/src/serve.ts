// `skg serve`: load dist/, then answer the API over node:http through the Node listener, and switch
// to each new build of dist/ while serving (hot swap: hot-swap/).
//
// Closing drains (`close()`, what SIGTERM / SIGINT do in `skg serve`; drain.ts): the server stops
// accepting connections, answers every request it has received, read or not, with `Connection: close`,
// closes a kept-alive connection once it is quiet, and after `drainTimeoutMs` closes whatever connection
// is still open. A client's next connection goes to another process (a cluster worker still serving,
// the next server behind the load balancer).
//
// In a cluster (cluster/primary.ts) every worker runs this: node:cluster shares the listening socket.

import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { type AccessLog, createAccessLog } from './http/node/access-log.ts';
import { RESPONSES_ARTEFACT } from '@skg/core';
import { findUnservableArtefacts, formatDistProblem, verifyArtefact } from './artefacts/check-dist.ts';
import { loadDataSet as loadDist } from './artefacts/index.ts';
import type { DataSet } from './artefacts/types.ts';
import { createApp } from './app.ts';
import { createDrain } from './http/node/drain.ts';
import { createServiceEvents, type ServiceEvents } from './events.ts';
import { type ConnectionLimits, createHttpServerOptions, DEFAULT_CONNECTION_LIMITS, limitConnections } from './http/node/connection-limits.ts';
import { getClientKey } from './http/steps/client-key.ts';
import { createDataHolder, type ReloadOutcome } from './hot-swap/data-holder.ts';
import { createReleaseScheduler } from './hot-swap/release.ts';
import { type DistWatcher, watchDist } from './hot-swap/dist-watcher.ts';
import type { LoadDataSet } from './hot-swap/verify-build.ts';
import { createClientErrorHandler, createNodeListener } from './http/node/listener.ts';
import type { RateLimitStore } from './rate-limit/store.ts';
import { createIntegrityWatch } from './status/integrity-watch.ts';
import { createStatusMonitor } from './status/monitor.ts';
import { openWebhooks, type WebhookServeConfig } from './webhooks/open.ts';
import type { Webhooks } from './webhooks/service.ts';

export type { LoadDataSet } from './hot-swap/verify-build.ts';
export type { ReloadOutcome } from './hot-swap/data-holder.ts';

export interface ServeOptions {
  /** The artefact directory `skg build` wrote. */
  readonly distDir: string;
  /** 0 picks a free port. A taken port is an error, never silently another port. */
  readonly port: number;
  readonly host: string;
  /** Rate-limit by the last X-Forwarded-For entry (only behind a trusted reverse proxy). */
  readonly trustProxy: boolean;
  /** Where the start-up, swap and refusal lines go; default `console.log`. */
  readonly log?: (line: string) => void;
  /** Loads `distDir`; default the artefact loader. Tests inject a set they built. */
  readonly loadDataSet?: LoadDataSet;
  /**
   * Check every artefact's sha256 against the manifest before listening, and refuse to start on a
   * corrupt one, naming it. Default: true with the default loader, false with an injected one.
   */
  readonly verifyChecksums?: boolean;
  /**
   * Watch `distDir` and switch to each new build `skg build` writes there (default true). Without it,
   * `reload()` (SIGHUP in `skg serve`) is the only way to switch.
   */
  readonly watch?: boolean;
  /** Debounce after a change of manifest.json; default 250 ms. */
  readonly watchDebounceMs?: number;
  /** The stat poll of manifest.json behind the file-system watch; default 5,000 ms, 0 for none. */
  readonly watchPollMs?: number;
  /** The service event bus; default a new one (see `RunningServer.events`). */
  readonly events?: ServiceEvents;
  /**
   * Where webhook subscriptions live (fs directory, Redis URL or memory), the key file sealing their
   * secrets, and whether private targets are allowed (local testing only). Default: in memory.
   */
  readonly webhooks?: WebhookServeConfig;
  /**
   * A JSON line per answered request (access-log.ts): `true` (default) to stdout, `false` for none, or
   * a log of the caller's (tests).
   */
  readonly accessLog?: boolean | AccessLog;
  /** Connection caps and timeouts (connection-limits.ts); each defaults to DEFAULT_CONNECTION_LIMITS. */
  readonly connectionLimits?: Partial<ConnectionLimits>;
  /**
   * Deliver webhook events from this process (default true). In a cluster one worker delivers, so that
   * each event is delivered once; the others register, read and test subscriptions.
   */
  readonly dispatchWebhooks?: boolean;
  /** Where request and webhook-registration counters live; default this process's memory. */
  readonly rateLimitStore?: RateLimitStore;
  /** How long `close()` waits for requests in flight before closing every connection; default 10,000 ms. */
  readonly drainTimeoutMs?: number;
  /**
   * The background re-hashing of the served artefacts (status/integrity-watch.ts): its pace and the pause
   * between passes (defaults 16 MiB/s, 30 s), or false for none.
   */
  readonly integrityWatch?: false | { readonly bytesPerSecond?: number; readonly intervalMs?: number };
}

export const DEFAULT_DRAIN_TIMEOUT_MS = 10_000;

export interface RunningServer {
  /** Base URL of the API, e.g. `http://127.0.0.1:3000/api/v1`. */
  readonly url: string;
  /** The data set new requests answer from (changes with each hot swap). */
  readonly dataSet: DataSet;
  /** `data.updated` after each hot swap, `status.degraded` from the status monitor. */
  readonly events: ServiceEvents;
  /** Looks for a new build in `distDir` now and switches to it when it verifies (what SIGHUP does). */
  reload(trigger?: string): Promise<ReloadOutcome>;
  /**
   * Drains (above): stops watching and accepting, answers every request received with `Connection: close`,
   * closes quiet connections, and the rest after the drain time, then closes the webhooks.
   */
  close(): Promise<void>;
}

/**
 * Verifies the response artefact's sha256 beside serving: until it matches, its stored answers are not
 * used (every answer is computed, as without the artefact); on a mismatch they never are, and the log
 * names the artefact, and so does `/status`, which answers 503 (a failing check) from then on. A
 * corrupt stored answer is therefore never sent, and start does not wait for hashing the largest file
 * of dist/.
 */
function verifyStoredAnswers(distDir: string, dataSet: DataSet, log: ((line: string) => void) | undefined): void {
  const stored = dataSet.responses;
  if (stored === undefined) return;
  stored.usable = false;
  const started = performance.now();
  verifyArtefact(path.resolve(distDir), dataSet.manifest, RESPONSES_ARTEFACT).then(
    (problem) => {
      if (problem) {
        stored.problem = `${formatDistProblem(problem)}; answers are computed instead of read from it`;
        log?.(`skg: ${stored.problem}`);
        return;
      }
      stored.usable = true;
      log?.(`skg: ${RESPONSES_ARTEFACT} matches its sha256 (checked in ${Math.round(performance.now() - started)} ms after start): stored answers in use`);
    },
    (error: unknown) => {
      stored.problem = `${RESPONSES_ARTEFACT} could not be verified (${error instanceof Error ? error.message : String(error)}); answers are computed`;
      log?.(`skg: ${stored.problem}`);
    },
  );
}

/** Loads the data set to serve from `distDir`; a missing or unusable dist/ fails with what to run. */
export async function loadToServe(
  distDir: string,
  load: LoadDataSet = loadDist,
  options: { readonly verifyChecksums?: boolean; readonly log?: (line: string) => void } = {},
): Promise<DataSet> {
  try {
    // Every artefact's checksum, beside the load (the hashing overlaps the loader's reads); an injected
    // loader (tests) has no files to check.
    const started = performance.now();
    const verify = options.verifyChecksums ?? load === loadDist;
    // The response artefact (answers rendered ahead of time, most of dist/'s bytes) is not needed to
    // answer: it is verified after start (below), and its answers are used once it matches.
    const deferred = [RESPONSES_ARTEFACT];
    const [loaded, unservable] = await Promise.allSettled([load(distDir), verify ? findUnservableArtefacts(distDir, deferred) : []]);
    // A corrupt artefact is named even when the loader failed on it first.
    if (unservable.status === 'fulfilled' && unservable.value.length > 0) {
      throw new Error(`cannot serve ${path.resolve(distDir)}:\n  - ${unservable.value.map(formatDistProblem).join('\n  - ')}`);
    }
    if (loaded.status === 'rejected') throw loaded.reason;
    if (unservable.status === 'rejected') throw unservable.reason;
    if (verify) options.log?.(`skg: every artefact matches its sha256 (checked in ${Math.round(performance.now() - started)} ms, beside the load; ${deferred.join(', ')} after start)`);
    if (verify) verifyStoredAnswers(distDir, loaded.value, options.log);
    return loaded.value;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const prefix = reason.startsWith('cannot serve') ? '' : `cannot serve ${distDir}: `;
    const hint = reason.includes('skg build')
      ? ''
      : `\nBuild the artefacts first: \`skg build --dist ${distDir}\` (or \`skg start\`, which builds whatever is missing).`;
    throw new Error(`${prefix}${reason}${hint}`);
  }
}

/** Loads the data set, then listens. A missing or unusable dist/ fails with what to run. */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const load = options.loadDataSet ?? loadDist;
  const initial = await loadToServe(options.distDir, load, {
    verifyChecksums: options.verifyChecksums ?? options.loadDataSet === undefined,
    log,
  });

  let webhooks: Webhooks;
  try {
    webhooks = await openWebhooks(options.webhooks ?? { store: { kind: 'memory' } }, {
      ...(options.dispatchWebhooks === false ? { dispatch: false } : {}),
      ...(options.rateLimitStore ? { counters: options.rateLimitStore } : {}),
      log,
    });
  } catch (error) {
    throw new Error(`cannot serve: ${error instanceof Error ? error.message : String(error)}`);
  }

  const events = options.events ?? createServiceEvents();
  const holder = createDataHolder({ distDir: options.distDir, initial, loadDataSet: load, events, log });
  const getDataSet = holder.get;
  const rateLimitStore = options.rateLimitStore;
  const statusMonitor = createStatusMonitor({
    getDataSet,
    events,
    getStoreHealth: () => [rateLimitStore?.health?.(), webhooks.health()].filter((health) => health !== undefined),
  });
  statusMonitor.start();
  const integrityWatch = options.integrityWatch === false ? undefined : createIntegrityWatch({
    getDataSet,
    log,
    onChange: () => void statusMonitor.sample().catch(() => undefined),
    ...options.integrityWatch,
  });
  integrityWatch?.start();
  // A new set is checked at once, so a dataset it lost is reported now rather than at the next sample.
  // The previous set is collected promptly once its requests are done (hot-swap/release.ts).
  const release = createReleaseScheduler();
  const stopSampling = events.on((event) => {
    if (event !== 'data.updated') return;
    void statusMonitor.sample().catch(() => undefined);
    release.afterSwap();
  });
  const app = createApp({
    getDataSet,
    trustProxy: options.trustProxy,
    statusMonitor,
    events,
    webhooks,
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
  });
  const accessLog = options.accessLog === false ? undefined : options.accessLog === true || options.accessLog === undefined ? createAccessLog() : options.accessLog;

  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  const listener = createNodeListener(app, { getDataSet, ...(accessLog ? { accessLog } : {}) });
  const server = createServer(createHttpServerOptions(limits), (req, res) => {
    // A refused connection was answered already (connection-limits.ts).
    if (limiter.isRefused(req.socket)) return;
    drain.onRequest(res);
    listener(req, res);
  });
  const drain = createDrain(server);
  const limiter = limitConnections(server, { limits, trustProxy: options.trustProxy, keyOf: getClientKey, getDataSet, ...(accessLog ? { accessLog } : {}) });
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    statusMonitor.stop();
    integrityWatch?.stop();
    stopSampling();
    release.stop();
    await webhooks.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot listen on ${options.host}:${options.port}: ${reason}\nChoose another --port / PORT, or 0 for any free port.`);
  }

  // A request Node cannot parse is answered with an Error body instead of Node's bare 400.
  server.on('clientError', createClientErrorHandler(getDataSet, accessLog));

  let watcher: DistWatcher | undefined;
  if (options.watch ?? true) {
    watcher = watchDist(options.distDir, () => void holder.reload('watch'), {
      ...(options.watchDebounceMs !== undefined ? { debounceMs: options.watchDebounceMs } : {}),
      ...(options.watchPollMs !== undefined ? { pollIntervalMs: options.watchPollMs } : {}),
      log,
    });
  }

  const url = `${originOf(server, options.host)}/api/v1`;
  log(`skg: serving ${options.distDir} (data ${initial.manifest.dataVersion}) at ${url}${watcher ? ', watching for new builds' : ''}`);
  const { storeDescription, allowPrivate } = webhooks.settings;
  log(`skg: webhook subscriptions in ${storeDescription}${allowPrivate ? '; webhooks MAY TARGET PRIVATE ADDRESSES (local testing only)' : ''}`);
  return {
    url,
    get dataSet() {
      return holder.get();
    },
    events,
    reload: (trigger = 'reload') => holder.reload(trigger, { manual: true }),
    async close() {
      watcher?.close();
      statusMonitor.stop();
      integrityWatch?.stop();
      stopSampling();
      release.stop();
      await drain.close(options.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS);
      await webhooks.close();
      accessLog?.flush();
    },
  };
}

/** Listens on `port` (0: any free one) at `host`; a taken port rejects, never moves to another port. */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => reject(error);
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

/** `http://127.0.0.1:3000`; a wildcard host reads as `localhost`. */
function originOf(server: Server, host: string): string {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
