// The document table (`documents.bin`): every document's path, type, flags and degree as columns, its
// NodeSummary and the rest of its Entity as msgpack records, the listing orders, the tags and the geo
// index. Sections in this order, each starting on a 4-byte boundary (8 for f64):
//
//   header        DOCUMENTS_LAYOUT.header, u32 each
//   (N+1) u32     path offsets; P bytes of paths (UTF-8, `people/isaac`, no leading slash), sorted by
//                 code unit: a document's index is its row everywhere in the graph artefacts
//   N u8          type: position in DOCUMENT_TYPES
//   N u8          flags: DOCUMENT_FLAGS
//   N u32         degree: graph edges touching the document
//   (N+1) u32     summary offsets; S bytes: a StoredSummary msgpack array per document
//   N u32 each    document indexes in each of the DOCUMENT_ORDERS, in that order
//   N u32         each document's position in title order
//   (T+1) u32     tag posting starts; K u32 postings: tag t's documents are [start[t], start[t+1])
//   B bytes       msgpack string[]: tag names, most common first
//   H bytes       msgpack StoredDocumentTables
//   G u32         geo: places with coordinates by latitude   (then padded to 8)
//   G f64, G f64  their latitudes, then longitudes
//   (N+1) u32     record offsets, relative to the tail offset
//   tail          R bytes: a StoredDocument msgpack array per document
//
// Everything before the tail is held in memory; the records (every document's extension) stay on disk
// and are read one per request.

import { defineArtefactLayout } from './layout.ts';

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

/** The listing orders documents.bin stores, in file order. */
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

/** The shared tables: the distinct `sources` lists and `generated` values. */
export interface StoredDocumentTables {
  sources: ReadonlyArray<readonly StoredSourceRef[]>;
  generated: ReadonlyArray<{ by: string; at?: string }>;
}
