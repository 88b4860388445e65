import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createRenderNotes } from '../../packages/cli/src/commands/build.ts';
import { createProgressDisplay } from '../../packages/cli/src/progress.ts';
import { FULL_SOURCES } from '../acceptance/full-sources.ts';
import { createTempDir, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SKG = ['--import', 'tsx', 'packages/cli/src/main.ts'];
const TIMESTAMP = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';

interface Run {
  readonly child: ChildProcess;
  /** Everything written so far, standard output and error apart. */
  readonly out: () => string;
  readonly err: () => string;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
  /** Interrupts it and everything it started (as Ctrl-C would), and waits for it to exit. */
  stop(): Promise<void>;
  /** Resolves once `pattern` appears in what was written (both streams); rejects if the process exits first. */
  waitFor(pattern: RegExp): Promise<void>;
}

/** Runs `command` (argv) from the repository root, with pipes: not a terminal, as in CI. */
function run(command: readonly string[], env: NodeJS.ProcessEnv = {}): Run {
  // Its own process group, so that `stop` reaches what it started too (`script` → the CLI).
  const child = spawn(command[0] ?? '', command.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env }, detached: true });
  let out = '';
  let err = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void; reject: (error: Error) => void }> = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (waiter.pattern.test(out + err)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout?.on('data', (chunk: Buffer) => ((out += chunk.toString()), check()));
  child.stderr?.on('data', (chunk: Buffer) => ((err += chunk.toString()), check()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => {
    for (const waiter of waiters.splice(0)) waiter.reject(new Error(`exited before ${waiter.pattern}:\n${out}\n${err}`));
  });
  return {
    child,
    out: () => out,
    err: () => err,
    exited,
    async stop() {
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
      await exited;
    },
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve, reject });
        check();
      }),
  };
}

const hasFullSources = existsSync(path.join(FULL_SOURCES, 'SOURCES.md'));
const hasScript = existsSync('/usr/bin/script');

describe('the progress display', () => {
  it('writes a timestamped line as each stage starts and ends when not on a terminal', async () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const display = await createProgressDisplay('build', { stream: stream as unknown as NodeJS.WriteStream, live: false, now: () => new Date('2026-11-24T02:30:01.123Z') });
    display.listener({ type: 'start', stage: 'validate', index: 3, total: 7 });
    display.listener({ type: 'end', stage: 'validate', index: 3, total: 7, ms: 812.4, detail: '31,102 verses' });
    display.listener({ type: 'end', stage: 'write', index: 7, total: 7, ms: 1520 });
    display.stop();
    assert.equal(
      text,
      '2026-11-24T02:30:01.123Z skg build: [3/7] validate started\n' +
        '2026-11-24T02:30:01.123Z skg build: [3/7] validate done in 812 ms (31,102 verses)\n' +
        '2026-11-24T02:30:01.123Z skg build: [7/7] write done in 1.5 s\n',
    );
  });

  it('notes the render step each tenth of the answers, on a line naming the running stage', async () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const display = await createProgressDisplay('build', { stream: stream as unknown as NodeJS.WriteStream, live: false, now: () => new Date('2026-11-24T02:30:01.123Z') });
    display.listener({ type: 'start', stage: 'write', index: 7, total: 7 });
    let clock = 0;
    const notes = createRenderNotes(display, () => clock);
    for (let done = 512; done < 2000; done += 512) {
      clock += 1000;
      notes(done, 2000);
    }
    notes(2000, 2000);
    display.stop();
    assert.deepEqual(text.split('\n').filter(Boolean), [
      '2026-11-24T02:30:01.123Z skg build: [7/7] write started',
      '2026-11-24T02:30:01.123Z skg build: [7/7] write render 26 %: 512 of 2,000 answers in 1.0 s',
      '2026-11-24T02:30:01.123Z skg build: [7/7] write render 51 %: 1,024 of 2,000 answers in 2.0 s',
      '2026-11-24T02:30:01.123Z skg build: [7/7] write render 77 %: 1,536 of 2,000 answers in 3.0 s',
      '2026-11-24T02:30:01.123Z skg build: [7/7] write render 100 %: 2,000 of 2,000 answers in 3.0 s',
    ]);
  });
});

