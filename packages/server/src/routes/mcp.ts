// POST /mcp: the assistant-tool interface (Model Context Protocol, Streamable HTTP, stateless). The
// work is in mcp/http.ts; the tools are the read operations of the OpenAPI document (assistant-tools.ts).
//
// mcp/http.ts (and with it the MCP SDK, about half a second and 25 MB to load) is imported on the first
// POST, so a server that is never asked for MCP neither starts slower nor holds it.

import { MAX_MCP_ANSWER_BYTES, MAX_MCP_BODY_BYTES, MAX_TOOL_RESULT_BYTES } from '../mcp/limits.ts';
import { McpMessage, McpResponse } from '../openapi/schemas/index.ts';
import { defineWriteRoute } from './define.ts';

export const mcpRoute = defineWriteRoute({
  path: '/mcp',
  method: 'POST',
  operationId: 'post_mcp_message',
  summary: 'The assistant-tool interface: Model Context Protocol over Streamable HTTP (stateless), one tool per read operation',
  description:
    'Point an MCP client at this URL. Each POST carries one JSON-RPC 2.0 message (`initialize`, `tools/list`, `tools/call`, ' +
    '`ping`, notifications) with `Content-Type: application/json` and `Accept: application/json, text/event-stream`, and is ' +
    'answered with JSON; a notification is answered 202 with no body. The tools are the read operations of this document, ' +
    'named by their operationIds, with input schemas from their parameters and output schemas from their 200 bodies. A tool ' +
    'call is answered by the operation itself (the same data, errors and rate limit; a failure is a tool result with ' +
    '`isError: true` and the Error body as its text). Every JSON-RPC request of a batch counts as one request of the rate ' +
    `limit; a tool result over ${MAX_TOOL_RESULT_BYTES} bytes of JSON is cut to fit with \`_meta.truncated\` saying how to get the rest; ` +
    `an answer stops at ${MAX_MCP_ANSWER_BYTES / 1024 / 1024} MiB (later requests: \`answer_too_large\`). No session is kept: GET and DELETE answer 405. ` +
    `400 for a message that is not JSON-RPC or an unsupported \`MCP-Protocol-Version\`, 406 without that Accept, 413 over ${MAX_MCP_BODY_BYTES / 1024} KiB, ` +
    '415 for a body that is not JSON; all with the Error body.',
  parameters: [],
  requestBody: { schema: McpMessage, description: 'One JSON-RPC 2.0 message of the Model Context Protocol' },
  responseSchema: McpResponse,
  successStatuses: {
    200: 'The JSON-RPC response to the request',
    202: 'Accepted: the message was a notification (or a response); no body',
  },
  errorStatuses: [400, 406, 413, 415],
  cache: 'live',
  async handle(context) {
    const { answerMcpRequest } = await import('../mcp/http.ts');
    return answerMcpRequest(context);
  },
});
