// The edges of the graph: typed relations as columns, and per document the lists of relations
// pointing at it, links, backlinks, sources cited and documents citing it, plus verse context and the
// totals of /stats and /vocabulary.

import { ARTEFACT_MAGIC, NONE } from '@skg/core';
import { artefactError, checkHeader, readSections, readString, SectionReader } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';

/** One typed relation; strings are resolved, documents are indexes (`target` NONE when unresolved). */
export interface StoredRelation {
  readonly source: number;
  readonly target: number;
  readonly predicate: string;
  /** The target as written, when it names no document. */
  readonly written?: string;
  readonly from?: string;
  readonly surface?: string;
  readonly note?: string;
  /** The upstream dataset that asserted the edge (the relation's own `source` key). */
  readonly origin?: string;
  readonly extra?: Readonly<Record<string, unknown>>;
}

export interface GraphMeta {
  readonly stats: {
    readonly notes: number;
    readonly edges: number;
    readonly tags: number;
    readonly words: number;
    readonly orphans: number;
    readonly brokenLinks: number;
    readonly collections: ReadonlyArray<{ readonly type: string; readonly count: number; readonly example: string | null }>;
  };
  readonly predicates: {
    readonly declared: ReadonlyArray<{ readonly id: string; readonly edges: number }>;
    readonly undeclared: ReadonlyArray<{ readonly id: string; readonly edges: number }>;
  };
}

/** Verse-context kinds (the compiler's CONTEXT_KINDS). */
export const CONTEXT_KIND = Object.freeze({ person: 0, place: 1, theme: 2, referencedBy: 3 } as const);

export interface GraphEdges {
  readonly relationCount: number;
  /** The relations document `index` states: ids `[start, end)`. */
  getRelationRange(index: number): readonly [number, number];
  getRelation(id: number): StoredRelation;
  getRelationSource(id: number): number;
  getRelationTarget(id: number): number;
  getRelationPredicate(id: number): string;
  /** Ids of the resolved relations pointing at the document. */
  getInbound(index: number): Uint32Array;
  getLinks(index: number): Uint32Array;
  /** Documents whose body links here (the untyped edges coming in). */
  getLinkedFrom(index: number): Uint32Array;
  /** Documents pointing here by a body link or a typed relation (the API's backlinks). */
  getBacklinks(index: number): Uint32Array;
  getSources(index: number): Uint32Array;
  getCitedBy(index: number): Uint32Array;
  /** A chapter's verse-context entries, sorted by verse, kind, relation id. */
  getContext(index: number): { readonly relations: Uint32Array; readonly verses: Uint16Array; readonly kinds: Uint8Array };
  getMeta(): GraphMeta;
}

const HEADER_BYTES = 56;

/**
 * graph.bin: little-endian; sections in this order, each starting on a 4-byte boundary. Documents are
 * indexes into documents.bin; NONE (0xffffffff) marks "no document" or "no string".
 *
 *   offset  type          field
 *   0       4 × ascii     magic "SKGG"
 *   4       u32           format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32 N documents   12  u32 R relations        16  u32 I inbound entries
 *   20      u32 L links       24  u32 C source citations 28  u32 X verse-context entries
 *   32      u32 S strings     36  u32 bytes of strings   40  u32 bytes of predicates
 *   44      u32 bytes of meta 48  u32 bytes of the sparse table
 *   52      u32 B backlink entries
 *   56      (N+1) u32     relation starts: document i states relations [start[i], start[i+1]), in
 *                         written order; a relation's id is its row (so its source is the document
 *                         whose range holds it)
 *   …       5 × R u32     relation columns: target document (NONE: names no document), then string ids
 *                         of from, surface, note and origin (the relation's own `source` key)
 *   …       R u16         predicate: position in the predicate table                 (padded to 4)
 *   …       (N+1) u32, I u32   inbound: ids of resolved relations pointing at each document, by
 *                              stating document then written order
 *   …       (N+1) u32, L u32   links: distinct documents each body links to, in body order
 *   …       (N+1) u32, L u32   linked from: documents whose body links here; non-chapters by title,
 *                              then chapters in Bible order
 *   …       (N+1) u32, B u32   backlinks: documents pointing here by a body link or a typed relation
 *                              (never the document itself), in the same order
 *   …       (N+1) u32, C u32   sources: Source documents each document cites, in written order
 *   …       (N+1) u32, C u32   cited by: documents citing each Source, by index
 *   …       (N+1) u32, X u32   verse context (chapters only): relation ids, sorted by verse, kind, id
 *   …       X u16, X u8    the entries' verse numbers and kinds (0 person, 1 place, 2 theme: the chapter's
 *                          own relation's target; 3 referenced by: an inbound relation's source)
 *   …       (S+1) u32      string offsets; string bytes (UTF-8, sorted)
 *   …       msgpack string[]   predicate table
 *   …       msgpack map        sparse: {written: [id, target as written][] (unresolved targets),
 *                              extra: [id, JSON of the relation's other keys][]}
 *   …       msgpack map        meta: {stats: {notes, edges, tags, words, orphans, brokenLinks,
 *                              collections: {type, count, example}[]}, predicates: {declared, undeclared:
 *                              {id, edges}[]}}
 *
 * Everything is a view over the buffer; strings are sliced out per request.
 */
