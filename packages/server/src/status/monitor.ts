// The process's health record: runs the live checks periodically and keeps the uptime samples, and
// emits `status.degraded` when a sample turns degraded: a live check fails, or an optional dataset the
// previous sample had is no longer available (a hot swap to a build without it). It is emitted on the
// transition only, from a healthy sample to a degraded one, never again while samples stay degraded.
// The payload's `status` is always `degraded`, the state the event announces (events.ts): a lost
// optional dataset degrades what the service answers while /status itself stays `ok`.

import type { DataSet } from '../artefacts/types.ts';
import type { ServiceEvents, StatusDegradedData } from '../events.ts';
import type { StoreHealth } from '../store-outage.ts';
import { type CheckReport, runChecks } from './checks.ts';
import { DAY_MS, UptimeRecorder, type UptimeWindow } from './uptime.ts';

export interface StatusMonitorOptions {
  readonly getDataSet: () => DataSet;
  readonly now?: () => number;
  /** Default one minute. */
  readonly intervalMs?: number;
  /** Default 200 MB, the project's memory budget. */
  readonly memoryBudgetBytes?: number;
  /** Where `status.degraded` is emitted. */
  readonly events?: ServiceEvents;
  /** The shared stores' health (Redis), shown as the `sharedStore` check; default none. */
  readonly getStoreHealth?: () => readonly StoreHealth[];
}

export interface StatusMonitor {
  readonly startedAt: number;
  readonly intervalMs: number;
  /** Runs the live checks against a data set (the request's own, for /status). */
  check(dataSet: DataSet): Promise<CheckReport>;
  /** Takes one sample now: checks the current data set, records the outcome, emits `status.degraded` on the turn. */
  sample(): Promise<CheckReport>;
  uptime(): { readonly last24Hours: UptimeWindow; readonly last30Days: UptimeWindow; readonly last90Days: UptimeWindow };
  /** Samples a second from now and then every interval; the timer does not keep the process alive. */
  start(): void;
  stop(): void;
}

/** How long after start the first sample is taken. */
const FIRST_SAMPLE_DELAY_MS = 1_000;

export function createStatusMonitor(options: StatusMonitorOptions): StatusMonitor {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 60_000;
  const memoryBudgetBytes = options.memoryBudgetBytes ?? 200 * 2 ** 20;
  const recorder = new UptimeRecorder(intervalMs);
  let timer: NodeJS.Timeout | undefined;
  let degraded = false;
  let previousDatasets: ReadonlySet<string> | undefined;

  /** Optional datasets the previous sample had and this one has not. */
  function lostDatasets(dataSet: DataSet): StatusDegradedData['failing'] {
    const available = new Set(Object.keys(dataSet.datasets).filter((name) => dataSet.datasets[name]));
    const lost = [...(previousDatasets ?? [])].filter((name) => !available.has(name)).sort();
    previousDatasets = available;
    return lost.map((name) => ({
      name,
      detail: `the optional dataset '${name}' is no longer available: its endpoint answers 503 dataset_unavailable`,
    }));
  }

  function noteSample(failing: StatusDegradedData['failing']): void {
    const isDegraded = failing.length > 0;
    if (isDegraded && !degraded) options.events?.emit('status.degraded', { status: 'degraded', failing });
    degraded = isDegraded;
  }

  const monitor: StatusMonitor = {
    startedAt: now(),
    intervalMs,
    check: (dataSet) => runChecks(dataSet, { memoryBudgetBytes, ...(options.getStoreHealth ? { getStoreHealth: options.getStoreHealth } : {}) }),
    async sample() {
      const dataSet = options.getDataSet();
      const lost = lostDatasets(dataSet);
      let report: CheckReport;
      try {
        report = await monitor.check(dataSet);
      } catch (error) {
        recorder.record(false, now());
        const detail = `the status checks could not run: ${error instanceof Error ? error.message : String(error)}`;
        noteSample([{ name: 'checks', detail }, ...lost]);
        throw new Error('the status checks could not run');
      }
      recorder.record(report.status === 'ok', now());
      const failed = Object.entries(report.checks)
        .filter(([, check]) => check.status === 'fail')
        .map(([name, check]) => ({ name, detail: check.detail }));
      noteSample([...failed, ...lost]);
      return report;
    },
    uptime() {
      const at = now();
      return {
        last24Hours: recorder.summarise(DAY_MS, at),
        last30Days: recorder.summarise(30 * DAY_MS, at),
        last90Days: recorder.summarise(90 * DAY_MS, at),
      };
    },
    start() {
      if (timer) return;
      const tick = () => void monitor.sample().catch(() => undefined);
      // The first sample waits a moment, so the first requests are not queued behind its checks (a
      // search among them, which builds the search index: ~20 ms at start on the full data).
      timer = setTimeout(() => {
        tick();
        timer = setInterval(tick, intervalMs);
        timer.unref();
      }, FIRST_SAMPLE_DELAY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
  return monitor;
}
