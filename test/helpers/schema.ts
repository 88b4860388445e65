// A small JSON Schema checker for the subset the OpenAPI document uses ($ref, type, required,
// properties, additionalProperties, items, enum, const, oneOf): enough to hold every endpoint's
// responses to the published contract. Returns the problems found, empty when the value conforms.

type Schema = Record<string, unknown>;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(actual: string, expected: string): boolean {
  return actual === expected || (expected === 'number' && actual === 'integer');
}

export function validate(value: unknown, schema: Schema, document: Schema, at = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (!target) return [`${at}: unresolvable ${schema.$ref}`];
    return validate(value, target as Schema, document, at);
  }
  const problems: string[] = [];
  if (Array.isArray(schema.oneOf)) {
    const results = (schema.oneOf as Schema[]).map((option) => validate(value, option, document, at));
    const passing = results.filter((result) => result.length === 0).length;
    if (passing !== 1) {
      problems.push(`${at}: matches ${passing} of the oneOf options, not exactly one`);
      if (passing === 0) results.forEach((result, index) => problems.push(...result.map((p) => `  option ${index}: ${p}`)));
    }
  }
  if ('const' in schema && value !== schema.const) problems.push(`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => typeMatches(typeOf(value), type))) {
      return [...problems, `${at}: ${typeOf(value)} where ${types.join('|')} is required`];
    }
  }
  if (typeOf(value) === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in record)) problems.push(`${at}: required ${key} is missing`);
    }
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [key, child] of Object.entries(record)) {
      const childSchema = properties[key] ?? (typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as Schema) : undefined);
      if (childSchema) problems.push(...validate(child, childSchema, document, `${at}.${key}`));
    }
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => problems.push(...validate(item, schema.items as Schema, document, `${at}[${index}]`)));
  }
  return problems;
}
