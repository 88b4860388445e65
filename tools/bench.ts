// The server benchmark: ingest and compile wall time, server start to first answer, resident memory
// after a mixed load, and the throughput of the hot GET routes (/passage, /entity, /search, /family,
// /graph, /xrefs, /interlinear) as ratios to bare node:http answering the same bytes in the same run. Prints figures; asserts
// nothing (budgets are read off the output, see README). In-process latency: tools/bench-routes.ts.
//
// Usage: npm run bench -- [--sources ../shared/upstream] [--bundle dir] [--dist dir] [--duration 10]
//   --bundle/--dist reuse an existing build instead of ingesting/compiling into a temp dir.

import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from '@skg/compiler';
import { ingest } from '@skg/ingest';
import { canPin, freePort, has, load as runLoad, memory, startNode, waitForAnswer } from './lib/load.ts';

const { values: args } = parseArgs({
  options: {
    sources: { type: 'string', default: process.env.SKG_SOURCES ?? '../shared/upstream' },
    bundle: { type: 'string' },
    dist: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const work = mkdtempSync(path.join(os.tmpdir(), 'skg-bench-'));
const children: ChildProcess[] = [];
const figures: Array<[string, string]> = [];

function record(name: string, value: string): void {
  figures.push([name, value]);
  console.log(`${name}: ${value}`);
}

// With taskset, servers run on core 0 and the load generator on core 1, so neither starves the other.
const pin = canPin();
// wrk (C) saturates a Node server from one core; autocannon (JS) may itself be the bottleneck.
const useWrk = has('wrk');

function start(command: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return startNode(command, { pin, children, env });
}

function residentMegabytes(pid: number): number {
  return memory(pid).rss;
}

interface LoadResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
}

async function load(url: string, paths: string[], seconds: number): Promise<LoadResult> {
  const result = await runLoad({ tool: useWrk ? 'wrk' : 'autocannon', url, paths, seconds, connections, pin, workDir: work, children });
  return { requests: { average: result.rps }, latency: { p99: Math.round(result.p99 * 10) / 10 }, errors: result.errors, non2xx: result.non2xx };
}

/** A fresh connection each time: a kept-alive socket may be closed by the server's idle timeout mid-request. */
function fetchBytes(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** The hot GET routes measured against bare node:http: /graph from the person with the most edges, /family from David (ten generations of descendants). */
const HOT_ROUTES: Array<[string, string]> = [
  ['/passage verse', '/api/v1/passage/John.3.16'],
  ['/entity', '/api/v1/entity/people/david'],
  ['/search', '/api/v1/search?q=abraham&type=Person'],
  ['/family?generations=10', '/api/v1/family/people/david?generations=10'],
  ['/graph?depth=3 hub', '/api/v1/graph/people/god?depth=3'],
  ['/xrefs chapter', '/api/v1/xrefs/Rom.8'],
  ['/interlinear chapter', '/api/v1/interlinear/John.1'],
];
/** The routes architecture.md budgets at half of bare or better. */
const BUDGETED = new Set(['/passage verse', '/entity', '/xrefs chapter']);

async function main(): Promise<void> {
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}; load: ${useWrk ? 'wrk' : 'autocannon'}, ${connections} connections × ${duration} s${pin ? ', server and load pinned to separate cores' : ''}`,
  );

  let bundleDir = args.bundle ? path.resolve(args.bundle) : path.join(work, 'bundle');
  if (!args.bundle) {
    const t0 = performance.now();
    await ingest({ sourcesDir: path.resolve(args.sources), bundleDir });
    record('ingest (full data)', `${((performance.now() - t0) / 1000).toFixed(2)} s`);
  }
  const distDir = args.dist ? path.resolve(args.dist) : path.join(work, 'dist');
  if (!args.dist) {
    const t0 = performance.now();
    await build({ bundleDir, distDir });
    record('compile (full data)', `${((performance.now() - t0) / 1000).toFixed(2)} s`);
  }

  // Server start to first answered request, as an operator starts it: plain node on the compiled CLI
  // (`npm run build` first; tools/bench-start.ts repeats this several times).
  if (!existsSync('packages/cli/lib/bundle/main.js')) throw new Error('packages/cli/lib/bundle/main.js is missing: run `npm run build` first');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const server = start(['packages/cli/bin/skg.mjs', 'serve', '--dist', distDir, '--port', String(port), '--host', '127.0.0.1', '--trust-proxy']);
  await waitForAnswer(`${base}/api/v1/passage/John.3.16`);
  record('server start → first answered request', `${(performance.now() - spawnedAt).toFixed(0)} ms (process spawn, load, listen, answer)`);

  // Resident memory after a mixed load.
  const mixed = [
    '/api/v1/passage/John.3.16', '/api/v1/passage/Ps.119', '/api/v1/passage/Gen.1.1-5', '/api/v1/scripture?q=love',
    '/api/v1/scripture?q=%22only%20son%22', '/api/v1/scripture?q=jesus%20wept', '/api/v1/status', '/api/v1/vocabulary',
    '/api/v1/passage/Matt.17.21', '/api/v1/scripture?q=light&book=John', '/api/v1/', '/api/v1/passage/Foo.1.1',
    ...HOT_ROUTES.map(([, route]) => route), '/api/v1/search?q=jerusalem', '/api/v1/list?type=Person&sort=degree',
    '/api/v1/nearby?place=places/jerusalem&radius=25', '/api/v1/entity/places/jerusalem', '/api/v1/passage/Gen.1',
  ];
  const mixedResult = await load(base, mixed, Math.max(3, Math.round(duration / 2)));
  record('mixed load', `${Math.round(mixedResult.requests.average)} req/s, p99 ${mixedResult.latency.p99} ms, errors ${mixedResult.errors}`);
  record('resident memory after mixed load', `${residentMegabytes(server.pid!).toFixed(0)} MB (budget < 200 MB, goal 150 MB)`);

  // Throughput of hot GET routes against bare node:http answering the same bytes, in the same run.
  // Each route's bare baseline is measured just before it, so a busy machine skews both alike.
  for (const [name, route] of HOT_ROUTES) {
    const body = await fetchBytes(`${base}${route}`);
    const bodyFile = path.join(work, 'body.json');
    writeFileSync(bodyFile, body);
    const barePort = await freePort();
    const bareServer = start(['--import', 'tsx', 'tools/bare-server.ts', bodyFile, String(barePort)]);
    await waitForAnswer(`http://127.0.0.1:${barePort}/`);
    const bare = await load(`http://127.0.0.1:${barePort}`, [route], duration);
    bareServer.kill();
    const ours = await load(base, [route], duration);
    record(`${name}: bare node:http, same ${body.length} B`, `${Math.round(bare.requests.average)} req/s (p99 ${bare.latency.p99} ms)`);
    record(`${name}`, `${Math.round(ours.requests.average)} req/s (p99 ${ours.latency.p99} ms, non-2xx ${ours.non2xx})`);
    record(`${name}: throughput ratio to bare`, `${(ours.requests.average / bare.requests.average).toFixed(2)}${BUDGETED.has(name) ? ' (budget ≥ 0.5)' : ''}`);
  }

  console.log('\n| figure | value |\n|---|---|');
  for (const [name, value] of figures) console.log(`| ${name} | ${value} |`);
}

try {
  await main();
} finally {
  for (const child of children) child.kill();
  rmSync(work, { recursive: true, force: true });
}
