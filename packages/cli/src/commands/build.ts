// `skg build`: bundle → dist, then the report with every diagnostic. Fails when any is an error.

import type { Command } from 'commander';
import { OPTIONAL_ARTEFACTS } from '@skg/core';
import { resolveConfig, selectOptionalArtefacts } from '../config.ts';

export function registerBuildCommand(program: Command): void {
  program
    .command('build')
    .description('compile the bundle into dist/ (artefacts + manifest.json, switched atomically) and report every diagnostic')
    .option('--bundle <dir>', 'bundle directory to read [env SKG_BUNDLE, default bundle]')
    .option('--dist <dir>', 'artefact directory to write [env SKG_DIST, default dist]')
    .option(
      '--without <names>',
      `optional artefacts to leave out, comma-separated (${OPTIONAL_ARTEFACTS.join(', ')}); their endpoints then answer 503 ` +
        'dataset_unavailable and /status reports them unavailable [env SKG_WITHOUT, default none]',
    )
    .option('--quiet', 'print only diagnostics and the summary line, no stage progress')
    .action(async (flags: { bundle?: string; dist?: string; without?: string; quiet?: boolean }) => {
      const config = resolveConfig({ bundle: flags.bundle, dist: flags.dist, without: flags.without });
      const { build, formatBuildReport } = await import('@skg/compiler');
      // The response artefact is rendered by the server's own routes (the compiler never imports the server).
      const { renderResponseArtefact } = await import('@skg/server');
      const report = await build({
        render: renderResponseArtefact,
        bundleDir: config.bundle,
        distDir: config.dist,
        optional: selectOptionalArtefacts(config.without),
        ...(flags.quiet ? {} : { log: (line: string) => console.log(`  ${line}`) }),
      });
      console.log(formatBuildReport(report));
      if (!report.ok) throw new Error(`the build failed with ${report.errors} error(s); see the diagnostics above`);
    });
}
