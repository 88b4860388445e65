// Tool results an assistant's client accepts: a 200 body over MAX_TOOL_RESULT_BYTES of JSON is cut to fit,
// and the result says what was cut and how to get the rest.
//
// The cut is generic: the largest array anywhere in the body (a chapter's `verses` or `relations`, a graph's
// `edges`, an entity's `relations.inbound`) keeps the longest prefix that brings the body under the ceiling,
// again with the next largest until it fits. What is left is still the operation's shape, so it stays
// `structuredContent`. The result's `_meta.truncated` lists each cut (`{path, kept, total}`), the
// arguments of the call that continues (`next`) where one exists, and the HTTP `route` that answers
// the whole; a second text block says the same in words. `next`:
//   a paged tool (an `offset` argument), the top-level list cut → the same call at `offset + kept`;
//   get_passage, `verses` cut → the range from the first verse left out to the last verse asked for;
//   get_interlinear, `verses` cut → the first verse left out (the tool takes a verse or a chapter).
// Elsewhere (a neighbourhood, an entity's relations) the note asks for a narrower call (a lower depth, a
// `predicate` or `type`) or the HTTP route.

import { API_BASE } from '../routes/define.ts';
import { MAX_TOOL_RESULT_BYTES } from './limits.ts';
import type { AssistantTool } from './tools.ts';

type Json = Record<string, unknown>;

export interface ResultCut {
  /** Where the array is in the body: `verses`, `relations.inbound`. */
  readonly path: string;
  readonly kept: number;
  readonly total: number;
}

export interface ResultTruncation {
  readonly cuts: readonly ResultCut[];
  /** The arguments of the call that gives what follows, when there is one. */
  readonly next?: Readonly<Record<string, unknown>>;
  /** The HTTP GET answering the whole body (no ceiling there). */
  readonly route: string;
}

export interface FittedResult {
  readonly body: Json;
  readonly text: string;
  readonly truncation?: ResultTruncation;
}

interface FoundArray {
  readonly path: string;
  readonly owner: Json;
  readonly key: string;
  readonly items: unknown[];
  readonly bytes: number;
}

function findArrays(node: Json, prefix: string, found: FoundArray[]): void {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (Array.isArray(value)) {
      if (value.length > 0) found.push({ path, owner: node, key, items: value, bytes: Buffer.byteLength(JSON.stringify(value)) });
    } else if (value !== null && typeof value === 'object') {
      findArrays(value as Json, path, found);
    }
  }
}

/** How many leading items of `items` fit in `budget` bytes of JSON (brackets and commas counted). */
function countFitting(items: readonly unknown[], budget: number): number {
  let used = 2;
  for (let index = 0; index < items.length; index += 1) {
    used += Buffer.byteLength(JSON.stringify(items[index])) + (index > 0 ? 1 : 0);
    if (used > budget) return index;
  }
  return items.length;
}

function osisOf(item: unknown): string | undefined {
  const osis = (item as Json | null)?.osis;
  return typeof osis === 'string' ? osis : undefined;
}

/** The arguments that continue after `cut` of `original` (the array before cutting), or undefined. */
function continuation(tool: AssistantTool, args: Readonly<Record<string, unknown>>, cut: ResultCut, original: readonly unknown[]): Record<string, unknown> | undefined {
  const paged = tool.parameters.some((parameter) => parameter.name === 'offset') && !cut.path.includes('.');
  if (paged) return { ...args, offset: (Number(args.offset) || 0) + cut.kept };
  if (cut.path !== 'verses') return undefined;
  const firstLeft = osisOf(original[cut.kept]);
  const last = osisOf(original[original.length - 1]);
  if (firstLeft === undefined || last === undefined) return undefined;
  if (tool.name === 'get_passage') return { ...args, osis: firstLeft === last ? firstLeft : `${firstLeft}-${last}` };
  if (tool.name === 'get_interlinear') return { ...args, osis: firstLeft };
  return undefined;
}

/** The note for a model: what was cut and how to get the rest. */
export function describeTruncation(tool: AssistantTool, truncation: ResultTruncation): string {
  const cuts = truncation.cuts.map((cut) => `\`${cut.path}\` keeps ${cut.kept} of ${cut.total}`).join(', ');
  const rest = truncation.next
    ? `For what follows, call ${tool.name} with ${JSON.stringify(truncation.next)}.`
    : `For the rest, call ${tool.name} with narrower arguments (a shorter range, a lower depth, a filter).`;
  return `Cut to fit ${MAX_TOOL_RESULT_BYTES} bytes: ${cuts}. ${rest} The HTTP API answers the whole at GET ${truncation.route}.`;
}

/**
 * `body` (whose JSON is `text`) as a tool result may carry it: as it is when it fits in `maxBytes`, else
 * cut as the module header says. `target` is the GET the call stood for.
 */
export function fitToolResult(
  tool: AssistantTool,
  args: Readonly<Record<string, unknown>>,
  target: string,
  body: Json,
  text: string,
  maxBytes = MAX_TOOL_RESULT_BYTES,
): FittedResult {
  let size = Buffer.byteLength(text);
  if (size <= maxBytes) return { body, text };
  const cuts = new Map<string, ResultCut>();
  const originals = new Map<string, readonly unknown[]>();
  let next: Record<string, unknown> | undefined;
  while (size > maxBytes) {
    const found: FoundArray[] = [];
    findArrays(body, '', found);
    const largest = found.sort((a, b) => b.bytes - a.bytes)[0];
    if (largest === undefined) break;
    const kept = Math.min(largest.items.length - 1, countFitting(largest.items, largest.bytes - (size - maxBytes)));
    largest.owner[largest.key] = largest.items.slice(0, kept);
    if (!originals.has(largest.path)) originals.set(largest.path, largest.items);
    const original = originals.get(largest.path) ?? largest.items;
    const cut = { path: largest.path, kept, total: original.length };
    cuts.set(largest.path, cut);
    next = continuation(tool, args, cut, original) ?? next;
    text = JSON.stringify(body);
    size = Buffer.byteLength(text);
  }
  const route = target.startsWith(API_BASE) ? target : `${API_BASE}${target}`;
  return { body, text, truncation: { cuts: [...cuts.values()], ...(next ? { next } : {}), route } };
}
