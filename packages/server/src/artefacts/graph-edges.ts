// The edges of the graph: typed relations as columns, and per document the lists of relations
// pointing at it, links, backlinks, sources cited and documents citing it, plus verse context and the
// totals of /stats and /vocabulary. Layout: GRAPH_LAYOUT (@skg/core `artefacts/graph.ts`); everything is
// a view over the buffer, strings are sliced out per request.

import { GRAPH_LAYOUT, GRAPH_SECTIONS, NONE, type StoredGraphMeta, type StoredGraphSparse } from '@skg/core';
import { artefactError, readHeader, readSectionViews, readString } from './binary.ts';
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

/** graph.bin's meta record, as declared in @skg/core. */
export type GraphMeta = StoredGraphMeta;

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

export function loadGraphEdges(buffer: Buffer, file: string): GraphEdges {
  const header = readHeader(buffer, GRAPH_LAYOUT, file);
  const { documents: count, relations: total } = header;
  const v = readSectionViews(buffer, file, GRAPH_SECTIONS, header);
  const csr = (start: Uint32Array, values: Uint32Array) => ({ start, values });
  const s = {
    ...v,
    columns: { target: v.target, from: v.from, surface: v.surface, note: v.note, origin: v.origin, predicate: v.predicate },
    inbound: csr(v.inboundStart, v.inbound),
    links: csr(v.linksStart, v.links),
    linkedFrom: csr(v.linkedFromStart, v.linkedFrom),
    backlinks: csr(v.backlinksStart, v.backlinks),
    sources: csr(v.sourcesStart, v.sources),
    citedBy: csr(v.citedByStart, v.citedBy),
    context: csr(v.contextStart, v.context),
    stringStart: v.strings[0],
  };
  if (s.relationStart[count] !== total) throw artefactError(file, 'is truncated or malformed');
  const predicateTable = decodeMsgpack(buffer, s.predicates[0], s.predicates[1]) as string[];
  let meta: GraphMeta | undefined;
  let sparse: { written: Map<number, string>; extra: Map<number, string> } | undefined;
  const getSparse = () => {
    if (!sparse) {
      const stored = decodeMsgpack(buffer, s.sparse[0], s.sparse[1]) as StoredGraphSparse;
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
