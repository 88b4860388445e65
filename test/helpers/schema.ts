// The OpenAPI document as a contract the tests hold responses to: JSON Schema 2020-12 validation by Ajv
// (with ajv-formats) over the document's own component schemas, plus the parts of a response the
// document declares besides the body: the status, the media type and the response headers.
//
// Bodies are checked closed-world: every object schema that lists `properties` and says nothing of
// extra members is checked with `additionalProperties: false`, so a field the server writes but the
// document does not describe is a failure. The published document stays open (clients must tolerate
// new fields); a schema that means to allow extra members says `additionalProperties: true`.

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Schema = Record<string, unknown>;

// ajv-formats is CommonJS with a default export; under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

export interface OpenApiResponse {
  readonly description: string;
  readonly headers?: Record<string, Schema>;
  readonly content?: Record<string, { readonly schema: Schema }>;
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary?: string;
  readonly parameters?: readonly Schema[];
  readonly requestBody?: Schema;
  readonly responses: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: Schema;
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: { readonly schemas: Record<string, Schema>; readonly headers?: Record<string, Schema>; readonly parameters?: Record<string, Schema> };
  readonly [key: string]: unknown;
}

/** One operation of the document: where it lives and what it declares. */
export interface OperationEntry {
  /** Upper case: `GET`, `POST`. */
  readonly method: string;
  /** The path template relative to the server URL: `/passage/{osis}`. */
  readonly path: string;
  readonly operationId: string;
  readonly operation: OpenApiOperation;
}

/** What a response is checked on: the status, the headers and the body text as received. */
export interface ReceivedResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface Contract {
  readonly document: OpenApiDocument;
  /** Every operation of every path item, in document order. */
  readonly operations: readonly OperationEntry[];
  /** True when `requestPath` (no query) is an instance of the operation's path template. */
  matchesPath(operation: OperationEntry, requestPath: string): boolean;
  /**
   * The problems of `response` as an answer to `operation`; empty when it conforms. For `HEAD` the body
   * must be empty and the rest is checked as for the GET it stands for.
   */
  checkResponse(operation: OperationEntry, response: ReceivedResponse, method?: string): string[];
  /** The problems of `value` against a component schema (closed-world); empty when it conforms. */
  checkSchema(name: string, value: unknown): string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const SCHEMA_ID = 'urn:skg:openapi';

/** A deep copy of `schema` with every object schema that lists properties closed to other members. */
function closeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // `properties`, `$defs` and `patternProperties` map names to schemas: close each schema, keep the names.
    copy[key] =
      (key === 'properties' || key === '$defs' || key === 'patternProperties') && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, closeSchema(child)]))
        : key === 'const' || key === 'enum' || key === 'default' || key === 'example' || key === 'examples'
          ? value
          : closeSchema(value);
  }
  if (copy.properties && !('additionalProperties' in copy) && !('unevaluatedProperties' in copy)) copy.additionalProperties = false;
  return copy;
}

/** `#/components/schemas/X` → `urn:skg:openapi#/$defs/X`, so component schemas resolve inside one Ajv schema. */
function rebase(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${SCHEMA_ID}#/$defs/`));
}

/** Ajv's errors as lines; the same error on many items of an array is one line with a count. */
function formatErrors(errors: readonly ErrorObject[] | null | undefined, at: string): string[] {
  const lines = new Map<string, { line: string; count: number }>();
  for (const error of errors ?? []) {
    const detail = error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : '';
    const line = `${at}${error.instancePath}: ${error.message ?? error.keyword}${detail}`;
    const key = `${at}${error.instancePath.replace(/\/\d+(?=\/|$)/g, '/*')}: ${error.message ?? error.keyword}${detail}`;
    const seen = lines.get(key);
    if (seen) seen.count += 1;
    else lines.set(key, { line, count: 1 });
  }
  return [...lines.values()].map(({ line, count }) => (count > 1 ? `${line} (and ${count - 1} more like it)` : line));
}

function mediaTypeOf(contentType: string | null): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/** A header value as the type its schema names: integer and number headers are numbers when they parse. */
function headerValue(value: string, schema: Schema): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return value;
}

function templateToPattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // A parameter named `path` is a document path: one or more segments, raw slashes allowed.
      return name === 'path' ? '.+' : '[^/]+';
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * Compiles the document's schemas with Ajv in strict mode (an unknown keyword, a `required` member
 * that is not a property, a malformed schema: each throws here) and answers the contract.
 */
