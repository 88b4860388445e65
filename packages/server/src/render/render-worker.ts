// A render worker thread (render-pool.ts): loads the build it is given, plans the answers as the
// writing thread did, and renders each range of record numbers it is asked for.

import { parentPort, workerData } from 'node:worker_threads';
import { loadDataSet } from '../artefacts/dataset.ts';
import { planResponses } from './plan.ts';
import { renderChunk } from './render-chunk.ts';
import type { RenderReply, RenderRequest, RenderWorkerData } from './render-pool.ts';

const { distDir, manifest } = workerData as RenderWorkerData;
const port = parentPort!;
const dataSet = await loadDataSet(distDir, { manifest });
const { planned } = planResponses(dataSet);

port.on('message', ({ id, start, end }: RenderRequest) => {
  renderChunk(dataSet, planned, start, end).then(
    (bodies) => port.postMessage({ id, bodies } satisfies RenderReply),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderReply),
  );
});
