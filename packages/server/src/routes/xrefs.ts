// GET /xrefs/{osis}: the cross references from a verse or from every verse of a chapter, most-supported
// first (spec: CrossReferences). Also the formatting passage `context.crossReferences` shares.

import {
  ApiError,
  assertReferenceExists,
  createDocumentLicence,
  formatOsis,
  formatUrl,
  parseReference,
} from '@skg/core';
import type { CrossReferenceRecord, VerseKey } from '../artefacts/types.ts';
import { type IntegerParameter, readInteger, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { CrossReferences } from '../openapi/schemas/index.ts';

const OSIS: StringParameter = {
  kind: 'string',
  name: 'osis',
  in: 'path',
  required: true,
  description: 'An OSIS reference: a verse (`John.3.16`) or a chapter (`John.3`); ranges are not accepted',
  example: 'John.3.16',
};
const MIN_VOTES: IntegerParameter = {
  kind: 'integer',
  name: 'minVotes',
  description: 'Only references with at least this many votes; nothing below the vote floor (`threshold`, 20) exists, so lower values change nothing',
  minimum: 0,
  maximum: 200,
  default: 0,
};
const LIMIT: IntegerParameter = {
  kind: 'integer',
  name: 'limit',
  description: 'At most this many references, the most-supported; a cap, not a cursor (`total` says how many match)',
  minimum: 1,
  maximum: 500,
  default: 100,
};

/** Cross references come from OpenBible.info (CC BY); the answer is one dataset's rows. */
const XREFS_LICENCE = createDocumentLicence(false, 'Cross references from OpenBible.info (www.openbible.info), CC BY.');

function formatNote(threshold: number): string {
  return (
    `Only materialised references are returned: OpenBible.info cross references with at least ${threshold} votes whose verses ` +
    'all exist in this versification. Votes are reconstructed from a stored confidence of votes/200 capped at 1, so they ' +
    'saturate at 200; the order follows the full vote counts. A cross reference records that two passages are connected, ' +
    'never why: it has no relationship type.'
  );
}

function formatVerseOsis(verse: VerseKey): string {
  return `${verse.book.osis}.${verse.chapter}.${verse.verse}`;
}

/**
 * One reference: `from` (OSIS verse), `target` (site route of the target's first verse), `targetOsis`
 * (the verse or range, full OSIS on both sides as the data writes it) and `votes`.
 */
export function formatCrossReference(record: CrossReferenceRecord) {
  const { start, end } = record;
  const single = start.book === end.book && start.chapter === end.chapter && start.verse === end.verse;
  return {
    from: formatVerseOsis(record.from),
    target: formatUrl({ kind: 'verse', book: start.book, chapter: start.chapter, verse: start.verse }),
    targetOsis: single ? formatVerseOsis(start) : `${formatVerseOsis(start)}-${formatVerseOsis(end)}`,
    votes: record.votes,
  };
}

export const xrefsRoute = defineRoute({
  path: '/xrefs/{osis}',
  operationId: 'find_cross_references',
  summary: 'Cross references from a verse or a chapter, most-supported first, with their votes',
  description:
    'The OpenBible.info cross references from the verse, or from every verse of the chapter, that reach the vote floor ' +
    '(`threshold`), most votes first. Votes saturate at 200. `limit` caps the list; `total` counts every match. 400 ' +
    '`invalid_reference` when the reference does not parse, `invalid_parameter` for a range; 404 `not_found` for a verse ' +
    'or chapter the text does not have. A verse without cross references answers 200 with an empty list.',
  parameters: [OSIS, MIN_VOTES, LIMIT],
  responseSchema: CrossReferences,
  errorStatuses: [400, 404],
  cache: 'data',
  handle({ dataSet, params, query }) {
    const reference = parseReference(params.osis ?? '');
    if (reference.kind === 'range') {
      throw new ApiError('invalid_parameter', `'${formatOsis(reference)}' is a range: /xrefs takes a verse or a chapter`, { param: 'osis' });
    }
    assertReferenceExists(reference, dataSet.scripture.canon);
    const minVotes = readInteger(query.minVotes, MIN_VOTES);
    const limit = readInteger(query.limit, LIMIT);
    const { xrefs } = dataSet;
    const page = xrefs.find({
      book: reference.book,
      chapter: reference.chapter,
      ...(reference.kind === 'verse' ? { fromVerse: reference.verse } : {}),
      minVotes,
      limit,
    });
    return {
      osis: formatOsis(reference),
      minVotes,
      threshold: xrefs.threshold,
      count: page.items.length,
      total: page.total,
      references: page.items.map(formatCrossReference),
      note: formatNote(xrefs.threshold),
      licence: XREFS_LICENCE,
    };
  },
});
