// Encodes the document table (`documents.bin`); the layout is DOCUMENTS_LAYOUT (@skg/core
// `artefacts/documents.ts`).

import {
  DOCUMENT_FLAGS,
  DOCUMENT_STATUS_CODES,
  DOCUMENT_TRUST_TIER_CODES,
  DOCUMENT_TYPES,
  DOCUMENTS_LAYOUT,
  DOCUMENTS_SECTIONS,
  type StoredDocument,
  type StoredDocumentTables,
  type StoredSummary,
} from '@skg/core';
import type { GraphIndexData } from '../stages/index-graph.ts';
import type { LinkedGraph } from '../stages/link-graph.ts';
import type { EntityDoc } from '../stages/validate-entity.ts';
import { ByteWriter, concatRecords, flattenLists } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';
import { SharedTable } from './shared-table.ts';

const TYPE_CODES = new Map<string, number>(DOCUMENT_TYPES.map((type, i) => [type, i]));

/** What a NodeSummary and a listing row need. */
function summaryRecord(document: EntityDoc): StoredSummary {
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

/** The rest of the Entity: status and trust tier as codes, `sources` and `generated` as positions in the shared tables. */
function documentRecord(
  graph: LinkedGraph,
  document: EntityDoc,
  index: number,
  shared: { sources: SharedTable<StoredDocumentTables['sources'][number]>; generated: SharedTable<StoredDocumentTables['generated'][number]> },
): StoredDocument {
  const order = document.chronology ?? (document.type === 'Book' || document.type === 'Chapter' ? document.canonical : undefined);
  return [
    document.tags,
    DOCUMENT_STATUS_CODES.indexOf(document.status),
    DOCUMENT_TRUST_TIER_CODES.indexOf(document.trustTier),
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
  const shared = {
    sources: new SharedTable<StoredDocumentTables['sources'][number]>(byJson),
    generated: new SharedTable<StoredDocumentTables['generated'][number]>(byJson),
  };
  const records = concatRecords(documents.map((d, i) => encodeMsgpack(documentRecord(graph, d, i, shared))));
  const storedTables: StoredDocumentTables = { sources: shared.sources.values, generated: shared.generated.values, aliases: graph.aliases };
  const sharedTable = encodeMsgpack(storedTables);
  const types = documents.map((d) => TYPE_CODES.get(d.type) ?? 0);
  const flags = documents.map((d) => (d.shareAlike ? DOCUMENT_FLAGS.shareAlike : 0) | (d.lat !== undefined ? DOCUMENT_FLAGS.coordinates : 0));
  const tags = flattenLists(index.tags.map((t) => t.documents));
  const tagNames = encodeMsgpack(index.tags.map((t) => t.name));
  const rank = new Uint32Array(count);
  index.orders.title.forEach((document, position) => {
    rank[document] = position;
  });
  const geo = index.geo;
  const header = {
    documents: count,
    pathBytes: paths.data.length,
    summaryBytes: summaries.data.length,
    recordBytes: records.data.length,
    tags: index.tags.length,
    tagPostings: tags.values.length,
    places: geo.length,
    tagNameBytes: tagNames.length,
    tableBytes: sharedTable.length,
    tailOffset: 0, // set below
  };
  const head = new ByteWriter()
    .header(DOCUMENTS_LAYOUT, header)
    .sections(DOCUMENTS_SECTIONS, header, {
      pathOffsets: paths.offsets,
      paths: paths.data,
      types,
      flags,
      degree: graph.degree,
      summaryOffsets: summaries.offsets,
      summaries: summaries.data,
      byTitle: index.orders.title,
      byDegree: index.orders.degree,
      byCanonical: index.orders.canonical,
      byChronological: index.orders.chronological,
      titleRank: rank,
      tagStart: tags.start,
      tagDocuments: tags.values,
      tagNames,
      tables: sharedTable,
      geo,
      lat: Array.from(geo, (d) => documents[d]?.lat ?? 0),
      lon: Array.from(geo, (d) => documents[d]?.lon ?? 0),
      recordOffsets: records.offsets,
    })
    .toBuffer();
  head.writeUInt32LE(head.length, DOCUMENTS_LAYOUT.header.tailOffset);
  return Buffer.concat([head, records.data]);
}
