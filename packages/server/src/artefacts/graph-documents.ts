// The document table: every document's path, type, flags and degree as columns, its NodeSummary and
// the rest of its Entity as msgpack records, the listing orders, the tags and the geo index.

import { ARTEFACT_MAGIC, DOCUMENT_FLAGS, DOCUMENT_TYPES, type DocumentType } from '@skg/core';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, checkHeader, lowerBoundString, readSections, readString, SectionReader, stringEquals } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';
import type { DocumentRecord, NodeSummaryRecord, SourceRef } from './types.ts';

export type ListOrder = 'title' | 'degree' | 'canonical' | 'chronological';

export interface GraphDocuments {
  readonly count: number;
  /** The document's index (position in path order), or -1. */
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

const HEADER_BYTES = 48;
/** Header position of the tail offset (where the record bytes begin). */
export const DOCUMENTS_TAIL_OFFSET_AT = 44;
const STATUS = ['draft', 'stable', 'deprecated'] as const;
const TRUST_TIERS = ['unverified', 'machine-confirmed', 'human-reviewed'] as const;

type StoredSummary = [string, string | null, string | null, string | null, number | null, number | null, Record<string, string | number>];
type StoredRecord = [string[], number, number, boolean, number, number, number | null, Record<string, unknown>, number | null];
type StoredSourceRef = { resource: string; id?: string; title?: string };
interface SharedValues {
  sources: StoredSourceRef[][];
  generated: Array<{ by: string; at?: string }>;
}

/**
 * documents.bin: little-endian; sections in this order, each starting on a 4-byte boundary (8 for f64).
 *
 *   offset  type          field
 *   0       4 × ascii     magic "SKGD"
 *   4       u32           format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32           N: documents, sorted by path (code-unit order); a document's index is its row
 *   12      u32 P bytes of paths       16  u32 S bytes of summaries     20  u32 R bytes of records
 *   24      u32 T tags                 28  u32 K tag postings           32  u32 G places with coordinates
 *   36      u32 B bytes of tag names   40  u32 H bytes of shared table  44  u32 tail offset (records)
 *   48      (N+1) u32     path offsets; P bytes of paths (UTF-8, `people/isaac`, no leading slash)
 *   …       N u8          type: position in DOCUMENT_TYPES
 *   …       N u8          flags: 1 share-alike, 2 has coordinates
 *   …       N u32         degree: graph edges touching the document
 *   …       (N+1) u32     summary offsets; S bytes: msgpack per document
 *                           [title, description|nil, strongs|nil, osis|nil, lat|nil, lon|nil, sortFields]
 *   …       5 × N u32     document indexes in title, degree, canonical and chronological order, then
 *                         each document's position in title order
 *   …       (T+1) u32     tag posting starts; K u32 postings: tag t's documents are [start[t], start[t+1])
 *   …       B bytes       msgpack string[]: tag names, most common first
 *   …       H bytes       msgpack {sources: {resource, id?, title?}[][], generated: {by, at?}[]}
 *   …       G u32         geo: places with coordinates by latitude   (then padded to 8)
 *   …       G f64, G f64  their latitudes, then longitudes
 *   …       (N+1) u32     record offsets, relative to the tail offset
 *   tail    R bytes       records: msgpack per document
 *                           [tags: string[], status: 0 draft|1 stable|2 deprecated,
 *                            trustTier: 0 unverified|1 machine-confirmed|2 human-reviewed, stale: bool,
 *                            words: int, sources: position in shared.sources,
 *                            generated: position in shared.generated | nil, extension: map, order: number|nil]
 *
 * Everything before the tail is held in memory: columns, orders and postings are views over it, and a
 * request decodes only the summaries it shows. The records (the bulk: every document's extension) stay
 * on disk and are read one per `getDocument`.
 */
export function loadGraphDocuments(artefact: ArtefactFile): GraphDocuments {
  const { head: buffer, file } = artefact;
  checkHeader(buffer, ARTEFACT_MAGIC.documents, file);
  const [count, pathBytes, summaryBytes, recordBytes, tagTotal, postingTotal, geoTotal, tagNameBytes, sharedBytes] = Array.from(
    { length: 9 },
    (_, i) => buffer.readUInt32LE(8 + i * 4),
  ) as [number, number, number, number, number, number, number, number, number];
  const reader = new SectionReader(buffer, HEADER_BYTES);
  const sections = readSections(file, () => {
    const pathOffsets = reader.u32s(count + 1);
    const [pathStart] = reader.bytes(pathBytes);
    const types = reader.align().u8s(count);
    const flags = reader.align().u8s(count);
    const degree = reader.align().u32s(count);
    const summaryOffsets = reader.u32s(count + 1);
    const [summaryStart] = reader.bytes(summaryBytes);
    reader.align();
    const orders = {
      title: reader.u32s(count),
      degree: reader.u32s(count),
      canonical: reader.u32s(count),
      chronological: reader.u32s(count),
    };
    const titleRank = reader.u32s(count);
    const tagStart = reader.u32s(tagTotal + 1);
    const tagDocuments = reader.u32s(postingTotal);
    const tagNames = reader.bytes(tagNameBytes);
    const shared = reader.align().bytes(sharedBytes);
    const geoDocuments = reader.align().u32s(geoTotal);
    const geoLat = reader.align(8).f64s(geoTotal);
    const geoLon = reader.f64s(geoTotal);
    const recordOffsets = reader.u32s(count + 1);
    return { pathOffsets, pathStart, types, flags, degree, summaryOffsets, summaryStart, recordOffsets, orders, titleRank, tagStart, tagDocuments, tagNames, shared, geoDocuments, geoLat, geoLon };
  });
  if (
    reader.offset !== artefact.tailOffset ||
    artefact.tailOffset + recordBytes !== artefact.bytes ||
    sections.pathOffsets[count] !== pathBytes ||
    sections.recordOffsets[count] !== recordBytes
  ) {
    throw artefactError(file, 'is truncated or malformed');
  }
  const s = sections;

  let tagNameList: string[] | undefined;
  let tagIndex: Map<string, number> | undefined;
  let sharedValues: SharedValues | undefined;
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
    return index < count && stringEquals(buffer, s.pathStart, s.pathOffsets, index, key) ? index : -1;
  }

