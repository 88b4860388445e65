// The response-format part of a route's ETags, derived from the contract instead of a constant bumped
// by hand: a hash of what the OpenAPI document says about the route (its operation: parameters,
// descriptions, statuses) and of every component that reaches (its body schema and the schemas,
// headers and parameters those name, transitively). Changing the shape of a body, or what a route says
// it does, changes that route's ETags, and only the ETags of routes whose contract changed; examples
// are left out, as they illustrate and do not define.

import { createHash } from 'node:crypto';
import type { RouteDefinition } from '../routes/define.ts';
import { describeComponents, describePaths } from './document.ts';

type Json = Record<string, unknown>;

const REF_PREFIX = '#/components/';
const ILLUSTRATIONS = new Set(['example', 'examples']);

/** Every `$ref` under `node`, as `[section, name]` of `#/components/<section>/<name>`. */
function collectRefs(node: unknown, found: Array<[string, string]>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, found);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) {
        const [section, name] = value.slice(REF_PREFIX.length).split('/');
        if (section !== undefined && name !== undefined) found.push([section, name]);
      } else if (key === 'mapping' && value && typeof value === 'object') {
        // A discriminator's mapping names schemas by reference too.
        for (const target of Object.values(value)) collectRefs({ $ref: target }, found);
      } else {
        collectRefs(value, found);
      }
    }
  }
}

// The components are the same for every route: described once per process, not once per route. They
// hold the schema objects themselves, so a schema changed in place (a test) is still seen.
let components: Record<string, Record<string, unknown>> | undefined;

/** JSON with object keys sorted and examples left out, so equal contracts hash equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, node: unknown) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    const sorted: Json = {};
    for (const key of Object.keys(node).sort()) if (!ILLUSTRATIONS.has(key)) sorted[key] = (node as Json)[key];
    return sorted;
  });
}

/** The route's paths entry and the components it reaches, transitively. */
export function describeRouteContract(route: RouteDefinition): Json {
  const paths = describePaths([route]);
  components ??= describeComponents() as unknown as Record<string, Record<string, unknown>>;
  const reached: Record<string, Record<string, unknown>> = {};
  const pending: Array<[string, string]> = [];
  collectRefs(paths, pending);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [section, name] = next;
    if (reached[section]?.[name] !== undefined) continue;
    const target = components[section]?.[name];
    if (target === undefined) throw new Error(`unresolvable ${REF_PREFIX}${section}/${name}`);
    (reached[section] ??= {})[name] = target;
    collectRefs(target, pending);
  }
  return { paths, components: reached };
}

/** The hash of the route's contract (16 hex digits) that its ETags carry. */
export function getResponseFormat(route: RouteDefinition): string {
  return createHash('sha256').update(canonicalJson(describeRouteContract(route))).digest('hex').slice(0, 16);
}
