// The wide benchmark: traffic spread the way real traffic is, against bare node:http answering the same
// bytes and headers from memory, in the same run (architecture.md, Budgets; issues 9 and 20).
//
//   wide      every verse and chapter of /passage, every document of /entity and /xrefs of every verse,
//             shuffled (≈90,000 distinct paths), each asked once per cycle: uniformly spread
//   zipf      the same paths ranked at random and asked with Zipf-distributed frequency (s = 1), the
//             skew of real popularity (a few hot paths, a long tail)
//   chapters  every chapter of /passage (the largest common bodies), shuffled
//   translations  every chapter and TRANSLATION_VERSES verses drawn at random of each translation beside
//             the BSB (`?translation=KJV`, `WEB`, `RV1909`), shuffled: stored answers (the render step
//             stores every chapter and verse of each); only when asked for (`--workloads …,translations`)
//   parallel  the same verses beside the BSB (`?translation=BSB,KJV`), shuffled: computed on request
//             (a parallel answer is never stored); only when asked for (`--workloads …,parallel`)
//
// Each workload runs for each client coding: br (browsers: `gzip, deflate, br`), gzip (Python requests,
// Go: `gzip, deflate`) and identity (curl: no Accept-Encoding). For each coding the answers our server
// gives are taken in process from the same dist, and the baselines serve exactly those bytes and headers:
// bare node:http from memory (tools/bare-server-paths.ts), and nginx (one process, the answers as files)
// when it is installed. The servers take turns in short slices (--slices of --slice seconds each, in the
// same order every round), so the host's drift over a run hits all of them alike; each first gets
// --warmup seconds of the workload, not measured (a server in service is warm).
//
// Per server, coding and workload: requests/s over its slices, the ratio to bare (median of the slices'
// ratios, and their range), p99 (median and highest of the slices), CPU per request (user + system, from
// /proc/<pid>/stat over its slices) and its ratio to bare's, and resident memory after. Bare's own figure
// is printed beside every ratio, so a reader sees the host's speed.
//
// The server is the production command (README, "Running in production"): `node --max-semi-space-size=2
// packages/cli/bin/skg.mjs serve --workers 1` (`npm run build` first), MALLOC_MMAP_THRESHOLD_=131072
// unless the environment sets it; server and wrk pinned to separate cores when taskset is there.
//
// Usage: flock /tmp/skg-bench.lock npx tsx tools/bench-wide.ts [--dist dist] [--slices 10] [--slice 2]
//          [--codings br,gzip,identity] [--workloads wide,zipf,chapters] [--connections 50] [--warmup 2]
//          [--entry packages/cli/bin/skg.mjs] [--node-flags=--max-semi-space-size=2] [--serve-args=...]
//          [--server-log file] [--no-nginx]
//   --node-flags="--max-semi-space-size=2 --cpu-prof --cpu-prof-dir=/tmp/prof" profiles our server.

