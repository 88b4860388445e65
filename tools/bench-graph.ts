// In-process knowledge-graph benchmark: optionally the full compile, then dist load time and resident
// memory, the deferred FlexSearch text-index import, concept search latency (p50/p99) over a query
// mix (first run of each query in a fresh process, uncached runs in a warm process, repeats from the
// result cache), the per-request reads of /entity, /list, /nearby and passage context, and resident
// memory after a mixed load (scripture and concept searches, chapters, documents).
//
// Usage: npx tsx tools/bench-graph.ts [--dist dist] [--bundle <dir> (compile it into --dist first)] [--rounds 10]

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BOOKS, type DocumentType } from '@skg/core';
import { build, formatBuildReport } from '@skg/compiler';
import { loadDataSet } from '@skg/server';
// The benchmark also drives the search below the DataSet, to measure it without the result cache.
import {
  CONCEPTS_TAIL_OFFSET_AT,
  createConceptSearch,
  DOCUMENTS_TAIL_OFFSET_AT,
  loadConceptIndex,
  loadGraphDocuments,
  openArtefactFile,
} from '../packages/server/src/artefacts/index.ts';
import { summary as latencySummary } from './lib/in-process.ts';

const { values } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, bundle: { type: 'string' }, rounds: { type: 'string', default: '10' } },
});
const distDir = path.resolve(values.dist);
const rounds = Number(values.rounds) || 10;
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

const QUERIES: Array<[string, DocumentType?]> = [
  ['abraham', 'Person'], ['abraham'], ['H430'], ['h430', 'Lexeme'], ['jerusalem'], ['jerusalem', 'Place'], ['moses'], ['david king'],
  ['son of terah'], ['love'], ['faith'], ['sabbath'], ['commandment sabbath'], ['logos'], ['λόγος'], ['אלוהים'], ['river jordan'],
  ['mount'], ['a'], ['the'], ['of'], ['creation'], ['exodus from egypt'], ['paul'], ['jesus'], ['priest high'], ['g3056'],
  ['tribe judah'], ['settlement'], ['negative commandment'], ['epoch judge'], ['beth'],
];

const summary = (name: string, samples: number[]): string => latencySummary(name, samples, { digits: 2, percentiles: [50, 99] });

if (values.bundle) {
  const report = await build({ bundleDir: values.bundle, distDir });
  console.log(formatBuildReport(report).split('\n').filter((line) => !line.startsWith('  warning')).join('\n'));
  if (!report.ok) process.exit(1);
  console.log();
}

global.gc?.();
const rssBefore = process.memoryUsage().rss;
const loadStart = performance.now();
const dataSet = await loadDataSet(distDir);
const loadMs = performance.now() - loadStart;
global.gc?.();
const rssLoaded = process.memoryUsage().rss;
const { graph } = dataSet;

const firstStart = performance.now();
await graph.search({ q: 'abraham', type: 'Person', limit: 25, offset: 0 });
const firstSearchMs = performance.now() - firstStart;

const slowest: Array<[number, string]> = [];
async function runMix(search: (q: string, type: DocumentType | undefined) => unknown): Promise<number[]> {
  const samples: number[] = [];
  for (const [q, type] of QUERIES) {
    const start = performance.now();
    await search(q, type);
    const ms = performance.now() - start;
    samples.push(ms);
    slowest.push([ms, `${q}${type ? ` (${type})` : ''}`]);
  }
  return samples;
}

const coldProcess = await runMix((q, type) => graph.search({ q, limit: 25, offset: 0, ...(type ? { type } : {}) }));

