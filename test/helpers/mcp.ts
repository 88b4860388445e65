// What the MCP tests compare the tools with: the spec's tool names, and the tool operations of an
// OpenAPI document with their path and query parameters ($refs followed).

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { listAssistantToolRoutes } from '../../packages/server/src/routes/assistant-tools.ts';
import { ROUTES } from '../../packages/server/src/routes/index.ts';

/** The spec's fifteen assistant-tool names, and the status. */
export const SPEC_TOOL_NAMES: readonly string[] = [
  'search', 'search_scripture', 'get_passage', 'get_interlinear', 'find_cross_references', 'get_connections', 'get_entity',
  'get_family', 'find_places_near', 'get_graph_neighborhood', 'list_documents', 'get_stats', 'get_vocabulary', 'get_tags',
  'get_changelog', 'get_status',
];

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
  readonly description?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed OpenAPI document
type Document = any;

function follow(document: Document, value: Document): Document {
  if (typeof value?.$ref !== 'string') return value;
  return (value.$ref as string).slice(2).split('/').reduce((node: Document, key: string) => node[key], document);
}

/** The document's tool operations, in document order, with their path and query parameters (path ones required). */
export function toolOperations(document: Document): Array<{ operationId: string; path: string; parameters: Parameter[] }> {
  const names = new Set(listAssistantToolRoutes(ROUTES).map((route) => route.operationId));
  return Object.entries(document.paths as Record<string, Document>)
    .filter(([, item]) => names.has(item.get?.operationId))
    .map(([path, item]) => ({
      operationId: item.get.operationId as string,
      path,
      parameters: (item.get.parameters as Document[])
        .map((parameter) => follow(document, parameter))
        .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
        .map((parameter) => ({ ...parameter, required: parameter.in === 'path' || parameter.required === true })),
    }));
}

/** The text of a tool result's first content block. */
export function textOf(result: CallToolResult): string {
  const block = result.content[0];
  if (block?.type !== 'text') throw new Error(`the result has no text block: ${JSON.stringify(result)}`);
  return block.text;
}

export interface ExampleCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  /** The GET it stands for, relative to /api/v1. */
  readonly target: string;
}

interface ListedTool {
  readonly name: string;
  readonly inputSchema: { readonly properties?: Record<string, object> };
}

/** A query value as the tool's input schema types it (`limit=5` → 5, `body=true` → true); text the type does not fit stays text. */
function typed(value: string, schema: { type?: unknown } | undefined): unknown {
  if ((schema?.type === 'integer' || schema?.type === 'number') && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (schema?.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/**
 * The conformance table's successful GET examples of every tool (for `data`), as tool calls: the path
 * parameters read back from the path, the query as arguments. So every tool, a new one too, is called
 * with the requests its operation is known to answer.
 */
export function callsFromExamples(
  tools: readonly ListedTool[],
  operations: ReturnType<typeof toolOperations>,
  examples: Readonly<Record<string, ReadonlyArray<{ request: string; status: number; data?: string; app?: string }>>>,
  data: 'fixture' | 'full',
): ExampleCall[] {
  const calls: ExampleCall[] = [];
  for (const tool of tools) {
    const operation = operations.find((entry) => entry.operationId === tool.name);
    if (!operation) throw new Error(`${tool.name}: no operation`);
    const names: string[] = [];
    const pattern = new RegExp(
      `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return name === 'path' ? '(.+)' : '([^/]+)';
      })}$`,
    );
    for (const example of examples[tool.name] ?? []) {
      if (example.status !== 200 || example.app !== undefined || (example.data !== undefined && example.data !== data)) continue;
      const target = example.request.slice('GET '.length);
      const url = new URL(target, 'http://localhost');
      const match = pattern.exec(url.pathname);
      if (!match) throw new Error(`${example.request} does not match ${operation.path}`);
      const args: Record<string, unknown> = {};
      names.forEach((name, index) => {
        args[name] = decodeURIComponent(match[index + 1]!);
      });
      for (const [name, value] of url.searchParams) {
        if (!(name in args)) args[name] = typed(value, tool.inputSchema.properties?.[name] as { type?: unknown } | undefined);
      }
      calls.push({ tool: tool.name, args, target });
    }
  }
  return calls;
}
