// `skg serve`: load dist/, then answer the API over HTTP with listhen through the Node listener, and
// switch to each new build of dist/ while serving (hot swap: hot-swap/).

import path from 'node:path';
import { listen } from 'listhen';
import { type AccessLog, createAccessLog } from './access-log.ts';
import { findUnservableArtefacts, formatDistProblem } from './artefacts/check-dist.ts';
import { loadDataSet as loadDist } from './artefacts/index.ts';
import type { DataSet } from './artefacts/types.ts';
import { createApp } from './app.ts';
import { createServiceEvents, type ServiceEvents } from './events.ts';
import { type ConnectionLimiter, type ConnectionLimits, configureHttpServer, DEFAULT_CONNECTION_LIMITS, limitConnections } from './connection-limits.ts';
import { createDataHolder, type ReloadOutcome } from './hot-swap/data-holder.ts';
import { type DistWatcher, watchDist } from './hot-swap/dist-watcher.ts';
import type { LoadDataSet } from './hot-swap/verify-build.ts';
import { createClientErrorHandler, createNodeListener } from './node-listener.ts';
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
}

export interface RunningServer {
  /** Base URL of the API, e.g. `http://127.0.0.1:3000/api/v1`. */
  readonly url: string;
  /** The data set new requests answer from (changes with each hot swap). */
  readonly dataSet: DataSet;
  /** `data.updated` after each hot swap, `status.degraded` from the status monitor. */
  readonly events: ServiceEvents;
  /** Looks for a new build in `distDir` now and switches to it when it verifies (what SIGHUP does). */
  reload(trigger?: string): Promise<ReloadOutcome>;
  /** Stops watching, stops accepting connections, finishes open ones and stops the status sampler. */
  close(): Promise<void>;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

/** Loads the data set, then listens. A missing or unusable dist/ fails with what to run. */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const load = options.loadDataSet ?? loadDist;
  let initial: DataSet;
  try {
    // Every artefact's checksum, beside the load (the hashing overlaps the loader's reads); an injected
    // loader (tests) has no files to check.
    const started = performance.now();
    const verify = options.verifyChecksums ?? options.loadDataSet === undefined;
    const [loaded, unservable] = await Promise.allSettled([load(options.distDir), verify ? findUnservableArtefacts(options.distDir) : []]);
    // A corrupt artefact is named even when the loader failed on it first.
    if (unservable.status === 'fulfilled' && unservable.value.length > 0) {
      throw new Error(`cannot serve ${path.resolve(options.distDir)}:\n  - ${unservable.value.map(formatDistProblem).join('\n  - ')}`);
    }
    if (loaded.status === 'rejected') throw loaded.reason;
    if (unservable.status === 'rejected') throw unservable.reason;
    if (verify) log(`skg: every artefact matches its sha256 (checked in ${Math.round(performance.now() - started)} ms, beside the load)`);
    initial = loaded.value;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const prefix = reason.startsWith('cannot serve') ? '' : `cannot serve ${options.distDir}: `;
    const hint = reason.includes('skg build')
      ? ''
      : `\nBuild the artefacts first: \`skg build --dist ${options.distDir}\` (or \`skg start\`, which builds whatever is missing).`;
    throw new Error(`${prefix}${reason}${hint}`);
  }

  let webhooks: Webhooks;
  try {
    webhooks = await openWebhooks(options.webhooks ?? { store: { kind: 'memory' } });
  } catch (error) {
    throw new Error(`cannot serve: ${error instanceof Error ? error.message : String(error)}`);
  }

  const events = options.events ?? createServiceEvents();
  const holder = createDataHolder({ distDir: options.distDir, initial, loadDataSet: load, events, log });
  const getDataSet = holder.get;
  const statusMonitor = createStatusMonitor({ getDataSet, events });
  statusMonitor.start();
  // A new set is checked at once, so a dataset it lost is reported now rather than at the next sample.
  const stopSampling = events.on((event) => {
    if (event === 'data.updated') void statusMonitor.sample().catch(() => undefined);
  });
  const app = createApp({ getDataSet, trustProxy: options.trustProxy, statusMonitor, events, webhooks });
  const accessLog = options.accessLog === false ? undefined : options.accessLog === true || options.accessLog === undefined ? createAccessLog() : options.accessLog;

  let listener;
  let limiter: ConnectionLimiter | undefined;
  try {
    const handle = createNodeListener(app, { getDataSet, ...(accessLog ? { accessLog } : {}) });
    listener = await listen((req, res) => {
      // A refused connection was answered already (connection-limits.ts).
      if (limiter?.isRefused(req.socket)) return;
      handle(req, res);
    }, {
      // With isProd, listhen never moves to another port when this one is taken.
      port: { port: options.port, random: options.port === 0 },
      hostname: options.host,
      public: !LOCAL_HOSTS.has(options.host),
      showURL: false,
      open: false,
      clipboard: false,
      qr: false,
      tunnel: false,
      autoClose: false,
      isProd: true,
    });
  } catch (error) {
    statusMonitor.stop();
    stopSampling();
    await webhooks.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot listen on ${options.host}:${options.port}: ${reason}\nChoose another --port / PORT, or 0 for any free port.`);
  }

  // A request Node cannot parse is answered with an Error body instead of Node's bare 400.
  listener.server.on('clientError', createClientErrorHandler(getDataSet, accessLog));
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  configureHttpServer(listener.server, limits);
  limiter = limitConnections(listener.server, { limits, trustProxy: options.trustProxy, getDataSet, ...(accessLog ? { accessLog } : {}) });

  let watcher: DistWatcher | undefined;
  if (options.watch ?? true) {
    watcher = watchDist(options.distDir, () => void holder.reload('watch'), {
      ...(options.watchDebounceMs !== undefined ? { debounceMs: options.watchDebounceMs } : {}),
      ...(options.watchPollMs !== undefined ? { pollIntervalMs: options.watchPollMs } : {}),
      log,
    });
  }

  const url = `${listener.url.replace(/\/$/, '')}/api/v1`;
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
      stopSampling();
      await listener.close();
      await webhooks.close();
      accessLog?.flush();
    },
  };
}
