// `skg ingest`: upstream sources → OKF bundle, showing each stage as it runs, then the report of what
// was written and skipped: on standard output, or with `--report <file>` into that file and one line
// on standard output (what `skg start` does). `--fetch` downloads the pinned sources missing first.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { IngestReport } from '@skg/ingest';
import { addConfigOptions, readConfigFlags, resolveConfig } from '../config.ts';
import { createProgressDisplay } from '../progress.ts';

const KEYS = ['sources', 'bundle', 'generatedAt', 'xrefMinVotes'] as const;

interface IngestFlags {
  readonly fetch?: boolean;
  readonly report?: string;
}

/** `skg ingest: 48,210 files in 38.2 s, 3 warnings, 1,204 records skipped; the report: ingest-report.txt`. */
export function formatIngestSummary(report: IngestReport, reportFile: string): string {
  const count = new Intl.NumberFormat('en-US');
  const warnings = report.collections.reduce((sum, collection) => sum + collection.warnings.length, 0);
  const skipped = report.collections.reduce((sum, collection) => sum + collection.skipped.reduce((n, skip) => n + skip.count, 0), 0);
  return (
    `skg ingest: ${count.format(report.files)} files in ${(report.durationMs / 1000).toFixed(1)} s, ` +
    `${count.format(warnings)} warning${warnings === 1 ? '' : 's'}, ${count.format(skipped)} records skipped; the report: ${reportFile}`
  );
}

export function registerIngestCommand(program: Command): void {
  const command = program.command('ingest').description('build the OKF bundle from the upstream sources and report what was written and skipped');
  addConfigOptions(command, KEYS)
    .option('--fetch', 'download the pinned sources missing from the sources directory first (as `skg fetch`)')
    .option('--report <file>', 'write the report into this file and print one summary line instead')
    .action(async (flags: IngestFlags, self: Command) => {
      const config = resolveConfig(readConfigFlags(self, KEYS));
      const { checkSources, fetchSources, formatIngestReport, ingest, IngestError } = await import('@skg/ingest');
      if (flags.fetch) {
        const missing = await checkSources(config.sources);
        if (missing.length > 0) {
          console.log(`skg ingest: ${missing.length} source file(s) missing in ${config.sources}; fetching the pinned sources…`);
          await fetchSources({ sourcesDir: config.sources });
        }
      }
      const show = async (report: IngestReport) => {
        if (flags.report === undefined) return console.log(formatIngestReport(report));
        await writeFile(flags.report, `${formatIngestReport(report)}\n`);
        console.log(formatIngestSummary(report, path.relative(process.cwd(), flags.report) || flags.report));
      };
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
        await show(report);
      } catch (error) {
        progress.stop();
        // The report says what was found before the errors stopped the ingest.
        if (error instanceof IngestError) await show(error.report);
        throw error;
      }
    });
}
