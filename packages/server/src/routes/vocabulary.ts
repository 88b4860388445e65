// GET /vocabulary: the closed predicate vocabulary with edge counts, predicates found in the data but undeclared, and the 66 books.

import { BOOKS, LICENCE } from '@skg/core';
import { defineRoute } from './define.ts';
import { Vocabulary } from '../openapi/schemas/index.ts';

export const vocabularyRoute = defineRoute({
  path: '/vocabulary',
  operationId: 'get_vocabulary',
  summary: 'The relation predicates with their inverses and edge counts, and the 66 books with their OSIS ids, slugs and chapter counts',
  description:
    'The closed set of relation predicates, each with its inverse, whether it is symmetric, the types it joins and how many edges use it; predicates found in the data outside that set; and the 66 books in canonical order with their OSIS ids, slugs, chapter counts and document paths.',
  parameters: [],
  responseSchema: Vocabulary,
  errorStatuses: [],
  cache: 'data',
  handle({ dataSet }) {
    const { declared, undeclared } = dataSet.graph.predicates();
    return {
      predicates: declared,
      undeclared,
      note:
        'Typed relations are stored once, on one side, with the predicate listed here; the other side reads them with ' +
        '`inverse` (parent-of is read as child-of: no child-of is ever stored). `edges` counts stored edges. `undeclared` ' +
        'lists predicates found in the data outside the closed vocabulary.',
      books: BOOKS.map((book) => ({
        osisId: book.osis,
        name: book.name,
        slug: book.slug,
        testament: book.testament,
        order: book.order,
        chapters: book.chapters,
        path: `bible/${book.slug}`,
      })),
      licence: LICENCE,
    };
  },
});
