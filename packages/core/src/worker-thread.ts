// Starts a worker thread on a module beside the caller: the module's .js in a compiled lib/ or bundle,
// its .ts when the caller runs from source through tsx, which a worker thread does not inherit from
// `--import tsx` on Node 20: a bootstrap registers tsx in the thread first. Used by the build's render
// pool (@skg/server) and the ingest's collection threads (@skg/ingest).

import { Worker } from 'node:worker_threads';

/** A worker thread running `<name>.ts|.js` from the directory of `callerUrl` (the caller's import.meta.url). */
export function startSiblingWorker(callerUrl: string, name: string, workerData: unknown): Worker {
  const fromSource = callerUrl.endsWith('.ts');
  const url = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl);
  if (!fromSource) return new Worker(url, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}
