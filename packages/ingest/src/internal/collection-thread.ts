// Runs a collection in a worker thread of its own (`Collection.ownThread`), beside the collections the
// ingest builds in its main thread: the heaviest (the interlinear, the translations) took most of the
// ingest's time one after the other on a machine with a core to spare. The thread imports the collection
// by name from the registry (collection-worker.ts), builds it with the same inputs and hands its result
// back by structured clone (plain data: documents, files, relations, the report), so the bundle is the
// same bytes as when it is built in the main thread (test/unit/ingest-threads.test.ts, and the full-data
// check of test/acceptance/ingest.test.ts).

import { startSiblingWorker } from '@skg/core';
import type { CollectionResult, IngestContext } from '../collections/collection.ts';

/** What the thread is started with: the context without its function (`readText` is rebuilt there). */
export interface CollectionThreadData {
  readonly collection: string;
  readonly context: Omit<IngestContext, 'readText'>;
}

export type CollectionThreadReply = { readonly result: CollectionResult } | { readonly error: string };

/** Builds the registered collection `name` in a worker thread; rejects with its error. */
export function buildCollectionInThread(name: string, context: IngestContext): Promise<CollectionResult> {
  const { readText: _readText, ...data } = context;
  return new Promise((resolve, reject) => {
    const workerData: CollectionThreadData = { collection: name, context: data };
    const worker = startSiblingWorker(import.meta.url, 'collection-worker', workerData);
    let settled = false;
    worker.once('message', (reply: CollectionThreadReply) => {
      settled = true;
      if ('error' in reply) reject(new Error(`the ${name} collection (in its own thread): ${reply.error}`));
      else resolve(reply.result);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the ${name} collection's thread exited (code ${code}) without a result`));
    });
  });
}
