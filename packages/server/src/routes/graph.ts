// GET /graph/{path}: the neighbourhood of a document, breadth first to a depth, with the edges among the nodes returned.
// The walk is the graph store's (artefacts/graph-walk.ts), over document numbers.

import { ApiError, LICENCE } from '@skg/core';
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
    if (!graph.getSummary(root)) throw new ApiError('not_found', `no document at ${root}`);
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
    const walk = graph.neighbourhood(root, { depth, limit, ...(type ? { type } : {}), ...(predicate !== undefined ? { predicate } : {}) });
    if (!walk) throw new ApiError('not_found', `no document at ${root}`);
    return {
      root: toRoute(root),
      depth,
      ...(type ? { type } : {}),
      ...(predicate ? { predicate } : {}),
      count: walk.nodes.length,
      truncated: walk.truncated,
      nodes: walk.nodes.map(({ node, distance }) => ({ ...formatSummary(node), distance })),
      edgeCount: walk.edges.length,
      edges: walk.edges.map((edge) => ({
        source: toRoute(edge.source),
        target: toRoute(edge.target),
        ...(edge.predicate !== undefined ? { predicate: edge.predicate } : {}),
        kind: edge.kind,
      })),
      licence: LICENCE,
    };
  },
});
