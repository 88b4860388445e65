// What an ingest wrote and skipped, per collection, and its text form for the CLI and log.md.

export interface SkipCount {
  /** What was skipped, plural (`speaker rows`). */
  readonly what: string;
  /** Why, in a few words (`uncertain quote type`). */
  readonly reason: string;
  readonly count: number;
}

/**
 * Something an upstream dataset gets wrong, found while building a collection: what, how often, and
 * whether the bundle corrects it or leaves it as the source has it. The ingest report lists them all
 * in one section ("upstream problems"), and log.md keeps them.
 */
export interface UpstreamFinding {
  /** The source's id as `sources/<id>` names it (`strongs-greek`, `bibledata`). */
  readonly source: string;
  /** What the upstream data gets wrong, in a few words (`derivation and definition split inside a bracket`). */
  readonly problem: string;
  /** `corrected`: the bundle has it right; `left`: kept as the source has it. */
  readonly action: 'corrected' | 'left';
  /** How it was corrected, or why it was left. */
  readonly how: string;
  readonly count: number;
}

export interface CollectionReport {
  readonly collection: string;
  /** Documents written, by type (`{Book: 66, Chapter: 1189}`). */
  readonly written: Readonly<Record<string, number>>;
  /** Other facts worth a line (`verses: 31102`). */
  readonly counts: Readonly<Record<string, number>>;
  readonly skipped: readonly SkipCount[];
  /** Problems that do not stop the ingest. */
  readonly warnings: readonly string[];
  /** Problems that stop the ingest: the bundle is left as it was. */
  readonly errors: readonly string[];
  /** What the upstream data gets wrong (see UpstreamFinding); absent when nothing was found. */
  readonly upstream?: readonly UpstreamFinding[];
}

export interface IngestReport {
  readonly bundleDir: string;
  readonly sourcesDir: string;
  /** The bundle's `generated` time. */
  readonly generated: string;
  readonly generator: string;
  readonly collections: readonly CollectionReport[];
  /** Files in the bundle, documents and indexes. */
  readonly files: number;
  readonly durationMs: number;
}

/** Thrown by `ingest` when a collection reports errors; nothing was written. */
export class IngestError extends Error {
  readonly report: IngestReport;

  constructor(report: IngestReport) {
    const errors = report.collections.flatMap((collection) => collection.errors.map((error) => `${collection.collection}: ${error}`));
    super(`the ingest found ${errors.length} error(s); ${report.bundleDir} was left as it was:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
    this.name = 'IngestError';
    this.report = report;
  }
}

const LISTED = 10;
const number = new Intl.NumberFormat('en-US');

/** `31,102`: counts as the report and the log print them. */
export function formatCount(count: number): string {
  return number.format(count);
}

/** The report as lines of text, one block per collection (no timing: log.md reuses it). */
export function formatCollectionReport(report: CollectionReport): string[] {
  const written = Object.entries(report.written).map(([type, count]) => `${formatCount(count)} ${type}`);
  const lines = [`${report.collection}: wrote ${written.join(', ') || 'nothing'}`];
  const counts = Object.entries(report.counts).map(([what, count]) => `${what} ${formatCount(count)}`);
  if (counts.length > 0) lines.push(`  ${counts.join(', ')}`);
  for (const skip of report.skipped) {
    if (skip.count > 0) lines.push(`  skipped ${formatCount(skip.count)} ${skip.what}: ${skip.reason}`);
  }
  for (const [label, list] of [['warning', report.warnings], ['error', report.errors]] as const) {
    for (const item of list.slice(0, LISTED)) lines.push(`  ${label}: ${item}`);
    if (list.length > LISTED) lines.push(`  … and ${list.length - LISTED} more ${label}s`);
  }
  return lines;
}

/**
 * The "upstream problems" section: every finding with a count, by source, corrected ones first; empty
 * when there is none. One line each: `  strongs-greek: corrected 125 …: how`.
 */
export function formatUpstreamFindings(collections: readonly CollectionReport[]): string[] {
  const findings = collections
    .flatMap((collection) => collection.upstream ?? [])
    .filter((finding) => finding.count > 0)
    .sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : a.action === b.action ? 0 : a.action === 'corrected' ? -1 : 1));
  if (findings.length === 0) return [];
  return [
    'upstream problems (corrected in the bundle, or left as the source has them):',
    ...findings.map((finding) => `  ${finding.source}: ${finding.action} ${formatCount(finding.count)} ${finding.problem}: ${finding.how}`),
  ];
}

/** The report printed by `skg ingest`. */
export function formatIngestReport(report: IngestReport): string {
  const lines = [
    `ingest ${report.sourcesDir} → ${report.bundleDir} (${report.generator}, generated ${report.generated})`,
    ...report.collections.flatMap(formatCollectionReport),
    ...formatUpstreamFindings(report.collections),
    `${formatCount(report.files)} files in ${(report.durationMs / 1000).toFixed(1)} s`,
  ];
  return lines.join('\n');
}