// Per-request reads of the other graph routes, over a sample of documents of every type.
const sample = graph.list({ sort: 'degree', limit: 200, offset: 0 }).items.map((n) => n.path);
for (const type of ['Person', 'Place', 'Theme', 'Lexeme', 'Commandment', 'Event', 'Epoch', 'Chapter'] as const) {
  sample.push(...graph.list({ type, sort: 'title', limit: 25, offset: 100 }).items.map((n) => n.path));
}
const entity: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const id of sample) {
    const start = performance.now();
    graph.getDocument(id);
    graph.getOutbound(id);
    graph.getInbound(id);
    graph.getLinks(id, 100);
    graph.getBacklinks(id, 100);
    entity.push(performance.now() - start);
  }
}
const listing: number[] = [];
for (let round = 0; round < rounds; round++) {
  for (const query of [
    { sort: 'title' as const, limit: 50, offset: 0 },
    { type: 'Person' as const, sort: 'degree' as const, limit: 50, offset: 100 },
    { type: 'Epoch' as const, sort: 'chronological' as const, limit: 200, offset: 0 },
    { tag: 'positive-commandment', sort: 'canonical' as const, limit: 50, offset: 0 },
    { folder: 'bible/psalms', sort: 'canonical' as const, limit: 200, offset: 0 },
  ]) {
    const start = performance.now();
    graph.list(query);
    listing.push(performance.now() - start);
  }
}
const nearby: number[] = [];
for (let round = 0; round < rounds; round++) {
  for (const [lat, lon, radius] of [[31.7767, 35.2342, 50], [33.5, 36.3, 200], [30, 31, 20000], [31.5, 34.9, 5]] as const) {
    const start = performance.now();
    graph.nearby(lat, lon, radius, 25);
    nearby.push(performance.now() - start);
  }
}
const context: number[] = [];
for (const book of BOOKS) {
  for (let chapter = 1; chapter <= book.chapters; chapter += 7) {
    const start = performance.now();
    graph.verseContext(book, chapter, 1, 10);
    dataSet.scripture.getChapter(book, chapter);
    context.push(performance.now() - start);
  }
}
const cached: number[] = [];
for (let round = 0; round < rounds; round++) {
  cached.push(...(await runMix((q, type) => graph.search({ q, limit: 25, offset: 25 * (round % 3), ...(type ? { type } : {}) }))));
}
for (const q of ['jesus wept', 'the', '"son of man"', 'love', 'abraham isaac jacob']) await dataSet.scripture.search({ q, limit: 25, offset: 0 });
global.gc?.();
const rssMixed = process.memoryUsage().rss;
const heapMixed = process.memoryUsage().heapUsed;

// Uncached search on a second copy of the artefacts (so the DataSet's result cache is not involved).
const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8'));
const file = (name: string): string => path.join(distDir, manifest.artefacts[name].file);
const documents = loadGraphDocuments(openArtefactFile(file('documents'), manifest.artefacts.documents.bytes, DOCUMENTS_TAIL_OFFSET_AT));
const concepts = loadConceptIndex(openArtefactFile(file('concept-index'), manifest.artefacts['concept-index'].bytes, CONCEPTS_TAIL_OFFSET_AT));
const uncached: number[] = [];
const uncachedSearch = createConceptSearch(documents, concepts, { cacheEntries: 0 });
concepts.getTextIndex(); // the second copy's FlexSearch import, outside the measurement
slowest.length = 0;
for (let round = 0; round < rounds; round++) {
  uncached.push(...(await runMix((q, type) => uncachedSearch({ q, limit: 25, offset: 0, ...(type ? { type } : {}) }))));
}


console.log(`dist ${dataSet.dir} (dataVersion ${dataSet.manifest.dataVersion})`);
for (const name of ['documents', 'graph', 'concept-index', 'bodies', 'chapters']) {
  console.log(`  ${name.padEnd(14)} ${mb(manifest.artefacts[name].bytes).padStart(9)}  ${manifest.artefacts[name].records} records`);
}
console.log(`loadDataSet                              ${loadMs.toFixed(2)} ms`);
console.log(`rss before load / after load             ${mb(rssBefore)} / ${mb(rssLoaded)} (+${mb(rssLoaded - rssBefore)})`);
console.log(`first concept search (FlexSearch import) ${firstSearchMs.toFixed(2)} ms`);
console.log(summary('search, fresh process, each query once', coldProcess));
console.log(summary('search, warm process, uncached', uncached));
console.log(`  slowest: ${slowest.sort((a, b) => b[0] - a[0]).slice(0, 6).map(([ms, q]) => `${q} ${ms.toFixed(1)} ms`).join(', ')}`);
console.log(summary('search, repeated (result cache)', cached));
console.log(summary('entity: record, relations, links', entity));
console.log(summary('list', listing));
console.log(summary('nearby', nearby));
console.log(summary('verse context + chapter record', context));
console.log(`rss after a mixed load                   ${mb(rssMixed)} (heap ${mb(heapMixed)})`);
