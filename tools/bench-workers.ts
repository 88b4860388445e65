// `skg serve --workers 1` against `--workers 2` on the full data: throughput and p99 of a mixed hot-route
// load, and resident memory of every process (primary and workers) after it. Plain node on the
// compiled CLI (`npm run build` first). Each request comes from its own client address, so every one
// is counted by the rate limit (with two workers, in the primary, over IPC) and none is refused.
//
// This machine may have as few cores as workers: the load generator (wrk, else autocannon) is not
// pinned and shares the cores with the server, so the figures say what two workers gain when the
// load generator takes its part of the same cores; the output prints the core count and load average.
//
// Usage: npm run build && node --import tsx tools/bench-workers.ts [--dist dist] [--duration 10] [--connections 50]

import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, has, load, memory, startNode, waitForAnswer } from './lib/load.ts';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    /** Node flags, as the production command gives them (workers get them from the primary either way). */
    'node-flags': { type: 'string', default: '--max-semi-space-size=2' },
  },
});
const distDir = path.resolve(args.dist);
const work = mkdtempSync(path.join(os.tmpdir(), 'skg-bench-workers-'));
const useWrk = has('wrk');
const PATHS = [
  '/api/v1/passage/John.3.16',
  '/api/v1/entity/people/david',
  '/api/v1/search?q=abraham&type=Person',
  '/api/v1/xrefs/Rom.8',
  '/api/v1/scripture?q=love',
  '/api/v1/passage/Ps.23',
];

async function measure(workers: number): Promise<void> {
  const children: ChildProcess[] = [];
  const port = await freePort();
  const server = startNode(
    [...args['node-flags'].split(' ').filter(Boolean), 'packages/cli/bin/skg.mjs', 'serve', '--dist', distDir, '--port', String(port), '--host', '127.0.0.1', '--no-watch', '--trust-proxy', '--workers', String(workers), '--state-dir', path.join(work, `state-${workers}`)],
    { pin: false, children, stdout: 'pipe' },
  );
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForAnswer(`${base}${PATHS[0]}`);
    // Warm every route in every worker, then measure.
    await load({ tool: useWrk ? 'wrk' : 'autocannon', url: base, paths: PATHS, seconds: 2, connections: Number(args.connections), pin: false, workDir: work, children });
    const result = await load({ tool: useWrk ? 'wrk' : 'autocannon', url: base, paths: PATHS, seconds: Number(args.duration), connections: Number(args.connections), pin: false, workDir: work, children });
    const pids = [server.pid!, ...[...output.matchAll(/pid (\d+)\]/g)].map((m) => Number(m[1]))].filter((pid, i, all) => all.indexOf(pid) === i);
    const rss = pids.map((pid) => memory(pid).rss);
    const total = rss.reduce((sum, value) => sum + value, 0);
    console.log(
      `--workers ${workers}: ${Math.round(result.rps)} req/s, p99 ${result.p99.toFixed(1)} ms, errors ${result.errors}, non-2xx ${result.non2xx}; ` +
        `resident memory ${total.toFixed(0)} MB in ${pids.length} process(es) (${rss.map((value) => value.toFixed(0)).join(' + ')} MB${workers > 1 ? ', primary first' : ''})`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(undefined) : server.once('exit', resolve)));
  }
}

async function main(): Promise<void> {
  if (!existsSync('packages/cli/lib/bundle/main.js')) throw new Error('packages/cli/lib/bundle/main.js is missing: run `npm run build` first');
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ` +
      `load: ${useWrk ? 'wrk' : 'autocannon'} on the same cores (not pinned), ${args.connections} connections × ${args.duration} s, mixed hot routes`,
  );
  await measure(1);
  await measure(2);
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
