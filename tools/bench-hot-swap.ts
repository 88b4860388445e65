// The hot-swap benchmark: `skg serve` on the full data under a steady load (wrk when on PATH, else
// autocannon, run in back-to-back 5-second rounds until the rebuilds are done) while `skg build`
// rebuilds into the same dist/ it serves, twice (a changed copy of the bundle, then the original again). Prints the requests answered, the failures (non-2xx and socket
// errors: the swap must cause none), latency, how long each swap took in the server (verify, load,
// check, switch), how long after the build finished clients saw the new data, and resident memory.
// Asserts nothing; exits 1 only when the benchmark itself could not run.
//
// Usage: npx tsx tools/bench-hot-swap.ts [--bundle bundle] [--duration 20] [--connections 50] [--load wrk|autocannon]
//          [--entry packages/cli/bin/skg.mjs] [--node-flags=--max-semi-space-size=2] [--settle 30] [--server-log file]
//   --duration is the least time under load; the load goes on until both swaps are done.
//   The build goes into a temporary dist/ (never the project's own dist/).

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { canPin, freePort, has, load, type LoadResult, describeServerEnvironment, memory, residentBreakdown, startNode } from './lib/load.ts';

const { values: args } = parseArgs({
  options: {
    bundle: { type: 'string', default: process.env.SKG_BUNDLE ?? 'bundle' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    /** The load generator; default wrk when on PATH, else autocannon. */
    load: { type: 'string' },
    /** A compiled CLI to serve with plain `node` (packages/cli/bin/skg.mjs after `npm run build`), as the memory budget means. */
    entry: { type: 'string' },
    /** Node flags for the server process (e.g. the production `--max-semi-space-size=2`). */
    'node-flags': { type: 'string', default: '' },
    /** Seconds to watch resident memory after the load ends (the budget: back under 150 MB within 30 s). */
    settle: { type: 'string', default: '30' },
    /** A file the server's standard output also goes to (its access log, and what --node-flags print, e.g. --trace-gc). */
    'server-log': { type: 'string' },
  },
});
const bundleDir = path.resolve(args.bundle);
const duration = Number(args.duration);
const connections = Number(args.connections);
const work = mkdtempSync(path.join(os.tmpdir(), 'skg-bench-swap-'));
const distDir = path.join(work, 'dist');
const children: ChildProcess[] = [];

const pin = canPin();
const useWrk = args.load === undefined ? has('wrk') : args.load === 'wrk';
const skg = ['--import', 'tsx', 'packages/cli/src/main.ts'];

/** Runs `skg build` in its own process (it is CPU-bound: in this process it would stall the load generator). */
function runBuild(bundle: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...skg, 'build', '--bundle', bundle, '--dist', distDir, '--quiet'], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(child);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`skg build exited with ${code}`))));
  });
}