export function loadGraphEdges(buffer: Buffer, file: string): GraphEdges {
  checkHeader(buffer, ARTEFACT_MAGIC.graph, file);
  const [count, total, inboundTotal, linkTotal, citationTotal, contextTotal, stringTotal, stringBytes, predicateBytes, metaBytes, sparseBytes, backlinkTotal] =
    Array.from({ length: 12 }, (_, i) => buffer.readUInt32LE(8 + i * 4)) as [
      number, number, number, number, number, number, number, number, number, number, number, number,
    ];
  const reader = new SectionReader(buffer, HEADER_BYTES);
  const s = readSections(file, () => {
    const relationStart = reader.u32s(count + 1);
    const columns = {
      target: reader.u32s(total),
      from: reader.u32s(total),
      surface: reader.u32s(total),
      note: reader.u32s(total),
      origin: reader.u32s(total),
      predicate: reader.u16s(total),
    };
    reader.align();
    const lists = (values: number) => ({ start: reader.u32s(count + 1), values: reader.u32s(values) });
    const inbound = lists(inboundTotal);
    const links = lists(linkTotal);
    const linkedFrom = lists(linkTotal);
    const backlinks = lists(backlinkTotal);
    const sources = lists(citationTotal);
    const citedBy = lists(citationTotal);
    const context = lists(contextTotal);
    const contextVerses = reader.u16s(contextTotal);
    const contextKinds = reader.align().u8s(contextTotal);
    const stringOffsets = reader.align().u32s(stringTotal + 1);
    const [stringStart] = reader.bytes(stringBytes);
    const predicates = reader.align().bytes(predicateBytes);
    const sparse = reader.align().bytes(sparseBytes);
    const meta = reader.align().bytes(metaBytes);
    return { relationStart, columns, inbound, links, linkedFrom, backlinks, sources, citedBy, context, contextVerses, contextKinds, stringOffsets, stringStart, predicates, sparse, meta };
  });
  if (reader.offset !== buffer.length || s.relationStart[count] !== total) throw artefactError(file, 'is truncated or malformed');
  const predicateTable = decodeMsgpack(buffer, s.predicates[0], s.predicates[1]) as string[];
  let meta: GraphMeta | undefined;
  let sparse: { written: Map<number, string>; extra: Map<number, string> } | undefined;
  const getSparse = () => {
    if (!sparse) {
      const stored = decodeMsgpack(buffer, s.sparse[0], s.sparse[1]) as { written: Array<[number, string]>; extra: Array<[number, string]> };
      sparse = { written: new Map(stored.written), extra: new Map(stored.extra) };
    }
    return sparse;
  };
  /** The document whose relation range holds relation `id`: the last start at or below it. */
  const sourceOf = (id: number): number => {
    let low = 0;
    let high = count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((s.relationStart[mid + 1] ?? 0) <= id) low = mid + 1;
      else high = mid;
    }
    return low < count ? low : NONE;
  };

  const text = (id: number | undefined): string | undefined =>
    id === undefined || id === NONE ? undefined : readString(buffer, s.stringStart, s.stringOffsets, id);
  const list = (l: { start: Uint32Array; values: Uint32Array }, index: number) =>
    l.values.subarray(l.start[index] ?? 0, l.start[index + 1] ?? 0);

  return {
    relationCount: total,
    getRelationRange: (index) => [s.relationStart[index] ?? 0, s.relationStart[index + 1] ?? 0],
    getRelation(id) {
      const c = s.columns;
      const target = c.target[id] ?? NONE;
      // Built field by field, not by spreading optional parts: a hub's answer builds thousands.
      const relation: { -readonly [K in keyof StoredRelation]: StoredRelation[K] } = {
        source: sourceOf(id),
        target,
        predicate: predicateTable[c.predicate[id] ?? 0] ?? '',
      };
      if (target === NONE) {
        const written = getSparse().written.get(id);
        if (written !== undefined) relation.written = written;
      }
      const from = text(c.from[id]);
      if (from !== undefined) relation.from = from;
      const surface = text(c.surface[id]);
      if (surface !== undefined) relation.surface = surface;
      const note = text(c.note[id]);
      if (note !== undefined) relation.note = note;
      const origin = text(c.origin[id]);
      if (origin !== undefined) relation.origin = origin;
      const extra = getSparse().extra.get(id);
      if (extra !== undefined) relation.extra = JSON.parse(extra) as Record<string, unknown>;
      return relation;
    },
    getRelationSource: sourceOf,
    getRelationTarget: (id) => s.columns.target[id] ?? NONE,
    getRelationPredicate: (id) => predicateTable[s.columns.predicate[id] ?? 0] ?? '',
    getInbound: (index) => list(s.inbound, index),
    getLinks: (index) => list(s.links, index),
    getLinkedFrom: (index) => list(s.linkedFrom, index),
    getBacklinks: (index) => list(s.backlinks, index),
    getSources: (index) => list(s.sources, index),
    getCitedBy: (index) => list(s.citedBy, index),
    getContext(index) {
      const start = s.context.start[index] ?? 0;
      const end = s.context.start[index + 1] ?? 0;
      return { relations: s.context.values.subarray(start, end), verses: s.contextVerses.subarray(start, end), kinds: s.contextKinds.subarray(start, end) };
    },
    getMeta() {
      meta ??= decodeMsgpack(buffer, s.meta[0], s.meta[1]) as GraphMeta;
      return meta;
    },
  };
}
