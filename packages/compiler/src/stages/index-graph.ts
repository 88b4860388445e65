// Part of stage 5, index: what the server reads the graph by. Concept search: the FlexSearch text index
// (descriptions, tags, type names, collection labels and paths, by whole word), the name-word table
// (every word of every title, alias and variant, matched by prefix in place) and the exact-name table
// that ranks an exact name above a partial one; tags with counts; the listing orders; the geo index of
// places with coordinates; per-chapter verse context; predicate usage; the graph totals of /stats.

import {
  CONCEPT_TEXT_INDEX_OPTIONS,
  COLLECTIONS,
  DOCUMENT_TYPES,
  type DocumentType,
  getPredicate,
  NAME_TIERS,
  NONE,
  normalizeConceptName,
  PREDICATES,
  tokenizeConcept,
  CONTEXT_KINDS,
  type StoredCollectionStats,
  type StoredGraphMeta,
  type StoredGraphStats,
  type DocumentOrder,
} from '@skg/core';
import { Index } from 'flexsearch';
import type { Diagnostics } from '../diagnostics.ts';
import { compareStrings, titleKey } from '../internal/order.ts';
import type { LinkedGraph } from './link-graph.ts';
import type { EntityDoc } from './validate-entity.ts';

export interface ExactName {
  readonly name: string;
  readonly document: number;
  readonly tier: number;
}

export interface TagEntry {
  readonly name: string;
  /** Documents with the tag, in id order. */
  readonly documents: readonly number[];
}

export type CollectionStats = StoredCollectionStats;
/** The graph totals of /stats, as graph.bin stores them. */
export type GraphStatsData = StoredGraphStats;

/** Predicate usage, as graph.bin stores it. */
export type PredicateUsageData = StoredGraphMeta['predicates'];

export interface NameWord {
  readonly word: string;
  /** Documents with the word in a title, alias or variant, in index order. */
  readonly documents: readonly number[];
}

export interface GraphIndexData {
  /** FlexSearch `Index.export()` output of the text index, `[key, parsed chunk]`. */
  readonly textChunks: ReadonlyArray<readonly [string, unknown]>;
  /** Every word of every name, sorted by UTF-8 bytes (so the server can match prefixes in place). */
  readonly nameWords: readonly NameWord[];
  /** Exact names sorted by name, tier, document. */
  readonly exactNames: readonly ExactName[];
  /** Most common first, then by name. */
  readonly tags: readonly TagEntry[];
  readonly orders: Readonly<Record<DocumentOrder, Uint32Array>>;
  /** Places with coordinates, by latitude then id. */
  readonly geo: Uint32Array;
  /** Per document: [verse, kind, relation id] sorted; only chapters have entries. */
  readonly context: ReadonlyArray<ReadonlyArray<readonly [number, number, number]>>;
  readonly stats: GraphStatsData;
  readonly predicates: PredicateUsageData;
}

/** The FlexSearch text index of concept search: same options on both sides. */
export function createConceptTextIndex(): Index {
  return new Index({ ...CONCEPT_TEXT_INDEX_OPTIONS, encode: tokenizeConcept });
}

/** Code-point order of UTF-8 bytes, which the server's in-place binary search compares with. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function exportChunks(index: Index): Array<readonly [string, unknown]> {
  const chunks: Array<readonly [string, unknown]> = [];
  // Synchronous export: the handler returns nothing, so FlexSearch walks the chunks in order.
  void index.export((key: string, data: string) => {
    chunks.push([key, JSON.parse(data) as unknown]);
  });
  return chunks;
}

const LABELS = new Map(COLLECTIONS.map((c) => [c.type, c.label]));

/** Descriptions, tags, type name, collection label and path: matched by whole word. */
function textOf(document: EntityDoc): string {
  return [document.description ?? '', document.tags.join(' '), document.type, LABELS.get(document.type) ?? '', document.id].join(' ');
}

function nameWordsOf(document: EntityDoc): Set<string> {
  return new Set([...document.names.titles, ...document.names.aliases, ...document.names.variants].flatMap(tokenizeConcept));
}

/** The verse number of an OSIS verse inside `chapterOsis` (`Gen.22.2` in `Gen.22` → 2), or undefined. */
function verseIn(chapterOsis: string, from: string | undefined): number | undefined {
  if (!from?.startsWith(`${chapterOsis}.`)) return undefined;
  const verse = Number(from.slice(chapterOsis.length + 1).replace(/-.*$/, ''));
  return Number.isInteger(verse) && verse > 0 && verse <= 0xffff ? verse : undefined;
}

function buildContext(graph: LinkedGraph, diagnostics: Diagnostics): Array<Array<readonly [number, number, number]>> {
  const { documents, relations, relationStart, inbound } = graph;
  return documents.map((document, index) => {
    if (document.type !== 'Chapter' || !document.osis) return [];
    const osis = document.osis;
    const entries: Array<readonly [number, number, number]> = [];
    let misplaced = 0;
    for (let id = relationStart[index] ?? 0; id < (relationStart[index + 1] ?? 0); id++) {
      const relation = relations[id];
      if (!relation || relation.target === NONE) continue;
      const type = documents[relation.target]?.type;
      const kind = type === 'Person' ? CONTEXT_KINDS.person : type === 'Place' ? CONTEXT_KINDS.place : type === 'Theme' ? CONTEXT_KINDS.theme : undefined;
      if (kind === undefined || relation.relation.from === undefined) continue;
      const verse = verseIn(osis, relation.relation.from);
      if (verse === undefined) {
        misplaced++;
        continue;
      }
      entries.push([verse, kind, id]);
    }
    for (const id of inbound[index] ?? []) {
      const verse = verseIn(osis, relations[id]?.relation.from);
      if (verse !== undefined) entries.push([verse, CONTEXT_KINDS.referencedBy, id]);
    }
    if (misplaced > 0) {
      diagnostics.warning('index', `${misplaced} relation${misplaced === 1 ? '' : 's'} anchored to a verse outside ${osis}: left out of verse context`, { file: document.file });
    }
    return entries.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  });
}

