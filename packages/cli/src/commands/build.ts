// `skg build`: bundle → dist, then the report with every diagnostic. Fails when any is an error.

import type { Command } from 'commander';
import { build, formatBuildReport } from '@skg/compiler';
import { resolveConfig } from '../config.ts';

export function registerBuildCommand(program: Command): void {
  program
    .command('build')
    .description('compile the bundle into dist/ (artefacts + manifest.json, switched atomically) and report every diagnostic')
    .option('--bundle <dir>', 'bundle directory to read [env SKG_BUNDLE, default bundle]')
    .option('--dist <dir>', 'artefact directory to write [env SKG_DIST, default dist]')
    .option('--quiet', 'print only diagnostics and the summary line, no stage progress')
    .action(async (flags: { bundle?: string; dist?: string; quiet?: boolean }) => {
      const config = resolveConfig({ bundle: flags.bundle, dist: flags.dist });
      const report = await build({
        bundleDir: config.bundle,
        distDir: config.dist,
        ...(flags.quiet ? {} : { log: (line: string) => console.log(`  ${line}`) }),
      });
      console.log(formatBuildReport(report));
      if (!report.ok) throw new Error(`the build failed with ${report.errors} error(s); see the diagnostics above`);
    });
}
