// The access log's cost on the hot path: throughput of `skg serve` on /passage (a cached verse, the
// cheapest data route) with the access log on (the default: stdout, here /dev/null) and off
// (--no-access-log), alternating rounds so drift in the machine's load hits both; and the cost of one
// log line in process (its serialisation and batch append), microseconds per line. Prints figures;
// asserts nothing.
//
// Usage: npx tsx tools/bench-access-log.ts [--dist dist] [--duration 5] [--rounds 2] [--connections 50]
//        (`--rounds 0`: the line in process only)

import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAccessLog } from '@skg/server';
import { canPin, freePort, has, load, startNode, waitForAnswer } from './lib/load.ts';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
  },
});
const pin = canPin();
const tool = has('wrk') ? 'wrk' : 'autocannon';
const work = mkdtempSync(path.join(os.tmpdir(), 'skg-bench-log-'));
const children: ChildProcess[] = [];
const ROUTE = '/api/v1/passage/John.3.16';

async function measure(accessLog: boolean): Promise<number> {
  const port = await freePort();
  const flags = ['serve', '--dist', args.dist, '--port', String(port), '--host', '127.0.0.1', '--no-watch', '--trust-proxy', '--workers', '1', '--store', 'memory'];
  const server = startNode(['--import', 'tsx', 'packages/cli/src/main.ts', ...flags, ...(accessLog ? [] : ['--no-access-log'])], { pin, children });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForAnswer(`${origin}${ROUTE}`);
    await load({ tool, url: origin, paths: [ROUTE], seconds: 1, connections: Number(args.connections), pin, workDir: work, children });
    const result = await load({ tool, url: origin, paths: [ROUTE], seconds: Number(args.duration), connections: Number(args.connections), pin, workDir: work, children });
    if (result.errors > 0 || result.non2xx > 0) console.log(`  (${result.errors} errors, ${result.non2xx} non-2xx)`);
    return result.rps;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/** Lines are written in batches of 100 with a turn of the event loop between, as requests arrive, so batches are written as they would be in the server. */
async function perLine(): Promise<number> {
  const log = createAccessLog({ file: '/dev/null' });
  const entry = {
    method: 'GET',
    path: ROUTE,
    status: 200,
    bytes: 812,
    durationMs: 0.123,
    requestId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    client: '203.0.113.7',
  };
  const batches = async (count: number): Promise<number> => {
    let busy = 0;
    for (let batch = 0; batch < count; batch += 1) {
      const started = performance.now();
      for (let i = 0; i < 100; i += 1) log.write(entry);
      busy += performance.now() - started;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return busy;
  };
  await batches(200);
  const n = 2_000;
  const ms = await batches(n);
  log.flush();
  return (ms * 1000) / (n * 100);
}

try {
  console.log(`load: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (1, 5, 15 min); ${tool}, ${args.connections} connections × ${args.duration} s${pin ? ', server and load on separate cores' : ''}`);
  console.log(`one access-log line in process: ${(await perLine()).toFixed(2)} µs (serialise + batch, /dev/null)`);
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < Number(args.rounds); round += 1) {
    off.push(await measure(false));
    on.push(await measure(true));
    console.log(`round ${round + 1}: off ${off.at(-1)?.toFixed(0)} req/s, on ${on.at(-1)?.toFixed(0)} req/s`);
  }
  if (on.length === 0) process.exit(0); // --rounds 0: the line in process only
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  const ratio = mean(on) / mean(off);
  console.log(`${ROUTE}: access log off ${mean(off).toFixed(0)} req/s, on ${mean(on).toFixed(0)} req/s: ratio ${ratio.toFixed(3)} (${((1 - ratio) * 100).toFixed(1)}% fewer)`);
  console.log(`load after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
} finally {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
