// Releasing the previous data set after a hot swap. Once its last request has finished, the old set
// (its heap objects and the buffers of its artefact heads, tens of MB) is garbage, but V8 collects the
// old generation only when its own heuristics decide to: measured, a server back at rest after a swap
// stayed at 258 MB resident for 15 s and then settled at 185 MB, where the same load with no swap
// settles at 155–159 MB (tools/bench-hot-swap.ts). So the server asks for a full collection itself, at two times: a second after
// the swap (requests on the old set take milliseconds) and once more after the longest a request may
// take (a slow client's 30 s request deadline), for a straggler that held the old set. Each is one
// pause of about 25 ms on this heap, once per new build.
//
// `gc` is V8's own (`--expose-gc`). Without the flag it is exposed here through `v8.setFlagsFromString`
// and a fresh `vm` context, as Jest's leak detector does; only this module holds it.

import v8 from 'node:v8';
import vm from 'node:vm';

/** When after a swap the full collections run, milliseconds. */
export const RELEASE_AFTER_MS = [1_000, 31_000] as const;

let fullGc: (() => void) | null | undefined;

/** V8's full garbage collection, or null when this runtime cannot expose it. */
function getFullGc(): (() => void) | null {
  if (fullGc !== undefined) return fullGc;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return (fullGc = exposed);
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    fullGc = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    fullGc = null;
  }
  return fullGc;
}

export interface ReleaseScheduler {
  /** After a swap: collect at each of RELEASE_AFTER_MS (a later swap restarts the schedule). */
  afterSwap(): void;
  /** Cancels what is pending (server close). */
  stop(): void;
}

export function createReleaseScheduler(delaysMs: readonly number[] = RELEASE_AFTER_MS): ReleaseScheduler {
  let timers: NodeJS.Timeout[] = [];
  const stop = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
  };
  return {
    afterSwap() {
      stop();
      const gc = getFullGc();
      if (gc === null) return;
      timers = delaysMs.map((delay) => setTimeout(gc, delay).unref());
    },
    stop,
  };
}
