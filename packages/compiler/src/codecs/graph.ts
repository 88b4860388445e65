// Encodes the edges of the graph (`graph.bin`); the layout is GRAPH_LAYOUT (@skg/core `artefacts/graph.ts`).

import { GRAPH_LAYOUT, GRAPH_SECTIONS, NONE, type StoredGraphMeta, type StoredGraphSparse } from '@skg/core';
import type { GraphIndexData } from '../stages/index-graph.ts';
import type { LinkedGraph } from '../stages/link-graph.ts';
import { compareStrings } from '../internal/order.ts';
import { ByteWriter, concatRecords, flattenLists } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

/** Interns strings; ids follow sorted order so the pool does not depend on insertion order. */
class StringPool {
  readonly #strings = new Set<string>();

  add(value: string | undefined): void {
    if (value !== undefined) this.#strings.add(value);
  }

  seal(): { ids: Map<string, number>; sorted: string[] } {
    const sorted = [...this.#strings].sort(compareStrings);
    return { ids: new Map(sorted.map((s, i) => [s, i])), sorted };
  }
}

export function encodeGraph(graph: LinkedGraph, index: GraphIndexData): Buffer {
  const { relations, documents } = graph;
  const count = documents.length;
  const total = relations.length;

  const predicates: string[] = [];
  const predicateIds = new Map<string, number>();
  const pool = new StringPool();
  const written: Array<[number, string]> = [];
  const extras: Array<[number, string]> = [];
  relations.forEach(({ relation, target }, id) => {
    if (!predicateIds.has(relation.predicate)) {
      predicateIds.set(relation.predicate, predicates.length);
      predicates.push(relation.predicate);
    }
    pool.add(relation.from);
    pool.add(relation.surface);
    pool.add(relation.note);
    pool.add(relation.source);
    if (relation.extra) extras.push([id, JSON.stringify(relation.extra)]);
    if (target === NONE) written.push([id, relation.target]);
  });
  const { ids, sorted } = pool.seal();
  const id = (value: string | undefined) => (value === undefined ? NONE : (ids.get(value) ?? NONE));
  if (predicates.length > 0xffff) throw new Error(`${predicates.length} predicates: the relation column holds at most 65,536`);
  const columns = {
    target: new Uint32Array(total),
    predicate: new Uint16Array(total),
    from: new Uint32Array(total),
    surface: new Uint32Array(total),
    note: new Uint32Array(total),
    origin: new Uint32Array(total),
  };
  relations.forEach(({ relation, target }, i) => {
    columns.target[i] = target;
    columns.predicate[i] = predicateIds.get(relation.predicate) ?? 0;
    columns.from[i] = id(relation.from);
    columns.surface[i] = id(relation.surface);
    columns.note[i] = id(relation.note);
    columns.origin[i] = id(relation.source);
  });
  // Few relations have extra keys (an event's `verses`) or an unresolved target: kept sparse.
  const storedSparse: StoredGraphSparse = { written, extra: extras };
  const sparse = encodeMsgpack(storedSparse);

  const inbound = flattenLists(graph.inbound);
  const links = flattenLists(graph.links);
  const linkedFrom = flattenLists(graph.linkedFrom);
  const backlinks = flattenLists(graph.backlinks);
  const sources = flattenLists(graph.sources);
  const citedBy = flattenLists(graph.citedBy);
  const context = flattenLists(index.context.map((entries) => entries.map((e) => e[2])));
  const contextVerses = index.context.flatMap((entries) => entries.map((e) => e[0]));
  const contextKinds = index.context.flatMap((entries) => entries.map((e) => e[1]));
  const strings = concatRecords(sorted.map((s) => Buffer.from(s, 'utf8')));
  const predicateTable = encodeMsgpack(predicates);
  const storedMeta: StoredGraphMeta = { stats: index.stats, predicates: index.predicates };
  const meta = encodeMsgpack(storedMeta);

  const header = {
    documents: count,
    relations: total,
    inbound: inbound.values.length,
    links: links.values.length,
    citations: sources.values.length,
    context: context.values.length,
    strings: sorted.length,
    stringBytes: strings.data.length,
    predicateBytes: predicateTable.length,
    metaBytes: meta.length,
    sparseBytes: sparse.length,
    backlinks: backlinks.values.length,
  };
  return new ByteWriter()
    .header(GRAPH_LAYOUT, header)
    .sections(GRAPH_SECTIONS, header, {
      relationStart: graph.relationStart,
      ...columns,
      ...csr({ inbound, links, linkedFrom, backlinks, sources, citedBy, context }),
      contextVerses,
      contextKinds,
      stringOffsets: strings.offsets,
      strings: strings.data,
      predicates: predicateTable,
      sparse,
      meta,
    })
    .toBuffer();
}

/** Lists as their two graph.bin sections each: `<name>Start` and `<name>`. */
function csr<Name extends string>(lists: Record<Name, { start: Uint32Array; values: Uint32Array }>) {
  const out: Record<string, Uint32Array> = {};
  for (const [name, list] of Object.entries<{ start: Uint32Array; values: Uint32Array }>(lists)) {
    out[`${name}Start`] = list.start;
    out[name] = list.values;
  }
  return out as Record<Name | `${Name}Start`, Uint32Array>;
}
