// `skg serve`: answer the API from a built dist/ directory, switching to each new build written there;
// with `--workers n` (n > 1) from n node:cluster workers, this process being their primary.

import cluster from 'node:cluster';
import type { Command } from 'commander';
import type { RateLimitStore, RunningServer, WebhookServeConfig, WebhookStoreConfig } from '@skg/server';
import { addConfigOptions, type ConfigKey, readConfigFlags, resolveConfig, type SkgConfig } from '../config.ts';

/** The options `skg serve` takes (and `skg start`, with those of the commands it runs first). */
export const SERVE_KEYS = [
  'dist',
  'port',
  'host',
  'trustProxy',
  'watch',
  'accessLog',
  'maxConnections',
  'maxConnectionsPerAddress',
  'workers',
  'drainTimeoutMs',
  'store',
  'storeTimeoutMs',
  'stateDir',
  'webhooksKeyFile',
  'webhooksAllowPrivate',
] as const satisfies readonly ConfigKey[];

export function registerServeCommand(program: Command): void {
  const command = program
    .command('serve')
    .description('serve the read API (/api/v1) from a built artefact directory; a new build there is switched to while serving');
  addConfigOptions(command, SERVE_KEYS).action(async (_flags: unknown, self: Command) => {
    await serveDist(resolveConfig(readConfigFlags(self, SERVE_KEYS)));
  });
}

/**
 * Serves the configured dist/ until SIGINT or SIGTERM (`skg serve`, and `skg start` once dist/ is
 * there). The server package is loaded here, so that other commands do not pay for it. With several
 * workers this process is their primary (it loads no data), and each worker runs this same command.
 * `onServing` is called in this process once it (or every worker) listens.
 */
export async function serveDist(config: SkgConfig, onServing?: () => void): Promise<void> {
  const redis = isRedisUrl(config.store);
  if (config.workers > 1 && cluster.isPrimary) {
    const { assertDistManifest, runPrimary } = await import('@skg/server/cluster');
    await assertDistManifest(config.dist);
    process.exit(await runPrimary({ workers: config.workers, drainTimeoutMs: config.drainTimeoutMs, countInPrimary: !redis, ...(onServing ? { onServing } : {}) }));
  }
  const [{ createAccessLog, createPrimaryRateLimitStore, createRedisRateLimitStore, serve }, { getWorkerIndex, reportListening }] = await Promise.all([
    import('@skg/server'),
    import('@skg/server/cluster'),
  ]);
  const worker = getWorkerIndex();
  // Redis counts for every process sharing it; else a cluster's workers count in their primary.
  let rateLimitStore: (RateLimitStore & { close?: () => Promise<void> }) | undefined;
  const log = worker === undefined ? undefined : (line: string) => console.log(line.replace(/^skg: /, `skg[worker ${worker} pid ${process.pid}]: `));
  if (redis) rateLimitStore = await createRedisRateLimitStore(config.store, { timeoutMs: config.storeTimeoutMs, ...(log ? { log } : {}) });
  else if (worker !== undefined) rateLimitStore = createPrimaryRateLimitStore();
  const server = await serve({
    distDir: config.dist,
    port: config.port,
    host: config.host,
    trustProxy: config.trustProxy,
    watch: config.watch,
    accessLog: config.accessLog && worker !== undefined ? createAccessLog({ worker }) : config.accessLog,
    connectionLimits: { maxConnections: config.maxConnections, maxConnectionsPerAddress: config.maxConnectionsPerAddress },
    webhooks: toWebhookServeConfig(config),
    // Worker 0 delivers webhook events, once for the cluster.
    dispatchWebhooks: worker === undefined || worker === 0,
    drainTimeoutMs: config.drainTimeoutMs,
    ...(rateLimitStore ? { rateLimitStore } : {}),
    ...(log ? { log } : {}),
  });
  reportListening(server.url);
  handleSignals(server, config.drainTimeoutMs, async () => {
    await rateLimitStore?.close?.();
  }, log);
  onServing?.();
}

function isRedisUrl(store: string): boolean {
  return /^rediss?:\/\//.test(store);
}

/** The webhook store, key file and address policy `serve` takes, from the resolved configuration. */
export function toWebhookServeConfig(config: SkgConfig): WebhookServeConfig {
  const store: WebhookStoreConfig =
    config.store === 'fs'
      ? { kind: 'fs', dir: config.stateDir }
      : config.store === 'memory'
        ? { kind: 'memory' }
        : { kind: 'redis', url: config.store, timeoutMs: config.storeTimeoutMs };
  return {
    store,
    ...(config.webhooksKeyFile !== undefined ? { keyFile: config.webhooksKeyFile } : {}),
    allowPrivate: config.webhooksAllowPrivate,
  };
}

/** After the drain time, what closing may still take (webhook attempts in flight, the stores) before the process exits anyway. */
const EXIT_GRACE_MS = 1_000;

/**
 * SIGHUP: look for a new build now (also with --no-watch). SIGINT / SIGTERM: drain (serve.ts) and exit,
 * within the drain time and a second. A repeated signal changes nothing (a worker in a terminal gets
 * SIGINT both from the terminal and from its primary).
 */
export function handleSignals(
  server: RunningServer,
  drainTimeoutMs: number,
  closeStores: () => Promise<void>,
  log: (line: string) => void = (line) => console.log(line),
): void {
  // A switch and a refusal are logged where they happen (hot-swap/data-holder.ts), tagged [SIGHUP].
  process.on('SIGHUP', () => {
    log('skg: SIGHUP, looking for a new build');
    server.reload('SIGHUP').then(
      (outcome) => {
        if (outcome.status === 'unchanged') log(`skg: SIGHUP: nothing new to switch to (still serving data ${outcome.dataVersion})`);
      },
      (error: unknown) => log(`skg: SIGHUP: looking for a new build failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`skg: ${signal}, draining (at most ${drainTimeoutMs} ms)`);
    setTimeout(() => {
      log('skg: still closing after the drain time; exiting');
      process.exit(0);
    }, drainTimeoutMs + EXIT_GRACE_MS).unref();
    server
      .close()
      .then(closeStores)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`skg: close failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
