// `skg build`: bundle → dist, showing each stage as it runs, then the report with every diagnostic.
// Fails when any is an error; stops at once, with one message, on a fatal one (no bundle).

import type { Command } from 'commander';
import { RESPONSES_ARTEFACT, runStage } from '@skg/core';
import type { BuildReport, RenderCurrentBuildResult, RenderHook } from '@skg/compiler';
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
    .option('--no-render', 'leave out the stored answers (the render, the longest step): every answer is computed on request until `skg build --render-only`')
    .option('--render-only', 'only render the stored answers into the build dist/ names now (same data version), and switch them in')
    .action(async (flags: { quiet?: boolean; render: boolean; renderOnly?: boolean }, self: Command) => {
      const config = resolveConfig(readConfigFlags(self, KEYS));
      if (flags.renderOnly && !flags.render) throw new Error('--render-only and --no-render ask for opposite things: give one of them');
      const { build, formatBuildReport, renderCurrentBuild } = await import('@skg/compiler');
      const progress = flags.quiet ? undefined : await createProgressDisplay('build');
      // The response artefact and the downloads are rendered by the server's own routes (the compiler never imports the server).
      const { renderBuildArtefacts } = await import('@skg/server');
      const render: RenderHook = (input) => renderBuildArtefacts({ ...input, ...(progress ? { onProgress: createRenderNotes(progress) } : {}) });
      if (flags.renderOnly) {
        try {
          const result = await runStage(progress?.listener, 'stored answers', { index: 1, total: 1 }, () => renderCurrentBuild({ distDir: config.dist, render }), describeRender);
          console.log(formatRenderOnly(config.dist, result));
        } finally {
          progress?.stop();
        }
        return;
      }
      let report: BuildReport;
      try {
        report = await build({
          ...(flags.render ? { render } : {}),
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
      if (!flags.render) console.log('no stored answers (--no-render): every answer is computed on request; `skg build --render-only` adds them');
    });
}

function describeRender(result: RenderCurrentBuildResult): string {
  const entry = result.manifest.artefacts[RESPONSES_ARTEFACT];
  return result.status === 'rendered' && entry ? `${entry.records.toLocaleString('en-US')} answers` : result.status;
}

/** The one line `skg build --render-only` prints. */
export function formatRenderOnly(dist: string, result: RenderCurrentBuildResult): string {
  const entry = result.manifest.artefacts[RESPONSES_ARTEFACT];
  const seconds = 'renderMs' in result ? ` in ${(result.renderMs / 1000).toFixed(1)} s` : '';
  switch (result.status) {
    case 'rendered':
      return `rendered ${entry?.records.toLocaleString('en-US') ?? 0} stored answers${seconds} into data ${result.manifest.dataVersion} and switched ${dist}/manifest.json to name them (same data version)`;
    case 'present':
      return `${dist}/manifest.json already names stored answers for data ${result.manifest.dataVersion}: nothing to render`;
    case 'superseded':
      return `another build switched ${dist}/manifest.json (now data ${result.manifest.dataVersion}) while this one rendered${seconds}: left it as it is`;
  }
}
