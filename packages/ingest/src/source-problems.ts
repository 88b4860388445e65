// What can be wrong with the sources directory, and the one message that says how to put it right.

export type SourceProblemKind =
  /** The file is not in the sources directory. */
  | 'missing'
  /** The file is there with another sha256. */
  | 'altered'
  /** `skg fetch` could not download it (network, HTTP status, archive without the member). */
  | 'unavailable';

export interface SourceProblem {
  /** Path relative to the sources directory. */
  readonly path: string;
  readonly kind: SourceProblemKind;
  /** The pinned sha256. */
  readonly expected: string;
  /** The sha256 found (`altered`) or downloaded (`unavailable` because the download differed). */
  readonly actual?: string;
  /** Why a download failed. */
  readonly detail?: string;
  /** True when the download failed before any answer came back (no network, DNS, refused). */
  readonly offline?: boolean;
}

/** How to get the data, said once wherever sources are missing. */
export const HOW_TO_GET_SOURCES =
  'Either point SKG_SOURCES (or --sources) at a directory holding a mirror of the pinned files ' +
  '(in this workplace: ../shared/upstream), or run `skg fetch` on a machine with network access to download them.';

const LISTED = 20;

/** Thrown by `ingest` and `fetchSources` when sources are missing, altered or cannot be downloaded. */
export class SourcesError extends Error {
  readonly problems: readonly SourceProblem[];

  constructor(problems: readonly SourceProblem[], context: { sourcesDir: string; total: number }) {
    super(formatSourceProblems(problems, context));
    this.name = 'SourcesError';
    this.problems = problems;
  }
}

/** One message for a list of problems; a directory with none of the files gets a short one. */
export function formatSourceProblems(
  problems: readonly SourceProblem[],
  { sourcesDir, total }: { sourcesDir: string; total: number },
): string {
  if (problems.length === 0) return `all ${total} pinned files are in ${sourcesDir}`;
  if (problems.length === total && problems.every((problem) => problem.kind === 'missing')) {
    return `No upstream sources in ${sourcesDir}: none of the ${total} pinned files needed is there. ${HOW_TO_GET_SOURCES}`;
  }
  if (problems.length === total && problems.every((problem) => problem.offline)) {
    const cause = problems[0]?.detail ?? 'no network';
    return `No upstream sources in ${sourcesDir}, and they cannot be downloaded (${cause}). ${HOW_TO_GET_SOURCES}`;
  }
  const lines = problems.slice(0, LISTED).map((problem) => `  - ${formatProblem(problem)}`);
  if (problems.length > LISTED) lines.push(`  - … and ${problems.length - LISTED} more`);
  return [
    `${problems.length} of ${total} pinned upstream files in ${sourcesDir} are missing, altered or unavailable:`,
    ...lines,
    HOW_TO_GET_SOURCES,
  ].join('\n');
}

function formatProblem(problem: SourceProblem): string {
  switch (problem.kind) {
    case 'missing':
      return `${problem.path}: missing (expected sha256 ${problem.expected})`;
    case 'altered':
      return `${problem.path}: altered (expected sha256 ${problem.expected}, found ${problem.actual})`;
    case 'unavailable':
      return `${problem.path}: not downloaded, ${problem.detail ?? 'unknown error'} (expected sha256 ${problem.expected})`;
  }
}
