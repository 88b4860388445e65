// The brotli quality and gzip level of the stored answers against the render step's time: renders every
// Nth planned answer of a dist/ (as the build does), then compresses those bodies at each brotli quality
// and each gzip level, timing the compute and the compression apart. Says what share of the render step
// compression is, and what each setting would cost and save on the whole data (docs/artefacts.md,
// "Response artefacts").
//
//   npx tsx tools/bench-render-brotli.ts --dist dist [--every 25] [--qualities 4,5,6,7,9] [--gzip-levels 1,4,6,9]

import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { loadDataSet } from '../packages/server/src/artefacts/dataset.ts';
import { planResponses } from '../packages/server/src/render/plan.ts';
import { renderChunk } from '../packages/server/src/render/render-chunk.ts';
import { computeResponse } from '../packages/server/src/http/handlers/route-handler.ts';

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' }, every: { type: 'string', default: '25' }, qualities: { type: 'string', default: '4,5,6,7,9' }, 'gzip-levels': { type: 'string', default: '1,4,6,9' } } });
const every = Number(values.every);
const dataSet = await loadDataSet(values.dist);
const { planned } = planResponses(dataSet);
const sample = planned.filter((_, i) => i % every === 0);

// Compute alone (the route's work), then the same through renderChunk (compute + compression at the build's quality).
const bodies: Uint8Array[] = [];
let started = performance.now();
for (const { target, key, format } of sample) {
  try {
    bodies.push((await computeResponse(target.route, { dataSet, params: target.params, query: {} } as never, key, format)).body);
  } catch {
    // a refused path: nothing stored
  }
}
const computeMs = performance.now() - started;
const raw = bodies.reduce((sum, body) => sum + body.byteLength, 0);

console.log(`${sample.length} of ${planned.length} answers (every ${every}th), ${(raw / 1e6).toFixed(1)} MB of JSON; compute ${computeMs.toFixed(0)} ms`);
console.log('| setting | compressed | of JSON | compression time | share of compute + compression | whole data, estimated |');
console.log('|---|---|---|---|---|---|');
for (const quality of values.qualities.split(',').map(Number)) {
  started = performance.now();
  let bytes = 0;
  for (const body of bodies) {
    bytes += brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }).length;
  }
  const ms = performance.now() - started;
  const share = (100 * ms) / (ms + computeMs);
  console.log(
    `| brotli ${quality} | ${(bytes / 1e6).toFixed(2)} MB | ${((100 * bytes) / raw).toFixed(1)} % | ${ms.toFixed(0)} ms | ${share.toFixed(0)} % | ${((bytes * every) / 1e6).toFixed(0)} MB, ${((ms * every) / 1000).toFixed(0)} s of CPU |`,
  );
}
for (const level of values['gzip-levels'].split(',').map(Number)) {
  started = performance.now();
  let bytes = 0;
  for (const body of bodies) bytes += gzipSync(body, { level }).length;
  const ms = performance.now() - started;
  console.log(
    `| gzip ${level} | ${(bytes / 1e6).toFixed(2)} MB | ${((100 * bytes) / raw).toFixed(1)} % | ${ms.toFixed(0)} ms | ${((100 * ms) / (ms + computeMs)).toFixed(0)} % | ${((bytes * every) / 1e6).toFixed(0)} MB, ${((ms * every) / 1000).toFixed(0)} s of CPU |`,
  );
}
started = performance.now();
await renderChunk(dataSet, planned, 0, Math.min(planned.length, 2000));
console.log(`renderChunk of the first 2,000 answers (compute, brotli and gzip at the build's settings): ${(performance.now() - started).toFixed(0)} ms`);
