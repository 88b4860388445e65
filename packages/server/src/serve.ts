// `skg serve`: load dist/, then answer the API over HTTP with listhen through the Node listener.

import { listen } from 'listhen';
import { loadDataSet as loadDist } from './artefacts/index.ts';
import type { DataSet } from './artefacts/types.ts';
import { createApp } from './app.ts';
import { createNodeListener } from './node-listener.ts';
import { createStatusMonitor } from './status/monitor.ts';

export interface ServeOptions {
  /** The artefact directory `skg build` wrote. */
  readonly distDir: string;
  /** 0 picks a free port. A taken port is an error, never silently another port. */
  readonly port: number;
  readonly host: string;
  /** Rate-limit by the last X-Forwarded-For entry (only behind a trusted reverse proxy). */
  readonly trustProxy: boolean;
  /** Where the start-up line goes; default `console.log`. */
  readonly log?: (line: string) => void;
  /** Loads `distDir`; default the artefact loader. Tests inject a set they built. */
  readonly loadDataSet?: LoadDataSet;
}

export interface RunningServer {
  /** Base URL of the API, e.g. `http://127.0.0.1:3000/api/v1`. */
  readonly url: string;
  readonly dataSet: DataSet;
  /** Stops accepting connections, finishes open ones and stops the status sampler. */
  close(): Promise<void>;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

export type LoadDataSet = (distDir: string) => Promise<DataSet>;

/** Loads the data set, then listens. A missing or unusable dist/ fails with what to run. */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  let dataSet: DataSet;
  try {
    dataSet = await (options.loadDataSet ?? loadDist)(options.distDir);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const prefix = reason.startsWith('cannot serve') ? '' : `cannot serve ${options.distDir}: `;
    const hint = reason.includes('skg build')
      ? ''
      : `\nBuild the artefacts first: \`skg build --dist ${options.distDir}\` (or \`skg start\`, which builds whatever is missing).`;
    throw new Error(`${prefix}${reason}${hint}`);
  }

  const getDataSet = () => dataSet;
  const statusMonitor = createStatusMonitor({ getDataSet });
  statusMonitor.start();
  const app = createApp({ getDataSet, trustProxy: options.trustProxy, statusMonitor });

  let listener;
  try {
    listener = await listen(createNodeListener(app), {
      // With isProd, listhen never moves to another port when this one is taken.
      port: { port: options.port, random: options.port === 0 },
      hostname: options.host,
      public: !LOCAL_HOSTS.has(options.host),
      showURL: false,
      open: false,
      clipboard: false,
      qr: false,
      tunnel: false,
      autoClose: false,
      isProd: true,
    });
  } catch (error) {
    statusMonitor.stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot listen on ${options.host}:${options.port}: ${reason}\nChoose another --port / PORT, or 0 for any free port.`);
  }

  const url = `${listener.url.replace(/\/$/, '')}/api/v1`;
  log(`skg: serving ${options.distDir} (data ${dataSet.manifest.dataVersion}) at ${url}`);
  return {
    url,
    dataSet,
    async close() {
      statusMonitor.stop();
      await listener.close();
    },
  };
}
