// GET /graph/{path}: the neighbourhood of a document, breadth first to a depth, with the edges among the nodes returned.

import { ApiError, LICENCE } from '@skg/core';
import type { GraphEdge, NodeSummaryRecord } from '../artefacts/types.ts';
import { type IntegerParameter, readInteger, readString, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { formatSummary, readDocumentPath, readDocumentType, toRoute, TYPE_VALUES } from './summary.ts';
import { Neighbourhood } from '../openapi/schemas/index.ts';

const PATH: StringParameter = {
  kind: 'string',
  name: 'path',
  in: 'path',
  required: true,
  description: 'The root document path (`people/isaac`), slashes raw or percent-encoded',
  example: 'people/isaac',
};
const DEPTH: IntegerParameter = { kind: 'integer', name: 'depth', description: 'Hops from the root', minimum: 1, maximum: 3, default: 1 };
const TYPE: StringParameter = {
  kind: 'string',
  name: 'type',
  in: 'query',
  required: false,
  description: `Confine the whole walk to one type (${TYPE_VALUES.join(', ')}; plurals and folders accepted); the root is always included`,
};
const PREDICATE: StringParameter = {
  kind: 'string',
  name: 'predicate',
  in: 'query',
  required: false,
  description:
    'Walk and return only typed edges with this predicate, as stored (e.g. parent-of; see /vocabulary). Edges are walked ' +
    'both ways, so the stated predicate already reaches both ends; an inverse predicate (child-of) names no stored edge ' +
    'and is unknown_value, its message naming the predicate to use',
  example: 'parent-of',
};
const LIMIT: IntegerParameter = { kind: 'integer', name: 'limit', description: 'Most nodes to return (a cap, not a page)', minimum: 1, maximum: 600, default: 200 };

function edgeKey(edge: GraphEdge): string {
  return `${edge.kind}\u0000${edge.source}\u0000${edge.target}\u0000${edge.predicate ?? ''}`;
}

export const graphRoute = defineRoute({
  path: '/graph/{path}',
  operationId: 'get_graph_neighborhood',
  summary: 'The neighbourhood of a document: nodes within depth hops (with their distance) and the edges among them',
  description:
    'Walks typed relations both ways, body links both ways and cited sources, breadth first. `limit` caps the nodes ' +
    '(root included); `truncated` is true when it cut the walk. Edges are only those with both ends among the nodes.',
  parameters: [PATH, DEPTH, TYPE, PREDICATE, LIMIT],
  responseSchema: Neighbourhood,
  errorStatuses: [400, 404],
  cache: 'data',
  handle({ dataSet, params, query }) {
    const graph = dataSet.graph;
    const root = readDocumentPath(params.path, 'path');
    const depth = readInteger(query.depth, DEPTH);
    const type = readDocumentType(query.type);
    const predicate = readString(query.predicate);
    const limit = readInteger(query.limit, LIMIT);
    const rootNode = graph.getSummary(root);
    if (!rootNode) throw new ApiError('not_found', `no document at ${root}`);
    if (predicate !== undefined) {
      const { declared, undeclared } = graph.predicates();
      const available = [...declared.map((p) => p.id), ...undeclared.map((p) => p.id)];
      if (!available.includes(predicate)) {
        const stated = declared.find((p) => p.inverse === predicate && !p.symmetric);
        const message = stated
          ? `'${predicate}' is the inverse of '${stated.id}', not a stored predicate: every relation is stored once, under ` +
            `the predicate its document states, and /graph walks each edge both ways and returns it as stored (no ` +
            `${predicate} edge exists). Use predicate=${stated.id}: it reaches both ends`
          : `'${predicate}' is not a predicate of this graph`;
        throw new ApiError('unknown_value', message, { param: 'predicate', available });
      }
    }
    const keep = (edge: GraphEdge) => predicate === undefined || edge.predicate === predicate;

    const nodes = new Map<string, { node: NodeSummaryRecord; distance: number }>([[root, { node: rootNode, distance: 0 }]]);
    let truncated = false;
    let frontier = [root];
    for (let distance = 1; distance <= depth && frontier.length > 0 && !truncated; distance++) {
      const next: string[] = [];
      for (const path of frontier) {
        for (const edge of graph.getEdges(path)) {
          if (!keep(edge)) continue;
          const other = edge.source === path ? edge.target : edge.source;
          if (nodes.has(other)) continue;
          const node = graph.getSummary(other);
          if (!node || (type !== undefined && node.type !== type)) continue;
          if (nodes.size >= limit) {
            truncated = true;
            break;
          }
          nodes.set(other, { node, distance });
          next.push(other);
        }
        if (truncated) break;
      }
      frontier = next;
    }

    const edges = new Map<string, GraphEdge>();
    for (const path of nodes.keys()) {
      for (const edge of graph.getEdges(path)) {
        if (keep(edge) && nodes.has(edge.source) && nodes.has(edge.target)) edges.set(edgeKey(edge), edge);
      }
    }
    return {
      root: toRoute(root),
      depth,
      ...(type ? { type } : {}),
      ...(predicate ? { predicate } : {}),
      count: nodes.size,
      truncated,
      nodes: [...nodes.values()].map(({ node, distance }) => ({ ...formatSummary(node), distance })),
      edgeCount: edges.size,
      edges: [...edges.values()].map((edge) => ({
        source: toRoute(edge.source),
        target: toRoute(edge.target),
        ...(edge.predicate !== undefined ? { predicate: edge.predicate } : {}),
        kind: edge.kind,
      })),
      licence: LICENCE,
    };
  },
});
