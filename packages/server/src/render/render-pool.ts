// Renders chunks of planned answers on every core: one worker thread per core, each loading the build
// itself (render-worker.ts) and rendering the ranges it is handed. The thread writing the file asks for
// chunks in record order and takes their bodies in that order, so the file is the same bytes whatever
// the number of threads (test/endpoints/stored-responses.test.ts compares 1 and 3). With one thread the
// chunks are rendered in the writing thread itself, on the data set it already loaded.

import { Worker } from 'node:worker_threads';
import { type Manifest, startSiblingWorker } from '@skg/core';
import type { DataSet } from '../artefacts/types.ts';
import type { PlannedResponse } from './plan.ts';
import { renderChunk, type RenderedBody } from './render-chunk.ts';

export interface ChunkRenderer {
  /** Worker threads rendering; 1 when the writing thread renders. */
  readonly threads: number;
  /** Renders planned[start, end), in order. */
  render(start: number, end: number): Promise<RenderedBody[]>;
  close(): Promise<void>;
}

/** What a render worker is started with: the build to load, as the writing thread loaded it. */
export interface RenderWorkerData {
  readonly distDir: string;
  readonly manifest: Manifest;
}

/** A request to a worker, and its answer. */
export interface RenderRequest {
  readonly id: number;
  readonly start: number;
  readonly end: number;
}
export type RenderReply = { readonly id: number; readonly bodies: RenderedBody[] } | { readonly id: number; readonly error: string };

/** A render worker (render-worker.ts beside this module) loading the build of `workerData`. */
function startWorker(workerData: RenderWorkerData): Worker {
  return startSiblingWorker(import.meta.url, 'render-worker', workerData);
}

interface Job extends RenderRequest {
  resolve(bodies: RenderedBody[]): void;
  reject(error: Error): void;
}

/** `threads` worker threads over the build of `workerData`, or the writing thread when threads ≤ 1. */
export function createChunkRenderer(threads: number, dataSet: DataSet, planned: readonly PlannedResponse[], workerData: RenderWorkerData): ChunkRenderer {
  if (threads <= 1) return { threads: 1, render: (start, end) => renderChunk(dataSet, planned, start, end), close: async () => {} };

  const queue: Job[] = [];
  const running = new Map<Worker, Job | undefined>();
  let failure: Error | undefined;
  let nextId = 0;

  const fail = (error: Error) => {
    failure ??= error;
    for (const job of [...queue.splice(0), ...[...running.values()].filter((job): job is Job => job !== undefined)]) job.reject(failure);
    for (const worker of running.keys()) running.set(worker, undefined);
  };
  const dispatch = () => {
    for (const [worker, job] of running) {
      if (job || queue.length === 0) continue;
      const next = queue.shift()!;
      running.set(worker, next);
      worker.postMessage({ id: next.id, start: next.start, end: next.end } satisfies RenderRequest);
    }
  };

  for (let i = 0; i < threads; i++) {
    const worker = startWorker(workerData);
    running.set(worker, undefined);
    worker.on('message', (reply: RenderReply) => {
      const job = running.get(worker);
      if (!job || job.id !== reply.id) return;
      running.set(worker, undefined);
      if ('error' in reply) fail(new Error(reply.error));
      else job.resolve(reply.bodies);
      dispatch();
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => {
      if (running.has(worker) && code !== 0) fail(new Error(`render: a render worker exited with code ${code}`));
    });
  }

  return {
    threads,
    render(start, end) {
      if (failure) return Promise.reject(failure);
      return new Promise<RenderedBody[]>((resolve, reject) => {
        queue.push({ id: nextId++, start, end, resolve, reject });
        dispatch();
      });
    },
    async close() {
      const workers = [...running.keys()];
      running.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