  function getShared(): SharedValues {
    sharedValues ??= decodeMsgpack(buffer, s.shared[0], s.shared[1]) as SharedValues;
    return sharedValues;
  }

  /** A `sources` entry completed from its Source document: title, author, last_modified, usage_count. */
  function resolveSource(reference: StoredSourceRef): SourceRef {
    const index = indexOf(reference.resource);
    let source: SourceRef | undefined;
    if (index >= 0 && getType(index) === 'Source') {
      source = sourceCache.get(index);
      if (!source) {
        const extension = (decodeRecord(index)[7] ?? {}) as Record<string, unknown>;
        const text = (key: string) => (typeof extension[key] === 'string' ? { [key]: extension[key] as string } : {});
        source = {
          resource: reference.resource,
          title: getSummaryTuple(index)[0],
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

  function decodeRecord(index: number): StoredRecord {
    const start = artefact.tailOffset + (s.recordOffsets[index] ?? 0);
    return decodeMsgpack(artefact.read(start, artefact.tailOffset + (s.recordOffsets[index + 1] ?? 0))) as StoredRecord;
  }

  return {
    count,
    indexOf,
    getPath,
    getType,
    getTypeCode: (index) => s.types[index] ?? 0,
    isShareAlike: (index) => ((s.flags[index] ?? 0) & DOCUMENT_FLAGS.shareAlike) !== 0,
    getDegree: (index) => s.degree[index] ?? 0,
    getTitle: (index) => getSummaryTuple(index)[0],
    getSummary: (index) => getSummary(index),
    getSortFields: (index) => getSummaryTuple(index)[6],
    getDocument(index) {
      const tuple = getSummaryTuple(index);
      const summary = getSummary(index, tuple);
      const [tags, status, trustTier, stale, words, sources, generated, extension, order] = decodeRecord(index);
      const shared = getShared();
      const generatedValue = generated === null ? undefined : shared.generated[generated];
      return {
        ...summary,
        tags,
        status: STATUS[status] ?? 'draft',
        trustTier: TRUST_TIERS[trustTier] ?? 'unverified',
        stale,
        words,
        sources: (shared.sources[sources] ?? []).map(resolveSource),
        ...(generatedValue ? { generated: { by: generatedValue.by, at: generatedValue.at ?? '' } } : {}),
        extension,
        sortFields: tuple[6],
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
