// The MCP server of the assistant tools: lists them and answers a call with the GET it stands for.
//
// Built on the SDK's low-level `Server`, not `McpServer`: `McpServer.registerTool` takes zod schemas,
// and these tools' schemas are JSON Schemas derived from the OpenAPI document (tools.ts), which the
// low-level server hands to clients as they are. The server holds no state between requests, so the
// Streamable HTTP endpoint makes one per request (stateless mode) and `skg mcp` one per process.
//
// A call is answered by the API itself (`dispatch`: the same app, in process), so it gives the same
// data and the same errors as the HTTP route:
//   200         → `structuredContent` = the body, and the body as JSON text (for clients that read text only);
//   an error    → `isError: true` and the Error body `{error, code, requestId, …}` as JSON text. It is not
//                 `structuredContent`, which must match the tool's output schema.
// An unknown tool is a JSON-RPC error (InvalidParams), as the MCP specification asks.
//
// tools/call is answered by the protocol's fallback handler rather than a registered one: the SDK checks a
// registered tools/call against its zod schema first and answers a malformed one (`arguments` that is not
// an object) -32603 "Internal error" with the zod issues as the message. Here `arguments` that is not an
// object is the tool's own error, `invalid_parameter` with `param: arguments`, as the HTTP API answers a
// bad parameter; a `name` that is not a string is InvalidParams, like an unknown tool.
//
// What one POST may cost (limits.ts): a 200 body over MAX_TOOL_RESULT_BYTES is cut with a stated
// continuation (result-size.ts); the calls of a batch run one after another, and each answer is taken out
// of the POST's `answerBudget`, so a call (or tools/list) that would start once MAX_MCP_ANSWER_BYTES are
// spent is refused with `answer_too_large` instead of run.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { type CallToolResult, ErrorCode, type JSONRPCRequest, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { ApiError, isApiError } from '@skg/core';
import { createErrorBody } from '../errors.ts';
import { randomRequestId } from '../http/steps/request-id.ts';
import { OPENAPI_VERSION } from '../version.ts';
import { MAX_MCP_ANSWER_BYTES, MCP_REFUSED_ERROR_CODE } from './limits.ts';
import { describeTruncation, fitToolResult } from './result-size.ts';
import { type AssistantTool, toRequestTarget } from './tools.ts';

/** Answers a GET of this API in process: `target` is the absolute path and query (`/api/v1/passage/John.3.16`). */
export type DispatchGet = (target: string) => Promise<Response>;

export interface McpServerOptions {
  readonly tools: readonly AssistantTool[];
  readonly dispatch: DispatchGet;
  /** The request id for an error found before any GET is sent (a missing required argument); default a new UUID. */
  readonly requestId?: string;
  /** Bytes the answers may still take: one per POST (http.ts); default no ceiling (`skg mcp`, one long-lived server). */
  readonly answerBudget?: AnswerBudget;
}

/** What is left of one answer's byte ceiling. */
export interface AnswerBudget {
  remaining: number;
}

export function createAnswerBudget(bytes = MAX_MCP_ANSWER_BYTES): AnswerBudget {
  return { remaining: bytes };
}

const INSTRUCTIONS = `Scripture Graph: the Bible (Berean Standard Bible, KJV versification, all 31,102 verses) as a knowledge graph of
people, places, events, epochs, themes, lexemes and commandments connected by typed relations. Every tool is read-only.

- Scripture is addressed by OSIS references: a verse \`John.3.16\`, a range \`John.3.16-18\`, a chapter \`John.3\`
  (get_vocabulary lists the 66 book ids). get_passage reads text; search_scripture finds verses by their words.
- Both take \`translation\` (list_translations: the KJV, the WEB with its deuterocanon, the Spanish RV1909 beside the
  default BSB); get_passage takes up to four side by side (\`BSB,KJV\`). search_scripture with \`strongs\` (\`H430\`) is a concordance.
- Other documents are addressed by path: \`people/isaac\`, \`places/jerusalem\`, \`themes/faith\`. Use \`search\` to find
  a path from a name, then get_entity, get_family, get_graph_neighborhood or find_places_near.
- A failed call answers the API's Error body: branch on \`code\` (missing_parameter, invalid_parameter, unknown_value with
  \`available\`, invalid_reference, not_found, dataset_unavailable, rate_limited, internal_error).
- Every answer carries its \`licence\`: cite the source it names.`;

