// Notices a new build of dist/: `fs.watch` on the directory for `manifest.json` (the compiler renames
// the new manifest into place last), immediate where the file system reports changes; and a stat poll
// of `manifest.json` as a safety net where it does not (network file systems shared by several
// servers) or when the dist directory itself was replaced. Both are debounced into one call.

import { type FSWatcher, type Stats, statSync, unwatchFile, watch, watchFile } from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE } from '../artefacts/check-dist.ts';

export interface DistWatcherOptions {
  /** Quiet time after the last change before `onChange` runs; default 250 ms. */
  readonly debounceMs?: number;
  /** How often `manifest.json` is stat-polled; default 5,000 ms; 0 turns the poll off. */
  readonly pollIntervalMs?: number;
  /** Where a watch that cannot be set up is reported; default `console.error`. */
  readonly log?: (line: string) => void;
}

export interface DistWatcher {
  close(): void;
}

export const DEFAULT_WATCH_DEBOUNCE_MS = 250;
export const DEFAULT_WATCH_POLL_MS = 5000;

function directoryIdentity(dir: string): string | undefined {
  try {
    const info = statSync(dir);
    return `${info.dev}:${info.ino}`;
  } catch {
    return undefined;
  }
}

/** Calls `onChange` (debounced) whenever `distDir/manifest.json` may have changed, until `close`. */
export function watchDist(distDir: string, onChange: () => void, options: DistWatcherOptions = {}): DistWatcher {
  const dir = path.resolve(distDir);
  const manifest = path.join(dir, MANIFEST_FILE);
  const debounceMs = options.debounceMs ?? DEFAULT_WATCH_DEBOUNCE_MS;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_WATCH_POLL_MS;
  const log = options.log ?? ((line: string) => console.error(line));
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  let watched: string | undefined;

  function schedule(): void {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!closed) onChange();
    }, debounceMs);
    timer.unref();
  }

  function disarm(): void {
    watcher?.close();
    watcher = undefined;
    watched = undefined;
  }

  /** (Re)watches the directory, unless the one there now is already watched. */
  function arm(): void {
    const identity = directoryIdentity(dir);
    if (closed || identity === undefined || (watcher && identity === watched)) return;
    disarm();
    try {
      watcher = watch(dir, { persistent: false }, (_event, filename) => {
        if (filename === null || filename === MANIFEST_FILE) schedule();
      });
      watched = identity;
      watcher.on('error', (error: Error) => {
        log(`skg: watching ${dir} stopped (${error.message}); the poll of ${MANIFEST_FILE} keeps looking for new builds`);
        disarm();
      });
    } catch (error) {
      disarm();
      log(`skg: cannot watch ${dir} (${error instanceof Error ? error.message : String(error)}); polling ${MANIFEST_FILE} for new builds instead`);
    }
  }

  const onPoll = (current: Stats, previous: Stats): void => {
    if (current.ino === previous.ino && current.mtimeMs === previous.mtimeMs && current.size === previous.size) return;
    arm();
    schedule();
  };

  arm();
  if (pollIntervalMs > 0) watchFile(manifest, { persistent: false, interval: pollIntervalMs }, onPoll);

  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      disarm();
      if (pollIntervalMs > 0) unwatchFile(manifest, onPoll);
    },
  };
}
