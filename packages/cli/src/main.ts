// The `skg` command: thin wrappers that map flags to each package's options and call it.

import { Command } from 'commander';
import { registerFetchCommand } from './commands/fetch.ts';
import { registerIngestCommand } from './commands/ingest.ts';
import { registerBuildCommand } from './commands/build.ts';
import { registerInspectCommand } from './commands/inspect.ts';
import { registerVerifyCommand } from './commands/verify.ts';
import { registerMcpCommand } from './commands/mcp.ts';
import { registerServeCommand } from './commands/serve.ts';
import { registerStartCommand } from './commands/start.ts';

const program = new Command('skg')
  .description('Scripture Graph: build and serve the open Bible knowledge-graph API')
  .version('0.1.0')
  .showHelpAfterError()
  .addHelpText(
    'after',
    '\nPipeline: skg fetch → skg ingest → skg build → skg serve  (skg start runs what is missing, then serves)\n' +
      'Every option also has an environment variable; see README.md, "Configuration".',
  );

registerFetchCommand(program);
registerIngestCommand(program);
registerBuildCommand(program);
registerInspectCommand(program);
registerVerifyCommand(program);
registerServeCommand(program);
registerStartCommand(program);
registerMcpCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // Commands throw plain Errors whose message says what to do; no stack for the user. The process exits
  // at once: a failed start may leave handles open (a cluster worker's channel, a store's connection),
  // and a cluster says one message for all its workers (cluster/primary.ts).
  const { reportStartFailure } = await import('@skg/server/cluster');
  await reportStartFailure(`skg: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
