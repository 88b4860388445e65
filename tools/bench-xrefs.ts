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
import { loadDataSet } from '@skg/server';
import { alignBuffer } from '../packages/server/src/artefacts/binary.ts';
import { loadConnections } from '../packages/server/src/artefacts/connections.ts';
import { loadCrossReferences } from '../packages/server/src/artefacts/xrefs.ts';
import { averageSize, canonReferences, createBenchApp, createRandom, formatStatuses, pick, rssMb, run, summary } from './lib/in-process.ts';

const { values } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, verses: { type: 'string', default: '2000' }, chapters: { type: 'string', default: '400' } },
});
const distDir = path.resolve(values.dist);

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
const { chapters, verses } = canonReferences(dataSet.scripture.canon);

const uncached = createBenchApp(dataSet, false);
await run(uncached, ['/xrefs/John.3.16', '/xrefs/Rom.8', '/connections', '/connections?book=Rom&osis=Ps.23']); // warm the JIT
const verseRun = await run(uncached, pick(random, verses, Number(values.verses)).map((osis) => `/xrefs/${osis}`));
const chapterRun = await run(uncached, pick(random, chapters, Number(values.chapters)).map((osis) => `/xrefs/${osis}?limit=500`));
const busiest = await run(uncached, Array.from({ length: 200 }, () => '/xrefs/Rom.8?limit=500'));
const totals = await run(uncached, Array.from({ length: 200 }, (_, i) => `/connections?limit=${(i % 200) + 1}`));
const books = await run(uncached, Array.from({ length: 400 }, (_, i) => `/connections?book=${BOOKS[i % BOOKS.length]?.osis}`));
const chapterConnections = await run(uncached, pick(random, chapters, Number(values.chapters)).map((osis) => `/connections?osis=${osis}`));
const everyChapter = await run(uncached, chapters.map((osis) => `/xrefs/${osis}`));
const rssAfterLoad = rssMb();

const cachedApp = createBenchApp(dataSet, true);
const repeated = await run(cachedApp, Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? '/xrefs/John.3.16' : '/connections')));

console.log(`dist ${dataSet.dir} (dataVersion ${dataSet.manifest.dataVersion}); ${dataSet.xrefs.count} cross references (floor ${dataSet.xrefs.threshold} votes); connections ${dataSet.connections ? 'built' : 'not built'}`);
console.log(`xrefs + connections alone                rss ${rssStart.toFixed(1)} → ${rssAlone.toFixed(1)} MB (files ${(((xrefsEntry.bytes) + (connectionsEntry?.bytes ?? 0)) / 2 ** 20).toFixed(2)} MB; ${alone.xrefs.count} references)`);
console.log(`loadDataSet                              ${loadMs.toFixed(1)} ms; rss ${rssAlone.toFixed(1)} → ${rssLoaded.toFixed(1)} MB`);
console.log(summary('/xrefs verse, uncached', verseRun.samples), ` ${formatStatuses(verseRun.statuses)}, ${averageSize(verseRun)}`);
console.log(summary('/xrefs chapter (limit 500), uncached', chapterRun.samples), ` ${formatStatuses(chapterRun.statuses)}, ${averageSize(chapterRun)}`);
console.log(summary('/xrefs/Rom.8 (limit 500), uncached', busiest.samples), ` ${averageSize(busiest)}`);
console.log(summary('/connections (totals), uncached', totals.samples), ` ${formatStatuses(totals.statuses)}, ${averageSize(totals)}`);
console.log(summary('/connections?book=, uncached', books.samples), ` ${formatStatuses(books.statuses)}, ${averageSize(books)}`);
console.log(summary('/connections?osis=, uncached', chapterConnections.samples), ` ${formatStatuses(chapterConnections.statuses)}, ${averageSize(chapterConnections)}`);
console.log(summary('/xrefs every chapter once, uncached', everyChapter.samples), ` ${formatStatuses(everyChapter.statuses)}`);
console.log(summary('repeated John.3.16 / connections (cache)', repeated.samples));
console.log(`rss after the uncached runs              ${rssAfterLoad.toFixed(1)} MB; after the cached run ${rssMb().toFixed(1)} MB`);
