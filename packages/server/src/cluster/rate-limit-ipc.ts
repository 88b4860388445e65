// Rate-limit counters held by the cluster primary, so that every worker counts against one counter per
// client address (the 601st request in a minute from one address answers 429 whichever worker gets
// it). A worker's store sends its hits to the primary over the cluster's IPC channel and waits for the
// counters; hits of one turn of the event loop go in one message (batched on `setImmediate`), so under
// load a message carries many hits and its cost is shared. The primary counts with the in-memory
// store, the same code one process uses alone.
//
// Keys starting `webhooks:` (registration and test counts, hour-long windows) are kept in a second
// store, so that their long windows do not hold back the sweep of the minute-long ones.
//
// This file is loaded by the primary too, which loads nothing else of the server: it must stay light.

import { createMemoryRateLimitStore, type RateLimitCounter, type RateLimitStore } from '../rate-limit/store.ts';

export const RATE_LIMIT_MESSAGE = 'skg:rate-limit';

/** A hit (`windowMs` > 0) or a peek (`windowMs` 0) for `key`, numbered by the worker. */
type Hit = [id: number, key: string, windowMs: number];
/** The counter for hit `id`; `resetAt` 0 when a peek found no open window. */
type Answer = [id: number, count: number, resetAt: number];

export interface RateLimitRequest {
  readonly type: typeof RATE_LIMIT_MESSAGE;
  readonly hits: Hit[];
}

export interface RateLimitAnswer {
  readonly type: typeof RATE_LIMIT_MESSAGE;
  readonly answers: Answer[];
}

/** What a worker's store talks through: `process` in a cluster worker. */
export interface IpcChannel {
  send(message: RateLimitRequest): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

function isAnswer(message: unknown): message is RateLimitAnswer {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === RATE_LIMIT_MESSAGE;
}

export function isRateLimitRequest(message: unknown): message is RateLimitRequest {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === RATE_LIMIT_MESSAGE && Array.isArray((message as { hits?: unknown }).hits);
}

/** A worker's store: every hit and peek answered by the primary (`answerRateLimitRequest`). */
export function createPrimaryRateLimitStore(channel: IpcChannel = process as unknown as IpcChannel): RateLimitStore {
  const waiting = new Map<number, (counter: RateLimitCounter | undefined) => void>();
  let queue: Hit[] = [];
  let nextId = 1;
  channel.on('message', (message) => {
    if (!isAnswer(message)) return;
    for (const [id, count, resetAt] of message.answers) {
      const resolve = waiting.get(id);
      if (resolve === undefined) continue;
      waiting.delete(id);
      resolve(resetAt === 0 ? undefined : { count, resetAt });
    }
  });
  function flush(): void {
    const hits = queue;
    queue = [];
    channel.send({ type: RATE_LIMIT_MESSAGE, hits });
  }
  function ask(key: string, windowMs: number): Promise<RateLimitCounter | undefined> {
    return new Promise((resolve) => {
      const id = nextId;
      nextId = nextId === Number.MAX_SAFE_INTEGER ? 1 : nextId + 1;
      waiting.set(id, resolve);
      if (queue.length === 0) setImmediate(flush);
      queue.push([id, key, windowMs]);
    });
  }
  return {
    hit: (key, windowMs) => ask(key, Math.max(1, windowMs)) as Promise<RateLimitCounter>,
    peek: (key) => ask(key, 0),
  };
}

export interface PrimaryCounters {
  answer(request: RateLimitRequest): RateLimitAnswer;
}

/** The primary's side: counts each hit in memory and answers the counters, in order. */
export function createPrimaryCounters(now: () => number = Date.now): PrimaryCounters {
  const requests = createMemoryRateLimitStore();
  const webhooks = createMemoryRateLimitStore();
  return {
    answer({ hits }) {
      const at = now();
      const answers: Answer[] = [];
      for (const hit of hits) {
        if (!Array.isArray(hit) || typeof hit[1] !== 'string' || typeof hit[2] !== 'number') continue;
        const [id, key, windowMs] = hit;
        const store = key.startsWith('webhooks:') ? webhooks : requests;
        const counter = (windowMs > 0 ? store.hit(key, windowMs, at) : store.peek?.(key, at)) as RateLimitCounter | undefined;
        answers.push(counter === undefined ? [id, 0, 0] : [id, counter.count, counter.resetAt]);
      }
      return { type: RATE_LIMIT_MESSAGE, answers };
    },
  };
}
