// `skg start`: build whatever is missing (sources → bundle → dist), then serve. What `npm start` runs.

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { build } from '@skg/compiler';
import { checkSources, fetchSources, formatIngestReport, ingest } from '@skg/ingest';
import { serve } from '@skg/server';
import { resolveConfig, type SkgConfig } from '../config.ts';

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
    .action(async (flags) => {
      const config = resolveConfig(flags);
      await ensureDist(config);
      await serve({ distDir: config.dist, port: config.port, host: config.host, trustProxy: config.trustProxy });
    });
}

async function ensureDist(config: SkgConfig): Promise<void> {
  if (existsSync(path.join(config.dist, 'manifest.json'))) return;
  if (!existsSync(path.join(config.bundle, 'index.md'))) {
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
  const report = await build({ bundleDir: config.bundle, distDir: config.dist });
  if (report.errors > 0) throw new Error(`the build of ${config.bundle} failed; run \`skg build\` to see why`);
}
