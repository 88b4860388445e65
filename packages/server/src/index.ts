// @skg/server: the HTTP API over the compiled artefacts.

export { createApp, DEFAULT_RATE_LIMIT, type AppOptions } from './app.ts';
export { serve, type RunningServer, type ServeOptions } from './serve.ts';
export { createNodeListener, type NodeListener } from './node-listener.ts';
export { createMemoryRateLimitStore, type RateLimitCounter, type RateLimitStore } from './rate-limit-store.ts';
export { createStatusMonitor, type StatusMonitor, type StatusMonitorOptions } from './status/monitor.ts';
export { ROUTES } from './routes/index.ts';
export { createOpenApiDocument } from './openapi/document.ts';
export { loadDataSet, checkDist, inspectDist, formatDistProblem } from './artefacts/index.ts';
export type { DataSet, GraphStore, ScriptureStore } from './artefacts/types.ts';
