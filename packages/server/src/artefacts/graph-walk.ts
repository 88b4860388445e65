// Graph walks over document numbers (indexes into documents.bin), never path strings: the neighbourhood
// of /graph (breadth first over every edge both ways) and the family tree of /family (parent-of,
// sibling-of, spouse-of). Paths and summaries are made only for what the answer lists.

import { NONE } from '@skg/core';
import type { GraphDocuments } from './graph-documents.ts';
import type { GraphEdges } from './graph-edges.ts';
import type { FamilyTree, GraphEdge, Neighbourhood, NeighbourhoodQuery, NodeSummaryRecord } from './types.ts';

type EdgeKind = GraphEdge['kind'];

const KIND_CODES: Readonly<Record<EdgeKind, number>> = { relation: 0, link: 1, source: 2 };
/** Distinct predicates one walk can meet, for the numeric edge key (kinds × predicates × documents² < 2^53 up to 800,000 documents). */
const MAX_PREDICATES = 4096;

/** No relation: a link or a source edge (their visit gets this for the relation id). */
const NO_RELATION = -1;

/**
 * Calls `visit` for every edge touching `index`, in the order `GraphStore.getEdges` lists them: typed
 * relations it states (resolved ones), typed relations pointing at it, its body links, the body links to it,
 * the sources it cites, the documents citing it. `relation` is the typed relation's id (its predicate is
 * read only when the visitor needs it), NO_RELATION for links and sources. `visit` returning false stops.
 */
function forEachEdge(
  edges: GraphEdges,
  index: number,
  visit: (source: number, target: number, kind: EdgeKind, relation: number) => boolean | void,
): void {
  const [start, end] = edges.getRelationRange(index);
  for (let id = start; id < end; id++) {
    const target = edges.getRelationTarget(id);
    if (target !== NONE && visit(index, target, 'relation', id) === false) return;
  }
  for (const id of edges.getInbound(index)) if (visit(edges.getRelationSource(id), index, 'relation', id) === false) return;
  for (const target of edges.getLinks(index)) if (visit(index, target, 'link', NO_RELATION) === false) return;
  for (const source of edges.getLinkedFrom(index)) if (visit(source, index, 'link', NO_RELATION) === false) return;
  for (const target of edges.getSources(index)) if (visit(index, target, 'source', NO_RELATION) === false) return;
  for (const source of edges.getCitedBy(index)) if (visit(source, index, 'source', NO_RELATION) === false) return;
}

/**
 * The documents within `depth` hops of `root`, breadth first, each at its nearest distance, the walk
 * confined to `type` (the root always included) and to `predicate` edges when given, at most `limit`
 * nodes (`truncated` when the cap cut the walk); then every edge with both ends among them, once each.
 * Membership is a typed array over every document (one allocation), so a hub's tens of thousands of
 * edges cost a load each.
 */
export function walkNeighbourhood(documents: GraphDocuments, edges: GraphEdges, root: number, query: NeighbourhoodQuery): Neighbourhood {
  const { depth, type, predicate, limit } = query;
  const predicateOf = (relation: number): string | undefined => (relation === NO_RELATION ? undefined : edges.getRelationPredicate(relation));
  const keep = (relation: number): boolean => predicate === undefined || (relation !== NO_RELATION && edges.getRelationPredicate(relation) === predicate);
  /** Distance + 1 of each document in the walk, 0 for the rest. */
  const reached = new Uint8Array(documents.count);
  const order = [root];
  reached[root] = 1;
  let truncated = false;
  let frontier = [root];
  for (let hop = 1; hop <= depth && frontier.length > 0 && !truncated; hop++) {
    const next: number[] = [];
    for (const from of frontier) {
      forEachEdge(edges, from, (source, target, _kind, relation) => {
        const other = source === from ? target : source;
        if (reached[other] !== 0 || !keep(relation)) return;
        if (type !== undefined && documents.getType(other) !== type) return;
        if (order.length >= limit) {
          truncated = true;
          return false;
        }
        reached[other] = hop + 1;
        order.push(other);
        next.push(other);
      });
      if (truncated) break;
    }
    frontier = next;
  }

  const paths = new Map<number, string>();
  const pathOf = (index: number): string => {
    let path = paths.get(index);
    if (path === undefined) paths.set(index, (path = documents.getPath(index)));
    return path;
  };
  // An edge is listed once however often it is stated (a chapter mentions a person in many verses): keyed
  // by kind, predicate, source and target as one number, no string per edge.
  const count = documents.count;
  const predicateCodes = new Map<string | undefined, number>();
  const found = new Map<number, GraphEdge>();
  for (const node of order) {
    forEachEdge(edges, node, (source, target, kind, relation) => {
      if (reached[source] === 0 || reached[target] === 0 || !keep(relation)) return;
      const edgePredicate = predicateOf(relation);
      let code = predicateCodes.get(edgePredicate);
      if (code === undefined) predicateCodes.set(edgePredicate, (code = predicateCodes.size));
      const key = ((KIND_CODES[kind] * MAX_PREDICATES + code) * count + source) * count + target;
      if (found.has(key)) return;
      found.set(key, { source: pathOf(source), target: pathOf(target), ...(edgePredicate !== undefined ? { predicate: edgePredicate } : {}), kind });
    });
  }
  return {
    nodes: order.map((index) => ({ node: documents.getSummary(index), distance: reached[index]! - 1 })),
    truncated,
    edges: [...found.values()],
  };
}

