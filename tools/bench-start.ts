// Start-up benchmark: `skg serve` spawned as an operator runs it (plain node on the compiled CLI,
// packages/cli/bin/skg.mjs, after `npm run build`) until its first answer to /api/v1/passage/John.3.16,
// on the full data. Several runs; prints each, the median and the best. The same through tsx (the
// development path) for comparison. Asserts nothing (target: ≤ 0.3 s, README "Benchmarks").
//
// Usage: npm run build && node --import tsx tools/bench-start.ts [--dist dist] [--runs 7] [--workers 1]
//          [--node-flags="--max-semi-space-size=2"] (the production command's flags; --node-flags= for none)

import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
    /** Node flags for the server, as the production command gives them (README, "Running in production"). */
    'node-flags': { type: 'string', default: '--max-semi-space-size=2' },
  },
});
const distDir = path.resolve(args.dist);
const runs = Number(args.runs);
// One process is pinned to core 0 (the polling client on the other); several workers spread over the
// cores as they do in production, each worker loading on its own core.
const pin = canPin() && args.workers === '1';
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

/** CPU time (user + system) a process has used, in ms (Linux /proc; 10 ms ticks); NaN elsewhere. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * Milliseconds from spawning `node <command>` to the first 200 from /passage/John.3.16, and the CPU
 * time the server used until then (less sensitive than wall time to a busy machine).
 */
async function timeToFirstAnswer(command: readonly string[]): Promise<{ wall: number; cpu: number }> {
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
        if ((await get(`http://127.0.0.1:${port}/api/v1/passage/John.3.16`)) === 200) {
          const wall = performance.now() - started;
          return { wall, cpu: cpuMs(child.pid!) };
        }
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

function summary(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, best ${sorted[0]!.toFixed(0)} ms (runs: ${values.map((t) => t.toFixed(0)).join(', ')})`;
}

async function measure(name: string, command: readonly string[]): Promise<void> {
  const results: Array<{ wall: number; cpu: number }> = [];
  for (let i = 0; i < runs; i += 1) results.push(await timeToFirstAnswer(command));
  console.log(`${name}: wall ${summary(results.map((r) => r.wall))}`);
  console.log(`  CPU time of the server until then: ${summary(results.map((r) => r.cpu))}${args.workers === '1' ? '' : ' (the primary only)'}`);
}

async function main(): Promise<void> {
  if (!existsSync('packages/cli/lib/bundle/main.js')) throw new Error('packages/cli/lib/bundle/main.js is missing: run `npm run build` first');
  console.log(`machine: ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; dist ${distDir}; --workers ${args.workers}${pin ? '; server pinned to core 0' : ''}`);
  const nodeFlags = args['node-flags'].split(' ').filter(Boolean);
  await measure(`start → first answer, plain node on the compiled CLI${nodeFlags.length > 0 ? ` (node ${nodeFlags.join(' ')})` : ''}`, [...nodeFlags, compiledBin]);
  if (!args['skip-tsx']) await measure('start → first answer, tsx on the TypeScript source (development)', ['--import', 'tsx', 'packages/cli/src/main.ts']);
}

try {
  await main();
} finally {
  rmSync(stateDir, { recursive: true, force: true });
}
