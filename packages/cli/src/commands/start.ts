// `skg start`: build whatever is missing (sources → bundle → dist), then serve. What `npm start` runs.

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { addConfigOptions, type ConfigKey, readConfigFlags, resolveConfig, selectOptionalArtefacts, type SkgConfig } from '../config.ts';
import { createProgressDisplay } from '../progress.ts';
import { SERVE_KEYS, serveDist } from './serve.ts';

const KEYS = ['sources', 'bundle', 'generatedAt', 'xrefMinVotes', 'without', ...SERVE_KEYS] as const satisfies readonly ConfigKey[];

export function registerStartCommand(program: Command): void {
  const command = program
    .command('start')
    .description('build dist/ if it is missing (fetching and ingesting the sources when needed), then serve the API');
  addConfigOptions(command, KEYS).action(async (_flags: unknown, self: Command) => {
    const config = resolveConfig(readConfigFlags(self, KEYS));
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
    const progress = await createProgressDisplay('ingest');
    let report: Awaited<ReturnType<typeof ingest>>;
    try {
      report = await ingest({
        sourcesDir: config.sources,
        bundleDir: config.bundle,
        generatedAt: config.generatedAt,
        xrefMinVotes: config.xrefMinVotes,
        onProgress: progress.listener,
      });
    } finally {
      progress.stop();
    }
    console.log(formatIngestReport(report));
  }
  console.log(`skg: building ${config.bundle} → ${config.dist}`);
  const { build } = await import('@skg/compiler');
  const progress = await createProgressDisplay('build');
  try {
    const report = await build({ bundleDir: config.bundle, distDir: config.dist, optional: selectOptionalArtefacts(config.without), onProgress: progress.listener });
    if (report.fatal) throw new Error(report.fatal.message);
    if (report.errors > 0) throw new Error(`the build of ${config.bundle} failed; run \`skg build\` to see why`);
  } finally {
    progress.stop();
  }
}
