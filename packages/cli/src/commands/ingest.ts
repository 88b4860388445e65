// `skg ingest`: upstream sources → OKF bundle, showing each stage as it runs, then the report of what
// was written and skipped.

import type { Command } from 'commander';
import { addConfigOptions, readConfigFlags, resolveConfig } from '../config.ts';
import { createProgressDisplay } from '../progress.ts';

const KEYS = ['sources', 'bundle', 'generatedAt', 'xrefMinVotes'] as const;

export function registerIngestCommand(program: Command): void {
  const command = program.command('ingest').description('build the OKF bundle from the upstream sources and report what was written and skipped');
  addConfigOptions(command, KEYS).action(async (_flags: unknown, self: Command) => {
    const config = resolveConfig(readConfigFlags(self, KEYS));
    const { formatIngestReport, ingest, IngestError } = await import('@skg/ingest');
    const progress = await createProgressDisplay('ingest');
    try {
      const report = await ingest({
        sourcesDir: config.sources,
        bundleDir: config.bundle,
        generatedAt: config.generatedAt,
        xrefMinVotes: config.xrefMinVotes,
        onProgress: progress.listener,
      });
      progress.stop();
      console.log(formatIngestReport(report));
    } catch (error) {
      progress.stop();
      // The report says what was found before the errors stopped the ingest.
      if (error instanceof IngestError) console.log(formatIngestReport(error.report));
      throw error;
    }
  });
}
