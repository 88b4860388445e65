// In-process benchmark of parallel passages (`/passage/{osis}?translation=BSB,KJV,WEB,RV1909`), every
// request computed (the response cache and the stored answers off, createBenchApp(dataSet, false)):
// µs per answer (p50, p99) for verses, short ranges and chapters, with the BSB leading and with it last
// (another translation leads, the BSB is read beside it), a single-translation line to compare, memory
// after, and a digest of every body, so a change that must keep the answers byte for byte is checked
// by running the same command before and after.
//
//   node --expose-gc --import tsx tools/bench-parallel.ts [--dist dist] [--verses 2000] [--chapters 300] [--seed 20261127]
//
// Memory under concurrent load (the response cache on, answers in flight): tools/measure-parallel-memory.ts.
//
// Measured 2026-11-27 on the full data (defaults; the machine shared with other benchmarks, so two runs
// each, p50 / p99 in µs; the body digests the same before and after, every line):
//                                     before                      after
//   verse, BSB alone                  226-334 / 2603-2824         203-215 / 1722-1990
//   verse, KJV alone                  168-234 / 531-806           176-223 / 344-636
//   verse, BSB,KJV,WEB,RV1909         857-952 / 4867-5192         189-247 / 496-1177
//   verse, KJV,WEB,RV1909,BSB         855-1039 / 5099-6137        170-220 / 362-498
//   range ≤5, BSB,KJV,WEB,RV1909      1005-1220 / 5520-7387       273-321 / 1897-2105
//   chapter, KJV alone                902-915 / 3940-7314         741-909 / 3896-5597
//   chapter, BSB,KJV,WEB,RV1909       1204-1290 / 6257-11908      1058-1208 / 3827-7517
//   chapter, KJV,WEB,RV1909,BSB       1309-1420 / 5245-7415       1065-1363 / 4479-5681
// `after`: a parallel answer reads of each other translation only the slots asked (one read and one
// decode of each verse record: TranslationText.getVerses), the first translation's verses once, and the
// BSB beside another one by its verses, not its chapter record; a single-translation range reads its
// verses, not its chapter. A chapter needs every verse anyway: its figures move within the noise.

import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDataSet } from '@skg/server';
import { type BenchApp, canonReferences, createBenchApp, createRandom, pick } from './lib/in-process.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    verses: { type: 'string', default: '2000' },
    chapters: { type: 'string', default: '300' },
    seed: { type: 'string', default: '20261127' },
  },
});

const MIB = 2 ** 20;
const FOUR = 'BSB,KJV,WEB,RV1909';
const FOUR_BSB_LAST = 'KJV,WEB,RV1909,BSB';

interface Timed {
  readonly micros: number[];
  readonly bytes: number;
  readonly digest: string;
  /** `200×1998 404×2` */
  readonly statuses: string;
}

/** Requests each path in turn; µs from the request to its body read, and a digest of the bodies in order. */
async function time(app: BenchApp, paths: readonly string[]): Promise<Timed> {
  const micros: number[] = [];
  const bodies: ArrayBuffer[] = [];
  const statuses = new Map<number, number>();
  let bytes = 0;
  for (const route of paths) {
    const start = performance.now();
    const response = await app.fetch(new Request(`http://localhost/api/v1${route}`));
    const body = await response.arrayBuffer();
    micros.push((performance.now() - start) * 1000);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    bytes += body.byteLength;
    bodies.push(body);
  }
  const hash = createHash('sha256');
  for (const body of bodies) hash.update(new Uint8Array(body));
  return { micros, bytes, digest: hash.digest('hex').slice(0, 16), statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(' ') };
}

function line(name: string, { micros, bytes, digest, statuses }: Timed): string {
  const sorted = [...micros].sort((a, b) => a - b);
  const at = (p: number) => (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(0).padStart(7);
  return `${name.padEnd(34)} n=${String(sorted.length).padStart(5)}  p50 ${at(50)} µs  p99 ${at(99)} µs  ${(bytes / micros.length / 1024).toFixed(1).padStart(6)} KB avg  ${statuses}  body digest ${digest}`;
}

/** Memory after a full GC, read once V8 has freed the ArrayBuffers it found dead (it sweeps them after the collection). */
async function memory(): Promise<string> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc?.();
  const { rss, heapUsed, heapTotal, arrayBuffers } = process.memoryUsage();
  const mib = (n: number) => (n / MIB).toFixed(1);
  return `rss ${mib(rss)}  heapUsed ${mib(heapUsed)}  heapTotal ${mib(heapTotal)}  arrayBuffers ${mib(arrayBuffers)} MiB`;
}

const dataSet = await loadDataSet(path.resolve(values.dist));
if (!dataSet.translations) throw new Error(`${dataSet.dir} has no translations artefact: build with the translations' sources`);
if (!(globalThis as { gc?: () => void }).gc) console.warn('run with node --expose-gc for memory after a GC');
console.log(`dist ${dataSet.dir} (dataVersion ${dataSet.manifest.dataVersion}); loaded: ${await memory()}`);

const { canon } = dataSet.scripture;
const random = createRandom(Number(values.seed));
const { chapters, verses } = canonReferences(canon);
const verseSample = pick(random, verses, Number(values.verses));
const chapterSample = pick(random, chapters, Number(values.chapters));
// A range of up to 5 verses from a sampled verse, inside its chapter.
const rangeSample = verseSample.map((osis) => {
  const [book, chapter, verse] = osis.split('.');
  const count = canon.verseCount(canon.books.find((entry) => entry.osis === book) ?? canon.books[0]!, Number(chapter));
  const end = Math.min(count, Number(verse) + 4);
  return end > Number(verse) ? `${osis}-${end}` : osis;
});

const app = createBenchApp(dataSet, false);
// Warm the JIT on every shape before timing.
await time(app, [...verseSample.slice(0, 200), ...rangeSample.slice(0, 200), ...chapterSample.slice(0, 50)].map((osis) => `/passage/${osis}?translation=${FOUR}`));

const runs: Array<[string, string[]]> = [
  ['verse, BSB alone', verseSample.map((osis) => `/passage/${osis}`)],
  ['verse, KJV alone', verseSample.map((osis) => `/passage/${osis}?translation=KJV`)],
  [`verse, ${FOUR}`, verseSample.map((osis) => `/passage/${osis}?translation=${FOUR}`)],
  [`verse, ${FOUR_BSB_LAST}`, verseSample.map((osis) => `/passage/${osis}?translation=${FOUR_BSB_LAST}`)],
  [`range ≤5, ${FOUR}`, rangeSample.map((osis) => `/passage/${osis}?translation=${FOUR}`)],
  ['chapter, KJV alone', chapterSample.map((osis) => `/passage/${osis}?translation=KJV`)],
  [`chapter, ${FOUR}`, chapterSample.map((osis) => `/passage/${osis}?translation=${FOUR}`)],
  [`chapter, ${FOUR_BSB_LAST}`, chapterSample.map((osis) => `/passage/${osis}?translation=${FOUR_BSB_LAST}`)],
];
for (const [name, paths] of runs) console.log(line(name, await time(app, paths)));
console.log(`after the runs: ${await memory()}`);
