// How long the integrity watch (packages/server/src/status/integrity-watch.ts) holds the event loop at a
// time: each chunk it reads is hashed synchronously on the main thread, and a request that arrives
// meanwhile waits for it, which is what a server's p99 latency feels. Runs the watch over a dist at its
// production pace for each chunk size in turn and prints the event loop's delay (perf_hooks'
// monitorEventLoopDelay: p50, p99, max) and the CPU time the watch took, beside a span with no watch.
//
// Usage: npx tsx tools/measure-watch-delay.ts [--dist dist] [--seconds 10] [--chunks 1048576,65536]

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadDataSet } from '@skg/server';
import { createIntegrityWatch, DEFAULT_INTEGRITY_BYTES_PER_SECOND } from '../packages/server/src/status/integrity-watch.ts';

const { values: args } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, seconds: { type: 'string', default: '10' }, chunks: { type: 'string', default: '1048576,65536' } },
});
const dataSet = await loadDataSet(args.dist);
const seconds = Number(args.seconds);

async function measure(label: string, chunkBytes: number | undefined): Promise<void> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const watch = chunkBytes === undefined ? undefined : createIntegrityWatch({ getDataSet: () => dataSet, chunkBytes });
  const cpu = process.cpuUsage();
  histogram.enable();
  watch?.start();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  watch?.stop();
  histogram.disable();
  const used = process.cpuUsage(cpu);
  const ms = (ns: number) => (ns / 1e6).toFixed(2);
  console.log(
    `${label.padEnd(28)} event-loop delay p50 ${ms(histogram.percentile(50))} ms, p99 ${ms(histogram.percentile(99))} ms, max ${ms(histogram.max)} ms; ` +
      `CPU ${((used.user + used.system) / 1000 / seconds).toFixed(1)} ms a second`,
  );
}

console.log(`${seconds} s each, the watch at ${DEFAULT_INTEGRITY_BYTES_PER_SECOND / 1024 / 1024} MiB/s over ${args.dist}`);
await measure('no watch', undefined);
for (const chunk of args.chunks.split(',').map(Number)) await measure(`chunks of ${chunk / 1024} KiB`, chunk);
