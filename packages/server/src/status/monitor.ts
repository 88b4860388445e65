// The process's health record: runs the live checks periodically and keeps the uptime samples.

import type { DataSet } from '../artefacts/types.ts';
import { type CheckReport, runChecks } from './checks.ts';
import { DAY_MS, UptimeRecorder, type UptimeWindow } from './uptime.ts';

export interface StatusMonitorOptions {
  readonly getDataSet: () => DataSet;
  readonly now?: () => number;
  /** Default one minute. */
  readonly intervalMs?: number;
  /** Default 200 MB, the project's memory budget. */
  readonly memoryBudgetBytes?: number;
}

export interface StatusMonitor {
  readonly startedAt: number;
  readonly intervalMs: number;
  /** Runs the live checks against a data set (the request's own, for /status). */
  check(dataSet: DataSet): Promise<CheckReport>;
  /** Takes one sample now: checks the current data set and records the outcome. */
  sample(): Promise<CheckReport>;
  uptime(): { readonly last24Hours: UptimeWindow; readonly last30Days: UptimeWindow; readonly last90Days: UptimeWindow };
  /** Samples now and then every interval; the timer does not keep the process alive. */
  start(): void;
  stop(): void;
}

export function createStatusMonitor(options: StatusMonitorOptions): StatusMonitor {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 60_000;
  const memoryBudgetBytes = options.memoryBudgetBytes ?? 200 * 2 ** 20;
  const recorder = new UptimeRecorder(intervalMs);
  let timer: NodeJS.Timeout | undefined;

  const monitor: StatusMonitor = {
    startedAt: now(),
    intervalMs,
    check: (dataSet) => runChecks(dataSet, { memoryBudgetBytes }),
    async sample() {
      let report: CheckReport;
      try {
        report = await monitor.check(options.getDataSet());
      } catch {
        recorder.record(false, now());
        throw new Error('the status checks could not run');
      }
      recorder.record(report.status === 'ok', now());
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
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  return monitor;
}
