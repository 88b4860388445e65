// GET /search: concept search over names, variants, Strong numbers, descriptions, tags, types and paths.

import { LICENCE } from '@skg/core';
import { type IntegerParameter, readInteger, requireString, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { formatSummary, readDocumentType, readTag, TYPE_VALUES } from './summary.ts';
import { SearchResults } from '../openapi/schemas/index.ts';

const Q: StringParameter = {
  kind: 'string',
  name: 'q',
  in: 'query',
  required: true,
  description: 'One or more words; every term must match (names, variants, Strong numbers, descriptions, tags, types, paths)',
  example: 'abraham',
};
const TYPE: StringParameter = {
  kind: 'string',
  name: 'type',
  in: 'query',
  required: false,
  description: `Only this type: a type value (${TYPE_VALUES.join(', ')}), its plural or folder, case-insensitive`,
  example: 'Person',
};
const TAG: StringParameter = { kind: 'string', name: 'tag', in: 'query', required: false, description: 'Only documents with this tag (see /tags); a tag no document carries is unknown_value with every tag in `available`' };
const LIMIT: IntegerParameter = { kind: 'integer', name: 'limit', description: 'Results per page', minimum: 1, maximum: 100, default: 25 };
const OFFSET: IntegerParameter = { kind: 'integer', name: 'offset', description: 'Results to skip', minimum: 0, maximum: 100_000, default: 0 };

export const searchRoute = defineRoute({
  path: '/search',
  operationId: 'search',
  summary: 'Concept search: people, places, themes, lexemes … by name, variant, Strong number or description; best match first',
  description: 'Searches concept metadata, not scripture text (use /scripture for that). Share-alike results carry `shareAlike: true`.',
  parameters: [Q, TYPE, TAG, LIMIT, OFFSET],
  responseSchema: SearchResults,
  errorStatuses: [400],
  cache: 'data',
  async handle({ dataSet, query }) {
    const q = requireString(query.q, 'q');
    const type = readDocumentType(query.type);
    const tag = readTag(query.tag, dataSet.graph);
    const limit = readInteger(query.limit, LIMIT);
    const offset = readInteger(query.offset, OFFSET);
    const page = await dataSet.graph.search({ q, limit, offset, ...(type ? { type } : {}), ...(tag ? { tag } : {}) });
    return {
      query: q,
      ...(type ? { type } : {}),
      ...(tag ? { tag } : {}),
      total: page.total,
      offset,
      count: page.items.length,
      results: page.items.map(formatSummary),
      licence: LICENCE,
    };
  },
});
