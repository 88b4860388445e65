// `skg serve`: answer the API from a built dist/ directory, switching to each new build written there.

import type { Command } from 'commander';
import type { RunningServer, WebhookServeConfig, WebhookStoreConfig } from '@skg/server';
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
  'store',
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
    connectionLimits: { maxConnections: config.maxConnections, maxConnectionsPerAddress: config.maxConnectionsPerAddress },
    webhooks: toWebhookServeConfig(config),
  });
  handleSignals(server);
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
