// The GraphStore the routes read: documents, typed relations both ways, links and backlinks, listing,
// concept search, tags, stats, nearby places and verse context, decoded per request from the graph
// artefacts (documents.bin, graph.bin, concept-index.bin, bodies.bin).

import { type Book, CONTEXT_KINDS, DOCUMENT_TYPES, type DocumentType, getPredicate, NONE, PREDICATES } from '@skg/core';
import type { GraphBodies } from './graph-bodies.ts';
import type { ConceptIndex } from './graph-concepts.ts';
import type { GraphDocuments, ListOrder } from './graph-documents.ts';
import type { GraphEdges } from './graph-edges.ts';
import { createConceptSearch } from './graph-search.ts';
import { walkFamily, walkNeighbourhood } from './graph-walk.ts';
import type {
  GraphEdge,
  GraphStats,
  GraphStore,
  InboundRelationRecord,
  NodeSummaryRecord,
  Page,
  RelationRecord,
  VerseContext,
  VerseMentionRecord,
} from './types.ts';

/** Tags /stats lists as `topTags`. */
const TOP_TAGS = 20;
/** Mean Earth radius (km) for great-circle distances. */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;

export interface GraphArtefacts {
  readonly documents: GraphDocuments;
  readonly edges: GraphEdges;
  readonly concepts: ConceptIndex;
  readonly bodies: GraphBodies;
}

