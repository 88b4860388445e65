// Shared formatting of graph records for the knowledge-graph routes: NodeSummary, document paths.

import { ApiError, COLLECTIONS, type DocumentType, parseDocumentType } from '@skg/core';
import type { GraphStore, InboundRelationRecord, ListSort, NodeSummaryRecord, RelationRecord } from '../artefacts/types.ts';
import { type QueryValue, readString } from '../params.ts';

/** A bundle path (`people/isaac`) as the API shows it: a site route (`/people/isaac`). */
export function toRoute(path: string): string {
  return `/${path}`;
}

/** The spec's NodeSummary, with its fields in a fixed order. */
export function formatSummary(node: NodeSummaryRecord) {
  return {
    id: toRoute(node.path),
    title: node.title,
    type: node.type,
    ...(node.description !== undefined ? { description: node.description } : {}),
    degree: node.degree,
    ...(node.lat !== undefined ? { lat: node.lat } : {}),
    ...(node.lon !== undefined ? { lon: node.lon } : {}),
    ...(node.strongs !== undefined ? { strongs: node.strongs } : {}),
    ...(node.osis !== undefined ? { osis: node.osis } : {}),
    ...(node.shareAlike ? { shareAlike: true as const } : {}),
  };
}

/**
 * A document path from a path parameter or a query value: leading and trailing slashes dropped
 * (an API id `/people/isaac` works as well as `people/isaac`), one to three segments. An empty path,
 * an empty segment, a `.` or `..` segment or more than three segments is `invalid_parameter`.
 * (Dot segments the URL parser would resolve before routing are refused by the pipeline,
 * http/steps/dot-segments.ts; this catches the percent-encoded-slash and query-value forms.)
 */
export function readDocumentPath(value: string | undefined, param: string): string {
  const path = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  const segments = path.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    throw new ApiError('invalid_parameter', `${param} must not have a '.' or '..' segment: name the document itself, e.g. people/isaac`, { param });
  }
  if (path === '' || segments.length > 3 || segments.some((segment) => segment === '')) {
    throw new ApiError('invalid_parameter', `${param} must be a document path of one to three segments, e.g. people/isaac`, { param });
  }
  return path;
}

/** The twelve type values, the `available` list of an unknown `type`. */
export const TYPE_VALUES: readonly string[] = COLLECTIONS.map((info) => info.type);

/**
 * An optional `type` parameter: exact type values, plurals and folder names (`themes`, `sa/events`),
 * case-insensitive; anything else is `unknown_value` listing the twelve type values.
 */
export function readDocumentType(value: QueryValue): DocumentType | undefined {
  const text = readString(value);
  if (text === undefined) return undefined;
  const type = parseDocumentType(text);
  if (!type) throw new ApiError('unknown_value', `'${text}' is not a document type`, { param: 'type', available: TYPE_VALUES });
  return type;
}

const sortedTags = new WeakMap<GraphStore, readonly string[]>();

/** Every tag of the graph, sorted (code-unit order): the `available` of an unknown tag. */
export function allTags(graph: GraphStore): readonly string[] {
  let tags = sortedTags.get(graph);
  if (tags === undefined) {
    tags = Object.freeze(graph.tags(Number.MAX_SAFE_INTEGER, 0).items.map((tag) => tag.name).sort());
    sortedTags.set(graph, tags);
  }
  return tags;
}

/**
 * An optional `tag` parameter: a tag no document carries is `unknown_value` with every tag, sorted, as
 * `available` (about 140 on the full data; /tags gives their counts).
 */
export function readTag(value: QueryValue, graph: GraphStore): string | undefined {
  const tag = readString(value);
  if (tag !== undefined && !graph.hasTag(tag)) {
    throw new ApiError('unknown_value', `no document carries the tag '${tag}': available lists every tag, /tags counts them`, {
      param: 'tag',
      available: allTags(graph),
    });
  }
  return tag;
}

/** Default order of a listing: epochs and events chronological, everything else by title. */
export function defaultSort(type: DocumentType | undefined): ListSort {
  return type === 'Event' || type === 'Epoch' ? 'chronological' : 'title';
}

/** Collections with a Bible position (a passage, a first reference or first occurrence) to sort on. */
const CANONICAL_TYPES: ReadonlySet<DocumentType> = new Set(['Person', 'Lexeme', 'Commandment', 'Book', 'Chapter']);
/** Collections with a date or narrative position: an epoch's start year, an event's sort key. */
const CHRONOLOGICAL_TYPES: ReadonlySet<DocumentType> = new Set(['Event', 'Epoch']);

/**
 * The sorts a collection can do: `title` and `degree` always, `canonical` where its documents have a
 * Bible position, `chronological` for epochs and events (spec: "by start year for epochs, narrative
 * order for events"). Without one collection (no type, or documents of several), every sort applies.
 */
export function sortsOf(type: DocumentType | undefined): readonly ListSort[] {
  if (type === undefined) return ['title', 'degree', 'canonical', 'chronological'];
  return [
    'title',
    'degree',
    ...(CANONICAL_TYPES.has(type) ? (['canonical'] as const) : []),
    ...(CHRONOLOGICAL_TYPES.has(type) ? (['chronological'] as const) : []),
  ];
}

/** The spec's Relation (outbound typed edge), target as a site route; extra written keys kept. */
export function formatRelation(relation: RelationRecord) {
  return {
    ...(relation.extra ?? {}),
    predicate: relation.predicate,
    ...(relation.from !== undefined ? { from: relation.from } : {}),
    target: toRoute(relation.target),
    targetType: relation.targetType,
    title: relation.title,
    ...(relation.surface !== undefined ? { surface: relation.surface } : {}),
    ...(relation.note !== undefined ? { note: relation.note } : {}),
    ...(relation.source !== undefined ? { source: relation.source } : {}),
  };
}

export function formatInbound(relation: InboundRelationRecord) {
  return {
    predicate: relation.predicate,
    statedAs: relation.statedAs,
    source: toRoute(relation.source),
    sourceType: relation.sourceType,
    title: relation.title,
    ...(relation.from !== undefined ? { from: relation.from } : {}),
    ...(relation.surface !== undefined ? { surface: relation.surface } : {}),
    ...(relation.note !== undefined ? { note: relation.note } : {}),
  };
}
