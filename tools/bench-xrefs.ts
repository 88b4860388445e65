// In-process /xrefs and /connections benchmark: what the cross-reference shards and the connections
// aggregate add to resident memory, and the latency (p50/p90/p99) through the app (router, pipeline,
// formatting) of /xrefs for verses and chapters and of /connections (totals, a book, a chapter):
// uncached (the response cache off) and repeated (served from the response cache).
//
// Usage: node --expose-gc --import tsx tools/bench-xrefs.ts [--dist dist] [--verses 2000] [--chapters 400]

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BOOKS } from '@skg/core';
import { createApp, loadDataSet } from '@skg/server';
import { alignBuffer } from '../packages/server/src/artefacts/binary.ts';
import { loadConnections } from '../packages/server/src/artefacts/connections.ts';
import type { DataSet } from '../packages/server/src/artefacts/types.ts';
import { loadCrossReferences } from '../packages/server/src/artefacts/xrefs.ts';
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

// What the two artefacts alone cost: read and decoded on their own, before the rest of the data set.
const rssStart = rssMb();
const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')) as { artefacts: Record<string, { file: string; bytes: number }> };
const xrefsEntry = manifest.artefacts.xrefs;
const connectionsEntry = manifest.artefacts.connections;
if (!xrefsEntry) throw new Error(`${distDir}/manifest.json names no xrefs artefact: rebuild with \`skg build\``);
const alone = {
  xrefs: loadCrossReferences(alignBuffer(await readFile(path.join(distDir, xrefsEntry.file))), xrefsEntry.file),
  connections: connectionsEntry ? loadConnections(alignBuffer(await readFile(path.join(distDir, connectionsEntry.file))), connectionsEntry.file) : undefined,
};
const rssAlone = rssMb();

const loadStart = performance.now();
const dataSet = await loadDataSet(distDir);
const loadMs = performance.now() - loadStart;
const rssLoaded = rssMb();

const random = createRandom(20260821);
const canon = dataSet.scripture.canon;
const chapters: string[] = [];
const verses: string[] = [];
for (const book of BOOKS) {
  for (let chapter = 1; chapter <= book.chapters; chapter++) {
    if (canon.verseCount(book, chapter) === 0) continue;
    chapters.push(`${book.osis}.${chapter}`);
    for (let verse = 1; verse <= canon.verseCount(book, chapter); verse++) verses.push(`${book.osis}.${chapter}.${verse}`);
  }
}
const pick = (list: readonly string[], n: number): string[] => Array.from({ length: n }, () => list[Math.floor(random() * list.length)] ?? list[0] ?? '');

const uncached = createBenchApp(dataSet, false);
await run(uncached, ['/xrefs/John.3.16', '/xrefs/Rom.8', '/connections', '/connections?book=Rom&osis=Ps.23']); // warm the JIT
const verseRun = await run(uncached, pick(verses, Number(values.verses)).map((osis) => `/xrefs/${osis}`));
const chapterRun = await run(uncached, pick(chapters, Number(values.chapters)).map((osis) => `/xrefs/${osis}?limit=500`));
const busiest = await run(uncached, Array.from({ length: 200 }, () => '/xrefs/Rom.8?limit=500'));
const totals = await run(uncached, Array.from({ length: 200 }, (_, i) => `/connections?limit=${(i % 200) + 1}`));
const books = await run(uncached, Array.from({ length: 400 }, (_, i) => `/connections?book=${BOOKS[i % BOOKS.length]?.osis}`));
const chapterConnections = await run(uncached, pick(chapters, Number(values.chapters)).map((osis) => `/connections?osis=${osis}`));
const everyChapter = await run(uncached, chapters.map((osis) => `/xrefs/${osis}`));
const rssAfterLoad = rssMb();

const cachedApp = createBenchApp(dataSet, true);
const repeated = await run(cachedApp, Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? '/xrefs/John.3.16' : '/connections')));

const format = (statuses: Map<number, number>): string => [...statuses].map(([status, n]) => `${status}×${n}`).join(' ');
const average = (result: { bytes: number; samples: number[] }): string => `${(result.bytes / result.samples.length / 1024).toFixed(1)} KB avg`;
console.log(`dist ${dataSet.dir} (dataVersion ${dataSet.manifest.dataVersion}); ${dataSet.xrefs.count} cross references (floor ${dataSet.xrefs.threshold} votes); connections ${dataSet.connections ? 'built' : 'not built'}`);
console.log(`xrefs + connections alone                rss ${rssStart.toFixed(1)} → ${rssAlone.toFixed(1)} MB (files ${(((xrefsEntry.bytes) + (connectionsEntry?.bytes ?? 0)) / 2 ** 20).toFixed(2)} MB; ${alone.xrefs.count} references)`);
console.log(`loadDataSet                              ${loadMs.toFixed(1)} ms; rss ${rssAlone.toFixed(1)} → ${rssLoaded.toFixed(1)} MB`);
console.log(summary('/xrefs verse, uncached', verseRun.samples), ` ${format(verseRun.statuses)}, ${average(verseRun)}`);
console.log(summary('/xrefs chapter (limit 500), uncached', chapterRun.samples), ` ${format(chapterRun.statuses)}, ${average(chapterRun)}`);
console.log(summary('/xrefs/Rom.8 (limit 500), uncached', busiest.samples), ` ${average(busiest)}`);
console.log(summary('/connections (totals), uncached', totals.samples), ` ${format(totals.statuses)}, ${average(totals)}`);
console.log(summary('/connections?book=, uncached', books.samples), ` ${format(books.statuses)}, ${average(books)}`);
console.log(summary('/connections?osis=, uncached', chapterConnections.samples), ` ${format(chapterConnections.statuses)}, ${average(chapterConnections)}`);
console.log(summary('/xrefs every chapter once, uncached', everyChapter.samples), ` ${format(everyChapter.statuses)}`);
console.log(summary('repeated John.3.16 / connections (cache)', repeated.samples));
console.log(`rss after the uncached runs              ${rssAfterLoad.toFixed(1)} MB; after the cached run ${rssMb().toFixed(1)} MB`);
