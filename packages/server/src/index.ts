// @skg/server: the HTTP API over the compiled artefacts.

export { createApp, DEFAULT_RATE_LIMIT, type AppOptions } from './app.ts';
export { DEFAULT_DRAIN_TIMEOUT_MS, serve, type LoadDataSet, type ReloadOutcome, type RunningServer, type ServeOptions } from './serve.ts';
export { createDataHolder, type DataHolder, type DataHolderOptions } from './hot-swap/data-holder.ts';
export { watchDist, type DistWatcher, type DistWatcherOptions } from './hot-swap/dist-watcher.ts';
export { BuildRefusedError, loadVerifiedBuild } from './hot-swap/verify-build.ts';
export { createNodeListener, type NodeListener, type NodeListenerOptions } from './http/node/listener.ts';
export { createAccessLog, type AccessLog, type AccessLogEntry, type AccessLogOptions } from './http/node/access-log.ts';
export { createMemoryRateLimitStore, type RateLimitCounter, type RateLimitStore } from './rate-limit/store.ts';
export { createRedisRateLimitStore, type ClosableRateLimitStore } from './rate-limit/redis.ts';
export { createPrimaryRateLimitStore } from './cluster/rate-limit-ipc.ts';
export { getClientKey } from './http/steps/client-key.ts';
export { createStatusMonitor, type StatusMonitor, type StatusMonitorOptions } from './status/monitor.ts';
export { ROUTES } from './routes/index.ts';
export { listAssistantToolRoutes } from './routes/assistant-tools.ts';
export { createOpenApiDocument } from './openapi/document.ts';
export { loadDataSet, checkDist, inspectDist, formatDistProblem } from './artefacts/index.ts';
export type { DataSet, GraphStore, ScriptureStore } from './artefacts/types.ts';
export { createServiceEvents, SERVICE_EVENTS, type ServiceEventData, type ServiceEventListener, type ServiceEventName, type ServiceEvents } from './events.ts';
export { createWebhooks, type WebhookLimits, type WebhookOptions, type Webhooks } from './webhooks/service.ts';
export { openWebhooks, type WebhookServeConfig } from './webhooks/open.ts';
export { createWebhookStore, type WebhookStore, type WebhookStoreConfig } from './webhooks/store.ts';
export { renderBuildArtefacts, renderResponseArtefact, type RenderedArtefact, type RenderInput } from './render/render-responses.ts';
import type { McpStdioOptions, RunningMcpStdio } from './mcp/stdio.ts';

export type { McpStdioOptions, RunningMcpStdio };

/** `skg mcp`: the assistant tools on stdio. Loaded on call, so that importing this package does not load the MCP SDK. */
export async function serveMcpOverStdio(options: McpStdioOptions): Promise<RunningMcpStdio> {
  const stdio = await import('./mcp/stdio.ts');
  return stdio.serveMcpOverStdio(options);
}
