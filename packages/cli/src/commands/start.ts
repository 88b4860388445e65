// `skg start`: build whatever is missing (sources → bundle → dist), then serve. What `npm start` runs.
//
// The ingest and the build run as child processes (`skg ingest --fetch --report …`, `skg build`), their
// output shown as it comes: the process that stays to serve never loads the ingest or the compiler, nor
// holds their heaps (a first start in one process kept about 1 GB for good). In a checkout the children
// run the TypeScript source through tsx, so a fresh clone needs no compile step before its first start;
// an installed CLI runs its compiled self.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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
    .description('build dist/ if it is missing (fetching and ingesting the sources when needed, in child processes), then serve the API');
  addConfigOptions(command, KEYS).action(async (_flags: unknown, self: Command) => {
    const config = resolveConfig(readConfigFlags(self, KEYS));
    await ensureDist(config);
    await serveDist(config);
  });
}

/** The arguments of `skg ingest` and `skg build` for what `skg start` was given. */
export function listBuildSteps(config: SkgConfig): { ingest: string[]; build: string[] } {
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
    build: ['build', '--bundle', config.bundle, '--dist', config.dist, ...(config.without.length > 0 ? ['--without', config.without.join(',')] : [])],
  };
}

/** Builds dist/ when it has no manifest, and the bundle first when it has no index, each in a child process. */
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
function getCliCommand(): string[] {
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
