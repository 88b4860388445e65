// GET /list: browse documents by type, tag or folder, in a chosen order, paged.

import { ApiError, type DocumentType, getCollection, LICENCE } from '@skg/core';
import type { ListSort } from '../artefacts/types.ts';
import { type IntegerParameter, type QueryValue, readEnum, readInteger, readString, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { defaultSort, formatSummary, readDocumentType, readTag, sortsOf, TYPE_VALUES } from './summary.ts';
import { Listing } from '../openapi/schemas/index.ts';

const SORTS: readonly ListSort[] = ['title', 'degree', 'canonical', 'chronological'];

const TYPE: StringParameter = {
  kind: 'string',
  name: 'type',
  in: 'query',
  required: false,
  description: `A type value (${TYPE_VALUES.join(', ')}), its plural or its folder (\`themes\`, \`sa/events\`), case-insensitive`,
  example: 'Person',
};
const TAG: StringParameter = {
  kind: 'string',
  name: 'tag',
  in: 'query',
  required: false,
  description: 'A tag from /tags; a tag no document carries is unknown_value with every tag in `available`',
  example: 'male',
};
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
    'epochs, narrative order for events). Default: chronological for epochs and events (given as `type`, or every ' +
    'document of the `folder` or `tag` being one of them), title otherwise. A listing of one collection takes only the ' +
    'sorts it has: title and degree always, canonical for people, lexemes, commandments, books and chapters, ' +
    'chronological for epochs and events; another is `unknown_value` with those in `available`',
  enum: SORTS,
};
const LIMIT: IntegerParameter = { kind: 'integer', name: 'limit', description: 'Documents per page', minimum: 1, maximum: 200, default: 50 };
const OFFSET: IntegerParameter = { kind: 'integer', name: 'offset', description: 'Documents to skip', minimum: 0, maximum: 100_000, default: 0 };

/**
 * The `sort` parameter for a listing of `collection` (the one type of every listed document, when there
 * is one): absent → the collection's default; not one of the four → `unknown_value` with the four; one
 * the collection cannot do → `unknown_value` with the sorts it can (never a silent fallback).
 */
function readSort(value: QueryValue, collection: DocumentType | undefined): ListSort {
  const sort = readEnum(value, 'sort', SORTS, (text) => text.toLowerCase());
  if (sort === undefined) return defaultSort(collection);
  const available = sortsOf(collection);
  if (!available.includes(sort)) {
    const label = collection ? getCollection(collection).label.toLowerCase() : 'these documents';
    throw new ApiError('unknown_value', `${label} cannot be sorted ${sort}: they sort by ${available.join(', ')}`, { param: 'sort', available });
  }
  return sort;
}

export const listRoute = defineRoute({
  path: '/list',
  operationId: 'list_documents',
  summary: 'Browse documents by type, tag or folder, sorted by title, degree, canonical or chronological order',
  description:
    'Each result is a NodeSummary plus the sortable fields of its collection (startYearAH, number, polarity, verseCount …). ' +
    'Share-alike documents carry `shareAlike: true`. `limit` and `offset` page through `total`.',
  parameters: [TYPE, TAG, FOLDER, SORT, LIMIT, OFFSET],
  responseSchema: Listing,
  errorStatuses: [400],
  cache: 'data',
  handle({ dataSet, query }) {
    const type = readDocumentType(query.type);
    const tag = readTag(query.tag, dataSet.graph);
    const folder = readString(query.folder)?.replace(/^\/+|\/+$/g, '') || undefined;
    // The collection listed: the type given, else the one type of every document of the folder or tag.
    const collection = type ?? (tag !== undefined || folder !== undefined ? dataSet.graph.soleType({ ...(tag ? { tag } : {}), ...(folder ? { folder } : {}) }) : undefined);
    const sort = readSort(query.sort, collection);
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
    const route = type ? getCollection(type).route : folder ? `/${folder}` : undefined;
    return {
      ...(type ? { type } : {}),
      ...(route ? { collection: route } : {}),
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
