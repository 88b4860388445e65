// Free-text reference parsing: what the OpenBible.info parser costs per reference, what the first use of
// a language costs, and /references and cross-chapter /passage latency in process (cache off), whole
// books included.
// Prints figures; asserts nothing.
//
// Usage: npx tsx tools/bench-references.ts [--dist dist] [--rounds 3]

import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDataSet } from '@skg/server';
import { findReferences, REFERENCE_LANGUAGES } from '../packages/server/src/free-text/parse-text.ts';
import { createBenchApp, latencyFigures, rssMb, run } from './lib/in-process.ts';

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' }, rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds) || 3;
const dataSet = await loadDataSet(path.resolve(values.dist));
const { canon } = dataSet.scripture;

// A few hundred references the way people write them: abbreviations, ranges, chapters, en dashes.
const NAMES = ['Gen', 'Exodus', 'Lev', 'Deut', 'Josh', '1 Sam', '2 Kgs', 'Ps', 'Psalm', 'Prov', 'Isa', 'Jer', 'Ezek', 'Dan',
  'Matt', 'Mk', 'Lk', 'Jn', 'Acts', 'Rom', '1 Cor', 'Gal', 'Eph', 'Phil', 'Heb', 'Jas', '1 Pet', '1 John', 'Jude', 'Rev'];
const references: string[] = [];
for (let index = 0; index < 400; index++) {
  const name = NAMES[index % NAMES.length];
  const chapter = 1 + (index % 4);
  const shape = index % 4;
  references.push(
    shape === 0 ? `${name} ${chapter}:${1 + (index % 9)}`
    : shape === 1 ? `${name} ${chapter}:${1 + (index % 5)}-${8 + (index % 3)}`
    : shape === 2 ? `${name} ${chapter}`
    : `${name} ${chapter}:1–${chapter + 1}:2`,
  );
}

for (const lang of REFERENCE_LANGUAGES) {
  const started = performance.now();
  await findReferences('John 3:16', lang, canon);
  console.log(`first use of ${lang}: ${(performance.now() - started).toFixed(1)} ms (load, build, first parse)`);
}

for (let round = 0; round < rounds; round++) {
  const started = performance.now();
  let found = 0;
  for (const text of references) found += (await findReferences(text, 'en', canon)).length;
  const ms = performance.now() - started;
  console.log(`round ${round + 1}: ${references.length} references one by one, ${found} found: ${ms.toFixed(1)} ms, ${((ms * 1000) / references.length).toFixed(0)} µs each`);
}
const joined = references.slice(0, 100).join('; ');
const started = performance.now();
const found = (await findReferences(joined, 'en', canon)).length;
console.log(`one text of ${joined.length} characters, ${found} references: ${(performance.now() - started).toFixed(1)} ms`);

const app = createBenchApp(dataSet, false);
const ROUTES: Record<string, string[]> = {
  '/references': references.slice(0, 40).map((text) => `/references?q=${encodeURIComponent(text)}`),
  '/references passages': references.slice(0, 40).map((text) => `/references?q=${encodeURIComponent(text)}&passages=true`),
  '/passage span': ['Gen.1.1-Gen.2.3', 'Gen.1-Gen.2', 'Matt.5-Matt.7', 'Ps.118.1-Ps.119.176', 'John.13.1-John.17.26'].map((osis) => `/passage/${osis}`),
  // Whole books: Psalms (2,461 verses, 365 KB), Genesis, Isaiah; computed each time (cache off).
  '/passage whole book': ['Ps.1-Ps.150', 'Gen.1-Gen.50', 'Isa.1-Isa.66'].map((osis) => `/passage/${osis}`),
};
for (const [name, routes] of Object.entries(ROUTES)) {
  await run(app, routes, 200);
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) samples.push(...(await run(app, routes, 200)).samples);
  console.log(`${name.padEnd(22)} ${latencyFigures(samples, { countWidth: 4, valueWidth: 7, digits: 2, percentiles: [50, 99] })}`);
}
console.log(`rss ${rssMb()} after loading ${REFERENCE_LANGUAGES.length} languages`);
