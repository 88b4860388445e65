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

import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { type CallToolResult, CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { isApiError } from '@skg/core';
import { createErrorBody } from '../errors.ts';
import { OPENAPI_VERSION } from '../version.ts';
import { type AssistantTool, toRequestTarget } from './tools.ts';

/** Answers a GET of this API in process: `target` is the absolute path and query (`/api/v1/passage/John.3.16`). */
export type DispatchGet = (target: string) => Promise<Response>;

export interface McpServerOptions {
  readonly tools: readonly AssistantTool[];
  readonly dispatch: DispatchGet;
  /** The request id for an error found before any GET is sent (a missing required argument); default a new UUID. */
  readonly requestId?: string;
}

const INSTRUCTIONS = `Scripture Graph: the Bible (Berean Standard Bible, KJV versification, all 31,102 verses) as a knowledge graph of
people, places, events, epochs, themes, lexemes and commandments connected by typed relations. Every tool is read-only.

- Scripture is addressed by OSIS references: a verse \`John.3.16\`, a range \`John.3.16-18\`, a chapter \`John.3\`
  (get_vocabulary lists the 66 book ids). get_passage reads text; search_scripture finds verses by their words.
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

async function callTool(tool: AssistantTool, args: Readonly<Record<string, unknown>>, options: McpServerOptions): Promise<CallToolResult> {
  let target: string;
  try {
    target = toRequestTarget(tool, args);
  } catch (error) {
    if (!isApiError(error)) throw error;
    const body = createErrorBody(error, options.requestId ?? randomUUID());
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
  }
  const response = await options.dispatch(target);
  const text = await response.text();
  if (!response.ok) return { isError: true, content: [{ type: 'text', text }] };
  return { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) as Record<string, unknown> };
}

export function createMcpServer(options: McpServerOptions): Server {
  validator ??= new AjvJsonSchemaValidator();
  const server = new Server(
    { name: 'scripture-graph', title: 'Scripture Graph', version: OPENAPI_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
  );
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const listed = options.tools.map(toListedTool);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}; tools/list names the ${byName.size} tools`);
    }
    return callTool(tool, request.params.arguments ?? {}, options);
  });
  return server;
}
