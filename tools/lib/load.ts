// What the load benchmarks share (bench.ts, bench-hot-swap.ts): free ports, child processes pinned
// to a core, waiting for an answer, resident memory from /proc, and the load generator (wrk when on
// PATH, else autocannon), every request from its own documentation-range client address so that the
// abuse limit is not the bottleneck.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

// A TCP port nothing listens on now: the one the tests use.
export { freePort } from '../../test/helpers/cli-server.ts';

/** True when `tool` is on PATH. */
export function has(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** With taskset, servers run on core 0 and the load generator on core 1, so neither starves the other. */
export function canPin(): boolean {
  return os.cpus().length > 1 && has('taskset');
}

export interface StartOptions {
  /** Run on core 0 (see `canPin`). */
  readonly pin: boolean;
  /** Where the child is recorded, to be killed at the end. */
  readonly children: ChildProcess[];
  /** Added to this process's environment. */
  readonly env?: NodeJS.ProcessEnv;
  /** The child's standard output: ignored (default) or piped to read its log. */
  readonly stdout?: 'ignore' | 'pipe';
}

/** Starts `node <command>` (pinned to core 0 when asked); its standard error goes to ours. */
export function startNode(command: readonly string[], options: StartOptions): ChildProcess {
  const [file, argv] = options.pin ? ['taskset', ['-c', '0', process.execPath, ...command]] : [process.execPath, [...command]];
  const child = spawn(file, argv, { stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'], env: { ...process.env, ...options.env } });
  options.children.push(child);
  return child;
}

/** Polls `url` until it answers 2xx; returns the milliseconds that took. */
export async function waitForAnswer(url: string, timeoutMs = 30_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) {
        await response.arrayBuffer();
        return performance.now() - started;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Waits until process `pid` has been quiet (under 10% of a core) for 0.5 s, or `timeoutMs` passed: a
 * server that has just started still works in the background (`skg serve` verifies its 1.7 GB response
 * artefact after start, answering by computing until then), and a benchmark measures it once that is
 * done. Linux /proc; resolves at once elsewhere.
 */
export async function waitForQuiet(pid: number, timeoutMs = 60_000): Promise<void> {
  const started = performance.now();
  const busy = (): number => {
    try {
      const { user, system } = cpuTime(pid);
      return user + system;
    } catch {
      return Number.NaN;
    }
  };
  let last = busy();
  if (Number.isNaN(last)) return;
  while (performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = busy();
    if (now - last < 50_000) return;
    last = now;
  }
}

/** A process's resident memory now and at its peak, in MiB (Linux /proc). */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/**
 * Where a process's resident memory is (Linux /proc/<pid>/smaps), in MB: the executable's own pages, the
 * malloc arena grown by brk (`[heap]`), anonymous mappings (V8's heap pages, large malloc blocks such as
 * artefact heads), and everything else (shared libraries, mapped files); empty elsewhere.
 */
export function residentBreakdown(pid: number): Record<'executable' | 'brk heap' | 'anonymous' | 'other', number> | undefined {
  let smaps: string;
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return undefined;
  }
  const executable = readlinkSafe(`/proc/${pid}/exe`);
  const totals = { executable: 0, 'brk heap': 0, anonymous: 0, other: 0 };
  let kind: keyof typeof totals = 'other';
  for (const line of smaps.split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[1]!;
      kind = name === '' ? 'anonymous' : name === '[heap]' ? 'brk heap' : name === executable ? 'executable' : 'other';
    } else if (line.startsWith('Rss:')) {
      totals[kind] += Number(line.split(/\s+/)[1]) / 1024;
    }
  }
  return totals;
}

function readlinkSafe(link: string): string | undefined {
  try {
    return readlinkSync(link);
  } catch {
    return undefined;
  }
}

/**
 * The production environment a benchmark's server inherits (it gets this process's environment):
 * `MALLOC_MMAP_THRESHOLD_`, which the Dockerfile and the systemd unit set (README, "Running in production").
 */
export function describeServerEnvironment(): string {
  const threshold = process.env.MALLOC_MMAP_THRESHOLD_;
  return threshold === undefined ? 'MALLOC_MMAP_THRESHOLD_ not set (production sets 131072)' : `MALLOC_MMAP_THRESHOLD_=${threshold}`;
}

/**
 * CPU time a process has used so far, user and system, in microseconds (Linux /proc/<pid>/stat, in
 * clock ticks of 10 ms): the difference over a run, divided by its requests, is the CPU per request.
 */
export function cpuTime(pid: number): { user: number; system: number; minorFaults: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, in parentheses): state is field 3, minflt 10, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * TICK_MICROSECONDS, system: Number(fields[12]) * TICK_MICROSECONDS, minorFaults: Number(fields[7]) };
}