/** A relative: a document number, or the path a relation names that is no document (listed nowhere). */
type Relative = number | string;

/**
 * A person's parents (documents stating parent-of them), children, siblings (the other children of the
 * parents, and sibling-of either way), spouses (spouse-of either way) and concubines (concubine-of either
 * way); with `generations` > 1, the
 * ancestors and descendants generation by generation, each person once at the nearest generation.
 */
export function walkFamily(documents: GraphDocuments, edges: GraphEdges, person: number, generations: number): FamilyTree {
  const statedTo = (index: Relative, predicate: string): Relative[] => {
    if (typeof index === 'string') return [];
    const out: Relative[] = [];
    const [start, end] = edges.getRelationRange(index);
    for (let id = start; id < end; id++) {
      if (edges.getRelationPredicate(id) !== predicate) continue;
      const target = edges.getRelationTarget(id);
      out.push(target !== NONE ? target : unresolved(id));
    }
    return out;
  };
  const statedBy = (index: Relative, predicate: string): number[] => {
    if (typeof index === 'string') return [];
    const out: number[] = [];
    for (const id of edges.getInbound(index)) if (edges.getRelationPredicate(id) === predicate) out.push(edges.getRelationSource(id));
    return out;
  };
  /** The path an unresolved relation names (`written`), or the document it still names. */
  const unresolved = (id: number): Relative => {
    const written = edges.getRelation(id).written ?? '';
    const found = documents.indexOf(written.replace(/^\/+/, ''));
    return found >= 0 ? found : written;
  };
  const parentsOf = (index: Relative) => statedBy(index, 'parent-of');
  const childrenOf = (index: Relative) => statedTo(index, 'parent-of');
  const symmetric = (index: Relative, predicate: string): Relative[] => [...statedTo(index, predicate), ...statedBy(index, predicate)];

  /** Summaries of the documents among `relatives`, each once, leaving out `exclude`. */
  const summaries = (relatives: Iterable<Relative>, exclude?: number): NodeSummaryRecord[] => {
    const seen = new Set<Relative>();
    const out: NodeSummaryRecord[] = [];
    for (const relative of relatives) {
      if (seen.has(relative) || relative === exclude) continue;
      seen.add(relative);
      if (typeof relative === 'number') out.push(documents.getSummary(relative));
    }
    return out;
  };
  const walk = (next: (index: Relative) => Relative[]) => {
    const seen = new Set<Relative>([person]);
    let frontier: Relative[] = [person];
    const levels: Array<{ generation: number; people: NodeSummaryRecord[] }> = [];
    for (let generation = 1; generation <= generations && frontier.length > 0; generation++) {
      const level: Relative[] = [];
      for (const index of frontier) {
        for (const relative of next(index)) {
          if (seen.has(relative)) continue;
          seen.add(relative);
          level.push(relative);
        }
      }
      if (level.length === 0) break;
      levels.push({ generation, people: summaries(level) });
      frontier = level;
    }
    return levels;
  };

  const parents = parentsOf(person);
  return {
    parents: summaries(parents),
    children: summaries(childrenOf(person)),
    siblings: summaries([...parents.flatMap((parent) => childrenOf(parent)), ...symmetric(person, 'sibling-of')], person),
    spouses: summaries(symmetric(person, 'spouse-of'), person),
    concubines: summaries(symmetric(person, 'concubine-of'), person),
    ...(generations > 1 ? { ancestors: walk(parentsOf), descendants: walk(childrenOf) } : {}),
  };
}
