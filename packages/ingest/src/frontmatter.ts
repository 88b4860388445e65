// Deterministic YAML for document frontmatter: keys in the order given, one layout for every value.
//
// Layout: scalars and mappings on the key's line (mappings in flow style, `{a: 1, b: x}`); arrays of
// scalars in flow style (`[a, b]`); arrays holding mappings as a block list, one flow mapping per
// line. Strings are plain when that cannot be misread (letters first; only letters, digits, spaces and
// `_ . / -`; not a YAML keyword), otherwise double-quoted with JSON escapes. `undefined` is left out.

export type FrontmatterValue =
  | string
  | number
  | boolean
  | null
  | readonly FrontmatterValue[]
  | { readonly [key: string]: FrontmatterValue | undefined };

export type Frontmatter = { readonly [key: string]: FrontmatterValue | undefined };

const PLAIN = /^[A-Za-z](?:[A-Za-z0-9_./-]| (?=[^ ]))*$/;
const KEYWORD = /^(?:true|false|yes|no|on|off|y|n|null)$/i;
const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
// JSON.stringify leaves these alone; YAML readers may take them for line breaks or refuse them.
const UNSAFE = /[\u0085\u2028\u2029\uFEFF]/g;

/** One scalar as YAML. */
export function formatScalar(value: string | number | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`frontmatter cannot hold the number ${value}`);
    return String(value);
  }
  if (PLAIN.test(value) && !KEYWORD.test(value)) return value;
  return JSON.stringify(value).replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function formatKey(key: string): string {
  return KEY.test(key) ? key : JSON.stringify(key);
}

function isScalar(value: FrontmatterValue): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}

/** A value in flow style, on one line. */
export function formatFlow(value: FrontmatterValue): string {
  if (isScalar(value)) return formatScalar(value);
  if (Array.isArray(value)) return `[${value.map(formatFlow).join(', ')}]`;
  const entries = Object.entries(value as Frontmatter).filter((entry): entry is [string, FrontmatterValue] => entry[1] !== undefined);
  return `{${entries.map(([key, item]) => `${formatKey(key)}: ${formatFlow(item)}`).join(', ')}}`;
}

/** The frontmatter block without its `---` fences, ending in a newline. */
export function formatFrontmatter(fields: Frontmatter): string {
  let out = '';
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && value.some((item) => !isScalar(item))) {
      out += `${formatKey(key)}:\n`;
      for (const item of value) out += `  - ${formatFlow(item)}\n`;
    } else {
      out += `${formatKey(key)}: ${formatFlow(value)}\n`;
    }
  }
  return out;
}
