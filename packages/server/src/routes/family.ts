// GET /family/{path}: a person's parents, children, siblings and spouses; with generations > 1, ancestors and descendants.
// The walk is the graph store's (artefacts/graph-walk.ts), over document numbers.

import { ApiError } from '@skg/core';
import { createLicenceOf } from './document-licence.ts';
import { type IntegerParameter, readInteger, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { formatSummary, readDocumentPath } from './summary.ts';
import { Family } from '../openapi/schemas/index.ts';

const PATH: StringParameter = {
  kind: 'string',
  name: 'path',
  in: 'path',
  required: true,
  description: 'A person path (`people/isaac`), slashes raw or percent-encoded; an id the person had before (`people/abram`) answers too, under the id of now',
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

/** A parent the sources state that the family leaves out (ingest `family-check.ts`): `alternative_parents`. */
interface AlternativeParent {
  readonly parent: string;
  readonly kept: string;
  readonly from?: string;
  readonly source: string;
}

/** NOTE, and the parents the sources also state that are not counted, each with its verse and source (Heli, Luke 3:23). */
function noteOf(alternatives: unknown): string {
  if (!Array.isArray(alternatives) || alternatives.length === 0) return NOTE;
  const stated = (alternatives as AlternativeParent[]).map(
    (alternative) => `/${alternative.parent}${alternative.from ? ` at ${alternative.from}` : ''} (${alternative.source}; /${alternative.kept} kept)`,
  );
  return `${NOTE} Other parents the sources state, not counted as parents (one father and one mother are kept; see alternative_parents on /entity): ${stated.join(', ')}.`;
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
    const family = graph.family(path, generations);
    if (!family) throw new ApiError('not_found', `no document at ${path}`);
    const levels = (list: NonNullable<typeof family.ancestors>) => list.map(({ generation, people }) => ({ generation, people: people.map(formatSummary) }));
    return {
      person: formatSummary(person),
      parents: family.parents.map(formatSummary),
      children: family.children.map(formatSummary),
      siblings: family.siblings.map(formatSummary),
      spouses: family.spouses.map(formatSummary),
      concubines: family.concubines.map(formatSummary),
      ...(family.ancestors && family.descendants ? { ancestors: levels(family.ancestors), descendants: levels(family.descendants) } : {}),
      note: noteOf(person.extension.alternative_parents),
      licence: createLicenceOf(graph, person),
    };
  },
});
