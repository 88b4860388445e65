// The integrity watch: re-hashes every artefact of the data set being served against the manifest's
// sha256, in the background, again and again, and marks a file whose bytes changed (integrity.ts says
// what follows: its disk reads answer 503, /status answers 503 naming it).
//
// Reading is gentle: 1 MiB at a time, paced to `bytesPerSecond` (default 16 MiB/s: the full data's
// 1.8 GB in about 110 s, well under 1% of a core for sha256 and the reads from the page cache), with
// `intervalMs` (default 30 s) between passes. So a change is noticed within one interval and one pass:
// `intervalMs + total bytes / bytesPerSecond`, about 2.5 min on the full data (docs/api-decisions.md,
// "Changed artefacts"). At 64 MiB/s (the default before the stored answers of every translation grew
// the data to 1.8 GB) the watch hashed half the time, 2-3% of a core: about 1.5 µs of CPU per request
// of a server at 20,000 requests a second, charged to every answer (tools/bench-wide.ts). A data set swapped in by a hot swap is read from the next artefact on.

import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RESPONSES_ARTEFACT } from '@skg/core';
import { formatDistProblem } from '../artefacts/check-dist.ts';
import { markArtefactChanged } from '../artefacts/integrity.ts';
import type { DataSet } from '../artefacts/types.ts';

export interface IntegrityWatchOptions {
  readonly getDataSet: () => DataSet;
  /** Bytes read a second while hashing; default 16 MiB. */
  readonly bytesPerSecond?: number;
  /** The pause between two passes; default 30,000 ms. */
  readonly intervalMs?: number;
  /** Bytes read and hashed at a time (the event loop is held while a chunk is hashed); default 1 MiB. */
  readonly chunkBytes?: number;
  /** Told once per changed artefact. */
  readonly log?: (line: string) => void;
  /** Called after a pass that found artefacts changed (serve.ts: a status sample now, so `status.degraded` goes out). */
  readonly onChange?: (names: readonly string[]) => void;
}

export interface IntegrityWatch {
  /** One full pass now, at the configured pace; resolves with the names of the artefacts found changed. */
  pass(): Promise<string[]>;
  /** Passes one after another, `intervalMs` apart, until `stop`; the timers do not keep the process alive. */
  start(): void;
  stop(): void;
}

export const DEFAULT_INTEGRITY_BYTES_PER_SECOND = 16 * 1024 * 1024;
export const DEFAULT_INTEGRITY_INTERVAL_MS = 30_000;

/**
 * A chunk is hashed synchronously, holding the event loop: requests that arrive meanwhile wait for it.
 * Smaller chunks hold it for less and cost more CPU, which every answer pays: measured over the full
 * data at 16 MiB/s (`npx tsx tools/measure-watch-delay.ts --dist dist --chunks 1048576,262144,131072,65536`,
 * 10 s each, 2026-11-27), the event loop's p99 delay 1.63 / 1.51 / 1.45 / 1.35 ms (1.17 without the
 * watch) for 27 / 43 / 42 / 52 ms of CPU a second beyond it. 1 MiB is kept: a CPU budget binds, 0.3 ms
 * of p99 does not move the server's (7–13 ms under the wide benchmark).
 */
export const DEFAULT_INTEGRITY_CHUNK_BYTES = 1024 * 1024;

export function createIntegrityWatch(options: IntegrityWatchOptions): IntegrityWatch {
  const bytesPerSecond = options.bytesPerSecond ?? DEFAULT_INTEGRITY_BYTES_PER_SECOND;
  const intervalMs = options.intervalMs ?? DEFAULT_INTEGRITY_INTERVAL_MS;
  const chunkBytes = options.chunkBytes ?? DEFAULT_INTEGRITY_CHUNK_BYTES;
  if (!Number.isInteger(chunkBytes) || chunkBytes <= 0) throw new RangeError(`chunkBytes must be a positive integer, not ${chunkBytes}`);
  const chunkMs = (chunkBytes / bytesPerSecond) * 1000;
  const chunk = Buffer.allocUnsafeSlow(chunkBytes);
  let running = false;
  let stopped = true;

  /** The file's sha256, read a chunk at a time at the pace; undefined once stopped or when it cannot be read. */
  async function hashGently(file: string, halted: () => boolean): Promise<string | undefined> {
    const hash = createHash('sha256');
    let handle;
    try {
      handle = await open(file, 'r');
    } catch {
      return undefined; // gone (a hot swap removed it): the next pass reads the new set
    }
    try {
      for (;;) {
        if (halted()) return undefined;
        const started = performance.now();
        const { bytesRead } = await handle.read(chunk, 0, chunkBytes, null);
        if (bytesRead === 0) break;
        hash.update(bytesRead === chunkBytes ? chunk : chunk.subarray(0, bytesRead));
        const rest = chunkMs * (bytesRead / chunkBytes) - (performance.now() - started);
        if (rest >= 1) await sleep(rest, undefined, { ref: false });
      }
    } finally {
      await handle.close();
    }
    return hash.digest('hex');
  }

  async function pass(halted: () => boolean = () => false): Promise<string[]> {
    const found: string[] = [];
    const dataSet = options.getDataSet();
    for (const name of Object.keys(dataSet.manifest.artefacts).sort()) {
      const entry = dataSet.manifest.artefacts[name];
      if (entry === undefined) continue;
      const file = path.join(dataSet.dir, entry.file);
      const sha256 = await hashGently(file, halted);
      if (sha256 === undefined || sha256 === entry.sha256) continue;
      const message = formatDistProblem({
        file: entry.file,
        artefact: name,
        optional: entry.optional === true,
        kind: 'checksum',
        message: `artefact '${name}' changed on disk since it was built (sha256 ${sha256}, the manifest says ${entry.sha256}): it is no longer read; run \`skg build\``,
      });
      markArtefactChanged(file, name, message);
      if (name === RESPONSES_ARTEFACT && dataSet.responses) {
        dataSet.responses.usable = false;
        dataSet.responses.problem = message;
      }
      options.log?.(`skg: ${message}`);
      found.push(name);
    }
    if (found.length > 0) options.onChange?.(found);
    return found;
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        await pass(() => stopped);
      } catch (error) {
        options.log?.(`skg: the integrity watch could not finish a pass: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!stopped) await sleep(intervalMs, undefined, { ref: false });
    }
    running = false;
  }

  return {
    pass: () => pass(),
    start() {
      stopped = false;
      if (running) return;
      running = true;
      void loop();
    },
    stop() {
      stopped = true;
    },
  };
}
