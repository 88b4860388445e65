// Query and path parameter rules of the spec ("Endpoints", general rules), in one place.
//
// - A repeated parameter (`?limit=5&limit=9`) uses its first value.
// - An integer parameter that does not parse as a number (`limit=abc`, `limit=`, `limit=12abc`) is
//   treated as absent: the default applies. A fractional number is truncated toward zero.
// - Above the maximum: clamped to the maximum, without comment (spec). That includes numbers too large
//   for a double (`1e309`) and `Infinity`: they are numbers, only above every maximum. Without a
//   maximum, they become Number.MAX_SAFE_INTEGER.
// - Below the minimum: clamped to the minimum, without comment (`-1e309`, `-Infinity` too). The spec does
//   not say; clamping keeps one rule for both ends, and the spec already makes unusable numbers silent
//   (docs/api-decisions.md).
// - `lat`/`lon` are the spec's exception (out of range is `invalid_parameter`); no route takes them yet.

import { ApiError } from '@skg/core';

/** A query value as h3's `getQuery` gives it. */
export type QueryValue = string | readonly string[] | undefined;

export type Query = Readonly<Record<string, QueryValue>>;

export interface IntegerParameter {
  readonly kind: 'integer';
  readonly name: string;
  readonly description: string;
  readonly minimum: number;
  /** No maximum when absent. */
  readonly maximum?: number;
  readonly default: number;
}

export interface StringParameter {
  readonly kind: 'string';
  readonly name: string;
  readonly in: 'query' | 'path';
  readonly description: string;
  readonly required: boolean;
  /** Legal values, when the parameter is an enum. */
  readonly enum?: readonly string[];
  readonly example?: string;
  /**
   * The value as the canonical request (cache key, ETag, stored answer) keeps it, when several spellings
   * read the same (`kjv`, ` KJV ` → `KJV`); undefined leaves the parameter out (a spelling of the default).
   */
  readonly canonical?: (value: string) => string | undefined;
  /**
   * The OpenAPI schema of the value when it is not free text but the route reads it itself (a number
   * with a range, a boolean); default `{type: 'string'}` with `enum`.
   */
  readonly schema?: Readonly<Record<string, unknown>>;
}

export type ParameterSpec = IntegerParameter | StringParameter;

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** `Infinity`, `+infinity`, `-INFINITY`: what `Number` itself reads as a number beyond every bound. */
const INFINITY = /^[+-]?infinity$/i;

function first(value: QueryValue): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

/** Parses an integer parameter by the spec's rules; never throws. */
export function readInteger(value: QueryValue, spec: IntegerParameter): number {
  const text = first(value)?.trim();
  if (text === undefined) return spec.default;
  const infinite = INFINITY.test(text);
  if (!infinite && !NUMBER.test(text)) return spec.default;
  // `1e309` and `Infinity` parse as ±Infinity: numbers beyond every bound, so clamped like any other.
  const number = infinite ? (text.startsWith('-') ? -Infinity : Infinity) : Math.trunc(Number(text));
  if (Number.isNaN(number)) return spec.default;
  if (number < spec.minimum) return spec.minimum;
  if (spec.maximum !== undefined && number > spec.maximum) return spec.maximum;
  return number === Infinity ? Number.MAX_SAFE_INTEGER : number;
}

/** The first value, trimmed; `undefined` when absent or blank. */
export function readString(value: QueryValue): string | undefined {
  const text = first(value)?.trim();
  return text === undefined || text === '' ? undefined : text;
}

/** A required string: absent or blank is `missing_parameter` naming the parameter. */
export function requireString(value: QueryValue, name: string): string {
  const text = readString(value);
  if (text === undefined) throw new ApiError('missing_parameter', `the ${name} parameter is required`, { param: name });
  return text;
}

/**
 * An optional enum: absent gives `undefined`; a value outside `available` (compared after `normalize`)
 * is `unknown_value` listing the legal values.
 */
export function readEnum<T extends string>(
  value: QueryValue,
  name: string,
  available: readonly T[],
  normalize: (text: string) => string = (text) => text,
): T | undefined {
  const text = readString(value);
  if (text === undefined) return undefined;
  const normalized = normalize(text);
  const match = available.find((legal) => legal === normalized);
  if (match === undefined) {
    throw new ApiError('unknown_value', `'${text}' is not a legal value of ${name}`, { param: name, available });
  }
  return match;
}

/** A boolean: `true|1` → true; `false|0` (any case) or absent → false; anything else `invalid_parameter`. */
export function readBoolean(value: QueryValue, name: string): boolean {
  const text = readString(value)?.toLowerCase();
  if (text === undefined || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  throw new ApiError('invalid_parameter', `${name} must be true or false`, { param: name });
}
