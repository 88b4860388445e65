// Human-readable build report: what `skg build` prints.

import type { BuildReport } from './build.ts';
import { formatDiagnostic } from './diagnostics.ts';

const number = (n: number): string => n.toLocaleString('en-US');

/** Every diagnostic, then the counts, the stage timings and where the build went. */
export function formatBuildReport(report: BuildReport): string {
  const lines: string[] = [`build ${report.bundleDir} → ${report.distDir}`];
  for (const diagnostic of report.diagnostics) lines.push(`  ${formatDiagnostic(diagnostic)}`);
  const c = report.counts;
  lines.push(
    `scripture: ${number(c.books)} books, ${number(c.chapters)} chapters, ${number(c.verses)} verses (${number(c.omitted)} omitted), ` +
      `${number(c.documents)} documents`,
    `graph: ${number(c.relations)} typed relations, ${number(c.edges)} edges, ${number(c.tags)} tags, ${number(c.brokenLinks)} broken links`,
    `index: ${number(c.indexedVerses)} verses, ${number(c.distinctWords)} distinct words`,
    `interlinear: ${number(c.interlinearVerses)} verses, ${number(c.interlinearEntries)} entries`,
    `timings: ${Object.entries(report.timings)
      .map(([stage, ms]) => `${stage} ${number(Math.round(ms ?? 0))} ms`)
      .join(', ')}`,
  );
  if (report.manifest && report.buildDir) {
    lines.push(`wrote ${report.buildDir} (dataVersion ${report.manifest.dataVersion}) and switched manifest.json to it`);
    for (const [name, entry] of Object.entries(report.manifest.artefacts)) {
      lines.push(`  ${name.padEnd(16)} ${number(entry.bytes).padStart(11)} bytes  ${number(entry.records).padStart(7)} records  ${entry.file}`);
    }
    const omitted = Object.entries(report.manifest.optionalArtefacts).filter(([, state]) => !state.built);
    for (const [name, state] of omitted) {
      lines.push(`  ${name.padEnd(16)} not built: ${state.reason === 'excluded' ? 'left out by --without' : 'the bundle holds no data for it'}`);
    }
    if (report.removed && report.removed.length > 0) lines.push(`removed old builds: ${report.removed.join(', ')}`);
  }
  lines.push(
    report.ok
      ? `ok: ${report.errors} errors, ${report.warnings} warnings`
      : `failed: ${report.errors} errors, ${report.warnings} warnings; nothing was written`,
  );
  return lines.join('\n');
}
