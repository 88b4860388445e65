// The assistant tools as MCP describes them, derived from the OpenAPI document the server serves.
//
// One tool per tool operation (routes/assistant-tools.ts), named by its operationId. Its input schema
// is an object of the operation's path and query parameters, each with the parameter's own schema and
// description; its output schema is the operation's 200 JSON schema. Both are made self-contained
// (json-schema.ts), so whatever shape the document gives a parameter or a body, the tool follows it.
// A call becomes the GET the operation names (`toRequestTarget`), answered by the same app.

import { ApiError } from '@skg/core';
import { TOOL_GUIDANCE } from '../routes/assistant-tools.ts';
import { API_BASE } from '../routes/define.ts';
import { inlineSchema, resolvePointer } from './json-schema.ts';

type Json = Record<string, unknown>;

/** A JSON Schema whose root is an object, as MCP requires of a tool's input and output schemas. */
export interface ObjectSchema {
  readonly type: 'object';
  readonly [keyword: string]: unknown;
}

export interface ToolParameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
}

export interface AssistantTool {
  /** The operationId. */
  readonly name: string;
  /** For people: `get_passage` → `Get passage`. */
  readonly title: string;
  /** For a model choosing a tool: TOOL_GUIDANCE, then the operation's summary and description. */
  readonly description: string;
  readonly inputSchema: ObjectSchema;
  readonly outputSchema: ObjectSchema;
  /** The operation's path relative to /api/v1, e.g. `/passage/{osis}`. */
  readonly path: string;
  readonly parameters: readonly ToolParameter[];
}

/** The parts of an OpenAPI 3.1 document read here. */
export interface OpenApiDocumentLike {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

interface OperationLike {
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly parameters?: readonly unknown[];
  readonly responses?: Readonly<Record<string, unknown>>;
}

interface ParameterLike {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: unknown;
  readonly example?: unknown;
  readonly examples?: Readonly<Record<string, { readonly value?: unknown }>>;
}

function deref<T>(value: unknown, document: unknown): T {
  let node = value;
  for (let hops = 0; node !== null && typeof node === 'object' && typeof (node as Json).$ref === 'string'; hops += 1) {
    if (hops > 16) throw new Error(`${String((node as Json).$ref)}: too many references in a row`);
    node = resolvePointer(document, (node as Json).$ref as string);
  }
  return node as T;
}

function toTitle(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function toPropertySchema(parameter: ParameterLike, document: unknown): Json {
  const schema = { ...(inlineSchema(parameter.schema ?? { type: 'string' }, document) as Json) };
  if (parameter.description !== undefined) schema.description = parameter.description;
  const examples = [
    ...(parameter.example !== undefined ? [parameter.example] : []),
    ...Object.values(parameter.examples ?? {}).flatMap((example) => (example.value !== undefined ? [example.value] : [])),
  ];
  if (examples.length > 0 && schema.examples === undefined) schema.examples = examples;
  return schema;
}

/** The 200 JSON body schema, self-contained, with an object root (a union of objects gets `type: object` beside it). */
function toOutputSchema(operation: OperationLike, document: unknown, name: string): ObjectSchema {
  const success = deref<{ content?: Record<string, { schema?: unknown }> } | undefined>(operation.responses?.['200'], document);
  const schema = success?.content?.['application/json']?.schema;
  if (schema === undefined) throw new Error(`${name}: the operation has no application/json 200 body to describe the tool's output`);
  const inlined = inlineSchema(schema, document) as Json;
  if (inlined.type !== undefined && inlined.type !== 'object') throw new Error(`${name}: the 200 body is ${String(inlined.type)}, and a tool's output must be an object`);
  return { ...inlined, type: 'object' };
}

function describeTool(name: string, operation: OperationLike): string {
  const parts = [TOOL_GUIDANCE[name], operation.summary, operation.description].filter((part): part is string => Boolean(part));
  return parts.join('\n\n');
}

function createTool(path: string, operation: OperationLike, document: unknown): AssistantTool {
  const name = operation.operationId ?? '';
  const parameters: ToolParameter[] = [];
  const properties: Json = {};
  const required: string[] = [];
  for (const entry of operation.parameters ?? []) {
    const parameter = deref<ParameterLike>(entry, document);
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const isRequired = parameter.in === 'path' || parameter.required === true;
    parameters.push({ name: parameter.name, in: parameter.in, required: isRequired });
    properties[parameter.name] = toPropertySchema(parameter, document);
    if (isRequired) required.push(parameter.name);
  }
  return {
    name,
    title: toTitle(name),
    description: describeTool(name, operation),
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
    outputSchema: toOutputSchema(operation, document, name),
    path,
    parameters,
  };
}

/** The tools `names` picks out of the document's GET operations, in document order. Every name must be there. */
export function createAssistantTools(document: OpenApiDocumentLike, names: readonly string[]): AssistantTool[] {
  const wanted = new Set(names);
  const tools: AssistantTool[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const operation = item.get as OperationLike | undefined;
    if (operation?.operationId !== undefined && wanted.has(operation.operationId)) tools.push(createTool(path, operation, document));
  }
  const missing = names.filter((name) => !tools.some((tool) => tool.name === name));
  if (missing.length > 0) throw new Error(`no GET operation in the OpenAPI document for the tool(s) ${missing.join(', ')}`);
  return tools;
}

/** A tool argument as a query value: text as it is, numbers and booleans spelt as JSON, anything else as JSON. */
function toText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The absolute path and query (`/api/v1/passage/John.3.16`) of the GET a call of `tool` with `args`
 * stands for. A path value is one percent-encoded segment (a document path's slashes too, which the
 * API accepts), so a `..` in it reaches the route, which refuses it, instead of being resolved away
 * by the URL parser. Arguments the tool does not declare are ignored, as the API ignores unknown query
 * parameters; a required one that is absent or blank is `missing_parameter`, as the API answers for a
 * required query parameter.
 */
export function toRequestTarget(tool: AssistantTool, args: Readonly<Record<string, unknown>>): string {
  const query = new URLSearchParams();
  let path = tool.path;
  for (const parameter of tool.parameters) {
    const value = args[parameter.name];
    const absent = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (absent) {
      if (parameter.in === 'path') throw new ApiError('missing_parameter', `the ${parameter.name} argument is required`, { param: parameter.name });
      if (value === undefined || value === null) continue;
    }
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(toText(value)));
    else query.append(parameter.name, toText(value));
  }
  const search = query.toString();
  return `${API_BASE}${path === '/' ? '' : path}${search ? `?${search}` : ''}`;
}
