// The wide benchmark: traffic spread the way real traffic is, against bare node:http answering the same
// bytes from memory in the same run (architecture.md, Budgets; issue 9).
//
//   wide      every verse and chapter of /passage, every document of /entity and /xrefs of every verse,
//             shuffled (≈90,000 distinct paths), each asked once per cycle: uniformly spread
//   zipf      the same paths ranked at random and asked with Zipf-distributed frequency (s = 1), the
//             skew of real popularity (a few hot paths, a long tail)
//   chapters  every chapter of /passage (the largest common bodies), shuffled
//   translations  every chapter and TRANSLATION_VERSES verses drawn at random of each translation beside
//             the BSB (`?translation=KJV`, `WEB`, `RV1909`), and as many of the same in parallel
//             (`?translation=BSB,KJV`), shuffled: computed on every request (no stored answers yet);
//             only when asked for (`--workloads …,translations`)
//
// For each: requests/s and p99 of the bare server, then of ours, their ratio, our server's resident
// memory after it and what it read from storage (page-cache misses). Each server first gets --warmup
// seconds of the same workload, not measured: a server in service is warm (JIT, first-use costs), and
// without it the first workload's p99 measured the warm-up. Also server start to first answer and
// resident memory at start. The server is `skg serve` as an operator starts it.
//
// Usage: flock /tmp/skg-bench.lock npx tsx tools/bench-wide.ts [--dist dist] [--duration 10] [--connections 50]
//          [--encoding br|identity] [--workloads wide,zipf,chapters] [--entry compiled-cli.js] [--warmup 2]
//          [--node-flags=--max-semi-space-size=2] [--serve-args=--no-access-log] [--server-log file]
//   --entry runs a compiled CLI with plain node (no tsx in the process: what the memory budget means);
//   --node-flags as the production command runs it (README, "Running in production").

import type { ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDataSet } from '@skg/server';
import { canonReferences, createBenchApp, createRandom } from './lib/in-process.ts';
import { createFigures } from './lib/figures.ts';
import { canPin, describeServerEnvironment, freePort, has, load, memory, startNode, storageReadBytes, waitForAnswer } from './lib/load.ts';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    encoding: { type: 'string', default: 'br' },
    workloads: { type: 'string', default: 'wide,zipf,chapters' },
    'zipf-requests': { type: 'string', default: '200000' },
    /** Seconds of the same workload, not measured, before each measured run (bare and ours alike): a server runs warm. */
    warmup: { type: 'string', default: '2' },
    /** A compiled CLI to run with plain `node` (e.g. the compiled runtime) instead of the TypeScript one through tsx. */
    entry: { type: 'string' },
    /** Node flags for the server process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under the load. */
    'node-flags': { type: 'string', default: '' },
    /** More `skg serve` options, e.g. `--no-access-log`. */
    'serve-args': { type: 'string', default: '' },
    /** A file the server's standard output goes to (its access log, and what --node-flags print, e.g. --trace-gc). */
    'server-log': { type: 'string' },
  },
});
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const headers: Record<string, string> = args.encoding === 'identity' ? {} : { 'accept-encoding': 'gzip, deflate, br' };
const distDir = path.resolve(args.dist);
const work = mkdtempSync(path.join(os.tmpdir(), 'skg-bench-wide-'));
const children: ChildProcess[] = [];
const pin = canPin();
const tool = has('wrk') ? 'wrk' : 'autocannon';
const figures = createFigures();
const record = figures.record;

function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

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

/** Verses drawn at random per translation for the `translations` workload. */
const TRANSLATION_VERSES = 3000;

/** Every chapter and TRANSLATION_VERSES random verses of each translation beside the BSB, alone and beside the BSB. */
function listTranslationPaths(dataSet: Awaited<ReturnType<typeof loadDataSet>>, random: () => number): string[] {
  const paths: string[] = [];
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
    for (const osis of [...chapters, ...picked.map((verse) => verse.osis)]) paths.push(`/api/v1/passage/${osis}?translation=${translation.id}`);
    // In parallel beside the BSB, where the BSB has the slot (not the WEB's deuterocanon or 3 John 1:15).
    for (const { osis } of picked.filter((verse) => verse.inBsb)) paths.push(`/api/v1/passage/${osis}?translation=BSB,${translation.id}`);
  }
  return paths;
}