describe('skg build at work', () => {
  it('prints a timestamped line per stage as it starts and as it ends, in order, then the report', async () => {
    const dist = path.join(await createTempDir(), 'dist');
    const build = run([process.execPath, ...SKG, 'build', '--bundle', FIXTURE_BUNDLE, '--dist', dist]);
    assert.equal(await build.exited, 0, build.err());
    const stages = ['discover', 'parse', 'validate', 'link', 'index', 'shard', 'write'];
    const all = build.err().trim().split('\n');
    // The write stage notes the render step's progress as it goes, ending at 100 %.
    const notes = all.filter((line) => / write render /.test(line));
    assert.match(notes.at(-1) ?? '', new RegExp(`^${TIMESTAMP} skg build: \\[7/7\\] write render 100 %: ([\\d,]+) of \\1 answers in [\\d.]+ s$`), build.err());
    const lines = all.filter((line) => !notes.includes(line));
    const expected = stages.flatMap((stage, i) => [
      new RegExp(`^${TIMESTAMP} skg build: \\[${i + 1}/7\\] ${stage} started$`),
      new RegExp(`^${TIMESTAMP} skg build: \\[${i + 1}/7\\] ${stage} done in [\\d.]+ m?s$`),
    ]);
    assert.equal(lines.length, expected.length, build.err());
    lines.forEach((line, i) => assert.match(line, expected[i] as RegExp));
    assert.match(build.out(), /^build .* → .*\n[\s\S]*ok: 0 errors/);
  });

  it('stops at a missing bundle with one message: no later stage, no report of zero totals', async () => {
    const missing = path.join(await createTempDir(), 'no-bundle');
    const build = run([process.execPath, ...SKG, 'build', '--bundle', missing, '--dist', path.join(missing, 'dist')]);
    assert.equal(await build.exited, 1);
    assert.equal(build.out(), '', 'no report');
    const messages = build.err().split('\n').filter((line) => line.startsWith('skg:'));
    assert.deepEqual(messages, [`skg: bundle directory ${missing} does not exist: run \`skg ingest\` or pass --bundle`]);
    assert.doesNotMatch(build.err(), /parse|validate|link/, 'no later stage ran');
  });
});

describe('skg ingest at work (full sources)', { skip: hasFullSources ? false : `no upstream mirror in ${FULL_SOURCES}` }, () => {
  it('in a terminal, shows the stage it is in as a live line while it runs', { skip: hasScript ? false : 'no `script` to give it a terminal' }, async () => {
    const bundle = path.join(await createTempDir(), 'bundle');
    const inner = `stty cols 120 rows 40; exec ${[process.execPath, ...SKG, 'ingest', '--sources', FULL_SOURCES, '--bundle', bundle].map((word) => `'${word}'`).join(' ')}`;
    // `script` runs it on a pseudo-terminal (of a set size: it has no terminal to copy) and copies what it draws to our pipe.
    const ingest = run(['script', '-qfec', inner, '/dev/null'], { CI: undefined, TERM: 'xterm' });
    try {
      await ingest.waitFor(/skg ingest: \[1\/\d+\] sources…/);
      await ingest.waitFor(/✔\S* skg ingest: \[1\/\d+\] sources [\d.]+ m?s/);
      await ingest.waitFor(/skg ingest: \[2\/\d+\] \S+…/);
      assert.doesNotMatch(ingest.out(), /started|done in/, 'live, not the plain lines');
    } finally {
      await ingest.stop();
    }
  });

  it('not on a terminal, prints a timestamped line as each stage starts and ends', async () => {
    const bundle = path.join(await createTempDir(), 'bundle');
    const ingest = run([process.execPath, ...SKG, 'ingest', '--sources', FULL_SOURCES, '--bundle', bundle]);
    try {
      await ingest.waitFor(/\[2\/\d+\] \S+ started\n/);
      const lines = ingest.err().trim().split('\n');
      assert.match(lines[0] ?? '', new RegExp(`^${TIMESTAMP} skg ingest: \\[1/\\d+\\] sources started$`));
      assert.match(lines[1] ?? '', new RegExp(`^${TIMESTAMP} skg ingest: \\[1/\\d+\\] sources done in [\\d.]+ m?s \\(\\d+ pinned files\\)$`));
      assert.match(lines[2] ?? '', new RegExp(`^${TIMESTAMP} skg ingest: \\[2/\\d+\\] \\S+ started$`));
    } finally {
      await ingest.stop();
    }
  });
});
