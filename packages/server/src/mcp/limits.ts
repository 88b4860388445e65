// Limits of the MCP endpoint, in a module of their own: the route table reads them without loading the SDK.

/** A JSON-RPC message of MCP is small: the largest is a tools/call with its arguments. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;
