// The hot-path cost of the rate limit with workers: a worker's hits answered by the cluster primary
// over IPC (cluster/rate-limit-ipc.ts) against the in-memory store one process uses alone. A forked
// child plays the worker, with `--in-flight` requests waiting at a time (as under load); this process
// plays the primary. Prints hits per second and the CPU time per hit on each side.
//
// Usage: node --import tsx tools/bench-rate-limit-ipc.ts [--hits 200000] [--in-flight 50]

import { fork } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createPrimaryCounters, createPrimaryRateLimitStore, isRateLimitRequest } from '../packages/server/src/cluster/rate-limit-ipc.ts';
import { createMemoryRateLimitStore } from '../packages/server/src/rate-limit/store.ts';

const { values: args } = parseArgs({ options: { hits: { type: 'string', default: '200000' }, 'in-flight': { type: 'string', default: '50' }, child: { type: 'boolean', default: false } } });
const hits = Number(args.hits);
const inFlight = Number(args['in-flight']);
const key = (i: number) => `198.51.${(i >> 8) & 255}.${i & 255}`;

if (args.child) {
  // The worker: `inFlight` chains of hits, each waiting for its counter before the next.
  const store = createPrimaryRateLimitStore();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < hits) await store.hit(key(next++), 60_000, Date.now());
    }),
  );
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  process.send?.({ elapsed, cpuMicros: used.user + used.system });
  process.disconnect();
} else {
  console.log(`machine: ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${hits} hits, ${inFlight} in flight`);
  const memory = createMemoryRateLimitStore();
  let started = performance.now();
  for (let i = 0; i < hits; i += 1) memory.hit(key(i), 60_000, Date.now());
  let elapsed = performance.now() - started;
  console.log(`in-memory store (one process): ${Math.round(hits / (elapsed / 1000)).toLocaleString('en')} hits/s, ${((elapsed * 1000) / hits).toFixed(2)} µs per hit`);

  const counters = createPrimaryCounters();
  const child = fork(new URL(import.meta.url).pathname, ['--child', '--hits', String(hits), '--in-flight', String(inFlight)], { execArgv: ['--import', 'tsx'] });
  const primaryCpu = process.cpuUsage();
  started = performance.now();
  const result = await new Promise<{ elapsed: number; cpuMicros: number }>((resolve) => {
    child.on('message', (message: unknown) => {
      if (isRateLimitRequest(message)) child.send(counters.answer(message));
      else resolve(message as { elapsed: number; cpuMicros: number });
    });
  });
  const primaryUsed = process.cpuUsage(primaryCpu);
  elapsed = result.elapsed;
  console.log(
    `primary over IPC (workers): ${Math.round(hits / (elapsed / 1000)).toLocaleString('en')} hits/s; CPU per hit: worker ${(result.cpuMicros / hits).toFixed(2)} µs, primary ${((primaryUsed.user + primaryUsed.system) / hits).toFixed(2)} µs`,
  );
}
