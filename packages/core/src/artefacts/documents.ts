// The document table (`documents.bin`): every document's path, type, flags and degree as columns, its
// NodeSummary and the rest of its Entity as msgpack records, the listing orders, the tags and the geo
// index:
//
//   header        DOCUMENTS_LAYOUT.header, u32 each
//   sections      DOCUMENTS_SECTIONS
//   tail          R bytes: a StoredDocument msgpack array per document
//
// Everything before the tail is held in memory; the records (every document's extension) stay on disk
// and are read one per request.

import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';

export const DOCUMENTS_LAYOUT = defineArtefactLayout({
  name: 'documents',
  file: 'documents.bin',
  magic: 'SKGD',
  header: {
    /** N: documents. */
    documents: 8,
    /** P: bytes of paths. */
    pathBytes: 12,
    /** S: bytes of summaries. */
    summaryBytes: 16,
    /** R: bytes of records (the tail). */
    recordBytes: 20,
    /** T: tags. */
    tags: 24,
    /** K: tag postings. */
    tagPostings: 28,
    /** G: places with coordinates. */
    places: 32,
    /** B: bytes of tag names. */
    tagNameBytes: 36,
    /** H: bytes of the shared tables. */
    tableBytes: 40,
    /** Where the records begin. */
    tailOffset: 44,
  },
  headerBytes: 48,
});

export const DOCUMENTS_SECTIONS = defineSections(DOCUMENTS_LAYOUT, [
  /** Path offsets into the path bytes. */
  { name: 'pathOffsets', kind: 'u32', length: (h) => h.documents + 1 },
  /** Paths (UTF-8, `people/isaac`, no leading slash), sorted by code unit: a document's index is its row everywhere in the graph artefacts. */
  { name: 'paths', kind: 'bytes', length: (h) => h.pathBytes },
  /** Type: position in DOCUMENT_TYPES. */
  { name: 'types', kind: 'u8', length: (h) => h.documents, align: 4 },
  /** DOCUMENT_FLAGS. */
  { name: 'flags', kind: 'u8', length: (h) => h.documents, align: 4 },
  /** Degree: graph edges touching the document. */
  { name: 'degree', kind: 'u32', length: (h) => h.documents, align: 4 },
  /** Summary offsets into the summary bytes … */
  { name: 'summaryOffsets', kind: 'u32', length: (h) => h.documents + 1 },
  /** … a StoredSummary msgpack array per document. */
  { name: 'summaries', kind: 'bytes', length: (h) => h.summaryBytes },
  /** Document indexes in each of the DOCUMENT_ORDERS. */
  { name: 'byTitle', kind: 'u32', length: (h) => h.documents, align: 4 },
  { name: 'byDegree', kind: 'u32', length: (h) => h.documents },
  { name: 'byCanonical', kind: 'u32', length: (h) => h.documents },
  { name: 'byChronological', kind: 'u32', length: (h) => h.documents },
  /** Each document's position in title order. */
  { name: 'titleRank', kind: 'u32', length: (h) => h.documents },
  /** Tag posting starts: tag t's documents are tagDocuments[start[t], start[t+1]). */
  { name: 'tagStart', kind: 'u32', length: (h) => h.tags + 1 },
  { name: 'tagDocuments', kind: 'u32', length: (h) => h.tagPostings },
  /** Msgpack string[]: tag names, most common first. */
  { name: 'tagNames', kind: 'bytes', length: (h) => h.tagNameBytes },
  /** Msgpack StoredDocumentTables. */
  { name: 'tables', kind: 'bytes', length: (h) => h.tableBytes, align: 4 },
  /** Geo: places with coordinates by latitude … */
  { name: 'geo', kind: 'u32', length: (h) => h.places, align: 4 },
  /** … their latitudes, then longitudes. */
  { name: 'lat', kind: 'f64', length: (h) => h.places, align: 8 },
  { name: 'lon', kind: 'f64', length: (h) => h.places },
  /** Record offsets, relative to the tail offset. */
  { name: 'recordOffsets', kind: 'u32', length: (h) => h.documents + 1 },
]);

/** The listing orders documents.bin stores (its by… sections). */
export const DOCUMENT_ORDERS = Object.freeze(['title', 'degree', 'canonical', 'chronological'] as const);
export type DocumentOrder = (typeof DOCUMENT_ORDERS)[number];

/** What a NodeSummary and a listing row need, nil when absent. */
export type StoredSummary = [
  title: string,
  description: string | null,
  strongs: string | null,
  osis: string | null,
  lat: number | null,
  lon: number | null,
  sortFields: Record<string, string | number>,
];
/** Positions in a StoredSummary. */
export const STORED_SUMMARY = Object.freeze({ title: 0, description: 1, strongs: 2, osis: 3, lat: 4, lon: 5, sortFields: 6 } as const);

/** The rest of the Entity; `sources` and `generated` are positions in the shared tables. */
export type StoredDocument = [
  tags: readonly string[],
  status: number,
  trustTier: number,
  stale: boolean,
  words: number,
  sources: number,
  generated: number | null,
  extension: Record<string, unknown>,
  order: number | null,
];
/** Positions in a StoredDocument. */
export const STORED_DOCUMENT = Object.freeze({
  tags: 0,
  status: 1,
  trustTier: 2,
  stale: 3,
  words: 4,
  sources: 5,
  generated: 6,
  extension: 7,
  order: 8,
} as const);

/** A StoredDocument's `status`: the position of the document's status here. */
export const DOCUMENT_STATUS_CODES = ['draft', 'stable', 'deprecated'] as const;
/** A StoredDocument's `trustTier`: the position of the document's trust tier here. */
export const DOCUMENT_TRUST_TIER_CODES = ['unverified', 'machine-confirmed', 'human-reviewed'] as const;

export interface StoredSourceRef {
  resource: string;
  id?: string;
  title?: string;
}

/** The shared tables: the distinct `sources` lists and `generated` values, and the alias ids. */
export interface StoredDocumentTables {
  sources: ReadonlyArray<readonly StoredSourceRef[]>;
  generated: ReadonlyArray<{ by: string; at?: string }>;
  /** Other ids that answer a document (`alias_ids`: `people/abram` → Abraham's index), sorted by alias; absent before aliases were stored. */
  aliases?: ReadonlyArray<readonly [alias: string, document: number]>;
}
