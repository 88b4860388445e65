// In-process route latency: every request goes through the whole app (pipeline, route, JSON) with
// `app.fetch`, no sockets. Each route is measured twice: over a sample of distinct requests with the
// response cache off (what a first request costs), and the same requests repeated with the cache on.
// Prints p50/p99/max per route and resident memory at the end. Asserts nothing.
//
// Usage: npx tsx tools/bench-routes.ts [--dist dist] [--rounds 3]

import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDataSet } from '@skg/server';
import { createBenchApp, latencyFigures, rssMb, run } from './lib/in-process.ts';

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' }, rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds) || 3;
const dataSet = await loadDataSet(path.resolve(values.dist));
const uncachedApp = createBenchApp(dataSet, false);
const cachedApp = createBenchApp(dataSet, true);

// The hubs: the documents with the most edges, people first (graph walks from them are the largest).
const hubs = dataSet.graph.list({ type: 'Person', sort: 'degree', limit: 20, offset: 0 }).items.map((node) => node.path);
// Places with coordinates, spread around Jerusalem.
const places = dataSet.graph.nearby(31.7767, 35.2342, 300, 20).items.map((node) => node.path);
const anyHubs = dataSet.graph.list({ sort: 'degree', limit: 20, offset: 0 }).items.map((node) => node.path);

const ROUTES: Record<string, string[]> = {
  '/passage verse': ['John.3.16', 'Gen.1.1', 'Ps.23.1', 'Rom.8.28', 'Rev.22.21'].map((osis) => `/passage/${osis}`),
  '/passage chapter': ['Ps.119', 'Gen.1', 'John.3', 'Isa.53', 'Rom.8'].map((osis) => `/passage/${osis}`),
  '/scripture': ['love', 'jesus%20wept', '%22only%20son%22', 'light&book=John', 'faith&testament=NT'].map((q) => `/scripture?q=${q}`),
  '/entity hub': anyHubs.map((id) => `/entity/${id}`),
  '/search': ['abraham&type=Person', 'H430', 'jerusalem', 'david%20king', 'river%20jordan', 'sabbath', 'paul', 'logos'].map((q) => `/search?q=${q}`),
  '/family?generations=10': hubs.map((id) => `/family/${id}?generations=10`),
  '/graph?depth=3 hub': hubs.slice(0, 8).map((id) => `/graph/${id}?depth=3`),
  '/nearby': places.map((id) => `/nearby?place=${id}&radius=25`),
  '/list': ['type=Person&sort=degree', 'type=Epoch&sort=chronological', 'tag=positive-commandment', 'folder=bible/psalms&sort=canonical'].map((q) => `/list?${q}`),
};

const percentiles = (samples: number[]): string => latencyFigures(samples, { countWidth: 4, valueWidth: 7, digits: 2, percentiles: [50, 99] });

console.log(`dist ${dataSet.dir} (data ${dataSet.manifest.dataVersion}); ${rounds} rounds; hub ${hubs[0]}`);
console.log(`${'route'.padEnd(24)} ${'uncached (cache off)'.padEnd(58)} repeated (cache on)`);
for (const [name, routes] of Object.entries(ROUTES)) {
  await run(uncachedApp, routes, 200); // warm-up: lazy loads, JIT
  const uncached: number[] = [];
  const cached: number[] = [];
  for (let round = 0; round < rounds; round++) {
    uncached.push(...(await run(uncachedApp, routes, 200)).samples);
    cached.push(...(await run(cachedApp, routes, 200)).samples);
  }
  console.log(`${name.padEnd(24)} ${percentiles(uncached).padEnd(58)} ${percentiles(cached)}`);
}
console.log(`resident memory after the run: ${rssMb().toFixed(0)} MB`);
