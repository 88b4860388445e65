// `skg mcp`: the assistant tools over MCP's stdio transport, for an assistant that starts the server as
// a local process (Claude Desktop, an IDE). The same tools as POST /api/v1/mcp, answered the same way:
// each call is the GET it stands for, sent to an app over the given dist/ in process (its rate limit
// applies, all calls counting as one local client). The data is switched to each new build of dist/
// as `skg serve` does.
//
// stdout carries the protocol and nothing else: every log line goes to `log` (stderr by default). The
// server stops when stdin ends (the assistant closed it) or on `close()`.

import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createApp, DEFAULT_RATE_LIMIT } from '../app.ts';
import { loadDataSet as loadDist } from '../artefacts/index.ts';
import { createServiceEvents } from '../events.ts';
import { createDataHolder } from '../hot-swap/data-holder.ts';
import { type DistWatcher, watchDist } from '../hot-swap/dist-watcher.ts';
import type { LoadDataSet } from '../hot-swap/verify-build.ts';
import { ROUTES } from '../routes/index.ts';
import { loadToServe } from '../serve.ts';
import { createStatusMonitor } from '../status/monitor.ts';
import { createWebhooks } from '../webhooks/service.ts';
import { getAssistantTools } from './http.ts';
import { createMcpServer } from './server.ts';

export interface McpStdioOptions {
  /** The artefact directory `skg build` wrote. */
  readonly distDir: string;
  /** Switch to each new build of `distDir` (default true). */
  readonly watch?: boolean;
  /** Start-up and swap lines; default stderr (stdout is the protocol's). */
  readonly log?: (line: string) => void;
  /** Loads `distDir`; default the artefact loader. */
  readonly loadDataSet?: LoadDataSet;
  /** Default `process.stdin` / `process.stdout`. */
  readonly stdin?: Readable;
  readonly stdout?: Writable;
}

export interface RunningMcpStdio {
  /** Settles once the server has stopped (stdin ended, or `close()`). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveMcpOverStdio(options: McpStdioOptions): Promise<RunningMcpStdio> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const stdin = options.stdin ?? process.stdin;
  const load = options.loadDataSet ?? loadDist;
  const initial = await loadToServe(options.distDir, load);
  const events = createServiceEvents((message, error) => log(`${message}: ${String(error)}`));
  const holder = createDataHolder({ distDir: options.distDir, initial, loadDataSet: load, events, log });
  const statusMonitor = createStatusMonitor({ getDataSet: holder.get, events });
  statusMonitor.start();
  // Nothing is registered here (webhooks are not tools); the app needs its service all the same.
  const webhooks = createWebhooks({ logError: (message, error) => log(`${message}: ${String(error)}`) });
  const app = createApp({
    getDataSet: holder.get,
    trustProxy: false,
    statusMonitor,
    events,
    webhooks,
    logError: (message, error) => log(`${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
  const tools = getAssistantTools(ROUTES, DEFAULT_RATE_LIMIT);
  const server = createMcpServer({
    tools,
    dispatch: async (target) => app.fetch(new Request(`http://localhost${target}`)),
  });
  let watcher: DistWatcher | undefined;
  if (options.watch ?? true) watcher = watchDist(options.distDir, () => void holder.reload('watch'), { log });

  let closing: Promise<void> | undefined;
  let settle: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stdin.off('end', onEnd);
      watcher?.close();
      statusMonitor.stop();
      await server.close();
      await webhooks.close();
      settle();
    })();
    return closing;
  };
  const onEnd = () => void close();
  stdin.once('end', onEnd);

  await server.connect(new StdioServerTransport(stdin, options.stdout ?? process.stdout));
  log(`skg: MCP server on stdio for ${options.distDir} (data ${initial.manifest.dataVersion}): ${tools.length} tools`);
  return { closed, close };
}
