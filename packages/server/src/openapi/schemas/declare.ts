// How a body shape is declared: once, with TypeBox, which gives both the JSON Schema (2020-12, as
// OpenAPI 3.1 uses it) the document publishes and, through `Static`, the TypeScript type the route
// returns. Nothing here runs per request: bodies are plain objects serialised by JSON.stringify.
//
// `component('Name', schema)` names a schema: the OpenAPI document lists it once under
// `components.schemas`, and `ref(schema)` points at it (`$ref`) while keeping its static type.
// To add a field: add it to the schema; the route's return type then requires (or allows) it.

import Type, { type Static, type TSchema, type TUnsafe } from 'typebox';

export { Type, type Static, type TSchema };

/** What a value may be to be written as a body of this schema: its static type, arrays and members readonly. */
export type Body<S extends TSchema> = DeepReadonly<Static<S>>;

type DeepReadonly<T> = T extends (infer E)[]
  ? ReadonlyArray<DeepReadonly<E>>
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

declare const BODY: unique symbol;

/**
 * A named schema carries, in its type only, the body type it describes, so `defineRoute` infers that
 * type directly from `responseSchema` and holds `handle`'s return to it (literals such as `kind` kept).
 */
export interface Describes<B> {
  readonly [BODY]?: B;
}

const registry = new Map<string, TSchema>();
const names = new WeakMap<TSchema, string>();

/** Names `schema`: it is published once as `#/components/schemas/<name>`. */
export function component<T extends TSchema>(name: string, schema: T): T & Describes<Body<T>> {
  if (registry.has(name)) throw new Error(`the schema ${name} is declared twice`);
  registry.set(name, schema);
  names.set(schema, name);
  return schema;
}

/** An unnamed schema typed like a named one (published inline where it is used). */
export function described<T extends TSchema>(schema: T): T & Describes<Body<T>> {
  return schema;
}

/** The name `schema` was declared with, or undefined for an inline schema. */
export function componentName(schema: TSchema): string | undefined {
  return names.get(schema);
}

/** Every named schema, in declaration order. */
export function listComponents(): ReadonlyMap<string, TSchema> {
  return registry;
}

/** A `$ref` to a named schema, typed as that schema; `description` says what it is in this place. */
export function ref<T extends TSchema>(schema: T, description?: string): TUnsafe<Static<T>> {
  const name = names.get(schema);
  if (name === undefined) throw new Error('ref() needs a schema declared with component()');
  return Type.Unsafe<Static<T>>({ $ref: `#/components/schemas/${name}`, ...(description ? { description } : {}) });
}

/** `{type: [type, 'null']}` for a string, integer, number or boolean schema. */
export function nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type, ...rest } = schema as unknown as { type: string };
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] });
}

/** A string that is always this one value (`{const}`; TypeBox's Literal adds a `type`, which is fine too). */
export const text = (description?: string) => Type.String(description ? { description } : {});
export const integer = (description?: string) => Type.Integer(description ? { description } : {});
export const number = (description?: string) => Type.Number(description ? { description } : {});
export const boolean = (description?: string) => Type.Boolean(description ? { description } : {});
export const dateTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });
export const arrayOf = <T extends TSchema>(items: T, description?: string) => Type.Array(items, description ? { description } : {});
export const optional = Type.Optional;

/** An object used as a map: any member names, each value of `values` (`{additionalProperties}`). */
export function mapOf<T extends TSchema>(values: T, description?: string): TUnsafe<Record<string, Static<T>>> {
  return Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: values, ...(description ? { description } : {}) });
}

/** A closed set of strings. */
export function oneOfStrings<const T extends readonly string[]>(values: T, description?: string): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });
}

/** A member present only with this one value (`omitted: true`, `shareAlike: true`). */
export function always<const T extends string | number | boolean>(value: T, description?: string): TUnsafe<T> {
  return Type.Unsafe<T>({ const: value, ...(description ? { description } : {}) });
}

/**
 * A `oneOf` of named schemas told apart by the `const` member `property` each has: published with an
 * OpenAPI `discriminator` (the mapping from each value to its schema) so generated clients narrow on it.
 */
export function discriminated<const T extends readonly TSchema[]>(property: string, branches: T, description: string): TUnsafe<Static<T[number]>> {
  const mapping: Record<string, string> = {};
  for (const branch of branches) {
    const name = names.get(branch);
    const value = (branch as unknown as { properties?: Record<string, { const?: unknown }> }).properties?.[property]?.const;
    if (name === undefined || typeof value !== 'string') throw new Error(`every branch of a discriminated union is named and has a const ${property}`);
    mapping[value] = `#/components/schemas/${name}`;
  }
  return Type.Unsafe<Static<T[number]>>({
    description,
    oneOf: branches.map((branch) => ({ $ref: `#/components/schemas/${names.get(branch)}` })),
    discriminator: { propertyName: property, mapping },
  });
}