/** Read and write system calls the process has made so far (Linux /proc/<pid>/io `syscr`, `syscw`); NaN elsewhere. */
export function systemCalls(pid: number): { reads: number; writes: number } {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    return { reads: Number(/^syscr: (\d+)/m.exec(io)?.[1]), writes: Number(/^syscw: (\d+)/m.exec(io)?.[1]) };
  } catch {
    return { reads: Number.NaN, writes: Number.NaN };
  }
}

/** `getconf CLK_TCK` is 100 on every Linux we run on. */
const TICK_MICROSECONDS = 10_000;

/** Bytes the process has caused to be read from storage (Linux /proc/<pid>/io `read_bytes`: page-cache misses, not cached reads); NaN elsewhere. */
export function storageReadBytes(pid: number): number {
  try {
    return Number(/^read_bytes:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

export interface LoadResult {
  readonly requests: number;
  readonly rps: number;
  /** Milliseconds. */
  readonly p99: number;
  /** Socket errors and timeouts. */
  readonly errors: number;
  readonly non2xx: number;
}

export interface LoadOptions {
  readonly tool: 'wrk' | 'autocannon';
  /** The server's origin, `http://127.0.0.1:3000`. */
  readonly url: string;
  /** The request paths, taken in turn. */
  readonly paths: readonly string[];
  readonly seconds: number;
  readonly connections: number;
  /** Run wrk on core 1 (see `canPin`). */
  readonly pin: boolean;
  /** A directory for wrk's Lua script. */
  readonly workDir: string;
  /** wrk's request timeout in seconds (wrk's default: 2). */
  readonly timeoutSeconds?: number;
  /** Where the wrk process is recorded, to be killed at the end. */
  readonly children?: ChildProcess[];
  /** Request headers besides the client address (e.g. `accept-encoding`), lower-case names. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Where in `paths` the first request starts (wrk only), so successive short runs go on through the list. */
  readonly start?: number;
}

/** Puts `paths` under load for `seconds`. */
export function load(options: LoadOptions): Promise<LoadResult> {
  return options.tool === 'wrk' ? loadWithWrk(options) : loadWithAutocannon(options);
}

/** wrk with a Lua script giving every request its own client address (see `asManyClients`). */
function loadWithWrk(options: LoadOptions): Promise<LoadResult> {
  const script = path.join(options.workDir, 'load.lua');
  writeFileSync(
    script,
    `local paths = {${options.paths.map((p) => JSON.stringify(p)).join(', ')}}\n` +
      `local n = ${options.start ?? 0}\nrequest = function()\n  n = n + 1\n` +
      '  local address = string.format("198.51.%d.%d", math.floor(n / 256) % 256, n % 256)\n' +
      `  return wrk.format("GET", paths[(n % #paths) + 1], {["X-Forwarded-For"] = address${Object.entries(options.headers ?? {})
        .map(([name, value]) => `, [${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
        .join('')}})\nend\n` +
      'done = function(summary, latency, requests)\n' +
      '  io.write(string.format("JSON{\\"requests\\":%d,\\"rps\\":%f,\\"p99\\":%f,\\"errors\\":%d,\\"non2xx\\":%d}\\n", summary.requests, summary.requests / (summary.duration / 1e6), latency:percentile(99) / 1000, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, summary.errors.status))\nend\n',
  );
  const timeout = options.timeoutSeconds === undefined ? [] : ['--timeout', `${options.timeoutSeconds}s`];
  const command = ['wrk', '-t1', `-c${options.connections}`, `-d${options.seconds}s`, ...timeout, '-s', script, options.url];
  const [file, argv] = options.pin ? ['taskset', ['-c', '1', ...command]] : ['wrk', command.slice(1)];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    options.children?.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', () => {
      const json = /JSON(\{.*\})/.exec(output)?.[1];
      if (!json) return reject(new Error(`wrk printed no summary:\n${output}`));
      resolve(JSON.parse(json) as LoadResult);
    });
  });
}

async function loadWithAutocannon(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: options.paths.map((p) => ({ method: 'GET', path: p, headers: { ...options.headers }, setupRequest: asManyClients })) as never,
  });
  return { requests: result.requests.total, rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/** Each request from its own documentation-range address (198.51.x.y), so the abuse limit is not the bottleneck. */
let clientCounter = 0;
function asManyClients(request: { headers?: Record<string, string> }) {
  clientCounter += 1;
  const address = `198.51.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
  return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
}