async function dataVersion(base: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${base}/api/v1/status`, { headers: { 'x-forwarded-for': '203.0.113.1' } });
    return ((await response.json()) as { dataVersion?: string }).dataVersion;
  } catch {
    return undefined;
  }
}

const ROUND_SECONDS = 5;

const PATHS = [
  '/api/v1/passage/John.3.16', '/api/v1/entity/people/david', '/api/v1/scripture?q=love', '/api/v1/search?q=abraham',
  '/api/v1/passage/Ps.119', '/api/v1/entity/people/isaac?body=true', '/api/v1/', '/api/v1/list?type=Person&sort=degree',
];

/** One round of load on PATHS: wrk waits up to 10 s for an answer, so a slow one during a swap is counted, not dropped. */
function loadRound(base: string, seconds: number): Promise<LoadResult> {
  return load({ tool: useWrk ? 'wrk' : 'autocannon', url: base, paths: PATHS, seconds, connections, pin, workDir: work, timeoutSeconds: 10, children });
}

async function main(): Promise<void> {
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}; load: ${useWrk ? 'wrk' : 'autocannon'}, ${connections} connections × ${duration} s${pin ? `, server on core 0${useWrk ? ', load on core 1' : ''}` : ''}; server ${describeServerEnvironment()}`,
  );
  const buildMs = await runBuild(bundleDir);
  console.log(`initial build: ${(buildMs / 1000).toFixed(1)} s`);
  // The changed bundle: the same data with another generation time, so a new data version.
  const changed = path.join(work, 'bundle');
  cpSync(bundleDir, changed, { recursive: true });
  const index = path.join(changed, 'index.md');
  writeFileSync(index, readFileSync(index, 'utf8').replace(/^generated: "?([^"\n]+)"?$/m, (_line, at: string) => `generated: "${new Date(Date.parse(at) + 86_400_000).toISOString()}"`));

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const cli = args.entry ? [path.resolve(args.entry)] : skg;
  const nodeFlags = args['node-flags'].split(' ').filter(Boolean);
  const argv = [...nodeFlags, ...cli, 'serve', '--dist', distDir, '--port', String(port), '--host', '127.0.0.1', '--trust-proxy'];
  const server = startNode(argv, { pin, children, stdout: 'pipe' });
  // The server's own lines (start, swaps, refusals), not its access log: a million JSON lines outgrow a string.
  let log = '';
  let partial = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (!line.startsWith('{')) log += `${line}\n`;
  });
  if (args['server-log']) server.stdout?.pipe(createWriteStream(args['server-log']));
  const started = performance.now();
  while ((await dataVersion(base)) === undefined) {
    if (performance.now() - started > 60_000) throw new Error(`the server did not answer:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const before = memory(server.pid as number);
  console.log(`server: resident ${before.rss.toFixed(0)} MB before the load`);

  const rounds: LoadResult[] = [];
  const loadStarted = performance.now();
  let rebuilding = true;
  const loading = (async () => {
    while (rebuilding || performance.now() - loadStarted < duration * 1000) {
      rounds.push(await loadRound(base, ROUND_SECONDS));
    }
  })();
  const swaps: Array<{ build: number; visible: number }> = [];
  // Two rebuilds under the load: a changed copy, then the original again; some load on each set after.
  for (const [i, bundle] of [changed, bundleDir].entries()) {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const previous = await dataVersion(base);
    const build = await runBuild(bundle);
    const built = performance.now();
    while ((await dataVersion(base)) === previous) {
      if (performance.now() - built > 60_000) throw new Error(`rebuild ${i + 1} was not switched to:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    swaps.push({ build, visible: performance.now() - built });
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  rebuilding = false;
  await loading;
  const seconds = (performance.now() - loadStarted) / 1000;
  const result: LoadResult = {
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
    rps: rounds.reduce((sum, round) => sum + round.requests, 0) / seconds,
    p99: Math.max(...rounds.map((round) => round.p99)),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
  };
  const after = memory(server.pid as number);
  // Resident memory once the load has stopped: each second, until it is under 150 MB or `settle` s pass.
  const settleStarted = performance.now();
  const settling: number[] = [];
  for (let second = 0; second < Number(args.settle); second += 1) {
    const { rss } = memory(server.pid as number);
    settling.push(rss);
    if (rss < 150) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const settled = settling.at(-1)!;
  const breakdown = residentBreakdown(server.pid as number);
  const settleLine =
    settled < 150
      ? `${settled.toFixed(0)} MB ${((performance.now() - settleStarted) / 1000).toFixed(0)} s after the load ended`
      : `still ${settled.toFixed(0)} MB ${args.settle} s after the load ended (${settling.map((rss) => rss.toFixed(0)).join(', ')})`;

  const swapLines = [...log.matchAll(/switched to data (\S+) \(was (\S+)\) in ([\d.]+) ms/g)];
  const figures: Array<[string, string]> = [
    ['requests answered under load', `${result.requests} in ${seconds.toFixed(0)} s (${Math.round(result.rps)} req/s, worst round p99 ${result.p99} ms)`],
    ['failed requests (non-2xx + socket errors)', `${result.non2xx + result.errors} (non-2xx ${result.non2xx}, errors ${result.errors})`],
    ['swaps', `${swapLines.length} of ${swaps.length} rebuilds`],
    ...swaps.map((swap, i): [string, string] => [
      `rebuild ${i + 1}`,
      `build ${(swap.build / 1000).toFixed(1)} s; swap in the server ${swapLines[i]?.[3] ?? '?'} ms (verify with checksums, load, checks, switch); ` +
        `new data visible ${swap.visible.toFixed(0)} ms after the build finished`,
    ]),
    ['resident memory', `${before.rss.toFixed(0)} MB before, ${after.rss.toFixed(0)} MB after, peak ${after.peak.toFixed(0)} MB`],
    ['resident memory once idle', settleLine],
    ...(breakdown ? [['where it is then', Object.entries(breakdown).map(([kind, mb]) => `${kind} ${mb.toFixed(0)} MB`).join(', ')] as [string, string]] : []),
  ];
  const refused = /refused the build[^\n]*/.exec(log);
  if (refused) figures.push(['refused', refused[0]]);
  console.log('\n| figure | value |\n|---|---|');
  for (const [name, value] of figures) console.log(`| ${name} | ${value} |`);
}

try {
  await main();
} catch (error) {
  console.error(`bench-hot-swap: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  for (const child of children) if (child.exitCode === null) child.kill();
  rmSync(work, { recursive: true, force: true });
}
