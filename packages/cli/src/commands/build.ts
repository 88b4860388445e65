// `skg build`: bundle → dist, showing each stage as it runs, then the report with every diagnostic.
// Fails when any is an error; stops at once, with one message, on a fatal one (no bundle).

import type { Command } from 'commander';
import type { BuildReport } from '@skg/compiler';
import { addConfigOptions, readConfigFlags, resolveConfig, selectOptionalArtefacts } from '../config.ts';
import { createProgressDisplay, type ProgressDisplay } from '../progress.ts';

const KEYS = ['bundle', 'dist', 'without'] as const;

/** Notes the render step's progress on the display: each tenth of the answers, with the rate so far. */
export function createRenderNotes(progress: Pick<ProgressDisplay, 'note'>, now = () => performance.now()): (done: number, total: number) => void {
  const started = now();
  const count = new Intl.NumberFormat('en-US');
  let shown = 0;
  return (done, total) => {
    const tenth = Math.floor((10 * done) / total);
    if (tenth <= shown && done < total) return;
    shown = tenth;
    const seconds = (now() - started) / 1000;
    progress.note(`render ${Math.round((100 * done) / total)} %: ${count.format(done)} of ${count.format(total)} answers in ${seconds.toFixed(1)} s`);
  };
}

export function registerBuildCommand(program: Command): void {
  const command = program
    .command('build')
    .description('compile the bundle into dist/ (artefacts + manifest.json, switched atomically) and report every diagnostic');
  addConfigOptions(command, KEYS)
    .option('--quiet', 'print only diagnostics and the summary line, no stage progress')
    .action(async (flags: { quiet?: boolean }, self: Command) => {
      const config = resolveConfig(readConfigFlags(self, KEYS));
      const { build, formatBuildReport } = await import('@skg/compiler');
      const progress = flags.quiet ? undefined : await createProgressDisplay('build');
      // The response artefact is rendered by the server's own routes (the compiler never imports the server).
      const { renderResponseArtefact } = await import('@skg/server');
      let report: BuildReport;
      try {
        report = await build({
          render: (input) => renderResponseArtefact({ ...input, ...(progress ? { onProgress: createRenderNotes(progress) } : {}) }),
          bundleDir: config.bundle,
          distDir: config.dist,
          optional: selectOptionalArtefacts(config.without),
          ...(progress ? { onProgress: progress.listener } : {}),
        });
      } finally {
        progress?.stop();
      }
      if (report.fatal) throw new Error(report.fatal.message);
      console.log(formatBuildReport(report));
      if (!report.ok) throw new Error(`the build failed with ${report.errors} error(s); see the diagnostics above`);
    });
}
