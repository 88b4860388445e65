// Memory of parallel answers (`/passage/{verse}?translation=BSB,<id>`, computed per request, never
// stored) in process: loads dist/, answers the bench-wide `parallel` workload's kind of paths in rounds
// through app.fetch (the engine, as the Node listener runs it), and prints process.memoryUsage() after
// each round, after a forced GC. A leak grows `heapUsed` round after round; an unbounded cache too; a
// bounded one levels off.
//
//   node --expose-gc --import tsx tools/measure-parallel-memory.ts [--dist dist] [--verses 3000] [--rounds 3]
//     [--concurrency 32] [--coding br|gzip|identity]
//
// Measured 2026-11-27 on the full data (9,000 answers a round, 3,000 verses beside each of KJV, WEB and
// RV1909, concurrency 32, MiB after a GC; `loaded`: rss 188, heapUsed 19, arrayBuffers 45):
//   br        rounds 1-4: heapUsed 34.1-34.3, arrayBuffers 113, rss 398-416   (gzip alike: 113-116, 408-421)
//   identity  rounds 1-2: heapUsed 33.1, arrayBuffers 56-58, rss 345-359
// No leak: the heap and the buffers level off after the first round (the response cache is bounded:
// 4,096 bodies, 16 MiB of weight). But a compressed body (br or gzip, `codedBody` in response-cache.ts)
// is what zlib's sync API returns: a view of a 16 KiB ArrayBuffer. A 2.1 KB br parallel answer pins
// 16 KiB, so 4,096 cached compressed answers hold ~64 MiB where the cache counts ~3. Copying the output
// into its own buffer (`new Uint8Array(compressBody(…))`) gave arrayBuffers 62-66 and rss 344-364 with br.
// The rest of rss is the V8 heap grown by the garbage of 32 answers in flight (heapTotal 80-166), each
// reading whole chapters for one verse (routes/passage.ts createParallel), not retained.
//
// 2026-11-27, after the copy above (response-cache.ts) and with each figure now read once the buffers a
// GC found dead are freed (a second GC after 100 ms: read at once, arrayBuffers counted 10-25 MiB of
// garbage not yet swept, the more the faster the round), plus the peak heap and rss while answers are
// in flight (sampled every 64 answers). Same command, 3 rounds, MiB:
//                        req/s       heapUsed  arrayBuffers  rss after GC  in flight: heapTotal  rss
//   br        before     688-907     34.3-34.4  60.2          244-347       196-206              361-369
//             after      2167-2757   28.1-28.2  60.2          245-284       97-100               283-289
//   identity  before     965-1008    33.1-33.3  56.0          231-331       198-203              350-363
//             after      3191-5240   27.0-27.1  56.0          226-279       95-122               258-300
// `after`: createParallel reads only the slots asked of each other translation (TranslationText.getVerses,
// one read of the verse's record) and reuses the first translation's verses; the BSB beside another
// one reads its verses, not its chapter record (heapUsed -6 MiB, most likely the BSB chapter cache,
// 128 records with their relations, that these answers no longer fill).

import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDataSet } from '@skg/server';
import { createBenchApp, createRandom } from './lib/in-process.ts';

const MIB = 1024 * 1024;

/**
 * The memory figures after a full GC, taken once the ArrayBuffers that GC found dead are freed (V8
 * sweeps them on a background thread after the collection: read at once, `arrayBuffers` still counts
 * some of the garbage, the more the faster the round made it).
 */
async function formatMemory(label: string): Promise<string> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc?.();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)}`.padStart(7);
  return `${label.padEnd(26)} rss ${mib(rss)}  heapUsed ${mib(heapUsed)}  heapTotal ${mib(heapTotal)}  external ${mib(external)}  arrayBuffers ${mib(arrayBuffers)} MiB`;
}

/** The list in a reproducible order (Fisher-Yates over a seeded sequence). */
function shuffle<T>(list: T[], seed: number): T[] {
  const random = createRandom(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: 'dist' },
      verses: { type: 'string', default: '3000' },
      rounds: { type: 'string', default: '3' },
      concurrency: { type: 'string', default: '32' },
      coding: { type: 'string', default: 'br' },
    },
  });
  if (!(globalThis as { gc?: () => void }).gc) console.warn('run with node --expose-gc for figures after a GC');
  const dataSet = await loadDataSet(path.resolve(values.dist));
  console.log(await formatMemory('loaded'));
  // With its caches, as served (a parallel answer is never stored, so each is computed once, then cached).
  const app = createBenchApp(dataSet, true);
  // The bench-wide parallel workload's paths: random verses of each translation, beside the BSB where it has the slot.
  const paths: string[] = [];
  const { canon } = dataSet.scripture;
  for (const translation of dataSet.translations?.translations ?? []) {
    const verses: string[] = [];
    for (const { book, verseCounts } of translation.books) {
      if (!canon.books.includes(book)) continue;
      verseCounts.forEach((count, c) => {
        const bsb = canon.verseCount(book, c + 1);
        for (let v = 1; v <= Math.min(count, bsb); v++) verses.push(`${book.osis}.${c + 1}.${v}`);
      });
    }
    for (const osis of shuffle(verses, 11).slice(0, Number(values.verses))) paths.push(`/api/v1/passage/${osis}?translation=BSB,${translation.id}`);
  }
  shuffle(paths, 7);
  const headers: Record<string, string> = values.coding === 'identity' ? {} : { 'accept-encoding': values.coding };
  const concurrency = Number(values.concurrency);
  for (let round = 1; round <= Number(values.rounds); round++) {
    let next = 0;
    let bytes = 0;
    // The heap while answers are in flight (their garbage not yet collected), sampled every 64 answers.
    let peakHeap = 0;
    let peakRss = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < paths.length) {
          const at = next++;
          if (at % 64 === 0) {
            const { heapTotal, rss } = process.memoryUsage();
            peakHeap = Math.max(peakHeap, heapTotal);
            peakRss = Math.max(peakRss, rss);
          }
          const response = await app.fetch(new Request(`http://localhost${paths[at]}`, { headers }));
          if (response.status !== 200) throw new Error(`${paths[at]}: ${response.status}`);
          const { byteLength } = await response.arrayBuffer();
          bytes += byteLength;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(await formatMemory(`round ${round}: ${paths.length} answers`), ` ${(paths.length / seconds).toFixed(0)} req/s, ${(bytes / MIB).toFixed(1)} MiB sent; in flight: heapTotal ≤ ${(peakHeap / MIB).toFixed(1)}, rss ≤ ${(peakRss / MIB).toFixed(1)} MiB`);
  }
}

await main();
