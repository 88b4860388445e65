// Encodes the document table (`documents.bin`). The layout is documented above its decoder,
// packages/server/src/artefacts/graph-documents.ts.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_MAGIC, DOCUMENT_FLAGS, DOCUMENT_TYPES } from '@skg/core';
import type { GraphIndexData } from '../stages/index-graph.ts';
import type { LinkedGraph } from '../stages/link-graph.ts';
import type { EntityDoc } from '../stages/validate-entity.ts';
import { ByteWriter, concatRecords, flattenLists } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';
import { SharedTable } from './shared-table.ts';

/** Header position of the tail offset: where the record bytes, read from disk per request, begin. */
const HEADER_TAIL_OFFSET = 44;

const TYPE_CODES = new Map<string, number>(DOCUMENT_TYPES.map((type, i) => [type, i]));

/** What a NodeSummary and a listing row need: `[title, description, strongs, osis, lat, lon, sortFields]`, nil when absent. */
function summaryRecord(document: EntityDoc): unknown[] {
  return [
    document.title,
    document.description ?? null,
    document.strongs ?? null,
    document.osis ?? null,
    document.lat ?? null,
    document.lon ?? null,
    document.sortFields,
  ];
}

export const STATUS_CODES = ['draft', 'stable', 'deprecated'] as const;
export const TRUST_TIER_CODES = ['unverified', 'machine-confirmed', 'human-reviewed'] as const;

/**
 * The rest of the Entity, as a msgpack array:
 * `[tags, status, trustTier, stale, words, sources, generated, extension, order]`;
 * status and trust tier as codes, `sources` and `generated` as positions in the shared tables.
 */
function documentRecord(graph: LinkedGraph, document: EntityDoc, index: number, shared: { sources: SharedTable<unknown>; generated: SharedTable<unknown> }): unknown[] {
  const order = document.chronology ?? (document.type === 'Book' || document.type === 'Chapter' ? document.canonical : undefined);
  return [
    document.tags,
    STATUS_CODES.indexOf(document.status),
    TRUST_TIER_CODES.indexOf(document.trustTier),
    document.stale,
    graph.words[index] ?? 0,
    shared.sources.add(document.sources),
    document.generated ? shared.generated.add(document.generated) : null,
    document.extension,
    order ?? null,
  ];
}

export function encodeDocuments(graph: LinkedGraph, index: GraphIndexData): Buffer {
  const { documents } = graph;
  const count = documents.length;
  const paths = concatRecords(documents.map((d) => Buffer.from(d.id, 'utf8')));
  const summaries = concatRecords(documents.map((d) => encodeMsgpack(summaryRecord(d))));
  // `sources` and `generated` values are lists and objects: the same when their JSON is.
  const byJson = (value: unknown): string => JSON.stringify(value);
  const shared = { sources: new SharedTable(byJson), generated: new SharedTable(byJson) };
  const records = concatRecords(documents.map((d, i) => encodeMsgpack(documentRecord(graph, d, i, shared))));
  const sharedTable = encodeMsgpack({ sources: shared.sources.values, generated: shared.generated.values });
  const types = documents.map((d) => TYPE_CODES.get(d.type) ?? 0);
  const flags = documents.map((d) => (d.shareAlike ? DOCUMENT_FLAGS.shareAlike : 0) | (d.lat !== undefined ? DOCUMENT_FLAGS.coordinates : 0));
  const tags = flattenLists(index.tags.map((t) => t.documents));
  const tagNames = encodeMsgpack(index.tags.map((t) => t.name));
  const rank = new Uint32Array(count);
  index.orders.title.forEach((document, position) => {
    rank[document] = position;
  });
  const geo = index.geo;
  const head = new ByteWriter()
    .ascii(ARTEFACT_MAGIC.documents)
    .u32(ARTEFACT_FORMAT_VERSION)
    .u32(count)
    .u32(paths.data.length)
    .u32(summaries.data.length)
    .u32(records.data.length)
    .u32(index.tags.length)
    .u32(tags.values.length)
    .u32(geo.length)
    .u32(tagNames.length)
    .u32(sharedTable.length)
    .u32(0) // tail offset, set below
    .u32s(paths.offsets)
    .bytes(paths.data)
    .align()
    .u8s(types)
    .align()
    .u8s(flags)
    .align()
    .u32s(graph.degree)
    .u32s(summaries.offsets)
    .bytes(summaries.data)
    .align()
    .u32s(index.orders.title)
    .u32s(index.orders.degree)
    .u32s(index.orders.canonical)
    .u32s(index.orders.chronological)
    .u32s(rank)
    .u32s(tags.start)
    .u32s(tags.values)
    .bytes(tagNames)
    .align()
    .bytes(sharedTable)
    .align()
    .u32s(geo)
    .align(8)
    .f64s(Array.from(geo, (d) => documents[d]?.lat ?? 0))
    .f64s(Array.from(geo, (d) => documents[d]?.lon ?? 0))
    .u32s(records.offsets)
    .toBuffer();
  head.writeUInt32LE(head.length, HEADER_TAIL_OFFSET);
  return Buffer.concat([head, records.data]);
}
