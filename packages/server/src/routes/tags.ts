// GET /tags: every tag with the number of documents carrying it, most common first.

import { LICENCE } from '@skg/core';
import { type IntegerParameter, readInteger } from '../params.ts';
import { defineRoute } from './define.ts';
import { Tags } from '../openapi/schemas/index.ts';

const LIMIT: IntegerParameter = { kind: 'integer', name: 'limit', description: 'Tags per page', minimum: 1, maximum: 1000, default: 200 };
const OFFSET: IntegerParameter = { kind: 'integer', name: 'offset', description: 'Tags to skip', minimum: 0, maximum: 100_000, default: 0 };

export const tagsRoute = defineRoute({
  path: '/tags',
  operationId: 'get_tags',
  summary: 'Every tag with its document count, most common first',
  description:
    'Every tag with the number of documents carrying it, most common first, paged with `limit` and `offset`. A tag name is the `tag` parameter of /list and /search.',
  parameters: [LIMIT, OFFSET],
  responseSchema: Tags,
  errorStatuses: [],
  cache: 'data',
  handle({ dataSet, query }) {
    const limit = readInteger(query.limit, LIMIT);
    const offset = readInteger(query.offset, OFFSET);
    const page = dataSet.graph.tags(limit, offset);
    return {
      total: page.total,
      offset,
      count: page.items.length,
      tags: page.items,
      note: 'Use a tag name as the tag parameter of /list or /search.',
      licence: LICENCE,
    };
  },
});
