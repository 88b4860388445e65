// `skg mcp`: the assistant tools (MCP) on stdin/stdout for a local assistant, from a built dist/.
//
// An assistant starts this command itself, often in a working directory of its own choosing (Claude
// Desktop, VS Code): without `--dist` or SKG_DIST, the `dist/` of the working directory is served when it
// is built, else the `dist/` of the checkout this CLI runs from (found beside the CLI's own files, so
// `node /path/to/scripture-graph/packages/cli/bin/skg.mjs mcp` and an `npm link`ed `skg mcp` need no cwd).

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { resolveConfig } from '../config.ts';

/** The checkout this CLI runs from: the nearest directory above its own files holding packages/cli/bin/skg.mjs. */
export function findCheckout(from: string = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'packages/cli/bin/skg.mjs'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

const isBuilt = (dir: string) => existsSync(path.join(dir, 'manifest.json'));

/**
 * The dist/ to serve when neither `--dist` nor SKG_DIST names one: the working directory's when built,
 * else the checkout's when built; otherwise an error saying to pass `--dist`.
 */
export function findDefaultDist(cwd: string, checkout: string | undefined): string {
  const candidates = [path.resolve(cwd, 'dist'), ...(checkout ? [path.join(checkout, 'dist')] : [])];
  const built = candidates.find(isBuilt);
  if (built) return built;
  throw new Error(
    `no built dist/ in ${candidates.join(' nor in ')}: pass --dist <absolute path of a built dist/> (an assistant starts ` +
      '`skg mcp` in a working directory of its own), or run `skg build` in the checkout first',
  );
}

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description(
      'serve the assistant tools (Model Context Protocol) on stdin/stdout from a built artefact directory, for a local assistant; ' +
        "without --dist or SKG_DIST: ./dist when built, else the dist/ of this CLI's checkout",
    )
    .option('--dist <dir>', "artefact directory [env SKG_DIST, default ./dist when built, else the checkout's dist/]")
    .option('--no-watch', 'do not watch dist/ for new builds [env SKG_WATCH, default true]')
    .action(async (flags: { dist?: string }, command: Command) => {
      const named = flags.dist !== undefined || Boolean(process.env.SKG_DIST);
      const dist = named ? flags.dist : findDefaultDist(process.cwd(), findCheckout());
      // Commander defaults a --no-* flag to true: only an explicit --no-watch may override SKG_WATCH.
      const config = resolveConfig({ dist, watch: command.getOptionValueSource('watch') === 'cli' ? false : undefined });
      // Loaded here, so that other commands do not pay for the server package.
      const { serveMcpOverStdio } = await import('@skg/server');
      const running = await serveMcpOverStdio({ distDir: config.dist, watch: config.watch });
      const stop = () => void running.close();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      await running.closed;
    });
}
