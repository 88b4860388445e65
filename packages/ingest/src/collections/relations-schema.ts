// The Relation Vocabulary document `schema/relations`: the closed predicate set of @skg/core, one
// entry per predicate in frontmatter and a readable table in the body.

import { type Predicate, PREDICATES } from '@skg/core';
import { type BundleDocument, type BundleFile, escapeMarkdown } from '../document.ts';
import type { CollectionReport } from '../report.ts';
import type { Collection, CollectionResult, Generated } from './collection.ts';

export const RELATIONS_SCHEMA_ID = 'schema/relations';

export const relationsSchemaCollection: Collection = {
  name: 'schema',
  folder: { path: 'schema', title: 'Relation vocabulary' },
  needs: [],
  async build(context) {
    return createRelationsSchema(PREDICATES, context.generated);
  },
};

/** Builds `schema/relations` and `schema/index.md` from the predicate set. Pure. */
export function createRelationsSchema(predicates: readonly Predicate[], generated: Generated): CollectionResult {
  const document: BundleDocument = {
    id: RELATIONS_SCHEMA_ID,
    frontmatter: {
      type: 'Relation Vocabulary',
      title: 'Relation vocabulary',
      description: `The closed set of ${predicates.length} predicates typed relations use; each is stored on one side and read from the other with its inverse.`,
      predicates: predicates.map((predicate) => ({
        id: predicate.id,
        heading: predicate.heading,
        inverse: predicate.inverse,
        symmetric: predicate.symmetric,
        domain: [...predicate.domain],
        range: [...predicate.range],
        description: predicate.description,
      })),
      status: 'stable',
      trust_tier: 'machine-confirmed',
      stale: false,
      generated: { ...generated },
      tags: ['schema'],
    },
    body: formatBody(predicates),
  };
  const index: BundleFile = {
    path: 'schema/index.md',
    content: '# Schema\n\nThe vocabulary the graph is typed with.\n\n- [Relation vocabulary](/schema/relations)\n',
  };
  const report: CollectionReport = {
    collection: 'schema',
    written: { 'Relation Vocabulary': 1 },
    counts: { predicates: predicates.length, symmetric: predicates.filter((predicate) => predicate.symmetric).length },
    skipped: [],
    warnings: [],
    errors: [],
  };
  return { documents: [document], files: [index], report };
}

const cell = (text: string) => escapeMarkdown(text).replace(/\|/g, '\\|');

function formatBody(predicates: readonly Predicate[]): string {
  const rows = predicates.map(
    (predicate) =>
      `| \`${predicate.id}\` | ${cell(predicate.heading)} | \`${predicate.inverse}\` | ${predicate.symmetric ? 'yes' : 'no'} | ${predicate.domain.join(', ')} | ${predicate.range.join(', ')} | ${cell(predicate.description)} |`,
  );
  return [
    '# Relation vocabulary',
    'Typed relations are stored once, on one document, in the direction of the predicate; the other side reads them with the inverse. `child-of` is never stored: `parent-of` on a person names their children. A symmetric predicate is its own inverse.',
    ['| predicate | reads | inverse | symmetric | domain | range | meaning |', '|---|---|---|---|---|---|---|', ...rows].join('\n'),
  ].join('\n\n');
}
