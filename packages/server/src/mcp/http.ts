// POST /api/v1/mcp: the assistant tools over MCP's Streamable HTTP transport, stateless.
//
// Each POST carries one JSON-RPC message and is answered on its own: a fresh MCP server and SDK transport
// (`sessionIdGenerator: undefined`, JSON answers rather than an SSE stream), closed when the answer is
// ready. No session id is issued, so any server process can answer any request. GET (a server-sent
// event stream) and DELETE (ending a session) are not offered: the route table answers them 405 with
// `Allow: POST, OPTIONS`, as the transport specification allows a stateless server to.
//
// The request has passed the pipeline like any other (request id, CORS, the rate limit counted once).
// Every JSON-RPC request of the POST counts as one request of its client: the pipeline counted the
// first; each further request of a batch is counted here before anything runs, and one the limit refuses
// is answered `rate_limited` (a tool call: the tool's error; any other method: a JSON-RPC error whose
// `data` is the Error body) while the others are answered. A tool call is then the GET it stands for,
// sent to the same app in process as this client (its client address, the socket's or X-Forwarded-For
// behind a trusted proxy, and this request's id, so its errors carry the same requestId), marked as
// counted already: the call was its request. The answer carries the counters the last count left. A
// batch of more than MAX_MCP_BATCH_MESSAGES is refused 400 before anything is counted. A failure of the
// transport itself (no `Accept` of both `application/json` and `text/event-stream`, a message that is
// not JSON-RPC, an unsupported `MCP-Protocol-Version`) is answered with the API's Error body, like every
// failure of this API.

import type { H3Event } from 'h3';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ApiError, isApiError } from '@skg/core';
import { noteMcpTools } from '../http/node/access-log.ts';
import type { AppConfig } from '../context.ts';
import { COUNTED_ALREADY, createRateLimit, getClientAddress, type RateLimit } from '../http/steps/rate-limit.ts';
import { createOpenApiDocument } from '../openapi/document.ts';
import { listAssistantToolRoutes } from '../routes/assistant-tools.ts';
import type { RouteContext, RouteDefinition, WriteReply } from '../routes/define.ts';
import { readJsonBody, UnsupportedMediaTypeError } from '../webhooks/request-body.ts';
import { createErrorBody } from '../errors.ts';
import { MAX_MCP_BATCH_MESSAGES, MAX_MCP_BODY_BYTES, MCP_REFUSED_ERROR_CODE } from './limits.ts';
import { createAnswerBudget, createMcpServer } from './server.ts';
import { type AssistantTool, createAssistantTools } from './tools.ts';


export class NotAcceptableError extends ApiError {
  override readonly status: number = 406;

  constructor(message: string) {
    super('invalid_parameter', message, { param: 'Accept' });
  }
}

const toolsByRoutes = new WeakMap<readonly RouteDefinition[], readonly AssistantTool[]>();

/** The tools of the document these routes describe; built once per route table. */
export function getAssistantTools(routes: readonly RouteDefinition[], rateLimit?: AppConfig['rateLimit']): readonly AssistantTool[] {
  let tools = toolsByRoutes.get(routes);
  if (!tools) {
    const document = createOpenApiDocument(routes, rateLimit ? { rateLimit } : {});
    tools = createAssistantTools(document, listAssistantToolRoutes(routes).map((route) => route.operationId));
    toolsByRoutes.set(routes, tools);
  }
  return tools;
}

/** The GET `target` sent to this app as the client of `event` would send it, counted already (see the header). */
async function dispatchAs(event: H3Event, requestId: string, target: string): Promise<Response> {
  const app = event.app;
  if (!app) throw new Error('the MCP route needs the app that routed it (event.app)');
  const headers: Record<string, string> = { 'x-request-id': requestId };
  const forwarded = event.req.headers.get('x-forwarded-for');
  if (forwarded !== null) headers['x-forwarded-for'] = forwarded;
  const request = Object.assign(new Request(new URL(target, event.url.href), { headers }), { ip: event.req.ip, [COUNTED_ALREADY]: true });
  return app.fetch(request);
}

const rateLimits = new WeakMap<AppConfig, RateLimit>();

/** The pipeline's rate limit over the same store, counters and clock. */
function getRateLimit(app: AppConfig): RateLimit {
  let rateLimit = rateLimits.get(app);
  if (!rateLimit) {
    rateLimit = createRateLimit({ limit: app.rateLimit.limit, windowMs: app.rateLimit.windowMs, store: app.rateLimitStore, now: app.now });
    rateLimits.set(app, rateLimit);
  }
  return rateLimit;
}

