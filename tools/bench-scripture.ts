// In-process scripture benchmark: dist load time, the deferred FlexSearch import, and `/scripture`
// search latency (p50/p99) over a query mix: the first run of each query in a fresh process (cold JIT,
// cold cache), then uncached runs in a warm process (a fresh result cache each round), then repeats
// served from the result cache.
//
// Usage: npx tsx tools/bench-scripture.ts [--dist dist] [--rounds 10]

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getBook, type Book, type Testament } from '@skg/core';
import { loadDataSet } from '@skg/server';
// The benchmark also drives the search below the DataSet, to measure it without the result cache.
import { createScriptureSearch, loadScriptureIndex, loadVerseStore } from '../packages/server/src/artefacts/index.ts';
import { summary as latencySummary } from './lib/in-process.ts';

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' }, rounds: { type: 'string', default: '10' } } });
const distDir = path.resolve(values.dist);

const QUERIES = [
  'jesus wept', 'god', 'the', 'and the', '"son of man"', '"only son"', 'love', 'light darkness', 'faith hope love',
  '"in the beginning"', 'shepherd', 'lord', '"the lord is my shepherd"', 'seed-bearing', 'God’s', 'mercy', 'grace truth',
  'abraham isaac jacob', '"of the"', 'jerusalem', 'kingdom heaven', 'water spirit', '"and it was so"', 'israel king',
];
const FILTERS: Array<{ book?: Book; testament?: Testament }> = [{}, { book: getBook('John') as Book }, { testament: 'OT' }, { book: getBook('Ps') as Book }];

const summary = (name: string, samples: number[]): string => latencySummary(name, samples, { nameWidth: 38, digits: 2, percentiles: [50, 99] });

const loadStart = performance.now();
const dataSet = await loadDataSet(distDir);
const loadMs = performance.now() - loadStart;

const firstStart = performance.now();
await dataSet.scripture.search({ q: 'jesus wept', limit: 25, offset: 0 });
const firstSearchMs = performance.now() - firstStart;

async function runMix(search: (q: string, filter: { book?: Book; testament?: Testament }) => unknown): Promise<number[]> {
  const samples: number[] = [];
  for (const q of QUERIES) {
    for (const filter of FILTERS) {
      const start = performance.now();
      await search(q, filter);
      samples.push(performance.now() - start);
    }
  }
  return samples;
}

const coldProcess = await runMix((q, filter) => dataSet.scripture.search({ q, limit: 25, offset: 0, ...filter }));

const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8'));
const file = (name: string): string => path.join(distDir, manifest.artefacts[name].file);
const verses = loadVerseStore(await readFile(file('verses')), file('verses'));
const index = loadScriptureIndex(await readFile(file('scripture-index')), file('scripture-index'));
const uncached: number[] = [];
for (let round = 0; round < Number(values.rounds); round++) {
  const search = createScriptureSearch(verses, index);
  uncached.push(...(await runMix((q, filter) => search({ q, limit: 25, offset: 0, ...filter }))));
}
const cached: number[] = [];
for (let round = 0; round < Number(values.rounds); round++) {
  cached.push(...(await runMix((q, filter) => dataSet.scripture.search({ q, limit: 25, offset: 25 * (round % 3), ...filter }))));
}

console.log(`dist ${dataSet.dir} (dataVersion ${dataSet.manifest.dataVersion})`);
console.log(`loadDataSet                            ${loadMs.toFixed(2)} ms`);
console.log(`first search (FlexSearch import)       ${firstSearchMs.toFixed(2)} ms`);
console.log(summary('search, fresh process, each query once', coldProcess));
console.log(summary('search, warm process, uncached', uncached));
console.log(summary('search, repeated (result cache)', cached));
console.log(`rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(1)} MB`);