import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDataSet } from '@skg/server';
import { writeAnswers } from './lib/answers.ts';
import { createBenchApp, createRandom } from './lib/in-process.ts';
import { listWidePaths, shuffle, WIDE_CLIENTS } from './lib/wide.ts';
import { createFigures, median } from './lib/figures.ts';
import { canPin, cpuTime, freePort, has, load, type LoadResult, memory, startNode, storageReadBytes, waitForAnswer, waitForQuiet } from './lib/load.ts';
import { prepareNginx } from './lib/nginx.ts';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    slices: { type: 'string', default: '10' },
    slice: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    codings: { type: 'string', default: 'br,gzip,identity' },
    workloads: { type: 'string', default: 'wide,zipf,chapters' },
    'zipf-requests': { type: 'string', default: '200000' },
    warmup: { type: 'string', default: '2' },
    /** The CLI our server runs from, with plain `node`. */
    entry: { type: 'string', default: 'packages/cli/bin/skg.mjs' },
    'node-flags': { type: 'string', default: '--max-semi-space-size=2' },
    'serve-args': { type: 'string', default: '' },
    /** A file our server's standard output goes to (its access log, what --node-flags print). */
    'server-log': { type: 'string' },
    'no-nginx': { type: 'boolean', default: false },
  },
});
const slices = Number(args.slices);
const sliceSeconds = Number(args.slice);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const distDir = path.resolve(args.dist);
const work = mkdtempSync(path.join(os.tmpdir(), 'skg-bench-wide-'));
const children: ChildProcess[] = [];
const pin = canPin();
const tool = has('wrk') ? 'wrk' : 'autocannon';
const withNginx = !args['no-nginx'] && has('nginx') && tool === 'wrk';
const serverEnv = { MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072' };
const figures = createFigures();
const record = figures.record;

/** `count` requests over `paths` (ranked as given), path k asked with probability ∝ 1/k. */
function zipf(paths: readonly string[], count: number, random: () => number): string[] {
  const cumulative = new Float64Array(paths.length);
  let sum = 0;
  for (let k = 0; k < paths.length; k++) cumulative[k] = sum += 1 / (k + 1);
  return Array.from({ length: count }, () => {
    const target = random() * sum;
    let low = 0;
    let high = paths.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return paths[low]!;
  });
}

/** One server under test: where it listens and the process whose CPU time is its cost. */
interface Contender {
  readonly name: string;
  readonly url: string;
  readonly pid: number;
}

/** What a contender did over its slices of one workload. */
interface Tally {
  requests: number;
  seconds: number;
  userMicros: number;
  systemMicros: number;
  errors: number;
  non2xx: number;
  readonly rps: number[];
  readonly p99: number[];
}


async function startOurServer(): Promise<Contender> {
  const port = await freePort();
  const nodeFlags = args['node-flags'].split(' ').filter(Boolean);
  const server = startNode(
    [...nodeFlags, path.resolve(args.entry), 'serve', '--workers', '1', '--dist', distDir, '--port', String(port), '--host', '127.0.0.1', '--trust-proxy', '--no-watch', ...args['serve-args'].split(' ').filter(Boolean)],
    { pin, children, env: serverEnv, ...(args['server-log'] ? { stdout: 'pipe' as const } : {}) },
  );
  if (args['server-log']) server.stdout?.pipe(createWriteStream(args['server-log']));
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${url}/api/v1/passage/John.3.16`);
  // Measured once it serves its stored answers: it verifies the response artefact after start.
  await waitForQuiet(server.pid!);
  return { name: 'skg serve', url, pid: server.pid! };
}

async function startBare(answersFile: string, probe: string): Promise<Contender> {
  const port = await freePort();
  const bare = startNode(['--import', 'tsx', 'tools/bare-server-paths.ts', answersFile, String(port)], { pin, children });
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${url}${probe}`);
  return { name: 'bare node:http', url, pid: bare.pid! };
}

