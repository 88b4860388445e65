// `skg start`: build whatever is missing (sources → bundle → dist), then serve. What `npm start` runs.
//
// A first start serves before the stored answers are rendered (the longest step of a build): it builds
// dist/ with `skg build --no-render` (every artefact the answers are computed from), serves, and then
// renders them with `skg build --render-only` in a background child at a lower priority. That switches
// the same build's manifest to name them; the server swaps them in (the dist watcher, or a SIGHUP this
// process sends itself with --no-watch): the same data version, the same bytes and ETags, no
// `data.updated` event, only sooner. A start from a dist/ without stored answers (a first start stopped
// during the render) renders them the same way.
//
// The ingest and the build run as child processes (`skg ingest --fetch --report …`, `skg build`), their
// output shown as it comes: the process that stays to serve never loads the ingest or the compiler, nor
// holds their heaps (a first start in one process kept about 1 GB for good). In a checkout the children
// run the TypeScript source through tsx, so a fresh clone needs no compile step before its first start;
// an installed CLI runs its compiled self.

import { type ChildProcess, spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { addConfigOptions, type ConfigKey, readConfigFlags, resolveConfig, type SkgConfig } from '../config.ts';
import { SERVE_KEYS, serveDist } from './serve.ts';

const KEYS = ['sources', 'bundle', 'generatedAt', 'xrefMinVotes', 'without', ...SERVE_KEYS] as const satisfies readonly ConfigKey[];

/** Where `skg start` writes the ingest report: beside the bundle directory. */
export function getIngestReportFile(config: Pick<SkgConfig, 'bundle'>): string {
  return path.join(path.dirname(config.bundle), 'ingest-report.txt');
}

export function registerStartCommand(program: Command): void {
  const command = program
    .command('start')
    .description('build dist/ if it is missing (fetching and ingesting the sources when needed, in child processes), serve the API, then render the stored answers in the background and switch them in');
  addConfigOptions(command, KEYS).action(async (_flags: unknown, self: Command) => {
    const config = resolveConfig(readConfigFlags(self, KEYS));
    await ensureDist(config);
    // Rendered once, by the process serving alone or the cluster's primary (each worker runs `start` too).
    const render = cluster.isPrimary && !hasStoredAnswers(config.dist);
    await serveDist(config, render ? () => renderInBackground(config) : undefined);
  });
}

/** The arguments of `skg ingest` and `skg build` for what `skg start` was given. */
export function listBuildSteps(config: SkgConfig): { ingest: string[]; build: string[]; render: string[] } {
  return {
    ingest: [
      'ingest',
      '--fetch',
      '--report',
      getIngestReportFile(config),
      '--sources',
      config.sources,
      '--bundle',
      config.bundle,
      '--xref-min-votes',
      String(config.xrefMinVotes),
      ...(config.generatedAt !== undefined ? ['--generated-at', config.generatedAt] : []),
    ],
    build: ['build', '--no-render', '--bundle', config.bundle, '--dist', config.dist, ...(config.without.length > 0 ? ['--without', config.without.join(',')] : [])],
    render: ['build', '--render-only', '--dist', config.dist],
  };
}

/** True when the manifest of `dist` names stored answers (false when it is missing or unreadable). */
export function hasStoredAnswers(dist: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dist, 'manifest.json'), 'utf8')) as { artefacts?: Record<string, unknown> };
    return manifest.artefacts?.responses !== undefined;
  } catch {
    return false;
  }
}

/** The niceness of the background render: the server answering requests comes first. */
const RENDER_PRIORITY = 10;

/**
 * Renders the stored answers in a background child (`skg build --render-only`) while this process
 * serves; when it is done, the server swaps them in (the watcher sees the manifest change; with
 * --no-watch this process sends itself SIGHUP, which a cluster primary forwards to its workers). The
 * child is stopped when this process exits.
 */
export function renderInBackground(config: SkgConfig): ChildProcess {
  const args = listBuildSteps(config).render;
  const child = spawn(process.execPath, [...getCliCommand(), ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  console.log(`skg: serving while the stored answers are rendered (child process ${child.pid}); answers are computed on request until then`);
  try {
    if (child.pid !== undefined) os.setPriority(child.pid, RENDER_PRIORITY);
  } catch {
    // Not permitted here: it renders at the server's priority.
  }
  const stopChild = () => child.kill('SIGTERM');
  process.once('exit', stopChild);
  child.once('error', (error) => console.log(`skg: could not start the render (${error.message}); every answer is computed on request`));
  child.once('exit', (code, signal) => {
    process.removeListener('exit', stopChild);
    if (code !== 0) {
      console.log(`skg: the render of the stored answers stopped (${signal ?? `exit code ${code}`}); every answer is still computed on request`);
      return;
    }
    if (!config.watch) process.kill(process.pid, 'SIGHUP');
  });
  return child;
}

/**
 * Builds dist/ when it has no manifest, and the bundle first when it has no index, each in a child
 * process; without the stored answers, which are rendered once serving (renderInBackground).
 */
async function ensureDist(config: SkgConfig): Promise<void> {
  if (existsSync(path.join(config.dist, 'manifest.json'))) return;
  const steps = listBuildSteps(config);
  if (!existsSync(path.join(config.bundle, 'index.md'))) {
    await runCli(steps.ingest, `ingesting ${config.sources} → ${config.bundle}`);
  }
  await runCli(steps.build, `building ${config.bundle} → ${config.dist}`);
}

/**
 * How to run the CLI in a child: from the TypeScript source through tsx when this is a checkout with
 * tsx installed (whether this process runs the source or the bundle), else as this process was run.
 */
export function getCliCommand(): string[] {
  const script = process.argv[1]!;
  if (script.endsWith('.ts')) return [...process.execArgv, script];
  const source = path.resolve(path.dirname(script), '../src/main.ts');
  if (existsSync(source)) {
    try {
      return ['--import', import.meta.resolve('tsx'), source];
    } catch {
      // No tsx (an installed runtime): the compiled CLI.
    }
  }
  return [...process.execArgv, script];
}

/** Runs `skg <args>` in a child process sharing this one's terminal, saying what it does; rejects when it fails. */
function runCli(args: readonly string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...getCliCommand(), ...args], { stdio: 'inherit' });
    console.log(`skg: ${what} (child process ${child.pid})`);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`\`skg ${args[0]}\` failed (${signal ?? `exit code ${code}`}); its messages are above`));
    });
  });
}
