// An access log captured in memory, for tests: the lines as written, and a wait for them (the log
// writes in batches, at most 20 ms after a line: packages/server/src/http/node/access-log.ts).

import { Writable } from 'node:stream';
import { type AccessLog, createAccessLog } from '../../packages/server/src/http/node/access-log.ts';

export interface CapturedAccessLog {
  readonly log: AccessLog;
  /** Everything written so far. */
  text(): string;
  /** Resolves with the text once `ready(text)` holds; rejects after `timeoutMs`. */
  waitFor(ready: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  /** How many writes reached the destination (each a batch of lines). */
  writes(): number;
}

export function captureAccessLog(options: { worker?: number } = {}): CapturedAccessLog {
  let text = '';
  let writes = 0;
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      writes += 1;
      done();
    },
  });
  return {
    log: createAccessLog({ destination, ...options }),
    text: () => text,
    writes: () => writes,
    async waitFor(ready, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ready(text)) {
        if (Date.now() > deadline) throw new Error(`the access log did not get there in ${timeoutMs} ms; it has:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return text;
    },
  };
}

/** The number of lines in `text`. */
export function lineCount(text: string): number {
  return text === '' ? 0 : text.trimEnd().split('\n').length;
}
