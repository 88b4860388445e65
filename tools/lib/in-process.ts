// What the in-process benchmarks share (bench-routes, bench-interlinear, bench-xrefs; the summary line
// also bench-graph and bench-scripture): the app as they drive it through `app.fetch` (no sockets),
// the timed request loop, the percentile line, resident memory, and a seeded sample of verses and
// chapters so runs compare.

import { BOOKS, type Book } from '@skg/core';
import { createApp, createStatusMonitor, type DataSet } from '@skg/server';

export type BenchApp = ReturnType<typeof createApp>;

/**
 * The whole app over one data set, with no rate limit. `cached: false` turns every cache off: the
 * response cache and the answers compiled ahead of time (the response artefact), so every request reads
 * its records and formats them (what a first request costs).
 */
export function createBenchApp(dataSet: DataSet, cached: boolean): BenchApp {
  const { responses: _stored, ...computed } = dataSet;
  const served: DataSet = cached ? dataSet : Object.freeze(computed);
  const getDataSet = () => served;
  return createApp({
    getDataSet,
    trustProxy: false,
    rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
    statusMonitor: createStatusMonitor({ getDataSet }),
    ...(cached ? {} : { responseCache: { maxEntries: 0 } }),
    logError: (message, error) => console.error(message, error),
  });
}

export interface RunResult {
  /** Milliseconds per request, from the request to its body read, in request order. */
  readonly samples: number[];
  readonly bytes: number;
  /** How many answers had each status. */
  readonly statuses: Map<number, number>;
}

/**
 * Requests each route (the part after /api/v1) in turn and times it. With `expectStatus`, throws on
 * the first answer with another status, naming its route.
 */
export async function run(app: BenchApp, routes: readonly string[], expectStatus?: number): Promise<RunResult> {
  const samples: number[] = [];
  const statuses = new Map<number, number>();
  let bytes = 0;
  for (const route of routes) {
    const start = performance.now();
    const response = await app.fetch(new Request(`http://localhost/api/v1${route}`));
    const body = await response.arrayBuffer();
    samples.push(performance.now() - start);
    if (expectStatus !== undefined && response.status !== expectStatus) throw new Error(`${route} answered ${response.status}`);
    bytes += body.byteLength;
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  return { samples, bytes, statuses };
}

/** `200×1998 404×2`: how many answers had each status. */
export function formatStatuses(statuses: Map<number, number>): string {
  return [...statuses].map(([status, n]) => `${status}×${n}`).join(' ');
}

/** The average body size of a run, `12.3 KB avg`. */
export function averageSize(result: RunResult): string {
  return `${(result.bytes / result.samples.length / 1024).toFixed(1)} KB avg`;
}

export interface LatencyFormat {
  /** Width the name is padded to (default 40). */
  readonly nameWidth?: number;
  /** Width the sample count is padded to (default 5). */
  readonly countWidth?: number;
  /** Width each figure is padded to (default 0: not padded). */
  readonly valueWidth?: number;
  /** Decimals of each figure (default 3). */
  readonly digits?: number;
  /** The percentiles shown before the maximum (default p50, p90, p99). */
  readonly percentiles?: readonly number[];
}

/** `n=  400  p50 0.123 ms  p90 … ms  p99 … ms  max … ms`: nearest-rank percentiles of the samples. */
export function latencyFigures(samples: readonly number[], format: LatencyFormat = {}): string {
  const { countWidth = 5, valueWidth = 0, digits = 3, percentiles = [50, 90, 99] } = format;
  const sorted = [...samples].sort((a, b) => a - b);
  const figure = (ms: number): string => ms.toFixed(digits).padStart(valueWidth);
  const at = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const shown = percentiles.map((p) => `  p${p} ${figure(at(p))} ms`).join('');
  return `n=${String(sorted.length).padStart(countWidth)}${shown}  max ${figure(sorted.at(-1) ?? 0)} ms`;
}

/** One line of a benchmark's output: the name, padded, then its latency figures. */
export function summary(name: string, samples: readonly number[], format: LatencyFormat = {}): string {
  return `${name.padEnd(format.nameWidth ?? 40)} ${latencyFigures(samples, format)}`;
}

/** Resident memory in MiB, after a full collection when the process runs with --expose-gc. */
export function rssMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss / 2 ** 20;
}

/** A deterministic pseudo-random sequence (mulberry32), so runs compare. */
export function createRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` items drawn from the list with replacement. */
export function pick(random: () => number, list: readonly string[], n: number): string[] {
  return Array.from({ length: n }, () => list[Math.floor(random() * list.length)] ?? list[0] ?? '');
}

/**
 * Every chapter (`John.3`) and verse (`John.3.16`) of the canon, in Bible order. Chapters the data
 * set holds no verses of are left out unless `includeEmptyChapters`.
 */
export function canonReferences(
  canon: { verseCount(book: Book, chapter: number): number },
  includeEmptyChapters = false,
): { chapters: string[]; verses: string[] } {
  const chapters: string[] = [];
  const verses: string[] = [];
  for (const book of BOOKS) {
    for (let chapter = 1; chapter <= book.chapters; chapter++) {
      const verseCount = canon.verseCount(book, chapter);
      if (verseCount === 0 && !includeEmptyChapters) continue;
      chapters.push(`${book.osis}.${chapter}`);
      for (let verse = 1; verse <= verseCount; verse++) verses.push(`${book.osis}.${chapter}.${verse}`);
    }
  }
  return { chapters, verses };
}
