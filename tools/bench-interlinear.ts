// In-process /interlinear benchmark: what the interlinear adds to the resident memory of a loaded
// data set, and the latency (p50/p99) of /interlinear for verses and chapters through the app
// (router, pipeline, formatting): uncached (the response cache off, so every request reads its
// records from disk and formats them) and repeated (served from the response cache).
//
// Usage: node --expose-gc --import tsx tools/bench-interlinear.ts [--dist dist] [--verses 2000] [--chapters 400]

import path from 'node:path';
import { parseArgs } from 'node:util';
import { BOOKS } from '@skg/core';
import { createApp, loadDataSet } from '@skg/server';
import type { DataSet } from '../packages/server/src/artefacts/types.ts';
import { createStatusMonitor } from '../packages/server/src/status/monitor.ts';

const { values } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, verses: { type: 'string', default: '2000' }, chapters: { type: 'string', default: '400' } },
});
const distDir = path.resolve(values.dist);
const gc = (globalThis as { gc?: () => void }).gc;
const rssMb = (): number => {
  gc?.();
  return process.memoryUsage().rss / 2 ** 20;
};

function summary(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number): string => (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(3);
  return `${name.padEnd(40)} n=${String(sorted.length).padStart(5)}  p50 ${at(50)} ms  p90 ${at(90)} ms  p99 ${at(99)} ms  max ${(sorted.at(-1) ?? 0).toFixed(3)} ms`;
}

/** A deterministic pseudo-random sequence (mulberry32), so runs compare. */
function createRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function createBenchApp(dataSet: DataSet, cached: boolean) {
  const getDataSet = () => dataSet;
  return createApp({
    getDataSet,
    trustProxy: false,
    rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
    statusMonitor: createStatusMonitor({ getDataSet }),
    ...(cached ? {} : { responseCache: { maxEntries: 0 } }),
    logError: (message, error) => console.error(message, error),
  });
}

async function run(app: ReturnType<typeof createApp>, paths: readonly string[]): Promise<{ samples: number[]; bytes: number; statuses: Map<number, number> }> {
  const samples: number[] = [];
  const statuses = new Map<number, number>();
  let bytes = 0;
  for (const route of paths) {
    const start = performance.now();
    const response = await app.fetch(new Request(`http://localhost/api/v1${route}`));
    const body = await response.arrayBuffer();
    samples.push(performance.now() - start);
    bytes += body.byteLength;
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  return { samples, bytes, statuses };
}

const rssStart = rssMb();
const loadStart = performance.now();
const dataSet = await loadDataSet(distDir);
const loadMs = performance.now() - loadStart;
const rssLoaded = rssMb();
const store = dataSet.interlinear;
if (!store) {
  console.log(`dist ${dataSet.dir}: the interlinear is not built (datasets: ${JSON.stringify(dataSet.datasets)}); nothing to measure`);
  process.exit(0);
}

// Requests: every chapter once (for memory), a random sample of chapters and verses (for latency).
const random = createRandom(20260821);
const canon = dataSet.scripture.canon;
const chapters: string[] = [];
const verses: string[] = [];
for (const book of BOOKS) {
  for (let chapter = 1; chapter <= book.chapters; chapter++) {
    chapters.push(`${book.osis}.${chapter}`);
    for (let verse = 1; verse <= canon.verseCount(book, chapter); verse++) verses.push(`${book.osis}.${chapter}.${verse}`);
  }
}
const pick = (list: readonly string[], n: number): string[] => Array.from({ length: n }, () => list[Math.floor(random() * list.length)] ?? list[0] ?? '');
const verseSample = pick(verses, Number(values.verses)).map((osis) => `/interlinear/${osis}`);
const chapterSample = pick(chapters, Number(values.chapters)).map((osis) => `/interlinear/${osis}`);

const uncached = createBenchApp(dataSet, false);
await run(uncached, ['/interlinear/Gen.1.1', '/interlinear/John.1', '/interlinear/Ps.119']); // warm the JIT
const verseRun = await run(uncached, verseSample);
const chapterRun = await run(uncached, chapterSample);
const longest = await run(uncached, Array.from({ length: 50 }, () => '/interlinear/Ps.119'));
const everyChapter = await run(uncached, chapters.map((osis) => `/interlinear/${osis}`));
const rssAfterLoad = rssMb();

const cachedApp = createBenchApp(dataSet, true);
const repeated = await run(cachedApp, Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? '/interlinear/Gen.1.1' : '/interlinear/John.3')));

const format = (statuses: Map<number, number>): string => [...statuses].map(([status, n]) => `${status}×${n}`).join(' ');
console.log(`dist ${dataSet.dir} (dataVersion ${dataSet.manifest.dataVersion}); interlinear: ${store.verseCount} verses, ${store.entryCount} entries`);
console.log(`loadDataSet                              ${loadMs.toFixed(1)} ms; rss ${rssStart.toFixed(1)} → ${rssLoaded.toFixed(1)} MB`);
console.log(summary('verse, uncached', verseRun.samples), ` ${format(verseRun.statuses)}, ${(verseRun.bytes / verseRun.samples.length / 1024).toFixed(1)} KB avg`);
console.log(summary('chapter, uncached', chapterRun.samples), ` ${format(chapterRun.statuses)}, ${(chapterRun.bytes / chapterRun.samples.length / 1024).toFixed(1)} KB avg`);
console.log(summary('Ps.119 (176 verses), uncached', longest.samples), ` ${(longest.bytes / longest.samples.length / 1024).toFixed(1)} KB`);
console.log(summary('every chapter once, uncached', everyChapter.samples), ` ${format(everyChapter.statuses)}`);
console.log(summary('repeated Gen.1.1 / John.3 (cache)', repeated.samples));
console.log(`rss after every chapter                  ${rssAfterLoad.toFixed(1)} MB; after the cached run ${rssMb().toFixed(1)} MB`);
