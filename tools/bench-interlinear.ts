// In-process /interlinear benchmark: what the interlinear adds to the resident memory of a loaded
// data set, and the latency (p50/p99) of /interlinear for verses and chapters through the app
// (router, pipeline, formatting): uncached (the response cache off, so every request reads its
// records from disk and formats them) and repeated (served from the response cache).
//
// Usage: node --expose-gc --import tsx tools/bench-interlinear.ts [--dist dist] [--verses 2000] [--chapters 400]

import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDataSet } from '@skg/server';
import { averageSize, canonReferences, createBenchApp, createRandom, formatStatuses, pick, rssMb, run, summary } from './lib/in-process.ts';

const { values } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, verses: { type: 'string', default: '2000' }, chapters: { type: 'string', default: '400' } },
});
const distDir = path.resolve(values.dist);

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
const { chapters, verses } = canonReferences(dataSet.scripture.canon, true);
const verseSample = pick(random, verses, Number(values.verses)).map((osis) => `/interlinear/${osis}`);
const chapterSample = pick(random, chapters, Number(values.chapters)).map((osis) => `/interlinear/${osis}`);

const uncached = createBenchApp(dataSet, false);
await run(uncached, ['/interlinear/Gen.1.1', '/interlinear/John.1', '/interlinear/Ps.119']); // warm the JIT
const verseRun = await run(uncached, verseSample);
const chapterRun = await run(uncached, chapterSample);
const longest = await run(uncached, Array.from({ length: 50 }, () => '/interlinear/Ps.119'));
const everyChapter = await run(uncached, chapters.map((osis) => `/interlinear/${osis}`));
const rssAfterLoad = rssMb();

const cachedApp = createBenchApp(dataSet, true);
const repeated = await run(cachedApp, Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? '/interlinear/Gen.1.1' : '/interlinear/John.3')));

console.log(`dist ${dataSet.dir} (dataVersion ${dataSet.manifest.dataVersion}); interlinear: ${store.verseCount} verses, ${store.entryCount} entries`);
console.log(`loadDataSet                              ${loadMs.toFixed(1)} ms; rss ${rssStart.toFixed(1)} → ${rssLoaded.toFixed(1)} MB`);
console.log(summary('verse, uncached', verseRun.samples), ` ${formatStatuses(verseRun.statuses)}, ${averageSize(verseRun)}`);
console.log(summary('chapter, uncached', chapterRun.samples), ` ${formatStatuses(chapterRun.statuses)}, ${averageSize(chapterRun)}`);
console.log(summary('Ps.119 (176 verses), uncached', longest.samples), ` ${(longest.bytes / longest.samples.length / 1024).toFixed(1)} KB`);
console.log(summary('every chapter once, uncached', everyChapter.samples), ` ${formatStatuses(everyChapter.statuses)}`);
console.log(summary('repeated Gen.1.1 / John.3 (cache)', repeated.samples));
console.log(`rss after every chapter                  ${rssAfterLoad.toFixed(1)} MB; after the cached run ${rssMb().toFixed(1)} MB`);
