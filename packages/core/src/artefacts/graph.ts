// The edges of the graph (`graph.bin`). Sections in this order, each starting on a 4-byte boundary.
// Documents are indexes into documents.bin; NONE (0xffffffff) marks "no document" or "no string".
//
//   header        GRAPH_LAYOUT.header, u32 each
//   (N+1) u32     relation starts: document i states relations [start[i], start[i+1]), in written
//                 order; a relation's id is its row (so its source is the document whose range holds it)
//   R u32 each    the GRAPH_RELATION_COLUMNS, in that order
//   R u16         predicate: position in the predicate table                 (padded to 4)
//   the GRAPH_LISTS, in that order: (N+1) u32 starts, then the values (counted by the header field named)
//   X u16, X u8        the context entries' verse numbers and CONTEXT_KINDS   (each padded to 4)
//   (S+1) u32          string offsets; string bytes (UTF-8, sorted)       (padded to 4)
//   msgpack string[]   predicate table                                    (padded to 4)
//   msgpack map        StoredGraphSparse                                  (padded to 4)
//   msgpack map        StoredGraphMeta
//
// Everything is a view over the buffer; strings are sliced out per request.

import type { DocumentType } from '../collections.ts';
import { defineArtefactLayout } from './layout.ts';

export const GRAPH_LAYOUT = defineArtefactLayout({
  name: 'graph',
  file: 'graph.bin',
  magic: 'SKGG',
  header: {
    /** N: documents. */
    documents: 8,
    /** R: relations. */
    relations: 12,
    /** I: inbound entries. */
    inbound: 16,
    /** L: links. */
    links: 20,
    /** C: source citations. */
    citations: 24,
    /** X: verse-context entries. */
    context: 28,
    /** S: strings. */
    strings: 32,
    stringBytes: 36,
    predicateBytes: 40,
    metaBytes: 44,
    sparseBytes: 48,
    /** B: backlink entries. */
    backlinks: 52,
  },
  headerBytes: 56,
});

/**
 * The relations' u32 columns, in file order: target document (NONE: names no document), then string
 * ids of from, surface, note and origin (the relation's own `source` key).
 */
export const GRAPH_RELATION_COLUMNS = Object.freeze(['target', 'from', 'surface', 'note', 'origin'] as const);

/**
 * The per-document lists (compressed sparse rows: list i is values[start[i], start[i+1])), in file
 * order, each with the header field counting its values.
 */
export const GRAPH_LISTS = Object.freeze({
  /** Ids of resolved relations pointing at each document, by stating document then written order. */
  inbound: 'inbound',
  /** Distinct documents each body links to, in body order. */
  links: 'links',
  /** Documents whose body links here; non-chapters by title, then chapters in Bible order. */
  linkedFrom: 'links',
  /** Documents pointing here by a body link or a typed relation (never the document itself), in the same order. */
  backlinks: 'backlinks',
  /** Source documents each document cites, in written order. */
  sources: 'citations',
  /** Documents citing each Source, by index. */
  citedBy: 'citations',
  /** Verse context (chapters only): relation ids, sorted by verse, kind, id. */
  context: 'context',
} as const satisfies Record<string, keyof typeof GRAPH_LAYOUT.header>);
export type GraphListName = keyof typeof GRAPH_LISTS;

/**
 * Verse-context kinds: 0–2 a chapter's own relation to a Person, Place or Theme (the entry names the
 * relation's target); 3 an inbound relation anchored to one of its verses (its source).
 */
export const CONTEXT_KINDS = Object.freeze({ person: 0, place: 1, theme: 2, referencedBy: 3 } as const);

/** The few relations with an unresolved target or extra keys, kept sparse. */
export interface StoredGraphSparse {
  /** [relation id, target as written] for each relation whose target names no document. */
  written: Array<[number, string]>;
  /** [relation id, JSON of the relation's other keys]. */
  extra: Array<[number, string]>;
}

/** One document type's line of the /stats totals. */
export interface StoredCollectionStats {
  readonly type: DocumentType;
  readonly count: number;
  /** The best-connected document of the type (ties by id), or null when there is none. */
  readonly example: string | null;
}

/** The graph totals of /stats. */
export interface StoredGraphStats {
  readonly notes: number;
  readonly edges: number;
  readonly tags: number;
  readonly words: number;
  readonly orphans: number;
  readonly brokenLinks: number;
  readonly collections: readonly StoredCollectionStats[];
}

/** The graph totals and the predicate usage of /vocabulary: the last section of graph.bin. */
export interface StoredGraphMeta {
  readonly stats: StoredGraphStats;
  readonly predicates: {
    readonly declared: ReadonlyArray<{ readonly id: string; readonly edges: number }>;
    readonly undeclared: ReadonlyArray<{ readonly id: string; readonly edges: number }>;
  };
}
