// `skg start`: build whatever is missing (sources → bundle → dist), then serve. What `npm start` runs.

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { resolveConfig, selectOptionalArtefacts, type SkgConfig } from '../config.ts';
import { serveDist } from './serve.ts';

export function registerStartCommand(program: Command): void {
  program
    .command('start')
    .description('build dist/ if it is missing (fetching and ingesting the sources when needed), then serve the API')
    .option('--sources <dir>', 'upstream sources directory [env SKG_SOURCES, default .sources]')
    .option('--bundle <dir>', 'bundle directory [env SKG_BUNDLE, default bundle]')
    .option('--dist <dir>', 'artefact directory [env SKG_DIST, default dist]')
    .option('--port <n>', 'HTTP port [env PORT, default 3000]')
    .option('--host <addr>', 'address to listen on [env HOST, default 0.0.0.0]')
    .option('--trust-proxy', 'rate-limit by X-Forwarded-For [env SKG_TRUST_PROXY, default false]')
    .option('--no-watch', 'do not watch dist/ for new builds; send SIGHUP to switch [env SKG_WATCH, default true]')
    .option('--store <fs|memory|url>', 'where webhook subscriptions live [env SKG_STORE, default fs]')
    .option('--state-dir <dir>', 'directory of the fs webhook store [env SKG_STATE_DIR, default .skg-state]')
    .option('--webhooks-key-file <file>', 'key file sealing webhook secrets [env SKG_WEBHOOKS_KEY_FILE]')
    .option('--webhooks-allow-private', 'let webhooks target private addresses: local testing only [env SKG_WEBHOOKS_ALLOW_PRIVATE]')
    .option('--workers <n>', 'server processes sharing the port [env SKG_WORKERS, default the number of cores, 1 with --store memory]')
    .option('--drain-timeout <ms>', 'on SIGTERM/SIGINT, how long requests in flight may take [env SKG_DRAIN_TIMEOUT, default 10000]')
    .action(async (flags, command: Command) => {
      const { drainTimeout, ...rest } = flags as { drainTimeout?: string };
      const config = resolveConfig({ ...rest, drainTimeoutMs: drainTimeout, watch: command.getOptionValueSource('watch') === 'cli' ? false : undefined });
      await ensureDist(config);
      await serveDist(config);
    });
}

/** Builds dist/ when it has no manifest, and the bundle first when it has no index; loads the ingest and compiler packages only then. */
async function ensureDist(config: SkgConfig): Promise<void> {
  if (existsSync(path.join(config.dist, 'manifest.json'))) return;
  if (!existsSync(path.join(config.bundle, 'index.md'))) {
    const { checkSources, fetchSources, formatIngestReport, ingest } = await import('@skg/ingest');
    const missing = await checkSources(config.sources);
    if (missing.length > 0) {
      console.log(`skg: ${missing.length} source file(s) missing in ${config.sources}; fetching the pinned sources…`);
      await fetchSources({ sourcesDir: config.sources });
    }
    console.log(`skg: ingesting ${config.sources} → ${config.bundle}`);
    const report = await ingest({ sourcesDir: config.sources, bundleDir: config.bundle, generatedAt: config.generatedAt });
    console.log(formatIngestReport(report));
  }
  console.log(`skg: building ${config.bundle} → ${config.dist}`);
  const { build } = await import('@skg/compiler');
  const report = await build({ bundleDir: config.bundle, distDir: config.dist, optional: selectOptionalArtefacts(config.without) });
  if (report.errors > 0) throw new Error(`the build of ${config.bundle} failed; run \`skg build\` to see why`);
}
