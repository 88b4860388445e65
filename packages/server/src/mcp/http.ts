// POST /api/v1/mcp: the assistant tools over MCP's Streamable HTTP transport, stateless.
//
// Each POST carries one JSON-RPC message and is answered on its own: a fresh MCP server and SDK transport
// (`sessionIdGenerator: undefined`, JSON answers rather than an SSE stream), closed when the answer is
// ready. No session id is issued, so any server process can answer any request. GET (a server-sent
// event stream) and DELETE (ending a session) are not offered: the route table answers them 405 with
// `Allow: POST, OPTIONS`, as the transport specification allows a stateless server to.
//
// The request has passed the pipeline like any other (request id, CORS, the rate limit counted once). A
// tool call is then the GET it stands for, sent to the same app in process as this client: its client
// address (the socket's, or X-Forwarded-For behind a trusted proxy) and this request's id, so it is
// counted by the same rate limit and its errors carry the same requestId; the answer takes the
// rate-limit counters that GET left. A failure of the transport itself (no `Accept` of both
// `application/json` and `text/event-stream`, a message that is not JSON-RPC, an unsupported
// `MCP-Protocol-Version`) is answered with the API's Error body, like every failure of this API.

import type { H3Event } from 'h3';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { ApiError } from '@skg/core';
import type { AppConfig } from '../context.ts';
import { RATE_LIMIT_HEADER_NAMES } from '../middleware/rate-limit.ts';
import { createOpenApiDocument } from '../openapi/document.ts';
import { listAssistantToolRoutes } from '../routes/assistant-tools.ts';
import type { RouteContext, RouteDefinition, WriteReply } from '../routes/define.ts';
import { readJsonBody, UnsupportedMediaTypeError } from '../webhooks/request-body.ts';
import { MAX_MCP_BODY_BYTES } from './limits.ts';
import { createMcpServer } from './server.ts';
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

/** The GET `target` sent to this app as the client of `event` would send it; `counters` gets its rate-limit headers. */
async function dispatchAs(event: H3Event, requestId: string, target: string, counters: Record<string, string>): Promise<Response> {
  const app = event.app;
  if (!app) throw new Error('the MCP route needs the app that routed it (event.app)');
  const headers: Record<string, string> = { 'x-request-id': requestId };
  const forwarded = event.req.headers.get('x-forwarded-for');
  if (forwarded !== null) headers['x-forwarded-for'] = forwarded;
  const request = Object.assign(new Request(new URL(target, event.url.href), { headers }), { ip: event.req.ip });
  const response = await app.fetch(request);
  for (const name of RATE_LIMIT_HEADER_NAMES) {
    const value = response.headers.get(name);
    if (value !== null) counters[name.toLowerCase()] = value;
  }
  return response;
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

export async function answerMcpRequest({ event, app, requestId }: RouteContext): Promise<WriteReply> {
  const body = await readJsonBody(event, MAX_MCP_BODY_BYTES);
  const counters: Record<string, string> = {};
  const server = createMcpServer({
    tools: getAssistantTools(app.routes, app.rateLimit),
    requestId,
    dispatch: (target) => dispatchAs(event, requestId, target, counters),
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(event.req, { parsedBody: body });
    const text = await response.text();
    if (!response.ok) throw toApiError(response.status, text);
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown), headers: counters };
  } finally {
    await server.close();
  }
}
