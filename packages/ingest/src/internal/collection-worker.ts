// The worker thread of collection-thread.ts: builds one registered collection and posts its result.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { COLLECTIONS } from '../collections/registry.ts';
import type { CollectionThreadData, CollectionThreadReply } from './collection-thread.ts';

const { collection: name, context } = workerData as CollectionThreadData;
const post = (reply: CollectionThreadReply) => parentPort!.postMessage(reply);
try {
  const collection = COLLECTIONS.find((candidate) => candidate.name === name);
  if (!collection) throw new Error(`no registered collection is named ${name}`);
  const result = await collection.build({ ...context, readText: (file) => readFile(path.join(context.sourcesDir, file), 'utf8') });
  post({ result });
} catch (error) {
  post({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
