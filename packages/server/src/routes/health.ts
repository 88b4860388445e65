// GET /health: the liveness probe. It answers 200 whenever this process can answer at all: no check
// runs and no data is read, so a load balancer or orchestrator may call it every second. Readiness
// (the data checks) is /status, which answers 503 while degraded (docs/api-decisions.md, "/status").

import { LICENCE } from '@skg/core';
import { Health } from '../openapi/schemas/index.ts';
import { defineRoute } from './define.ts';

export const healthRoute = defineRoute({
  path: '/health',
  operationId: 'get_health',
  summary: 'Liveness: 200 whenever this process answers; no checks run (readiness and checks: /status)',
  description:
    'For load balancers and orchestrators: cheap enough to call every second. It says only that the process is up and ' +
    'answering; whether its data checks pass is /status (200 ok, 503 degraded). Not counted by the rate limit (a load ' +
    "balancer's probes do not spend a client's budget): it carries the counters as they stand.",
  parameters: [],
  responseSchema: Health,
  errorStatuses: [],
  cache: 'live',
  rateLimited: false,
  handle() {
    return { status: 'ok', licence: LICENCE };
  },
});