/** Great-circle distance in kilometres (haversine). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function page<T>(total: number, items: T[]): Page<T> {
  return { total, items };
}

export function createGraphStore(artefacts: GraphArtefacts): GraphStore {
  const { documents, edges, concepts, bodies } = artefacts;
  if (concepts.documentCount !== documents.count || bodies.count !== documents.count) {
    throw new Error('the document table, concept index and bodies are from different builds: run `skg build`');
  }
  const search = createConceptSearch(documents, concepts);
  const summaries = (list: ArrayLike<number>, limit: number): Page<NodeSummaryRecord> => {
    const items: NodeSummaryRecord[] = [];
    for (let i = 0; i < list.length && i < limit; i++) items.push(documents.getSummary(list[i] ?? 0));
    return page(list.length, items);
  };
  const at = (path: string): number => documents.indexOf(path.replace(/^\/+/, ''));

  /** Path, type and title of documents named again and again in one answer (a hub's many relations). */
  function createNames(): (index: number) => { readonly path: string; readonly type: DocumentType; readonly title: string } {
    const seen = new Map<number, { path: string; type: DocumentType; title: string }>();
    return (index) => {
      let found = seen.get(index);
      if (!found) {
        found = { path: documents.getPath(index), type: documents.getType(index), title: documents.getTitle(index) };
        seen.set(index, found);
      }
      return found;
    };
  }

  function relationRecord(id: number, names: ReturnType<typeof createNames>): RelationRecord {
    const relation = edges.getRelation(id);
    const target = relation.target !== NONE ? names(relation.target) : undefined;
    const record: Mutable<RelationRecord> = {
      predicate: relation.predicate,
      target: target?.path ?? relation.written ?? '',
      targetType: target?.type ?? 'Unknown',
      title: target?.title ?? relation.written ?? '',
    };
    if (relation.from !== undefined) record.from = relation.from;
    if (relation.surface !== undefined) record.surface = relation.surface;
    if (relation.note !== undefined) record.note = relation.note;
    if (relation.origin !== undefined) record.source = relation.origin;
    if (relation.extra !== undefined) record.extra = relation.extra;
    return record;
  }

  function inboundRecord(id: number, names: ReturnType<typeof createNames>): InboundRelationRecord {
    const relation = edges.getRelation(id);
    const source = names(relation.source);
    const record: Mutable<InboundRelationRecord> = {
      predicate: getPredicate(relation.predicate)?.inverse ?? relation.predicate,
      statedAs: relation.predicate,
      source: source.path,
      sourceType: source.type,
      title: source.title,
    };
    if (relation.from !== undefined) record.from = relation.from;
    if (relation.surface !== undefined) record.surface = relation.surface;
    if (relation.note !== undefined) record.note = relation.note;
    return record;
  }

  return {
    documentCount: documents.count,
    isConceptIndexLoaded: () => concepts.isLoaded(),

    getDocument(path) {
      const index = at(path);
      return index < 0 ? undefined : documents.getDocument(index);
    },
    getSummary(path) {
      const index = at(path);
      return index < 0 ? undefined : documents.getSummary(index);
    },
    getBody(path) {
      const index = at(path);
      return index < 0 ? undefined : bodies.getBody(index);
    },
    getOutbound(path, limit = Number.POSITIVE_INFINITY) {
      const index = at(path);
      if (index < 0) return [];
      const [start, end] = edges.getRelationRange(index);
      const names = createNames();
      const out: RelationRecord[] = [];
      for (let id = start; id < end && out.length < limit; id++) out.push(relationRecord(id, names));
      return out;
    },
    getInbound(path, limit = Number.POSITIVE_INFINITY) {
      const index = at(path);
      if (index < 0) return [];
      const names = createNames();
      const ids = edges.getInbound(index);
      return Array.from(limit < ids.length ? ids.subarray(0, limit) : ids, (id) => inboundRecord(id, names));
    },
    getRelationCounts(path) {
      const index = at(path);
      if (index < 0) return { outbound: 0, inbound: 0 };
      const [start, end] = edges.getRelationRange(index);
      return { outbound: end - start, inbound: edges.getInbound(index).length };
    },
    getLinks(path, limit) {
      const index = at(path);
      return index < 0 ? page(0, []) : summaries(edges.getLinks(index), limit);
    },
    getBacklinks(path, limit) {
      const index = at(path);
      return index < 0 ? page(0, []) : summaries(edges.getBacklinks(index), limit);
    },
    getEdges(documentPath) {
      const index = at(documentPath);
      if (index < 0) return [];
      const self = documents.getPath(index);
      const names = createNames();
      const pathOf = (i: number) => names(i).path;
      const out: GraphEdge[] = [];
      const [start, end] = edges.getRelationRange(index);
      for (let id = start; id < end; id++) {
        const target = edges.getRelationTarget(id);
        if (target !== NONE) out.push({ source: self, target: pathOf(target), predicate: edges.getRelationPredicate(id), kind: 'relation' });
      }
      for (const id of edges.getInbound(index)) {
        out.push({ source: pathOf(edges.getRelationSource(id)), target: self, predicate: edges.getRelationPredicate(id), kind: 'relation' });
      }
      for (const target of edges.getLinks(index)) out.push({ source: self, target: pathOf(target), kind: 'link' });
      for (const source of edges.getLinkedFrom(index)) out.push({ source: pathOf(source), target: self, kind: 'link' });
      for (const target of edges.getSources(index)) out.push({ source: self, target: pathOf(target), kind: 'source' });
      for (const source of edges.getCitedBy(index)) out.push({ source: pathOf(source), target: self, kind: 'source' });
      return out;
    },

    neighbourhood(path, query) {
      const index = at(path);
      return index < 0 ? undefined : walkNeighbourhood(documents, edges, index, query);
    },
    family(path, generations) {
      const index = at(path);
      return index < 0 ? undefined : walkFamily(documents, edges, index, generations);
    },

    list(query) {
      const order = documents.getOrder(query.sort as ListOrder);
      const typeCode = query.type === undefined ? -1 : DOCUMENT_TYPES.indexOf(query.type);
      const [low, high] = query.folder === undefined ? [0, documents.count] : documents.getFolderRange(query.folder);
      let tagged: Uint8Array | undefined;
      if (query.tag !== undefined) {
        const tag = documents.indexOfTag(query.tag);
        if (tag < 0) return page(0, []);
        tagged = new Uint8Array(documents.count);
        for (const document of documents.getTagDocuments(tag)) tagged[document] = 1;
      }
      const items: Array<NodeSummaryRecord & { sortFields: Readonly<Record<string, string | number>> }> = [];
      let total = 0;
      for (const document of order) {
        if (document < low || document >= high) continue;
        if (typeCode >= 0 && documents.getTypeCode(document) !== typeCode) continue;
        if (tagged && tagged[document] !== 1) continue;
        if (total >= query.offset && items.length < query.limit) {
          items.push({ ...documents.getSummary(document), sortFields: documents.getSortFields(document) });
        }
        total++;
      }
      return page(total, items);
    },

    soleType(query) {
      const [low, high] = query.folder === undefined ? [0, documents.count] : documents.getFolderRange(query.folder);
      let code = -1;
      /** False once a second type shows up. */
      const see = (document: number): boolean => {
        if (document < low || document >= high) return true;
        const type = documents.getTypeCode(document);
        if (code === -1) code = type;
        return type === code;
      };
      if (query.tag !== undefined) {
        const tag = documents.indexOfTag(query.tag);
        if (tag < 0) return undefined;
        for (const document of documents.getTagDocuments(tag)) if (!see(document)) return undefined;
      } else {
        for (let document = low; document < high; document++) if (!see(document)) return undefined;
      }
      return code === -1 ? undefined : DOCUMENT_TYPES[code];
    },

    async search(query) {
      return search(query);
    },

    tags(limit, offset) {
      const items: Array<{ name: string; count: number }> = [];
      for (let tag = offset; tag < documents.tagCount && items.length < limit; tag++) {
        items.push({ name: documents.getTagName(tag), count: documents.getTagDocuments(tag).length });
      }
      return page(documents.tagCount, items);
    },
    hasTag: (tag) => documents.indexOfTag(tag) >= 0,

    stats(): GraphStats {
      const { stats } = edges.getMeta();
      const topTags: Array<{ name: string; count: number }> = [];
      for (let tag = 0; tag < documents.tagCount && tag < TOP_TAGS; tag++) {
        topTags.push({ name: documents.getTagName(tag), count: documents.getTagDocuments(tag).length });
      }
      return {
        notes: stats.notes,
        edges: stats.edges,
        tags: stats.tags,
        words: stats.words,
        orphans: stats.orphans,
        brokenLinks: stats.brokenLinks,
        collections: stats.collections.map((c) => ({ type: c.type as DocumentType, count: c.count, example: c.example })),
        topTags,
      };
    },

    nearby(lat, lon, radiusKm, limit) {
      const geo = documents.geo;
      const band = radiusKm / KM_PER_DEGREE;
      // The places are sorted by latitude: only the band [lat − band, lat + band] can be inside.
      let low = 0;
      let high = geo.lat.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((geo.lat[mid] ?? 0) < lat - band) low = mid + 1;
        else high = mid;
      }
      const found: Array<{ document: number; distance: number }> = [];
      for (let i = low; i < geo.lat.length && (geo.lat[i] ?? 0) <= lat + band; i++) {
        const distance = haversineKm(lat, lon, geo.lat[i] ?? 0, geo.lon[i] ?? 0);
        if (distance <= radiusKm) found.push({ document: geo.documents[i] ?? 0, distance });
      }
      found.sort((a, b) => a.distance - b.distance || a.document - b.document);
      return page(
        found.length,
        found.slice(0, limit).map(({ document, distance }) => ({ ...documents.getSummary(document), distanceKm: Math.round(distance * 100) / 100 })),
      );
    },

    predicates() {
      const { predicates } = edges.getMeta();
      const used = new Map(predicates.declared.map((p) => [p.id, p.edges]));
      return {
        declared: PREDICATES.map((p) => ({
          id: p.id,
          heading: p.heading,
          inverse: p.inverse,
          symmetric: p.symmetric,
          domain: p.domain,
          range: p.range,
          edges: used.get(p.id) ?? 0,
        })),
        undeclared: predicates.undeclared.map((p) => ({ id: p.id, edges: p.edges })),
      };
    },

    verseContext(book: Book, chapter: number, fromVerse: number, toVerse: number): VerseContext {
      const empty: VerseContext = { people: [], places: [], themes: [], referencedBy: [] };
      const index = documents.indexOf(`bible/${book.slug}/${chapter}`);
      if (index < 0) return empty;
      const context = edges.getContext(index);
      let low = 0;
      let high = context.verses.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((context.verses[mid] ?? 0) < fromVerse) low = mid + 1;
        else high = mid;
      }
      type Mention = Mutable<VerseMentionRecord> & { verses: string[] };
      const groups = [new Map<number, Mention>(), new Map<number, Mention>(), new Map<number, Mention>()];
      const referencedBy = new Map<string, { node: NodeSummaryRecord; predicate: string; verses: string[] }>();
      const prefix = `${book.osis}.${chapter}.`;
      for (let i = low; i < context.verses.length && (context.verses[i] ?? 0) <= toVerse; i++) {
        const verse = `${prefix}${context.verses[i] ?? 0}`;
        const id = context.relations[i] ?? 0;
        const kind = context.kinds[i] ?? 0;
        if (kind === CONTEXT_KINDS.referencedBy) {
          const source = edges.getRelationSource(id);
          const predicate = edges.getRelationPredicate(id);
          const key = `${source}\u0000${predicate}`;
          let entry = referencedBy.get(key);
          if (!entry) referencedBy.set(key, (entry = { node: documents.getSummary(source), predicate, verses: [] }));
          if (!entry.verses.includes(verse)) entry.verses.push(verse);
          continue;
        }
        const group = groups[kind];
        if (!group) continue;
        const target = edges.getRelationTarget(id);
        let entry = group.get(target);
        if (!entry) {
          entry = { node: documents.getSummary(target), verses: [] };
          if (kind !== CONTEXT_KINDS.theme) {
            // The verse's own words, and the source's word where it differs or no words were found.
            const relation = edges.getRelation(id);
            if (relation.surface !== undefined) entry.surface = relation.surface;
            if (relation.extra?.inHeading === true) entry.inHeading = true;
            const label = relation.extra?.label;
            if (typeof label === 'string') entry.label = label;
          }
          group.set(target, entry);
        }
        if (!entry.verses.includes(verse)) entry.verses.push(verse);
      }
      const [people, places, themes] = groups.map((g) => [...g.values()]) as [Mention[], Mention[], Mention[]];
      return {
        people,
        places,
        themes: themes.map(({ node, verses }) => ({ node, verses })),
        referencedBy: [...referencedBy.values()],
      };
    },
  };
}
