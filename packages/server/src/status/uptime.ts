// Uptime measured from this process's own periodic self-checks.
//
// Samples are kept as runs of equal outcome (a healthy process holds one run), so 90 days cost a few
// objects. A window reports what it actually measured: a process started five minutes ago reports
// five minutes for its 90-day window, never 90 days. Downtime before a restart is invisible here.

export interface UptimeWindow {
  /** The window asked for, in seconds (24 h, 30 d, 90 d). */
  readonly windowSeconds: number;
  /** Seconds actually covered by samples: from the first sample inside the window to now. */
  readonly measuredSeconds: number;
  /** The first sample inside the window (ISO 8601), or null before the first sample. */
  readonly since: string | null;
  readonly samples: number;
  readonly failedSamples: number;
  /** Healthy samples / samples, or null with no samples. */
  readonly ratio: number | null;
}

interface Run {
  first: number;
  last: number;
  ok: boolean;
  count: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export class UptimeRecorder {
  readonly #intervalMs: number;
  readonly #retentionMs: number;
  #runs: Run[] = [];

  constructor(intervalMs: number, retentionMs = 90 * DAY_MS) {
    this.#intervalMs = intervalMs;
    this.#retentionMs = retentionMs;
  }

  record(ok: boolean, at: number): void {
    const last = this.#runs.at(-1);
    if (last !== undefined && last.ok === ok && at - last.last <= 2 * this.#intervalMs) {
      last.last = at;
      last.count += 1;
    } else {
      this.#runs.push({ first: at, last: at, ok, count: 1 });
    }
    const horizon = at - this.#retentionMs;
    while (this.#runs.length > 0 && (this.#runs[0]?.last ?? horizon) < horizon) this.#runs.shift();
  }

  summarise(windowMs: number, now: number): UptimeWindow {
    const start = now - windowMs;
    let samples = 0;
    let failed = 0;
    let since: number | undefined;
    for (const run of this.#runs) {
      if (run.last < start) continue;
      // Samples are evenly spaced inside a run, so the share inside the window is proportional.
      const inside =
        run.first >= start || run.count === 1
          ? run.count
          : Math.max(1, Math.round((run.count - 1) * ((run.last - start) / (run.last - run.first))) + 1);
      samples += inside;
      if (!run.ok) failed += inside;
      since ??= Math.max(run.first, start);
    }
    return {
      windowSeconds: Math.round(windowMs / 1000),
      measuredSeconds: since === undefined ? 0 : Math.max(0, Math.round((now - since) / 1000)),
      since: since === undefined ? null : new Date(since).toISOString(),
      samples,
      failedSamples: failed,
      ratio: samples === 0 ? null : (samples - failed) / samples,
    };
  }
}