export function createContract(document: OpenApiDocument, options: { readonly closed?: boolean } = {}): Contract {
  const closed = options.closed ?? true;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // OpenAPI's own schema keywords (OAS 3.1 §4.8.24), annotations only.
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  const defs = closed ? closeSchema(document.components.schemas) : document.components.schemas;
  ajv.addSchema({ $id: SCHEMA_ID, $defs: rebase(defs) as Schema });

  const compiled = new Map<unknown, ValidateFunction>();
  function compile(schema: Schema): ValidateFunction {
    let validate = compiled.get(schema);
    if (!validate) {
      const prepared = rebase(closed ? closeSchema(schema) : schema) as Schema;
      validate = typeof prepared.$ref === 'string' && Object.keys(prepared).length === 1 ? ajv.getSchema(prepared.$ref) : ajv.compile(prepared);
      if (!validate) throw new Error(`unresolvable schema ${JSON.stringify(schema)}`);
      compiled.set(schema, validate);
    }
    return validate;
  }
  for (const name of Object.keys(document.components.schemas)) compile({ $ref: `#/components/schemas/${name}` });

  function resolve<T>(node: T | { $ref: string }): T {
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string') return node as T;
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], document);
    if (target === undefined) throw new Error(`unresolvable ${ref}`);
    return resolve(target as T);
  }

  /**
   * Validates a body; a top-level `oneOf` of references is tried branch by branch so that a failure
   * reports the closest branch's problems, not every branch's.
   */
  function validateBody(schema: Schema, body: unknown): string[] {
    const resolved = resolve(schema);
    const branches = Array.isArray(resolved.oneOf) ? (resolved.oneOf as Schema[]) : undefined;
    if (!branches) {
      const validate = compile(schema);
      return validate(body) ? [] : formatErrors(validate.errors, '$');
    }
    const results = branches.map((branch) => {
      const validate = compile(branch);
      return { name: String(branch.$ref ?? 'inline').split('/').pop(), errors: validate(body) ? [] : formatErrors(validate.errors, '$') };
    });
    const passing = results.filter((result) => result.errors.length === 0);
    if (passing.length === 1) return [];
    if (passing.length > 1) return [`$: matches ${passing.map((result) => result.name).join(' and ')}; oneOf needs exactly one`];
    const closest = results.reduce((best, result) => (result.errors.length < best.errors.length ? result : best));
    return closest.errors.map((error) => `${error} (closest oneOf branch: ${closest.name})`);
  }

  const operations: OperationEntry[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (operation) operations.push({ method: method.toUpperCase(), path, operationId: operation.operationId, operation });
    }
  }
  const patterns = new Map(operations.map((entry) => [entry, templateToPattern(entry.path)]));

  // Every other schema of the document compiles too: response headers and parameters.
  for (const header of Object.values(document.components.headers ?? {})) {
    if (header.schema) compile(header.schema as Schema);
  }
  for (const { operation } of operations) {
    for (const parameter of operation.parameters ?? []) {
      const schema = resolve(parameter).schema;
      if (schema) compile(schema as Schema);
    }
  }

  return {
    document,
    operations,
    matchesPath(operation, requestPath) {
      return patterns.get(operation)?.test(requestPath) ?? false;
    },
    checkSchema(name, value) {
      const validate = compile({ $ref: `#/components/schemas/${name}` });
      return validate(value) ? [] : formatErrors(validate.errors, '$');
    },
    checkResponse(entry, response, method = entry.method) {
      const label = `${entry.method} ${entry.path} ${response.status}`;
      const declared = entry.operation.responses[String(response.status)];
      if (!declared) return [`${label}: status ${response.status} is not documented (documented: ${Object.keys(entry.operation.responses).join(', ')})`];
      const problems: string[] = [];
      const described = resolve(declared);

      for (const [name, reference] of Object.entries(described.headers ?? {})) {
        const header = resolve(reference) as Schema & { required?: boolean; schema?: Schema };
        const value = response.headers.get(name);
        if (value === null) {
          if (header.required) problems.push(`${label}: required header ${name} is missing`);
          continue;
        }
        if (header.schema) {
          const validate = compile(header.schema);
          if (!validate(headerValue(value, header.schema))) problems.push(...formatErrors(validate.errors, `${label}: header ${name}=${JSON.stringify(value)}`));
        }
      }

      const content = described.content;
      if (!content || method === 'HEAD') {
        if (response.text !== '') problems.push(`${label}: no body is documented, but ${response.text.length} characters came`);
        return problems;
      }
      const mediaType = mediaTypeOf(response.headers.get('content-type'));
      const media = mediaType === undefined ? undefined : content[mediaType];
      if (!media) {
        problems.push(`${label}: Content-Type ${response.headers.get('content-type')} is not documented (documented: ${Object.keys(content).join(', ')})`);
        return problems;
      }
      if (mediaType !== 'application/json' && !mediaType?.endsWith('+json')) return problems;
      let body: unknown;
      try {
        body = JSON.parse(response.text);
      } catch {
        return [...problems, `${label}: the body is not JSON`];
      }
      problems.push(...validateBody(media.schema, body).map((problem) => `${label}: body ${problem}`));
      return problems;
    },
  };
}
