// `skg ingest`: upstream sources → OKF bundle, then the report of what was written and skipped.

import type { Command } from 'commander';
import { resolveConfig } from '../config.ts';

export function registerIngestCommand(program: Command): void {
  program
    .command('ingest')
    .description('build the OKF bundle from the upstream sources and report what was written and skipped')
    .option('--sources <dir>', 'upstream sources directory [env SKG_SOURCES, default .sources]')
    .option('--bundle <dir>', 'bundle directory to (re)write [env SKG_BUNDLE, default bundle]')
    .option('--generated-at <iso>', 'bundle generation time [env SKG_GENERATED_AT or SOURCE_DATE_EPOCH, default the newest pinned source date]')
    .option('--xref-min-votes <n>', 'cross references with at least this many votes become links between chapters [env SKG_XREF_MIN_VOTES, default 20]')
    .action(async (flags: { sources?: string; bundle?: string; generatedAt?: string; xrefMinVotes?: string }) => {
      const config = resolveConfig(flags);
      const { formatIngestReport, ingest, IngestError } = await import('@skg/ingest');
      try {
        const report = await ingest({
          sourcesDir: config.sources,
          bundleDir: config.bundle,
          generatedAt: config.generatedAt,
          xrefMinVotes: config.xrefMinVotes,
        });
        console.log(formatIngestReport(report));
      } catch (error) {
        // The report says what was found before the errors stopped the ingest.
        if (error instanceof IngestError) console.log(formatIngestReport(error.report));
        throw error;
      }
    });
}