async function startNginx(answersFile: string, coding: string, probe: string): Promise<Contender> {
  const port = await freePort();
  const dir = path.join(work, `nginx-${coding}`);
  mkdirSync(dir, { recursive: true });
  const { args: nginxArgs, skipped } = prepareNginx(answersFile, coding, path.join(work, 'nginx-root'), dir, port);
  if (skipped > 0) record(`nginx ${coding}: answers that could not be files`, String(skipped));
  const command = ['nginx', ...nginxArgs];
  const child = pin ? spawn('taskset', ['-c', '0', ...command], { stdio: ['ignore', 'ignore', 'inherit'] }) : spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${url}${probe}`);
  return { name: 'nginx', url, pid: child.pid! };
}

/** Runs `paths` against every contender in turn, `slices` times; the tallies in contender order. */
async function runSlices(contenders: readonly Contender[], paths: readonly string[], headers: Record<string, string>): Promise<Tally[]> {
  const run = (contender: Contender, seconds: number, start: number): Promise<LoadResult> =>
    load({ tool, url: contender.url, paths, seconds, connections, pin, workDir: work, children, headers, start });
  for (const contender of contenders) if (warmup > 0) await run(contender, warmup, 0);
  const tallies: Tally[] = contenders.map(() => ({ requests: 0, seconds: 0, userMicros: 0, systemMicros: 0, errors: 0, non2xx: 0, rps: [], p99: [] }));
  let start = 0;
  for (let slice = 0; slice < slices; slice++) {
    let furthest = 0;
    for (const [i, contender] of contenders.entries()) {
      const tally = tallies[i]!;
      const before = cpuTime(contender.pid);
      const result = await run(contender, sliceSeconds, start);
      const after = cpuTime(contender.pid);
      tally.requests += result.requests;
      tally.seconds += result.requests / result.rps;
      tally.userMicros += after.user - before.user;
      tally.systemMicros += after.system - before.system;
      tally.errors += result.errors;
      tally.non2xx += result.non2xx;
      tally.rps.push(result.rps);
      tally.p99.push(result.p99);
      furthest = Math.max(furthest, result.requests);
    }
    // The next slice goes on where the slowest stopped, so all of them see the same paths.
    start += furthest;
  }
  return tallies;
}

function describe(tally: Tally, bare: Tally | undefined): string {
  const rps = tally.requests / tally.seconds;
  const cpu = (tally.userMicros + tally.systemMicros) / tally.requests;
  const cpuText = `CPU ${cpu.toFixed(1)} µs/req (${(tally.userMicros / tally.requests).toFixed(1)} user, ${(tally.systemMicros / tally.requests).toFixed(1)} system)`;
  const p99 = `p99 ${median(tally.p99).toFixed(2)} ms (slices up to ${Math.max(...tally.p99).toFixed(2)})`;
  const faults = tally.errors + tally.non2xx > 0 ? `, errors ${tally.errors}, non-2xx ${tally.non2xx}` : '';
  if (bare === undefined) return `${Math.round(rps)} req/s, ${p99}, ${cpuText}${faults}`;
  const ratios = tally.rps.map((r, i) => r / bare.rps[i]!);
  const bareRps = bare.requests / bare.seconds;
  const bareCpu = (bare.userMicros + bare.systemMicros) / bare.requests;
  return (
    `${Math.round(rps)} req/s = ${median(ratios).toFixed(2)} of bare's ${Math.round(bareRps)} (slices ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}), ` +
    `${p99}, ${cpuText} = ${(cpu / bareCpu).toFixed(2)} × bare's ${bareCpu.toFixed(1)}${faults}`
  );
}

/** Verses drawn at random per translation for the `translations` workload. */
const TRANSLATION_VERSES = 3000;

/** Every chapter and TRANSLATION_VERSES random verses of each translation beside the BSB, alone (`single`) and beside the BSB (`parallel`). */
function listTranslationPaths(dataSet: Awaited<ReturnType<typeof loadDataSet>>, random: () => number): { single: string[]; parallel: string[] } {
  const single: string[] = [];
  const parallel: string[] = [];
  const { canon } = dataSet.scripture;
  for (const translation of dataSet.translations?.translations ?? []) {
    const chapters: string[] = [];
    const verses: Array<{ osis: string; inBsb: boolean }> = [];
    for (const { book, verseCounts } of translation.books) {
      verseCounts.forEach((count, c) => {
        if (count === 0) return;
        chapters.push(`${book.osis}.${c + 1}`);
        const bsbCount = canon.books.includes(book) ? canon.verseCount(book, c + 1) : 0;
        for (let v = 1; v <= count; v++) verses.push({ osis: `${book.osis}.${c + 1}.${v}`, inBsb: v <= bsbCount });
      });
    }
    const picked = shuffle(verses, random).slice(0, TRANSLATION_VERSES);
    for (const osis of [...chapters, ...picked.map((verse) => verse.osis)]) single.push(`/api/v1/passage/${osis}?translation=${translation.id}`);
    // In parallel beside the BSB, where the BSB has the slot (not the WEB's deuterocanon or 3 John 1:15).
    for (const { osis } of picked.filter((verse) => verse.inBsb)) parallel.push(`/api/v1/passage/${osis}?translation=BSB,${translation.id}`);
  }
  return { single, parallel };
}

