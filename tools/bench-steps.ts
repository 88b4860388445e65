// Where a stored answer's CPU goes beyond bare node:http (issue 20): the same wide workload as
// tools/bench-wide.ts (every verse, chapter, entity and verse's cross references, shuffled), against a
// ladder of servers, each adding one part of `skg serve` to the one before, taking turns in short slices
// in one run (so the host's drift hits all alike), with CPU per request (user and system, /proc) and
// requests/s for each:
//
//   bare        node:http answering each path's bytes and headers from memory (tools/bare-server-paths.ts)
//   server      + `skg serve`'s node:http options (timeouts, deadline checks), connection limiter, drain
//   stored      + the stored answer read from responses.bin: `find` of `GET <target>` and one pread of
//               key and body (artefacts/responses.ts); headers still from memory, no engine
//   engine      `serve()` itself without the access log: the request engine (http/engine.ts), the
//               rate limit, request id, the integrity watch and status monitor in the background
//   production  `serve()` with its access log (to /dev/null): what `skg serve` runs
//   cli=<file>  the production command of a built CLI (`node --max-semi-space-size=2 <file> serve
//               --workers 1`), e.g. a worktree of an older commit after its `npm run build`: two builds
//               compared in one run (`--rungs bare,cli=../old/packages/cli/bin/skg.mjs,cli=packages/cli/bin/skg.mjs`);
//               `cli=<file>+<node flag>+…` runs it with those node flags instead of the production ones
//               (`cli=packages/cli/bin/skg.mjs+--max-semi-space-size=8`: one build under two settings)
//
// Each rung's cost is its CPU per request less the rung below. The servers run from the TypeScript
// sources through tsx (the same code the CLI bundles), pinned to core 0 with wrk on core 1 when taskset
// is there. Under tsx the engine and production rungs cost more than the built CLI does (a profile of
// each, 2026-11-27: `process.nextTick` 6.9 % of the tsx server's busy time against 1.0 % of the CLI's,
// with the same callers): compare builds with `cli=` rungs, and read the tsx rungs as a ladder only.
// `--profile dir` writes a CPU profile of each server over the measured slices only (not its start),
// for `chrome://inspect` or a script summing self time per function.
//
// Each slice starts one rung further on, so no rung always runs after the same one; besides the CPU
// per request it prints the median of the slices, the median of each slice's ratio to the first rung
// (the figure that holds while the host's speed drifts), and read and write system calls and minor page
// faults per request (/proc), and each server's resident memory at the end.
//
// Usage: flock /tmp/skg-bench.lock npx tsx tools/bench-steps.ts [--dist dist] [--slices 6] [--slice 2]
//          [--coding br|gzip|identity] [--rungs bare,server,stored,engine,production,cli=<file>] [--profile dir]
//          [--idle seconds] (the servers sit idle that long after start, before the warm-up)

import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type AccessLog, createAccessLog, loadDataSet, serve } from '@skg/server';
import { createHttpServerOptions, DEFAULT_CONNECTION_LIMITS, limitConnections } from '../packages/server/src/http/node/connection-limits.ts';
import { createDrain } from '../packages/server/src/http/node/drain.ts';
import { getClientKey } from '../packages/server/src/http/steps/client-key.ts';
import { readAnswers, writeAnswers } from './lib/answers.ts';
import { median } from './lib/figures.ts';
import { createBenchApp, createRandom } from './lib/in-process.ts';
import { listWidePaths, shuffle, WIDE_CLIENTS } from './lib/wide.ts';
import { canPin, cpuTime, freePort, load, memory, startNode, systemCalls, waitForAnswer, waitForQuiet } from './lib/load.ts';

const RUNGS = ['bare', 'server', 'stored', 'engine', 'production'] as const;
type Rung = (typeof RUNGS)[number];

const [command] = process.argv.slice(2);
if (command === 'rung') await runRung();
else await drive();

