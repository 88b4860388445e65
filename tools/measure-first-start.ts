// The first start, as a newcomer makes it (issue 22, "It is done when"): clones this checkout's HEAD
// (commit first: what is not committed is not measured) into a temporary directory beside ../shared,
// runs `npm ci`, then times `npm start` to the first 200 from /api/v1/passage/John.3.16 (polled every
// 0.2 s). Prints the stages as `npm start` announced them, the CPU seconds the whole process tree spent
// to the first answer (independent of what else the machine runs, unlike the wall time), the load
// average, and the resident memory of every process of the tree 10 s after the first answer and again
// once the background render's stored answers were swapped in (2 s and 12 s after). Asserts nothing (target: the first answer
// within 60 s, each serving process ≤ 150 MB; README, first screen).
//
// Usage: node --import tsx tools/measure-first-start.ts [--port 3917] [--keep] [--args "--workers 1"]
//   --keep leaves the clone (its path is printed); --args are added to `npm start -- …`.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3917' },
    keep: { type: 'boolean', default: false },
    args: { type: 'string', default: '' },
    /** Give up after this many seconds without a first answer. */
    timeout: { type: 'string', default: '600' },
  },
});

const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const shared = path.resolve(repo, '../shared');
if (!existsSync(path.join(shared, 'upstream'))) throw new Error(`${shared}/upstream is missing: the clone needs the sources beside it`);
const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repo, encoding: 'utf8' }).trim();
const clone = path.join(path.dirname(shared), `measure-first-start-${process.pid}`);
const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Every live process whose parent chain reaches `root`, with `root` itself. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

/**
 * CPU seconds of the tree: each live process's own time and that of its children it has waited for
 * (the ingest and the build, once exited, are counted in `skg start`'s cutime), so nothing twice.
 */
function treeCpuSeconds(root: number): number {
  let total = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime: fields 14–17 of stat(5), 11–14 after the name.
      total += fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return total / ticks;
}

/** The resident memory of each node process of the tree, with what it runs. */
function residentMemory(root: number): string[] {
  const lines: string[] = [];
  for (const pid of processTree(root)) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (!command[0]?.endsWith('node')) continue;
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      const worker = /(?:^|\0)SKG_WORKER_INDEX=(\d+)/.exec(environ)?.[1];
      const what = command.some((part) => part.includes('npm'))
        ? 'npm'
        : command.includes('--render-only')
        ? 'background render'
        : worker !== undefined
          ? `worker ${worker}`
          : command.includes('start')
            ? 'skg start (serving or primary)'
            : command.slice(1).join(' ').slice(0, 60);
      lines.push(`  pid ${String(pid).padStart(7)}  ${rss.toFixed(0).padStart(5)} MB  ${what}`);
    } catch {
      // Gone meanwhile.
    }
  }
  return lines;
}

async function main(): Promise<void> {
  console.log(`measure-first-start: HEAD ${head}${dirty ? ' (uncommitted changes are NOT measured)' : ''}; clone ${clone}`);
  console.log(`machine: ${os.availableParallelism()} cores, load average ${load()}`);
  rmSync(clone, { recursive: true, force: true });
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repo, clone], { stdio: 'inherit' });
  let started = performance.now();
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: clone, stdio: 'inherit' });
  console.log(`npm ci: ${seconds(performance.now() - started)}`);

  const extra = args.args.split(' ').filter(Boolean);
  const url = `http://127.0.0.1:${args.port}/api/v1/passage/John.3.16`;
  const loadAtStart = load();
  started = performance.now();
  const child = spawn('npm', ['start', '--', '--port', args.port, '--host', '127.0.0.1', ...extra], {
    cwd: clone,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1' },
  });
  const root = child.pid!;
  const events: Array<{ at: number; line: string }> = [];
  let buffered = '';
  const take = (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (/^(skg|\S+ skg (ingest|build))/.test(line) || /skg\[worker/.test(line)) events.push({ at: performance.now() - started, line });
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const stop = () => {
    try {
      process.kill(-root, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', stop);

  let firstAnswer: number | undefined;
  let cpu = 0;
  while (firstAnswer === undefined) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${events.map((e) => e.line).join('\n')}\n${buffered}`);
    if (performance.now() - started > Number(args.timeout) * 1000) throw new Error('no answer in time');
    const status = await fetch(url).then(
      (response) => response.arrayBuffer().then(() => response.status),
      () => 0,
    );
    if (status === 200) {
      firstAnswer = performance.now() - started;
      cpu = treeCpuSeconds(root);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const loadAtAnswer = load();
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const memoryAfter10s = residentMemory(root);

  const swapped = () => events.some((e) => /with its stored answers/.test(e.line)) || events.some((e) => /render of the stored answers stopped/.test(e.line));
  while (!swapped() && performance.now() - started < Number(args.timeout) * 1000) await new Promise((resolve) => setTimeout(resolve, 200));
  // Every worker switches within the debounce of the first.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const swapAt = events.find((e) => /with its stored answers/.test(e.line))?.at;
  const memoryAfterSwap = residentMemory(root);
  const cpuAfterSwap = treeCpuSeconds(root);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const memoryLater = residentMemory(root);

  console.log('\nwhat npm start said, with the seconds since it was started:');
  for (const { at, line } of events) if (!/^\S+ skg (ingest|build): .* started$/.test(line)) console.log(`  ${(at / 1000).toFixed(1).padStart(6)}  ${line.slice(0, 160)}`);
  console.log(`\nfirst 200 from ${url}: ${seconds(firstAnswer)} after \`npm start\` (target ≤ 60 s)`);
  console.log(`CPU to the first answer (the whole process tree): ${cpu.toFixed(1)} s`);
  console.log(`load average (1, 5, 15 min): ${loadAtStart} at npm start, ${loadAtAnswer} at the first answer`);
  console.log(`resident memory 10 s after the first answer (target ≤ 150 MB per serving process):\n${memoryAfter10s.join('\n')}`);
  console.log(
    `stored answers swapped in: ${swapAt === undefined ? 'not seen' : `${seconds(swapAt)} after npm start`}; CPU of the tree by then ${cpuAfterSwap.toFixed(1)} s; resident memory 2 s later:\n${memoryAfterSwap.join('\n')}`,
  );
  console.log(`resident memory 12 s after the swap:\n${memoryLater.join('\n')}`);
  stop();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  if (args.keep) console.log(`kept ${clone}`);
  else rmSync(clone, { recursive: true, force: true });
}

await main();