async function main(): Promise<void> {
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}; ` +
      `${tool}, ${connections} connections, ${slices} slices × ${sliceSeconds} s per server after ${warmup} s warm-up` +
      `${pin ? '; servers on core 0, load on core 1' : ''}; server: node ${args['node-flags']} ${args.entry} serve --workers 1, MALLOC_MMAP_THRESHOLD_=${serverEnv.MALLOC_MMAP_THRESHOLD_}` +
      `${withNginx ? '; nginx as a second baseline' : ''}`,
  );

  // The path universe, and the app in process that tells each coding's answers.
  const dataSet = await loadDataSet(distDir);
  const { paths: universe, chapters: chapterPaths, counts } = listWidePaths(dataSet);
  record('paths', `${universe.length} distinct (${counts.verses} verses, ${counts.chapters} chapters, ${counts.entities} entities, ${counts.verses} xrefs)`);
  const asked = args.workloads.split(',');
  const translated = asked.includes('translations') || asked.includes('parallel') ? listTranslationPaths(dataSet, createRandom(11)) : { single: [], parallel: [] };
  const translationPaths = [...translated.single, ...translated.parallel];
  if (translationPaths.length > 0) {
    const stored = translationPaths.filter((target) => (dataSet.responses?.find(`GET ${target}`) ?? -1) >= 0).length;
    record('translation paths', `${translated.single.length} alone and ${translated.parallel.length} beside the BSB, ${stored} of them stored answers`);
  }
  const app = createBenchApp(dataSet, true);
  const random = createRandom(9);
  const workloads: Record<string, string[]> = {
    wide: shuffle([...universe], random),
    zipf: zipf(shuffle([...universe], random), Number(args['zipf-requests']), random),
    chapters: shuffle([...chapterPaths], random),
    translations: shuffle([...translated.single], random),
    parallel: shuffle([...translated.parallel], random),
  };
  const names = args.workloads.split(',');
  for (const name of names) if (!workloads[name]) throw new Error(`unknown workload ${name}`);

  const ours = await startOurServer();
  record('resident memory of skg serve after the first answer', `${memory(ours.pid).rss.toFixed(0)} MB`);

  for (const coding of args.codings.split(',')) {
    const headers = WIDE_CLIENTS[coding];
    if (headers === undefined) throw new Error(`unknown coding ${coding} (br, gzip, identity)`);
    const answersFile = path.join(work, `answers-${coding}.bin`);
    const written = await writeAnswers(app, [...universe, ...translationPaths], headers, answersFile);
    record(
      `${coding} client (Accept-Encoding: ${headers['accept-encoding'] ?? 'none'})`,
      `answered ${written.coding} (${written.encoded} of ${written.count} encoded), ${(written.bodyBytes / written.count / 1024).toFixed(2)} KB average body as sent`,
    );
    const bare = await startBare(answersFile, universe[0]!);
    const nginx = withNginx ? await startNginx(answersFile, coding, universe[0]!) : undefined;
    const contenders = [bare, ours, ...(nginx ? [nginx] : [])];
    for (const name of names) {
      const paths = workloads[name]!;
      const readBefore = storageReadBytes(ours.pid);
      const [bareTally, ourTally, nginxTally] = await runSlices(contenders, paths, headers);
      const label = `${name} ${coding}`;
      record(`${label}: bare node:http`, describe(bareTally!, undefined));
      record(`${label}: skg serve`, describe(ourTally!, bareTally));
      if (nginxTally) record(`${label}: nginx`, describe(nginxTally, bareTally));
      const rss = memory(ours.pid);
      record(
        `${label}: skg serve memory after`,
        `${rss.rss.toFixed(0)} MB resident (peak ${rss.peak.toFixed(0)}), bare ${memory(bare.pid).rss.toFixed(0)} MB; read from storage ${((storageReadBytes(ours.pid) - readBefore) / 2 ** 20).toFixed(1)} MB`,
      );
    }
    for (const contender of [bare, nginx]) if (contender) process.kill(contender.pid, 'SIGTERM');
  }
  record('load average at the end', os.loadavg().map((n) => n.toFixed(2)).join(' '));
  figures.printTable();
}

try {
  await main();
} finally {
  // SIGINT: the server drains and exits, writing a profile when --node-flags asked for one.
  for (const child of children) child.kill('SIGINT');
  // rm -rf: the answers as files are some 300,000 entries, which fs.rmSync takes minutes to remove.
  execFileSync('rm', ['-rf', work]);
}
