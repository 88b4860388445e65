// GET /list: browse documents by type, tag or folder, in a chosen order, paged.

import { getCollection, LICENCE } from '@skg/core';
import type { ListSort } from '../artefacts/types.ts';
import { type IntegerParameter, readEnum, readInteger, readString, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { defaultSort, formatSummary, readDocumentType, readTag, TYPE_VALUES } from './summary.ts';

const SORTS: readonly ListSort[] = ['title', 'degree', 'canonical', 'chronological'];

const TYPE: StringParameter = {
  kind: 'string',
  name: 'type',
  in: 'query',
  required: false,
  description: `A type value (${TYPE_VALUES.join(', ')}), its plural or its folder (\`themes\`, \`sa/events\`), case-insensitive`,
  example: 'Person',
};
const TAG: StringParameter = { kind: 'string', name: 'tag', in: 'query', required: false, description: 'A tag from /tags', example: 'male' };
const FOLDER: StringParameter = {
  kind: 'string',
  name: 'folder',
  in: 'query',
  required: false,
  description: 'Bundle folder prefix, e.g. `people`, `bible/genesis`, `sa/events`',
  example: 'people',
};
const SORT: StringParameter = {
  kind: 'string',
  name: 'sort',
  in: 'query',
  required: false,
  description:
    '`title` (alphabetical), `degree` (most-connected first), `canonical` (Bible order), `chronological` (start year for ' +
    'epochs, narrative order for events). Default: chronological for epochs and events, title otherwise',
  enum: SORTS,
};
const LIMIT: IntegerParameter = { kind: 'integer', name: 'limit', description: 'Documents per page', minimum: 1, maximum: 200, default: 50 };
const OFFSET: IntegerParameter = { kind: 'integer', name: 'offset', description: 'Documents to skip', minimum: 0, maximum: 100_000, default: 0 };

export const listRoute = defineRoute({
  path: '/list',
  operationId: 'list_documents',
  summary: 'Browse documents by type, tag or folder, sorted by title, degree, canonical or chronological order',
  description:
    'Each result is a NodeSummary plus the sortable fields of its collection (startYearAH, number, polarity, verseCount …). ' +
    'Share-alike documents carry `shareAlike: true`. `limit` and `offset` page through `total`.',
  parameters: [TYPE, TAG, FOLDER, SORT, LIMIT, OFFSET],
  responseSchema: 'Listing',
  errorStatuses: [400],
  cache: 'data',
  handle({ dataSet, query }) {
    const type = readDocumentType(query.type);
    const tag = readTag(query.tag, dataSet.graph);
    const folder = readString(query.folder)?.replace(/^\/+|\/+$/g, '') || undefined;
    const sort = readEnum(query.sort, 'sort', SORTS, (text) => text.toLowerCase()) ?? defaultSort(type);
    const limit = readInteger(query.limit, LIMIT);
    const offset = readInteger(query.offset, OFFSET);
    const page = dataSet.graph.list({
      sort,
      limit,
      offset,
      ...(type ? { type } : {}),
      ...(tag ? { tag } : {}),
      ...(folder ? { folder } : {}),
    });
    const collection = type ? getCollection(type).route : folder ? `/${folder}` : undefined;
    return {
      ...(type ? { type } : {}),
      ...(collection ? { collection } : {}),
      ...(tag ? { tag } : {}),
      ...(folder ? { folder } : {}),
      sort,
      total: page.total,
      offset,
      count: page.items.length,
      hasMore: offset + page.items.length < page.total,
      results: page.items.map((item) => ({ ...formatSummary(item), ...item.sortFields })),
      licence: LICENCE,
    };
  },
});
