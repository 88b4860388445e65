// GET /vocabulary: the predicate vocabulary (empty until the knowledge-graph collections arrive) and the 66 books.

import { BOOKS, LICENCE } from '@skg/core';
import { defineRoute } from './define.ts';

export const vocabularyRoute = defineRoute({
  path: '/vocabulary',
  operationId: 'get_vocabulary',
  summary: 'The relation predicates and the 66 books with their OSIS ids, slugs and chapter counts',
  parameters: [],
  responseSchema: 'Vocabulary',
  errorStatuses: [],
  cache: 'data',
  handle() {
    return {
      predicates: [],
      undeclared: [],
      note:
        'This deployment serves scripture only. The closed predicate vocabulary (parent-of, ancestor-of, stated-in, …) ' +
        'arrives with the knowledge-graph collections; until then no typed relation exists, so the list is empty.',
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
