// Limits of the MCP endpoint, in a module of their own: the route table reads them without loading the SDK.

/** A JSON-RPC message of MCP is small: the largest is a tools/call with its arguments. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;

/** The most messages a JSON-RPC batch may hold (the SDK transport's own cap, checked before counting). */
export const MAX_MCP_BATCH_MESSAGES = 100;

/**
 * The most bytes of JSON a tool result's body may take; a larger body is cut (result-size.ts) with a
 * stated continuation. Assistants' clients cap a tool result near 25,000 tokens, and JSON of this API
 * runs at about 3 to 4 bytes a token: 40,000 bytes are 10,000 to 13,000 tokens, so the result stays
 * under the cap even for a client that counts both the text block and `structuredContent`.
 */
export const MAX_TOOL_RESULT_BYTES = 40_000;

/**
 * The most bytes one POST's answer may take, all the messages of a batch together: a request whose answer
 * would start past it is answered with the `answer_too_large` JSON-RPC error instead of being run.
 */
export const MAX_MCP_ANSWER_BYTES = 1024 * 1024;

/** The JSON-RPC error code (implementation-defined range) of a request refused by the rate limit or the answer ceiling. */
export const MCP_REFUSED_ERROR_CODE = -32000;