/** One validator for every server: the SDK uses it only for elicitation, which this server never asks for. */
let validator: AjvJsonSchemaValidator | undefined;

function toListedTool(tool: AssistantTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

function toErrorResult(error: ApiError, options: McpServerOptions): CallToolResult {
  const body = createErrorBody(error, options.requestId ?? randomRequestId());
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

async function callTool(tool: AssistantTool, args: Readonly<Record<string, unknown>>, options: McpServerOptions): Promise<CallToolResult> {
  let target: string;
  try {
    target = toRequestTarget(tool, args);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return toErrorResult(error, options);
  }
  const response = await options.dispatch(target);
  const text = await response.text();
  if (!response.ok) return { isError: true, content: [{ type: 'text', text }] };
  const fitted = fitToolResult(tool, args, target, JSON.parse(text) as Record<string, unknown>, text);
  if (fitted.truncation === undefined) return { content: [{ type: 'text', text }], structuredContent: fitted.body };
  return {
    content: [
      { type: 'text', text: fitted.text },
      { type: 'text', text: describeTruncation(tool, fitted.truncation) },
    ],
    structuredContent: fitted.body,
    _meta: { truncated: fitted.truncation },
  };
}

/** The refusal of a request the answer ceiling leaves no room for. */
function answerTooLarge(): McpError {
  return new McpError(
    MCP_REFUSED_ERROR_CODE,
    `answer_too_large: this POST's answer reached ${MAX_MCP_ANSWER_BYTES} bytes; send this request again in another POST`,
    { code: 'answer_too_large' },
  );
}

/** Takes `bytes` out of the budget; false (and nothing taken) when it is already spent. */
function spend(budget: AnswerBudget, bytes: number): boolean {
  if (budget.remaining <= 0) return false;
  budget.remaining -= bytes;
  return true;
}

function isArguments(value: unknown): value is Readonly<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function createMcpServer(options: McpServerOptions): Server {
  validator ??= new AjvJsonSchemaValidator();
  const server = new Server(
    { name: 'scripture-graph', title: 'Scripture Graph', version: OPENAPI_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
  );
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const listed = options.tools.map(toListedTool);
  const listedBytes = Buffer.byteLength(JSON.stringify(listed));
  const budget = options.answerBudget ?? createAnswerBudget(Number.POSITIVE_INFINITY);
  server.setRequestHandler(ListToolsRequestSchema, () => {
    if (!spend(budget, listedBytes)) throw answerTooLarge();
    return { tools: listed };
  });
  // The calls of one batch, one after another (see the header).
  let queue: Promise<unknown> = Promise.resolve();
  server.fallbackRequestHandler = async (request: JSONRPCRequest) => {
    if (request.method !== 'tools/call') throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    const params = (request.params ?? {}) as { name?: unknown; arguments?: unknown };
    const name = params.name;
    if (typeof name !== 'string') throw new McpError(ErrorCode.InvalidParams, 'tools/call needs params.name, the name of a tool (tools/list names them)');
    const tool = byName.get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${name}; tools/list names the ${byName.size} tools`);
    const args = params.arguments ?? {};
    if (!isArguments(args)) {
      return toErrorResult(new ApiError('invalid_parameter', `the arguments of ${name} must be an object of parameter names to values`, { param: 'arguments' }), options);
    }
    const run = queue.then(async () => {
      if (budget.remaining <= 0) throw answerTooLarge();
      const result = await callTool(tool, args, options);
      spend(budget, Buffer.byteLength(JSON.stringify(result)));
      return result;
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return server;
}
