// Self-contained JSON Schemas out of the OpenAPI document, for the assistant tools' input and output.
//
// A tool schema travels alone (an MCP client never sees the document), so every `$ref` into the document
// is replaced by what it points at, and what only OpenAPI reads goes: `discriminator`, `xml`,
// `externalDocs`, `x-*` extensions, and the deprecated `example` (kept as `examples`). The result is
// JSON Schema 2020-12 without `$schema`, the MCP default dialect, and uses nothing a draft-07 validator
// reads differently (the SDK's client validates structured output with Ajv's draft-07 default).
//
// `oneOf` becomes `anyOf`: OpenAPI's `discriminator` is what tells the branches of a union apart, and
// without it two open object schemas can both match one body, which `oneOf` would reject. A body that
// matches any branch is what the tool can return.

type Json = Record<string, unknown>;

const OPENAPI_ONLY = new Set(['discriminator', 'xml', 'externalDocs']);
/** Keywords whose value is data, copied as it is. */
const DATA = new Set(['examples', 'default', 'const', 'enum']);
/** Keywords whose value maps names (which may look like keywords) to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** The value `ref` (`#/components/schemas/Passage`) points at in `document`. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local references can be resolved, not ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) throw new Error(`${ref} does not resolve in the OpenAPI document`);
    node = (node as Json)[key];
  }
  return node;
}

/**
 * `schema` with every `$ref` into `document` replaced by its target (siblings of a `$ref` kept over the
 * target's members, as OpenAPI 3.1 allows) and the OpenAPI-only keywords removed. A reference cycle
 * throws: the document's schemas have none, and a tool schema could not express one without `$defs`.
 */
export function inlineSchema(schema: unknown, document: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineSchema(item, document, seen));
  if (schema === null || typeof schema !== 'object') return schema;
  const node = schema as Json;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (seen.includes(ref)) throw new Error(`the schema refers to itself through ${[...seen, ref].join(' → ')}`);
    const { $ref: _, ...siblings } = node;
    const target = inlineSchema(resolvePointer(document, ref), document, [...seen, ref]) as Json;
    return { ...target, ...(inlineSchema(siblings, document, seen) as Json) };
  }
  const result: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (OPENAPI_ONLY.has(key) || key.startsWith('x-')) continue;
    if (key === 'example') {
      if (!('examples' in node)) result.examples = [value];
      continue;
    }
    if (DATA.has(key)) {
      result[key] = value;
      continue;
    }
    if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object') {
      result[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, inlineSchema(child, document, seen)]));
      continue;
    }
    result[key === 'oneOf' ? 'anyOf' : key] = inlineSchema(value, document, seen);
  }
  return result;
}
