// `skg mcp`: the assistant tools (MCP) on stdio for a local assistant, from a built dist/.

import type { Command } from 'commander';
import { resolveConfig } from '../config.ts';

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('serve the assistant tools (Model Context Protocol) on stdin/stdout from a built artefact directory, for a local assistant')
    .option('--dist <dir>', 'artefact directory [env SKG_DIST, default dist]')
    .option('--no-watch', 'do not watch dist/ for new builds [env SKG_WATCH, default true]')
    .action(async (flags: { dist?: string }, command: Command) => {
      // Commander defaults a --no-* flag to true: only an explicit --no-watch may override SKG_WATCH.
      const config = resolveConfig({ dist: flags.dist, watch: command.getOptionValueSource('watch') === 'cli' ? false : undefined });
      // Loaded here, so that other commands do not pay for the server package.
      const { serveMcpOverStdio } = await import('@skg/server');
      const running = await serveMcpOverStdio({ distDir: config.dist, watch: config.watch });
      const stop = () => void running.close();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      await running.closed;
    });
}
