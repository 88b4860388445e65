// GET /status: live checks of each component, measured uptime, and which optional datasets are built.

import { LICENCE, OPTIONAL_ARTEFACTS } from '@skg/core';
import { defineRoute } from './define.ts';
import { Status } from '../openapi/schemas/index.ts';

/** An objective for a free service, not a contractual level. */
export const AVAILABILITY_TARGET = 0.995;

export const statusRoute = defineRoute({
  path: '/status',
  operationId: 'get_status',
  summary: 'Live health: checks of each component, measured uptime, and which optional datasets are built',
  description:
    'Runs its checks on every request (never cached). Check `datasets` before calling an endpoint that needs an optional ' +
    'dataset: `unavailable` means that endpoint answers 503 `dataset_unavailable`. Answers 503 with the same body while ' +
    '`status` is `degraded` (a check failed), so a load balancer can take this process out of rotation on the status ' +
    'alone; /health is the cheap liveness probe.',
  parameters: [],
  responseSchema: Status,
  errorStatuses: [],
  cache: 'live',
  bodyStatus: {
    status: 503,
    description: 'Degraded: a live check failed (`checks` says which); the body is the same Status. Take this process out of rotation',
    when: (body) => (body as { status?: string }).status === 'degraded',
  },
  async handle({ dataSet, app }) {
    const monitor = app.statusMonitor;
    const report = await monitor.check(dataSet);
    const now = app.now();
    const datasets: Record<string, 'available' | 'unavailable'> = {};
    for (const name of new Set([...OPTIONAL_ARTEFACTS, ...Object.keys(dataSet.datasets)].sort())) {
      datasets[name] = dataSet.datasets[name] ? 'available' : 'unavailable';
    }
    return {
      status: report.status,
      checkedAt: new Date(now).toISOString(),
      checks: report.checks,
      uptime: {
        ...monitor.uptime(),
        sampleIntervalSeconds: Math.round(monitor.intervalMs / 1000),
        note:
          'Measured by this server process from its own periodic self-checks, since it started: each window says how much ' +
          'of it was actually measured (measuredSeconds, since). Downtime before a restart is not visible here.',
      },
      availabilityTarget: {
        ratio: AVAILABILITY_TARGET,
        note: 'An objective for this free service, not a contractual service level.',
      },
      datasets,
      dataVersion: dataSet.manifest.dataVersion,
      bundleGenerated: dataSet.manifest.bundleGenerated,
      okfVersion: dataSet.manifest.okfVersion,
      process: {
        startedAt: new Date(monitor.startedAt).toISOString(),
        uptimeSeconds: Math.max(0, Math.round((now - monitor.startedAt) / 1000)),
        dataLoadedAt: dataSet.loadedAt.toISOString(),
      },
      licence: LICENCE,
    };
  },
});