export function indexGraph(graph: LinkedGraph, diagnostics: Diagnostics): GraphIndexData {
  const { documents, degree } = graph;
  const count = documents.length;

  // Concept search.
  const text = createConceptTextIndex();
  const exact = new Map<string, number>();
  const words = new Map<string, number[]>();
  documents.forEach((document, index) => {
    text.add(index, textOf(document));
    for (const word of nameWordsOf(document)) {
      let list = words.get(word);
      if (!list) words.set(word, (list = []));
      list.push(index);
    }
    const tiers: Array<[readonly string[], number]> = [
      [document.names.titles, NAME_TIERS.title],
      [document.names.aliases, NAME_TIERS.alias],
      [document.names.variants, NAME_TIERS.variant],
    ];
    for (const [names, tier] of tiers) {
      for (const name of names) {
        const normal = normalizeConceptName(name);
        if (normal === '') continue;
        const key = `${normal}\u0000${index}`;
        const before = exact.get(key);
        if (before === undefined || tier < before) exact.set(key, tier);
      }
    }
  });
  const exactNames: ExactName[] = [...exact].map(([key, tier]) => {
    const cut = key.lastIndexOf('\u0000');
    return { name: key.slice(0, cut), document: Number(key.slice(cut + 1)), tier };
  });
  exactNames.sort((a, b) => compareBytes(a.name, b.name) || a.tier - b.tier || a.document - b.document);
  const nameWords: NameWord[] = [...words].map(([word, list]) => ({ word, documents: list })).sort((a, b) => compareBytes(a.word, b.word));

  // Tags.
  const tagged = new Map<string, number[]>();
  documents.forEach((document, index) => {
    for (const tag of document.tags) {
      let list = tagged.get(tag);
      if (!list) tagged.set(tag, (list = []));
      list.push(index);
    }
  });
  const tags: TagEntry[] = [...tagged]
    .map(([name, list]) => ({ name, documents: list }))
    .sort((a, b) => b.documents.length - a.documents.length || compareStrings(a.name, b.name));

  // Listing orders; every one falls back on title order, then id.
  const keys = documents.map((d) => titleKey(d.title));
  const ids = Array.from({ length: count }, (_, i) => i);
  const title = Uint32Array.from([...ids].sort((a, b) => compareStrings(keys[a] ?? '', keys[b] ?? '') || a - b));
  const rank = new Uint32Array(count);
  title.forEach((document, position) => {
    rank[document] = position;
  });
  const byKey = (key: (d: EntityDoc) => number | undefined) => {
    const values = documents.map((d) => key(d) ?? Number.POSITIVE_INFINITY);
    return Uint32Array.from(
      [...ids].sort((a, b) => {
        const x = values[a] ?? 0;
        const y = values[b] ?? 0;
        return x === y ? (rank[a] ?? 0) - (rank[b] ?? 0) : x < y ? -1 : 1;
      }),
    );
  };
  const orders = {
    title,
    degree: Uint32Array.from([...ids].sort((a, b) => (degree[b] ?? 0) - (degree[a] ?? 0) || (rank[a] ?? 0) - (rank[b] ?? 0))),
    canonical: byKey((d) => d.canonical),
    chronological: byKey((d) => d.chronology),
  };

  // Geo: places with coordinates, by latitude, so a radius search reads one latitude band.
  const geo = Uint32Array.from(
    ids.filter((i) => documents[i]?.lat !== undefined).sort((a, b) => (documents[a]?.lat ?? 0) - (documents[b]?.lat ?? 0) || a - b),
  );

  const context = buildContext(graph, diagnostics);

  // Totals.
  let wordTotal = 0;
  let orphans = 0;
  for (let i = 0; i < count; i++) {
    wordTotal += graph.words[i] ?? 0;
    if ((degree[i] ?? 0) === 0) orphans++;
  }
  const collections: CollectionStats[] = DOCUMENT_TYPES.map((type) => {
    let found = 0;
    let example = -1;
    documents.forEach((document, index) => {
      if (document.type !== type) return;
      found++;
      if (example < 0 || (degree[index] ?? 0) > (degree[example] ?? 0)) example = index;
    });
    return { type, count: found, example: example < 0 ? null : (documents[example]?.id ?? null) };
  });
  const stats: GraphStatsData = {
    notes: count,
    edges: graph.edgeCount,
    tags: tags.length,
    words: wordTotal,
    orphans,
    brokenLinks: graph.brokenLinks,
    collections,
  };

  const predicates: PredicateUsageData = {
    declared: PREDICATES.map((p) => ({ id: p.id, edges: graph.predicateUsage.get(p.id) ?? 0 })),
    undeclared: [...graph.predicateUsage]
      .filter(([id]) => !getPredicate(id))
      .map(([id, edges]) => ({ id, edges }))
      .sort((a, b) => compareStrings(a.id, b.id)),
  };

  return {
    textChunks: exportChunks(text),
    nameWords,
    exactNames,
    tags,
    orders,
    geo,
    context,
    stats,
    predicates,
  };
}
