// The document table: every document's path, type, flags and degree as columns, its NodeSummary and
// the rest of its Entity as msgpack records, the listing orders, the tags and the geo index (layout:
// DOCUMENTS_LAYOUT, @skg/core `artefacts/documents.ts`). Everything before the tail is held in memory:
// columns, orders and postings are views over it, and a request decodes only the summaries it shows.
// The records stay on disk and are read one per `getDocument`.

import {
  DOCUMENT_FLAGS,
  type DocumentOrder,
  DOCUMENT_STATUS_CODES,
  DOCUMENT_TRUST_TIER_CODES,
  DOCUMENT_TYPES,
  DOCUMENTS_LAYOUT,
  DOCUMENTS_SECTIONS,
  type DocumentType,
  STORED_DOCUMENT,
  STORED_SUMMARY,
  type StoredDocument,
  type StoredDocumentTables,
  type StoredSourceRef,
  type StoredSummary,
} from '@skg/core';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, lowerBoundString, readHeader, readSectionViews, readString, stringEquals } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';
import type { DocumentRecord, NodeSummaryRecord, SourceRef } from './types.ts';

export type ListOrder = DocumentOrder;

export interface GraphDocuments {
  readonly count: number;
  /** The document's index (position in path order), also for an alias id of it (`people/abram`), or -1. */
  indexOf(path: string): number;
  getPath(index: number): string;
  getType(index: number): DocumentType;
  /** The type's position in DOCUMENT_TYPES (what the type column stores). */
  getTypeCode(index: number): number;
  isShareAlike(index: number): boolean;
  getDegree(index: number): number;
  getTitle(index: number): string;
  getSummary(index: number): NodeSummaryRecord;
  getSortFields(index: number): Readonly<Record<string, string | number>>;
  getDocument(index: number): DocumentRecord;
  /** Documents in listing order. */
  getOrder(order: ListOrder): Uint32Array;
  /** Position of each document in title order (ties in search ranking). */
  readonly titleRank: Uint32Array;
  /** Documents whose path starts with `folder/`: the index range `[start, end)` (paths are sorted). */
  getFolderRange(folder: string): readonly [number, number];
  readonly tagCount: number;
  getTagName(tag: number): string;
  /** The tag's documents in index order. */
  getTagDocuments(tag: number): Uint32Array;
  /** The tag's position (most common first), or -1. */
  indexOfTag(name: string): number;
  /** Places with coordinates, by latitude. */
  readonly geo: { readonly documents: Uint32Array; readonly lat: Float64Array; readonly lon: Float64Array };
}

/** Header position of the tail offset (where the record bytes begin), for `openArtefactFile`. */
export const DOCUMENTS_TAIL_OFFSET_AT = DOCUMENTS_LAYOUT.header.tailOffset;

