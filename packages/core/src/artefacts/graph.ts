// The edges of the graph (`graph.bin`). Sections in this order, each starting on a 4-byte boundary.
// Documents are indexes into documents.bin; NONE (0xffffffff) marks "no document" or "no string".
//
//   header        GRAPH_LAYOUT.header, u32 each
//   (N+1) u32     relation starts: document i states relations [start[i], start[i+1]), in written
//                 order; a relation's id is its row (so its source is the document whose range holds it)
//   5 × R u32     relation columns: target document (NONE: names no document), then string ids of
//                 from, surface, note and origin (the relation's own `source` key)
//   R u16         predicate: position in the predicate table                 (padded to 4)
//   (N+1) u32, I u32   inbound: ids of resolved relations pointing at each document, by stating
//                      document then written order
//   (N+1) u32, L u32   links: distinct documents each body links to, in body order
//   (N+1) u32, L u32   linked from: documents whose body links here; non-chapters by title, then
//                      chapters in Bible order
//   (N+1) u32, B u32   backlinks: documents pointing here by a body link or a typed relation (never
//                      the document itself), in the same order
//   (N+1) u32, C u32   sources: Source documents each document cites, in written order
//   (N+1) u32, C u32   cited by: documents citing each Source, by index
//   (N+1) u32, X u32   verse context (chapters only): relation ids, sorted by verse, kind, id
//   X u16, X u8        the entries' verse numbers and CONTEXT_KINDS       (each padded to 4)
//   (S+1) u32          string offsets; string bytes (UTF-8, sorted)       (padded to 4)
//   msgpack string[]   predicate table                                    (padded to 4)
//   msgpack map        StoredGraphSparse                                  (padded to 4)
//   msgpack map        meta: {stats: {notes, edges, tags, words, orphans, brokenLinks,
//                      collections: {type, count, example}[]}, predicates: {declared, undeclared:
//                      {id, edges}[]}}
//
// Everything is a view over the buffer; strings are sliced out per request.

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
