// GET /family/{path}: a person's parents, children, siblings and spouses; with generations > 1, ancestors and descendants.

import { ApiError, createDocumentLicence } from '@skg/core';
import type { GraphStore, NodeSummaryRecord } from '../artefacts/types.ts';
import { type IntegerParameter, readInteger, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { formatSummary, readDocumentPath } from './summary.ts';
import { Family } from '../openapi/schemas/index.ts';

const PATH: StringParameter = {
  kind: 'string',
  name: 'path',
  in: 'path',
  required: true,
  description: 'A person path (`people/isaac`), slashes raw or percent-encoded',
  example: 'people/isaac',
};
const GENERATIONS: IntegerParameter = {
  kind: 'integer',
  name: 'generations',
  description: 'Generations to walk; above 1 adds `ancestors` and `descendants`',
  minimum: 1,
  maximum: 10,
  default: 1,
};

const NOTE =
  'Parents are read from parent-of relations other documents state (no child-of is ever stored); siblings are the other ' +
  'children of those parents plus sibling-of either way; spouses are spouse-of either way, concubines concubine-of ' +
  'either way (a concubine is not listed among spouses). ancestor-of edges (descent ' +
  'across an unknown number of generations) are never used here: read them from /entity.';

/** Paths of the parents: documents stating `parent-of` this person. */
function parentsOf(graph: GraphStore, path: string): string[] {
  return graph.getInbound(path).filter((r) => r.statedAs === 'parent-of').map((r) => r.source);
}

function childrenOf(graph: GraphStore, path: string): string[] {
  return graph.getOutbound(path).filter((r) => r.predicate === 'parent-of').map((r) => r.target);
}

/** Both directions of a symmetric predicate. */
function symmetric(graph: GraphStore, path: string, predicate: string): string[] {
  return [
    ...graph.getOutbound(path).filter((r) => r.predicate === predicate).map((r) => r.target),
    ...graph.getInbound(path).filter((r) => r.statedAs === predicate).map((r) => r.source),
  ];
}

function summaries(graph: GraphStore, paths: Iterable<string>, exclude: ReadonlySet<string> = new Set()) {
  const seen = new Set<string>();
  const out: NodeSummaryRecord[] = [];
  for (const path of paths) {
    if (seen.has(path) || exclude.has(path)) continue;
    seen.add(path);
    const node = graph.getSummary(path);
    if (node) out.push(node);
  }
  return out.map(formatSummary);
}

/** Generation by generation from `start`, each person listed once at the nearest generation. */
function walk(graph: GraphStore, start: string, generations: number, next: (path: string) => string[]) {
  const seen = new Set([start]);
  let frontier = [start];
  const levels: Array<{ generation: number; people: ReturnType<typeof formatSummary>[] }> = [];
  for (let generation = 1; generation <= generations && frontier.length > 0; generation++) {
    const level: string[] = [];
    for (const path of frontier) {
      for (const relative of next(path)) {
        if (seen.has(relative)) continue;
        seen.add(relative);
        level.push(relative);
      }
    }
    if (level.length === 0) break;
    levels.push({ generation, people: summaries(graph, level) });
    frontier = level;
  }
  return levels;
}

export const familyRoute = defineRoute({
  path: '/family/{path}',
  operationId: 'get_family',
  summary: "A person's parents, children, siblings and spouses; with generations > 1, ancestors and descendants by generation",
  description:
    'Parents come from inbound parent-of (no child-of is stored). ancestor-of is never used. 400 `invalid_parameter` when ' +
    'the document is not a person; 404 `not_found` for an unknown path.',
  parameters: [PATH, GENERATIONS],
  responseSchema: Family,
  errorStatuses: [400, 404],
  cache: 'data',
  handle({ dataSet, params, query }) {
    const path = readDocumentPath(params.path, 'path');
    const generations = readInteger(query.generations, GENERATIONS);
    const graph = dataSet.graph;
    const person = graph.getDocument(path);
    if (!person) throw new ApiError('not_found', `no document at ${path}`);
    if (person.type !== 'Person') {
      throw new ApiError('invalid_parameter', `${path} is a ${person.type}, not a person`, { param: 'path' });
    }
    const parents = parentsOf(graph, path);
    const self = new Set([path]);
    const siblings = [...parents.flatMap((parent) => childrenOf(graph, parent)), ...symmetric(graph, path, 'sibling-of')];
    return {
      person: formatSummary(person),
      parents: summaries(graph, parents),
      children: summaries(graph, childrenOf(graph, path)),
      siblings: summaries(graph, siblings, self),
      spouses: summaries(graph, symmetric(graph, path, 'spouse-of'), self),
      concubines: summaries(graph, symmetric(graph, path, 'concubine-of'), self),
      ...(generations > 1
        ? {
            ancestors: walk(graph, path, generations, (p) => parentsOf(graph, p)),
            descendants: walk(graph, path, generations, (p) => childrenOf(graph, p)),
          }
        : {}),
      note: NOTE,
      licence: createDocumentLicence(person.shareAlike === true),
    };
  },
});
