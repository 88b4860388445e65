// How soon `skg ingest` shows what it is doing on a terminal: the time from spawning it to its first
// visible text (escape sequences aside), run in a pseudo-terminal through util-linux `script`, so the
// CLI sees a TTY and draws its live progress. The same through tsx for comparison. Stops each run
// once the first stage has shown. Asserts nothing (target: within 1 s, README "Benchmarks").
//
// Usage: npm run build && npx tsx tools/bench-cli-progress.ts [--sources ../shared/upstream] [--runs 5]

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    sources: { type: 'string', default: '../shared/upstream' },
    runs: { type: 'string', default: '5' },
  },
});
const ESCAPES = /\x1b\[[0-9;?]*[A-Za-z]/g;

if (spawnSync('script', ['--version']).status !== 0) throw new Error('util-linux `script` is needed to give the CLI a terminal');

/** Milliseconds to the first visible text of `command` on a terminal, and that text. */
function timeToFirstText(command: string, bundle: string): Promise<{ ms: number; text: string }> {
  const started = performance.now();
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    env: { ...process.env, SKG_SOURCES: path.resolve(args.sources) },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const visible = output.replace(ESCAPES, '').trim();
      if (visible.length > 0) {
        resolve({ ms: performance.now() - started, text: visible.split('\n')[0]!.slice(0, 80) });
        // The CLI runs in the terminal's own session: found by its --bundle, unique to the run.
        spawnSync('pkill', ['-KILL', '-f', bundle]);
        child.kill('SIGKILL');
      }
    });
    child.once('exit', () => reject(new Error(`no output from: ${command}`)));
  });
}

async function measure(name: string, cli: string): Promise<void> {
  const times: number[] = [];
  let text = '';
  for (let i = 0; i < Number(args.runs); i += 1) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skg-progress-'));
    const bundle = path.join(dir, 'bundle');
    try {
      const result = await timeToFirstText(`${cli} ingest --bundle ${bundle}`, bundle);
      times.push(result.ms);
      text = result.text;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`${name}: first text after ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms median (runs: ${times.map((t) => t.toFixed(0)).join(', ')}): "${text}"`);
}

console.log(`machine: ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
await measure('skg ingest on a terminal, plain node on the compiled CLI', 'node packages/cli/bin/skg.mjs');
await measure('skg ingest on a terminal, tsx on the source', 'node --import tsx packages/cli/src/main.ts');
