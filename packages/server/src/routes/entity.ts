// GET /entity/{path}: one document with its relations, links and backlinks; a collection root; or a chapter.

import { ApiError, COLLECTIONS, getCollection, LICENCE, resolveReference, type TranslationId } from '@skg/core';
import { createLicenceOf } from './document-licence.ts';
import type { DataSet, RenderingRecord, TranslationStore } from '../artefacts/types.ts';
import { type IntegerParameter, type QueryValue, readInteger, readString, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { createChapter } from './passage.ts';
import { defaultSort, formatInbound, formatRelation, formatSummary, readDocumentPath } from './summary.ts';
import { EntityOrCollection } from '../openapi/schemas/index.ts';

const PATH: StringParameter = {
  kind: 'string',
  name: 'path',
  in: 'path',
  required: true,
  description:
    'A document path of one to three segments (`people/isaac`, `bible/john/3`), slashes raw or percent-encoded; ' +
    'a collection folder (`themes`, `sa/events`) answers the collection size and a sample; ' +
    "an id a person had before (`people/abram`) or another of their names (`people/israel`) answers that person's document, under its own id",
  example: 'people/isaac',
};
const BODY: StringParameter = {
  kind: 'string',
  name: 'body',
  in: 'query',
  required: false,
  description: 'Include the markdown body (`true` or `false`, also `1` or `0`; default false)',
  schema: { type: 'boolean', default: false },
};
const BACKLINKS: IntegerParameter = {
  kind: 'integer',
  name: 'backlinks',
  description: 'Backlinks to include',
  minimum: 0,
  maximum: 500,
  default: 100,
};

export const LINK_CAP = 100;
export const INBOUND_CAP = 500;
const SAMPLE_SIZE = 10;
/** Renderings a lexeme lists per translation at most (the commonest); `total` counts them all. */
export const RENDERING_CAP = 100;

/**
 * How the BSB (by its interlinear) and each translation with served Strong's tags render a lexeme: the words, most frequent first, and
 * how often (an empty list when it never does).
 */
function formatRenderings(store: TranslationStore, strongs: string) {
  const format = (translation: TranslationId, verses: number, all: readonly RenderingRecord[]) => ({
    translation,
    verses,
    total: all.length,
    words: all.slice(0, RENDERING_CAP).map(({ text, count }) => ({ text, count })),
  });
  return [
    ...(store.bsb ? [format('BSB', store.bsb.concordance(strongs).length, store.bsb.renderings(strongs))] : []),
    ...store.translations
      .filter((translation) => translation.hasStrongs)
      .map((translation) => format(translation.id as TranslationId, translation.concordance(strongs).length, translation.renderings(strongs))),
  ];
}

/** `body=true|1` includes the body; `false|0` or absent does not; anything else is invalid_parameter. */
function readBoolean(value: QueryValue, name: string): boolean {
  const text = readString(value)?.toLowerCase();
  if (text === undefined || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  throw new ApiError('invalid_parameter', `${name} must be true or false`, { param: name });
}

function collectionRoot(dataSet: DataSet, path: string) {
  const info = COLLECTIONS.find((entry) => entry.folder === path && entry.type !== 'Chapter');
  if (!info) return undefined;
  const page = dataSet.graph.list({ type: info.type, sort: defaultSort(info.type), limit: SAMPLE_SIZE, offset: 0 });
  return {
    kind: 'collection' as const,
    collection: { type: info.type, label: info.label, route: info.route },
    count: page.total,
    sample: page.items.map(formatSummary),
    licence: LICENCE,
  };
}

export const entityRoute = defineRoute({
  path: '/entity/{path}',
  operationId: 'get_entity',
  summary: 'One document with its typed relations both ways, links and backlinks (a chapter answers the Chapter shape)',
  description:
    'Inbound relations restate edges other documents assert, with the inverse predicate (`child-of`) and `statedAs` ' +
    '(`parent-of`). Inbound is capped at 500 (`inboundCount` is the true total), links at 100. A collection folder ' +
    '(`people`, `themes`, `sa/events`) answers `{collection, count, sample}`. An alias id (`people/abram`, the id Abraham had ' +
    'before people were titled by the names readers use) answers the document with its own `id` (`/people/abraham`), not a redirect. ' +
    'A share-alike document (an event, a person with a Theographic partner or parent, the Theographic and OpenGNT sources, the ' +
    'interlinear dataset) has `licence.document` `CC-BY-SA-4.0` and `licence.reason` naming the source. 404 `not_found` for an unknown path.',
  parameters: [PATH, BODY, BACKLINKS],
  responseSchema: EntityOrCollection,
  errorStatuses: [400, 404],
  cache: 'data',
  handle({ dataSet, params, query }) {
    const path = readDocumentPath(params.path, 'path');
    const includeBody = readBoolean(query.body, 'body');
    const backlinkLimit = readInteger(query.backlinks, BACKLINKS);
    const graph = dataSet.graph;
    const document = graph.getDocument(path);
    if (!document) {
      const root = collectionRoot(dataSet, path);
      if (root) return root;
      throw new ApiError('not_found', `no document at ${path}`);
    }
    if (document.type === 'Chapter' && document.osis) {
      const reference = resolveReference(document.osis, dataSet.scripture.canon);
      if (reference.kind === 'chapter') return createChapter(dataSet.scripture, reference);
    }
    const info = getCollection(document.type);
    const counts = graph.getRelationCounts(path);
    const inbound = graph.getInbound(path, INBOUND_CAP);
    const links = graph.getLinks(path, LINK_CAP);
    const backlinks = graph.getBacklinks(path, backlinkLimit);
    const body = includeBody ? graph.getBody(path) : undefined;
    return {
      kind: 'entity' as const,
      ...formatSummary(document),
      collection: { type: info.type, label: info.label, route: info.route },
      tags: document.tags,
      status: document.status,
      trustTier: document.trustTier,
      stale: document.stale,
      words: document.words,
      sources: document.sources,
      ...(document.generated ? { generated: document.generated } : {}),
      extension: document.extension,
      relations: {
        outbound: graph.getOutbound(path).map(formatRelation),
        inbound: inbound.map(formatInbound),
        inboundCount: counts.inbound,
        inboundTruncated: counts.inbound > inbound.length,
      },
      linkCount: links.total,
      links: links.items.map(formatSummary),
      backlinkCount: backlinks.total,
      backlinksTruncated: backlinks.total > backlinks.items.length,
      backlinks: backlinks.items.map(formatSummary),
      ...(includeBody ? { body: body ?? '' } : {}),
      ...(document.type === 'Lexeme' && document.strongs !== undefined && dataSet.translations
        ? { renderings: formatRenderings(dataSet.translations, document.strongs) }
        : {}),
      licence: createLicenceOf(graph, document),
    };
  },
});