async function main(): Promise<void> {
  const load1 = os.loadavg()[0]!.toFixed(2);
  console.log(
    `machine: ${os.cpus().length} cores, node ${process.version}, load average ${load1}; ${tool}, ${connections} connections × ${duration} s` +
      `${pin ? ', server and load pinned to separate cores' : ''}; Accept-Encoding: ${headers['accept-encoding'] ?? '(none)'}; server ${describeServerEnvironment()}`,
  );

  // The path universe and the bytes our server answers each with (taken in process from the same dist).
  const dataSet = await loadDataSet(distDir);
  const { chapters, verses } = canonReferences(dataSet.scripture.canon);
  const documents = dataSet.graph.list({ sort: 'canonical', limit: Number.MAX_SAFE_INTEGER, offset: 0 }).items.map((d) => d.path);
  const encodePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');
  const chapterPaths = chapters.map((osis) => `/api/v1/passage/${osis}`);
  const universe = [
    ...verses.map((osis) => `/api/v1/passage/${osis}`),
    ...chapterPaths,
    ...documents.map((p) => `/api/v1/entity/${encodePath(p)}`),
    ...verses.map((osis) => `/api/v1/xrefs/${osis}`),
  ];
  const translationPaths = args.workloads.split(',').includes('translations') ? listTranslationPaths(dataSet, createRandom(11)) : [];
  const app = createBenchApp(dataSet, true);
  const index: Array<[string, string | null, string, number]> = [];
  const bodies: Buffer[] = [];
  for (const route of [...universe, ...translationPaths]) {
    const response = await app.fetch(new Request(`http://localhost${route}`, { headers }));
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
    index.push([route, response.headers.get('content-encoding'), response.headers.get('etag') ?? '', body.length]);
    bodies.push(body);
  }
  const answersFile = path.join(work, 'answers.bin');
  writeFileSync(answersFile, Buffer.concat([Buffer.from(`${JSON.stringify(index)}\n`), ...bodies]));
  const stored = index.filter(([, encoding]) => encoding !== null).length;
  const totalBytes = bodies.reduce((sum, b) => sum + b.length, 0);
  if (translationPaths.length > 0) record('translation paths', `${translationPaths.length} distinct`);
  record('paths', `${universe.length} distinct (${verses.length} verses, ${chapters.length} chapters, ${documents.length} entities, ${verses.length} xrefs); ${stored} answered br; ${(totalBytes / universe.length / 1024).toFixed(1)} KB average body as sent`);
  bodies.length = 0;

  // Our server, as an operator starts it.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const cli = args.entry ? [path.resolve(args.entry)] : ['--import', 'tsx', 'packages/cli/src/main.ts'];
  const nodeFlags = args['node-flags'].split(' ').filter(Boolean);
  const server = startNode([...nodeFlags, ...cli, 'serve', '--dist', distDir, '--port', String(port), '--host', '127.0.0.1', '--trust-proxy', '--no-watch', ...args['serve-args'].split(' ').filter(Boolean)], {
    pin,
    children,
    ...(args['server-log'] ? { stdout: 'pipe' as const } : {}),
  });
  if (args['server-log']) server.stdout?.pipe(createWriteStream(args['server-log']));
  await waitForAnswer(`${base}/api/v1/passage/John.3.16`);
  const runtime = args.entry ? `node ${args.entry}` : 'node --import tsx';
  record('server start → first answer', `${(performance.now() - spawnedAt).toFixed(0)} ms (${runtime}: spawn, load, listen, answer)`);
  const startRss = memory(server.pid!).rss;
  record('resident memory after the first answer', `${startRss.toFixed(0)} MB`);

  const random = createRandom(9);
  const workloads: Record<string, string[]> = {
    wide: shuffle([...universe], random),
    zipf: zipf(shuffle([...universe], random), Number(args['zipf-requests']), random),
    chapters: shuffle([...chapterPaths], random),
    translations: shuffle([...translationPaths], random),
  };
  for (const name of args.workloads.split(',')) {
    const paths = workloads[name];
    if (!paths) throw new Error(`unknown workload ${name}`);
    const barePort = await freePort();
    const bare = startNode(['--import', 'tsx', 'tools/bare-server-paths.ts', answersFile, String(barePort)], { pin, children });
    await waitForAnswer(`http://127.0.0.1:${barePort}${paths[0]}`);
    // Both servers warm (JIT, first-use costs, the first stored-answer checks), as they are in service.
    const warm = async (url: string) => {
      if (warmup > 0) await load({ tool, url, paths, seconds: warmup, connections, pin, workDir: work, children, headers });
    };
    await warm(`http://127.0.0.1:${barePort}`);
    const bareResult = await load({ tool, url: `http://127.0.0.1:${barePort}`, paths, seconds: duration, connections, pin, workDir: work, children, headers });
    bare.kill();
    await warm(base);
    const readBefore = storageReadBytes(server.pid!);
    const ours = await load({ tool, url: base, paths, seconds: duration, connections, pin, workDir: work, children, headers });
    const readFromStorage = storageReadBytes(server.pid!) - readBefore;
    const rss = memory(server.pid!);
    const distinct = new Set(paths).size;
    record(`${name} (${distinct} distinct paths): bare node:http`, `${Math.round(bareResult.rps)} req/s, p99 ${bareResult.p99.toFixed(2)} ms`);
    record(`${name}: skg serve`, `${Math.round(ours.rps)} req/s, p99 ${ours.p99.toFixed(2)} ms, errors ${ours.errors}, non-2xx ${ours.non2xx}`);
    record(`${name}: ratio to bare`, (ours.rps / bareResult.rps).toFixed(2));
    record(`${name}: read from storage by the server (page-cache misses)`, `${(readFromStorage / 2 ** 20).toFixed(1)} MB`);
    record(`${name}: resident memory after`, `${rss.rss.toFixed(0)} MB (+${(rss.rss - startRss).toFixed(0)} MB over start; peak ${rss.peak.toFixed(0)} MB)`);
  }
  record('load average at the end', os.loadavg().map((n) => n.toFixed(2)).join(' '));

  figures.printTable();
}

try {
  await main();
} finally {
  // SIGINT: the server drains and exits, writing a profile when --node-flags asked for one.
  for (const child of children) child.kill('SIGINT');
  rmSync(work, { recursive: true, force: true });
}
