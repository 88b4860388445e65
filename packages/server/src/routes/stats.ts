// GET /stats: every collection with its count, folder, example and description; graph totals; the commonest tags.

import { COLLECTIONS, LICENCE } from '@skg/core';
import { defineRoute } from './define.ts';
import { Stats } from '../openapi/schemas/index.ts';

export const statsRoute = defineRoute({
  path: '/stats',
  operationId: 'get_stats',
  summary: 'Collection counts, graph totals, scripture totals and the commonest tags',
  description:
    'Per collection: its count, folder, browse route, one example document and a description; graph totals (documents, edges, tags, words, orphans, broken links); scripture totals (books, chapters, verse slots); the commonest tags. `generated` is this server process\'s index-build time, so this answer\'s ETag changes with a restart.',
  parameters: [],
  responseSchema: Stats,
  errorStatuses: [],
  cache: 'data',
  // `generated` is this process's index-build time: the ETag follows it too.
  perProcess: true,
  handle({ dataSet }) {
    const graph = dataSet.graph.stats();
    const canon = dataSet.scripture.canon;
    let chapters = 0;
    let verses = 0;
    let books = 0;
    for (const book of canon.books) {
      let bookChapters = 0;
      for (let chapter = 1; chapter <= book.chapters; chapter += 1) {
        const count = canon.verseCount(book, chapter);
        if (count > 0) {
          bookChapters += 1;
          verses += count;
        }
      }
      if (bookChapters > 0) books += 1;
      chapters += bookChapters;
    }
    const counts = new Map(graph.collections.map((entry) => [entry.type, entry]));
    return {
      okfVersion: dataSet.manifest.okfVersion,
      notes: graph.notes,
      edges: graph.edges,
      tags: graph.tags,
      words: graph.words,
      orphans: graph.orphans,
      brokenLinks: graph.brokenLinks,
      verses,
      chapters,
      books,
      collections: COLLECTIONS.map((info) => {
        const entry = counts.get(info.type);
        return {
          type: info.type,
          label: info.label,
          count: entry?.count ?? 0,
          folder: info.folder,
          route: info.route,
          example: entry?.example ? `/${entry.example}` : null,
          description: info.description,
        };
      }),
      types: COLLECTIONS.map((info) => info.type),
      topTags: graph.topTags,
      generated: dataSet.loadedAt.toISOString(),
      generatedNote:
        "When this server process built its indexes (it changes on every restart). For the data's own generation time " +
        'use bundleGenerated on /status.',
      licence: LICENCE,
    };
  },
});
