// `skg serve`: answer the API from a built dist/ directory.

import type { Command } from 'commander';
import { serve } from '@skg/server';
import { resolveConfig } from '../config.ts';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('serve the read API (/api/v1) from a built artefact directory')
    .option('--dist <dir>', 'artefact directory [env SKG_DIST, default dist]')
    .option('--port <n>', 'HTTP port, 0 for any free port [env PORT, default 3000]')
    .option('--host <addr>', 'address to listen on [env HOST, default 0.0.0.0]')
    .option('--trust-proxy', 'rate-limit by X-Forwarded-For, only behind a trusted reverse proxy [env SKG_TRUST_PROXY, default false]')
    .action(async (flags: { dist?: string; port?: string; host?: string; trustProxy?: boolean }) => {
      const config = resolveConfig(flags);
      const server = await serve({ distDir: config.dist, port: config.port, host: config.host, trustProxy: config.trustProxy });
      const stop = (signal: NodeJS.Signals) => {
        console.log(`skg: ${signal}, closing`);
        server.close().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(`skg: close failed: ${error instanceof Error ? error.message : String(error)}`);
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