interface RequestMessage {
  readonly jsonrpc: '2.0';
  readonly id: string | number;
  readonly method: string;
}

function isRequestMessage(message: unknown): message is RequestMessage {
  if (message === null || typeof message !== 'object') return false;
  const { id, method } = message as { id?: unknown; method?: unknown };
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number');
}

/** The tool names the `tools/call` messages of `body` (a message or a batch) give, for the access log. */
function listCalledTools(body: unknown): string[] {
  const names: string[] = [];
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isRequestMessage(message) || message.method !== 'tools/call') continue;
    const name = (message as { params?: { name?: unknown } }).params?.name;
    if (typeof name === 'string') names.push(name.slice(0, 100));
  }
  return names;
}

/** The answer to a request the rate limit refused. */
function refuse(message: RequestMessage, error: ApiError, requestId: string): unknown {
  const body = createErrorBody(error, requestId);
  if (message.method === 'tools/call') return { jsonrpc: '2.0', id: message.id, result: { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] } };
  return { jsonrpc: '2.0', id: message.id, error: { code: MCP_REFUSED_ERROR_CODE, message: `rate_limited: ${error.message}`, data: body } };
}

/**
 * Counts every request of a batch after the first (the pipeline counted the POST); returns the messages
 * to run and the answers of those refused. `counters` gets the rate-limit headers of the last count.
 */
async function countBatch(context: RouteContext, batch: readonly unknown[], counters: Record<string, string>): Promise<{ run: unknown[]; refused: unknown[] }> {
  const rateLimit = getRateLimit(context.app);
  const client = getClientAddress(context.event, context.app.trustProxy);
  const run: unknown[] = [];
  const refused: unknown[] = [];
  let requests = 0;
  for (const message of batch) {
    if (!isRequestMessage(message) || requests++ === 0) {
      run.push(message);
      continue;
    }
    try {
      await rateLimit.count(client, counters);
      run.push(message);
    } catch (error) {
      if (!isApiError(error) || error.code !== 'rate_limited') throw error;
      refused.push(refuse(message, error, context.requestId));
    }
  }
  return { run, refused };
}

/** The transport's own refusal (a JSON-RPC error body with an HTTP status) as the API's error. */
function toApiError(status: number, text: string): ApiError {
  let message = text;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // Not JSON: the text is the message.
  }
  if (status === 406) return new NotAcceptableError(`${message}: send Accept: application/json, text/event-stream`);
  if (status === 415) return new UnsupportedMediaTypeError(null);
  if (/protocol version/i.test(message)) return new ApiError('invalid_parameter', message, { param: 'MCP-Protocol-Version' });
  return new ApiError('invalid_parameter', message, { param: 'body' });
}

export async function answerMcpRequest(context: RouteContext): Promise<WriteReply> {
  const { event, app, requestId } = context;
  const body = await readJsonBody(event, MAX_MCP_BODY_BYTES);
  const nodeRequest = event.runtime?.node?.req;
  if (nodeRequest) noteMcpTools(nodeRequest, listCalledTools(body));
  const counters: Record<string, string> = {};
  if (Array.isArray(body) && body.length > MAX_MCP_BATCH_MESSAGES) {
    throw new ApiError('invalid_parameter', `a batch holds at most ${MAX_MCP_BATCH_MESSAGES} messages; this one holds ${body.length}`, { param: 'body' });
  }
  const { run, refused } = Array.isArray(body) ? await countBatch(context, body, counters) : { run: body, refused: [] };
  if (refused.length > 0 && Array.isArray(run) && run.length === 0) return { status: 200, body: refused, headers: counters };
  const server = createMcpServer({
    tools: getAssistantTools(app.routes, app.rateLimit),
    requestId,
    dispatch: (target) => dispatchAs(event, requestId, target),
    answerBudget: createAnswerBudget(),
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(event.req, { parsedBody: run });
    const text = await response.text();
    if (!response.ok) throw toApiError(response.status, text);
    const answered = text === '' ? null : (JSON.parse(text) as unknown);
    if (refused.length === 0) return { status: response.status, body: answered, headers: counters };
    const answers = answered === null ? refused : [...(Array.isArray(answered) ? answered : [answered]), ...refused];
    return { status: 200, body: answers, headers: counters };
  } finally {
    await server.close();
  }
}