/** A child: one rung listening on a port (argv: rung <rung> <dist> <answers-file> <coding> <port> [profile-dir]). */
async function runRung(): Promise<void> {
  const [, rung, dist, answersFile, coding, portText, profileDir] = process.argv.slice(2) as [string, Rung, string, string, string, string, string?];
  const port = Number(portText);
  if (profileDir) profileOnSignal(profileDir, rung);
  if (rung === 'engine' || rung === 'production') {
    const accessLog: AccessLog | false = rung === 'production' ? createAccessLog({ file: '/dev/null' }) : false;
    const running = await serve({ distDir: dist, port, host: '127.0.0.1', trustProxy: true, watch: false, accessLog, log: () => undefined });
    // Measured once its stored answers are in use (the response artefact's sha256 is checked after start).
    while (running.dataSet.responses?.usable === false && running.dataSet.responses.problem === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    return;
  }
  const answers = readAnswers(answersFile);
  const store = rung === 'stored' ? (await loadDataSet(dist)).responses : undefined;
  const storedCoding = coding as 'br' | 'gzip' | 'identity';
  const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const answer = answers.get(req.url ?? '')!;
    let body: Uint8Array = answer.body;
    if (store) {
      const canonical = `GET ${req.url}`;
      body = store.body(store.find(canonical), canonical, storedCoding)!;
    }
    res.writeHead(200, answer.headers);
    res.end(body);
  };
  if (rung === 'bare') {
    createServer(handler).listen(port, '127.0.0.1');
    return;
  }
  const server = createServer(createHttpServerOptions(DEFAULT_CONNECTION_LIMITS), (req, res) => {
    if (limiter.isRefused(req.socket)) return;
    drain.onRequest(res);
    handler(req, res);
  });
  const drain = createDrain(server);
  const limiter = limitConnections(server, { limits: DEFAULT_CONNECTION_LIMITS, trustProxy: true, keyOf: getClientKey });
  server.listen(port, '127.0.0.1');
}

/** SIGUSR2 starts a CPU profile; SIGINT writes it (if started) and exits. */
function profileOnSignal(dir: string, rung: string): void {
  const session = new Session();
  let started = false;
  process.on('SIGUSR2', () => {
    session.connect();
    session.post('Profiler.enable', () => session.post('Profiler.start', () => (started = true)));
  });
  process.on('SIGINT', () => {
    if (!started) process.exit(0);
    session.post('Profiler.stop', (_error, result) => {
      writeFileSync(path.join(dir, `${rung}.cpuprofile`), JSON.stringify(result.profile));
      process.exit(0);
    });
  });
}

