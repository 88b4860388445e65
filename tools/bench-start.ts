// Start-up benchmark: `skg serve` spawned as an operator runs it (plain node on the compiled CLI,
// packages/cli/bin/skg.mjs, after `npm run build`) until its first answer to /api/v1/passage/John.3.16,
// on the full data. Several runs; prints each, the median and the best. The same through tsx (the
// development path) for comparison. Asserts nothing (target: ≤ 0.3 s, README "Benchmarks").
//
// Usage: npm run build && node --import tsx tools/bench-start.ts [--dist dist] [--runs 7] [--workers 1]

import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { canPin, freePort, startNode } from './lib/load.ts';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    runs: { type: 'string', default: '7' },
    workers: { type: 'string', default: '1' },
    'skip-tsx': { type: 'boolean', default: false },
  },
});
const distDir = path.resolve(args.dist);
const runs = Number(args.runs);
const pin = canPin();
const compiledBin = 'packages/cli/bin/skg.mjs';
const stateDir = mkdtempSync(path.join(os.tmpdir(), 'skg-bench-start-'));

/** One GET on a fresh connection; resolves with the status, or rejects when nothing listens yet. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** Milliseconds from spawning `node <command>` to the first 200 from /passage/John.3.16. */
async function timeToFirstAnswer(command: readonly string[]): Promise<number> {
  const port = await freePort();
  const children: ChildProcess[] = [];
  const started = performance.now();
  const child = startNode([...command, 'serve', '--dist', distDir, '--port', String(port), '--host', '127.0.0.1', '--no-watch', '--workers', args.workers, '--state-dir', stateDir], { pin, children });
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`skg serve exited (${command.join(' ')})`);
      try {
        if ((await get(`http://127.0.0.1:${port}/api/v1/passage/John.3.16`)) === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (exited ? resolve(undefined) : child.once('exit', resolve)));
  }
}

async function measure(name: string, command: readonly string[]): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await timeToFirstAnswer(command));
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(`${name}: median ${median.toFixed(0)} ms, best ${sorted[0]!.toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(', ')})`);
}

async function main(): Promise<void> {
  if (!existsSync('packages/cli/lib/main.js')) throw new Error('packages/cli/lib/main.js is missing: run `npm run build` first');
  console.log(`machine: ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; dist ${distDir}; --workers ${args.workers}${pin ? '; server pinned to core 0' : ''}`);
  await measure('start → first answer, plain node on the compiled CLI', [compiledBin]);
  if (!args['skip-tsx']) await measure('start → first answer, tsx on the TypeScript source (development)', ['--import', 'tsx', 'packages/cli/src/main.ts']);
}

try {
  await main();
} finally {
  rmSync(stateDir, { recursive: true, force: true });
}
