// `skg serve`: answer the API from a built dist/ directory, switching to each new build written there.

import type { Command } from 'commander';
import type { RunningServer, WebhookServeConfig, WebhookStoreConfig } from '@skg/server';
import { resolveConfig, type SkgConfig } from '../config.ts';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('serve the read API (/api/v1) from a built artefact directory; a new build there is switched to while serving')
    .option('--dist <dir>', 'artefact directory [env SKG_DIST, default dist]')
    .option('--port <n>', 'HTTP port, 0 for any free port [env PORT, default 3000]')
    .option('--host <addr>', 'address to listen on [env HOST, default 0.0.0.0]')
    .option('--trust-proxy', 'rate-limit by X-Forwarded-For, only behind a trusted reverse proxy [env SKG_TRUST_PROXY, default false]')
    .option('--no-watch', 'do not watch dist/ for new builds; send SIGHUP to switch [env SKG_WATCH, default true]')
    .option('--store <fs|memory|url>', 'where webhook subscriptions live: fs, memory (lost on exit) or a redis:// URL shared by several processes [env SKG_STORE, default fs]')
    .option('--state-dir <dir>', 'directory of the fs webhook store and its key file [env SKG_STATE_DIR, default .skg-state]')
    .option('--webhooks-key-file <file>', 'key file sealing webhook secrets; required with redis [env SKG_WEBHOOKS_KEY_FILE, default <state dir>/webhooks.key]')
    .option('--webhooks-allow-private', 'let webhooks target private/loopback addresses: local testing only [env SKG_WEBHOOKS_ALLOW_PRIVATE, default false]')
    .option('--no-access-log', 'no JSON line per request on stdout [env SKG_ACCESS_LOG, default true]')
    .action(async (flags: ServeFlags, command: Command) => {
      // Commander defaults a --no-* flag to true: only an explicit --no-watch may override SKG_WATCH.
      const watch = command.getOptionValueSource('watch') === 'cli' ? false : undefined;
      const accessLog = command.getOptionValueSource('accessLog') === 'cli' ? false : undefined;
      const config = resolveConfig({
        dist: flags.dist,
        port: flags.port,
        host: flags.host,
        trustProxy: flags.trustProxy,
        watch,
        accessLog,
        store: flags.store,
        stateDir: flags.stateDir,
        webhooksKeyFile: flags.webhooksKeyFile,
        webhooksAllowPrivate: flags.webhooksAllowPrivate,
      });
      await serveDist(config);
    });
}

/**
 * Serves the configured dist/ until SIGINT or SIGTERM (`skg serve`, and `skg start` once dist/ is
 * there). The server package is loaded here, so that other commands do not pay for it.
 */
export async function serveDist(config: SkgConfig): Promise<void> {
  const { serve } = await import('@skg/server');
  const server = await serve({
    distDir: config.dist,
    port: config.port,
    host: config.host,
    trustProxy: config.trustProxy,
    watch: config.watch,
    accessLog: config.accessLog,
    webhooks: toWebhookServeConfig(config),
  });
  handleSignals(server);
}

interface ServeFlags {
  dist?: string;
  port?: string;
  host?: string;
  trustProxy?: boolean;
  watch?: boolean;
  store?: string;
  stateDir?: string;
  webhooksKeyFile?: string;
  webhooksAllowPrivate?: boolean;
}

/** The webhook store, key file and address policy `serve` takes, from the resolved configuration. */
export function toWebhookServeConfig(config: SkgConfig): WebhookServeConfig {
  const store: WebhookStoreConfig =
    config.store === 'fs' ? { kind: 'fs', dir: config.stateDir } : config.store === 'memory' ? { kind: 'memory' } : { kind: 'redis', url: config.store };
  return {
    store,
    ...(config.webhooksKeyFile !== undefined ? { keyFile: config.webhooksKeyFile } : {}),
    allowPrivate: config.webhooksAllowPrivate,
  };
}

/** SIGHUP: look for a new build now (also with --no-watch); SIGINT / SIGTERM: close and exit. */
export function handleSignals(server: RunningServer): void {
  process.on('SIGHUP', () => {
    console.log('skg: SIGHUP, looking for a new build');
    void server.reload('SIGHUP');
  });
  const stop = (signal: NodeJS.Signals) => {
    console.log(`skg: ${signal}, closing`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`skg: close failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