async function drive(): Promise<void> {
  const { values: args } = parseArgs({
    args: process.argv.slice(2),
    options: {
      dist: { type: 'string', default: 'dist' },
      slices: { type: 'string', default: '6' },
      slice: { type: 'string', default: '2' },
      coding: { type: 'string', default: 'br' },
      rungs: { type: 'string', default: RUNGS.join(',') },
      connections: { type: 'string', default: '50' },
      profile: { type: 'string' },
      idle: { type: 'string', default: '0' },
    },
  });
  const dist = path.resolve(args.dist);
  const headers = WIDE_CLIENTS[args.coding];
  if (headers === undefined) throw new Error(`unknown coding ${args.coding} (br, gzip, identity)`);
  const rungs = args.rungs.split(',');
  for (const rung of rungs) if (!RUNGS.includes(rung as Rung) && !rung.startsWith('cli=')) throw new Error(`unknown rung ${rung} (${RUNGS.join(', ')}, cli=<file>)`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'skg-bench-steps-'));
  const children: ChildProcess[] = [];
  const pin = canPin();
  try {
    const dataSet = await loadDataSet(dist);
    // The order of bench-wide's wide workload: its paths shuffled by the same seeded sequence.
    const paths = shuffle(listWidePaths(dataSet).paths, createRandom(9));
    const answersFile = path.join(work, 'answers.bin');
    await writeAnswers(createBenchApp(dataSet, true), paths, headers, answersFile);

    const servers: Array<{ rung: string; url: string; pid: number }> = [];
    for (const rung of rungs) {
      const port = await freePort();
      const [cliFile, ...cliFlags] = rung.slice(4).split('+');
      const argv = rung.startsWith('cli=')
        ? [...(cliFlags.length > 0 ? cliFlags : ['--max-semi-space-size=2']), path.resolve(cliFile!), 'serve', '--workers', '1', '--dist', dist, '--port', String(port), '--host', '127.0.0.1', '--trust-proxy', '--no-watch']
        : ['--max-semi-space-size=2', '--import', 'tsx', 'tools/bench-steps.ts', 'rung', rung, dist, answersFile, args.coding, String(port), ...(args.profile ? [path.resolve(args.profile)] : [])];
      const child = startNode(argv, { pin, children, env: { MALLOC_MMAP_THRESHOLD_: '131072' } });
      const url = `http://127.0.0.1:${port}`;
      await waitForAnswer(`${url}${paths[0]}`, 120_000);
      // A cli rung verifies its response artefact after start (computing its answers until then).
      await waitForQuiet(child.pid!);
      servers.push({ rung, url, pid: child.pid! });
    }
    const connections = Number(args.connections);
    const seconds = Number(args.slice);
    const run = (url: string, start: number, duration = seconds) => load({ tool: 'wrk', url, paths, seconds: duration, connections, pin, workDir: work, children, headers, start });
    // --idle: the servers sit idle first, as a server in service does between busy hours (V8's memory
    // reducer acts on an idle process: a server idle for 60 s then cost 38-41 µs a stored answer against
    // 31-32 µs started under load, 32 µs with --no-memory-reducer; 2026-11-27).
    await new Promise((resolve) => setTimeout(resolve, Number(args.idle) * 1000));
    for (const server of servers) await run(server.url, 0);
    if (args.profile) for (const server of servers) process.kill(server.pid, 'SIGUSR2');
    const tallies = servers.map(() => ({ requests: 0, seconds: 0, user: 0, system: 0, rps: [] as number[], cpu: [] as number[], reads: 0, writes: 0, faults: 0 }));
    let start = 0;
    for (let slice = 0; slice < Number(args.slices); slice++) {
      let furthest = 0;
      // Each slice starts one rung further on, so that no rung always follows the same one.
      for (let k = 0; k < servers.length; k++) {
        const i = (slice + k) % servers.length;
        const server = servers[i]!;
        const tally = tallies[i]!;
        const before = cpuTime(server.pid);
        const callsBefore = systemCalls(server.pid);
        const result = await run(server.url, start);
        const after = cpuTime(server.pid);
        const callsAfter = systemCalls(server.pid);
        tally.reads += callsAfter.reads - callsBefore.reads;
        tally.faults += after.minorFaults - before.minorFaults;
        tally.writes += callsAfter.writes - callsBefore.writes;
        tally.requests += result.requests;
        tally.seconds += result.requests / result.rps;
        tally.user += after.user - before.user;
        tally.system += after.system - before.system;
        tally.rps.push(result.rps);
        tally.cpu.push((after.user - before.user + after.system - before.system) / result.requests);
        if (result.errors + result.non2xx > 0) throw new Error(`${server.rung}: errors ${result.errors}, non-2xx ${result.non2xx}`);
        furthest = Math.max(furthest, result.requests);
      }
      start += furthest;
    }
    console.log(
      `machine: ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}; ` +
        `${paths.length} paths, ${args.coding} client, wrk ${connections} connections, ${args.slices} slices × ${seconds} s per rung${pin ? '; servers on core 0, wrk on core 1' : ''}`,
    );
    let below: number | undefined;
    for (const [i, server] of servers.entries()) {
      const tally = tallies[i]!;
      const cpu = (tally.user + tally.system) / tally.requests;
      const step = below === undefined ? '' : `, ${cpu - below >= 0 ? '+' : ''}${(cpu - below).toFixed(1)} µs over the rung below`;
      console.log(
        `${server.rung.padEnd(10)} ${String(Math.round(tally.requests / tally.seconds)).padStart(6)} req/s, CPU ${cpu.toFixed(1)} µs/req ` +
          `(${(tally.user / tally.requests).toFixed(1)} user, ${(tally.system / tally.requests).toFixed(1)} system)${step}; ` +
          `reads ${(tally.reads / tally.requests).toFixed(2)}, writes ${(tally.writes / tally.requests).toFixed(2)}, page faults ${(tally.faults / tally.requests).toFixed(2)} per request; ` +
          `resident ${memory(server.pid).rss.toFixed(0)} MB after; median of slices ${median(tally.cpu).toFixed(1)} µs` +
          (i === 0 ? '' : `, ${median(tally.cpu.map((cpu, slice) => cpu / tallies[0]!.cpu[slice]!)).toFixed(2)} × ${servers[0]!.rung}'s (median of slices)`) +
          `: ${tally.cpu.map((cpu) => cpu.toFixed(0)).join(' ')}`,
      );
      below = cpu;
    }
  } finally {
    for (const child of children) child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, args.profile ? 3000 : 200));
    execFileSync('rm', ['-rf', work]);
  }
}