export function loadGraphDocuments(artefact: ArtefactFile): GraphDocuments {
  const { head: buffer, file } = artefact;
  const header = readHeader(buffer, DOCUMENTS_LAYOUT, file);
  const { documents: count, recordBytes, tags: tagTotal } = header;
  const v = readSectionViews(buffer, file, DOCUMENTS_SECTIONS, header, artefact.tailOffset);
  const s = {
    ...v,
    pathStart: v.paths[0],
    summaryStart: v.summaries[0],
    orders: { title: v.byTitle, degree: v.byDegree, canonical: v.byCanonical, chronological: v.byChronological } satisfies Record<DocumentOrder, Uint32Array>,
    shared: v.tables,
    geoDocuments: v.geo,
    geoLat: v.lat,
    geoLon: v.lon,
  };
  if (artefact.tailOffset + recordBytes !== artefact.bytes || s.pathOffsets[count] !== header.pathBytes || s.recordOffsets[count] !== recordBytes) {
    throw artefactError(file, 'is truncated or malformed');
  }

  let tagNameList: string[] | undefined;
  let tagIndex: Map<string, number> | undefined;
  let sharedValues: StoredDocumentTables | undefined;
  let aliasIndex: Map<string, number> | undefined;
  const sourceCache = new Map<number, SourceRef>();

  const getPath = (index: number) => readString(buffer, s.pathStart, s.pathOffsets, index);
  const getSummaryTuple = (index: number) =>
    decodeMsgpack(buffer, s.summaryStart + (s.summaryOffsets[index] ?? 0), s.summaryStart + (s.summaryOffsets[index + 1] ?? 0)) as StoredSummary;
  const getType = (index: number) => DOCUMENT_TYPES[s.types[index] ?? 0] as DocumentType;

  function getSummary(index: number, tuple = getSummaryTuple(index)): NodeSummaryRecord {
    const [title, description, strongs, osis, lat, lon] = tuple;
    return {
      path: getPath(index),
      title,
      type: getType(index),
      ...(description !== null ? { description } : {}),
      degree: s.degree[index] ?? 0,
      ...(lat !== null && lon !== null ? { lat, lon } : {}),
      ...(strongs !== null ? { strongs } : {}),
      ...(osis !== null ? { osis } : {}),
      ...((s.flags[index] ?? 0) & DOCUMENT_FLAGS.shareAlike ? { shareAlike: true as const } : {}),
    };
  }

  function indexOf(path: string): number {
    const key = Buffer.from(path, 'utf8');
    const index = lowerBoundString(buffer, s.pathStart, s.pathOffsets, count, key);
    if (index < count && stringEquals(buffer, s.pathStart, s.pathOffsets, index, key)) return index;
    // An alias id (the id a document had before, `people/abram`) answers its document.
    aliasIndex ??= new Map(getShared().aliases ?? []);
    return aliasIndex.get(path) ?? -1;
  }

  function getShared(): StoredDocumentTables {
    sharedValues ??= decodeMsgpack(buffer, s.shared[0], s.shared[1]) as StoredDocumentTables;
    return sharedValues;
  }

  /** A `sources` entry completed from its Source document: title, author, last_modified, usage_count. */
  function resolveSource(reference: StoredSourceRef): SourceRef {
    const index = indexOf(reference.resource);
    let source: SourceRef | undefined;
    if (index >= 0 && getType(index) === 'Source') {
      source = sourceCache.get(index);
      if (!source) {
        const extension = decodeRecord(index)[STORED_DOCUMENT.extension] ?? {};
        const text = (key: string) => (typeof extension[key] === 'string' ? { [key]: extension[key] as string } : {});
        source = {
          resource: reference.resource,
          title: getSummaryTuple(index)[STORED_SUMMARY.title],
          ...text('author'),
          ...text('last_modified'),
          ...(typeof extension.usage_count === 'number' ? { usage_count: extension.usage_count } : {}),
        };
        sourceCache.set(index, source);
      }
    }
    return {
      resource: reference.resource,
      ...(reference.id !== undefined ? { id: reference.id } : {}),
      ...(reference.title !== undefined ? { title: reference.title } : source?.title !== undefined ? { title: source.title } : {}),
      ...(source?.author !== undefined ? { author: source.author } : {}),
      ...(source?.last_modified !== undefined ? { last_modified: source.last_modified } : {}),
      ...(source?.usage_count !== undefined ? { usage_count: source.usage_count } : {}),
    };
  }

  function decodeRecord(index: number): StoredDocument {
    const start = artefact.tailOffset + (s.recordOffsets[index] ?? 0);
    return decodeMsgpack(artefact.read(start, artefact.tailOffset + (s.recordOffsets[index + 1] ?? 0))) as StoredDocument;
  }

  return {
    count,
    indexOf,
    getPath,
    getType,
    getTypeCode: (index) => s.types[index] ?? 0,
    isShareAlike: (index) => ((s.flags[index] ?? 0) & DOCUMENT_FLAGS.shareAlike) !== 0,
    getDegree: (index) => s.degree[index] ?? 0,
    getTitle: (index) => getSummaryTuple(index)[STORED_SUMMARY.title],
    getSummary: (index) => getSummary(index),
    getSortFields: (index) => getSummaryTuple(index)[STORED_SUMMARY.sortFields],
    getDocument(index) {
      const tuple = getSummaryTuple(index);
      const summary = getSummary(index, tuple);
      const [tags, status, trustTier, stale, words, sources, generated, extension, order] = decodeRecord(index);
      const shared = getShared();
      const generatedValue = generated === null ? undefined : shared.generated[generated];
      return {
        ...summary,
        tags,
        status: DOCUMENT_STATUS_CODES[status] ?? 'draft',
        trustTier: DOCUMENT_TRUST_TIER_CODES[trustTier] ?? 'unverified',
        stale,
        words,
        sources: (shared.sources[sources] ?? []).map(resolveSource),
        ...(generatedValue ? { generated: { by: generatedValue.by, at: generatedValue.at ?? '' } } : {}),
        extension,
        sortFields: tuple[STORED_SUMMARY.sortFields],
        ...(order !== null ? { order } : {}),
      };
    },
    getOrder: (order) => s.orders[order],
    titleRank: s.titleRank,
    getFolderRange(folder) {
      const prefix = folder.replace(/^\/+|\/+$/g, '');
      if (prefix === '') return [0, count];
      // Paths below `prefix/` sort between `prefix/` and `prefix0` ('0' follows '/').
      const bound = (key: string) => lowerBoundString(buffer, s.pathStart, s.pathOffsets, count, Buffer.from(key, 'utf8'));
      return [bound(`${prefix}/`), bound(`${prefix}0`)];
    },
    tagCount: tagTotal,
    getTagName(tag) {
      tagNameList ??= decodeMsgpack(buffer, s.tagNames[0], s.tagNames[1]) as string[];
      return tagNameList[tag] ?? '';
    },
    getTagDocuments: (tag) => s.tagDocuments.subarray(s.tagStart[tag] ?? 0, s.tagStart[tag + 1] ?? 0),
    indexOfTag(name) {
      if (!tagIndex) {
        tagNameList ??= decodeMsgpack(buffer, s.tagNames[0], s.tagNames[1]) as string[];
        tagIndex = new Map(tagNameList.map((t, i) => [t, i]));
      }
      return tagIndex.get(name) ?? -1;
    },
    geo: { documents: s.geoDocuments, lat: s.geoLat, lon: s.geoLon },
  };
}
