// The edges of the graph (`graph.bin`). Documents are indexes into documents.bin; NONE (0xffffffff) marks "no document" or "no string".
//
//   header        GRAPH_LAYOUT.header, u32 each
//   sections      GRAPH_SECTIONS
//
// Everything is a view over the buffer; strings are sliced out per request.

import type { DocumentType } from '../collections.ts';
import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';

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

type GraphHeader = Readonly<Record<keyof typeof GRAPH_LAYOUT.header, number>>;

/**
 * The two sections of a per-document list (compressed sparse rows): `<name>Start`, (N+1) u32, and
 * `<name>`, the values, as many as the header field `count` says; document i's entries are
 * values[start[i], start[i+1]).
 */
const list = <Name extends string>(name: Name, count: keyof GraphHeader, align?: 4) =>
  [
    { name: `${name}Start` as `${Name}Start`, kind: 'u32', length: (h: GraphHeader) => h.documents + 1, align },
    { name, kind: 'u32', length: (h: GraphHeader) => h[count] },
  ] as const;

export const GRAPH_SECTIONS = defineSections(GRAPH_LAYOUT, [
  /** Document i states relations [start[i], start[i+1]), in written order; a relation's id is its row. */
  { name: 'relationStart', kind: 'u32', length: (h) => h.documents + 1 },
  /** Relation columns: the target document (NONE: names no document) … */
  { name: 'target', kind: 'u32', length: (h) => h.relations },
  /** … then string ids of from, surface, note and origin (the relation's own `source` key). */
  { name: 'from', kind: 'u32', length: (h) => h.relations },
  { name: 'surface', kind: 'u32', length: (h) => h.relations },
  { name: 'note', kind: 'u32', length: (h) => h.relations },
  { name: 'origin', kind: 'u32', length: (h) => h.relations },
  /** Predicate: position in the predicate table. */
  { name: 'predicate', kind: 'u16', length: (h) => h.relations },
  /** Ids of resolved relations pointing at each document, by stating document then written order. */
  ...list('inbound', 'inbound', 4),
  /** Distinct documents each body links to, in body order. */
  ...list('links', 'links'),
  /** Documents whose body links here; non-chapters by title, then chapters in Bible order. */
  ...list('linkedFrom', 'links'),
  /** Documents pointing here by a body link or a typed relation (never the document itself), in the same order. */
  ...list('backlinks', 'backlinks'),
  /** Source documents each document cites, in written order. */
  ...list('sources', 'citations'),
  /** Documents citing each Source, by index. */
  ...list('citedBy', 'citations'),
  /** Verse context (chapters only): relation ids, sorted by verse, kind, id … */
  ...list('context', 'context'),
  /** … their verse numbers … */
  { name: 'contextVerses', kind: 'u16', length: (h) => h.context },
  /** … and CONTEXT_KINDS. */
  { name: 'contextKinds', kind: 'u8', length: (h) => h.context, align: 4 },
  /** String offsets into the string bytes (UTF-8, sorted). */
  { name: 'stringOffsets', kind: 'u32', length: (h) => h.strings + 1, align: 4 },
  { name: 'strings', kind: 'bytes', length: (h) => h.stringBytes },
  /** Msgpack string[]: the predicate table. */
  { name: 'predicates', kind: 'bytes', length: (h) => h.predicateBytes, align: 4 },
  /** Msgpack StoredGraphSparse. */
  { name: 'sparse', kind: 'bytes', length: (h) => h.sparseBytes, align: 4 },
  /** Msgpack StoredGraphMeta. */
  { name: 'meta', kind: 'bytes', length: (h) => h.metaBytes, align: 4 },
]);

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
