// Part of stage 4, link: turns the documents into a graph. Typed relations are resolved to their target
// document and read back from the other side with the inverse predicate; body links become untyped
// edges; backlinks are the documents pointing here by a body link or a typed relation, as a wiki reader
// expects; `sources` become `source` edges. Every edge is counted into the degree of both
// ends. Targets that name no document are warnings (broken links), never errors.

import { type DocumentType, getPredicate, NONE } from '@skg/core';
import type { Diagnostics } from '../diagnostics.ts';
import { countWords, extractLinks } from '../internal/markdown.ts';
import { compareStrings, titleKey } from '../internal/order.ts';
import { type AliasTable, linkAliases } from './link-aliases.ts';
import type { EntityDoc, RelationDoc } from './validate-entity.ts';

export interface LinkedRelation {
  /** Index of the document that states the relation. */
  readonly source: number;
  /** Index of the target document, or NONE when the target names no document. */
  readonly target: number;
  readonly relation: RelationDoc;
}

export interface LinkedGraph {
  /** Every document, sorted by id; a document's index is its position. */
  readonly documents: readonly EntityDoc[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** Other ids that answer a document (`alias_ids`), sorted by alias. */
  readonly aliases: AliasTable;
  /** Every typed relation, by stating document then written order; a relation's id is its position. */
  readonly relations: readonly LinkedRelation[];
  /** Document i states relations [relationStart[i], relationStart[i+1]). */
  readonly relationStart: Uint32Array;
  /** Per document: ids of the resolved relations that point at it, by stating document then order. */
  readonly inbound: readonly (readonly number[])[];
  /** Per document: the distinct documents its body links to, in body order. */
  readonly links: readonly (readonly number[])[];
  /** Per document: the distinct documents whose body links to it (the untyped edges coming in), in backlink order. */
  readonly linkedFrom: readonly (readonly number[])[];
  /**
   * Per document: the distinct documents pointing at it by a body link or a resolved typed relation (a
   * person's chapters that mention them, a chapter's events and commandments), never itself; non-chapters
   * by title, then chapters in Bible order, so a capped list keeps the non-chapter documents.
   */
  readonly backlinks: readonly (readonly number[])[];
  /** Per document: the distinct Source documents it cites that exist, in written order. */
  readonly sources: readonly (readonly number[])[];
  /** Per document: the documents citing it as a source, in id order. */
  readonly citedBy: readonly (readonly number[])[];
  /** Graph edges touching each document: typed out + in, links out + in, sources cited + citing. */
  readonly degree: Uint32Array;
  /** Words of each document's body. */
  readonly words: Uint32Array;
  /** Resolved edges of the whole graph: typed relations + body links + source citations. */
  readonly edgeCount: number;
  /** Link targets, relation targets and source resources that name no document (distinct per document). */
  readonly brokenLinks: number;
  /** Stored relations per predicate (resolved or not), in first-seen order. */
  readonly predicateUsage: ReadonlyMap<string, number>;
}

function isChapter(document: EntityDoc): boolean {
  return document.type === 'Chapter';
}

/** Backlink order: non-chapter documents by title (then id), then chapters in Bible order. */
function createBacklinkOrder(documents: readonly EntityDoc[]): (a: number, b: number) => number {
  const keys = documents.map((d) => titleKey(d.title));
  return (a, b) => {
    const x = documents[a] as EntityDoc;
    const y = documents[b] as EntityDoc;
    const chapterX = isChapter(x);
    const chapterY = isChapter(y);
    if (chapterX !== chapterY) return chapterX ? 1 : -1;
    if (chapterX) return (x.canonical ?? 0) - (y.canonical ?? 0) || a - b;
    return compareStrings(keys[a] ?? '', keys[b] ?? '') || a - b;
  };
}

export function linkGraph(entities: readonly EntityDoc[], diagnostics: Diagnostics): LinkedGraph {
  const documents = [...entities].sort((a, b) => compareStrings(a.id, b.id));
  const count = documents.length;
  const indexOf = new Map(documents.map((d, i) => [d.id, i]));
  const degree = new Uint32Array(count);
  const words = new Uint32Array(count);
  const relations: LinkedRelation[] = [];
  const relationStart = new Uint32Array(count + 1);
  const inbound: number[][] = documents.map(() => []);
  const links: number[][] = [];
  const linkedFrom: number[][] = documents.map(() => []);
  const sources: number[][] = [];
  const citedBy: number[][] = documents.map(() => []);
  const predicateUsage = new Map<string, number>();
  const undeclared = new Map<string, string>();
  const missingSources = new Map<string, number>();
  let brokenLinks = 0;
  let edgeCount = 0;

  documents.forEach((document, index) => {
    // Typed relations.
    relationStart[index] = relations.length;
    const brokenTargets = new Map<string, number>();
    for (const relation of document.relations) {
      predicateUsage.set(relation.predicate, (predicateUsage.get(relation.predicate) ?? 0) + 1);
      if (!getPredicate(relation.predicate) && !undeclared.has(relation.predicate)) undeclared.set(relation.predicate, document.file);
      const target = indexOf.get(relation.target);
      const id = relations.length;
      relations.push({ source: index, target: target ?? NONE, relation });
      if (target === undefined) {
        const key = `${relation.predicate} → '${relation.target}'`;
        brokenTargets.set(key, (brokenTargets.get(key) ?? 0) + 1);
        continue;
      }
      inbound[target]?.push(id);
      degree[index] = (degree[index] ?? 0) + 1;
      degree[target] = (degree[target] ?? 0) + 1;
      edgeCount++;
    }
    for (const [key, times] of brokenTargets) {
      brokenLinks++;
      diagnostics.warning('link', `relation ${key} points at no document${times > 1 ? ` (${times} times)` : ''}`, { file: document.file });
    }

    // Untyped body links: distinct targets in body order; self-links are not edges.
    const targets: number[] = [];
    const seen = new Set<number>();
    const missing = new Set<string>();
    for (const link of extractLinks(document.body, document.id)) {
      if (link.id === null) continue;
      const target = indexOf.get(link.id);
      if (target === undefined) {
        if (!missing.has(link.id)) {
          missing.add(link.id);
          brokenLinks++;
          diagnostics.warning('link', `link to '${link.href}' names no document`, { file: document.file, line: document.bodyOffset + link.line });
        }
        continue;
      }
      if (target === index || seen.has(target)) continue;
      seen.add(target);
      targets.push(target);
      linkedFrom[target]?.push(index);
      degree[index] = (degree[index] ?? 0) + 1;
      degree[target] = (degree[target] ?? 0) + 1;
      edgeCount++;
    }
    links.push(targets);
    words[index] = countWords(document.body);

    // Sources cited.
    const cited: number[] = [];
    for (const source of document.sources) {
      const target = indexOf.get(source.resource);
      if (target === undefined || documents[target]?.type !== 'Source') {
        missingSources.set(source.resource, (missingSources.get(source.resource) ?? 0) + 1);
        if (target === undefined) brokenLinks++;
        continue;
      }
      if (target === index || cited.includes(target)) continue;
      cited.push(target);
      citedBy[target]?.push(index);
      degree[index] = (degree[index] ?? 0) + 1;
      degree[target] = (degree[target] ?? 0) + 1;
      edgeCount++;
    }
    sources.push(cited);
  });
  relationStart[count] = relations.length;

  for (const [resource, times] of [...missingSources].sort(([a], [b]) => compareStrings(a, b))) {
    const target = indexOf.get(resource);
    const what = target === undefined ? 'is not a document of the bundle' : `is a ${documents[target]?.type as DocumentType}, not a Source`;
    diagnostics.warning('link', `source '${resource}' ${what} (cited by ${times} document${times === 1 ? '' : 's'})`);
  }
  for (const [predicate, file] of [...undeclared].sort(([a], [b]) => compareStrings(a, b))) {
    const times = predicateUsage.get(predicate) ?? 0;
    diagnostics.warning('link', `predicate '${predicate}' is not in the relation vocabulary (${times} relation${times === 1 ? '' : 's'}): counted as undeclared`, { file });
  }
  const backlinkOrder = createBacklinkOrder(documents);
  for (const list of linkedFrom) if (list.length > 1) list.sort(backlinkOrder);
  const backlinks = linkedFrom.map((linking, index) => {
    const pointing = new Set(linking);
    for (const id of inbound[index] ?? []) {
      const source = relations[id]?.source;
      if (source !== undefined && source !== index) pointing.add(source);
    }
    return pointing.size === linking.length ? linking : [...pointing].sort(backlinkOrder);
  });
  return {
    documents,
    indexOf,
    aliases: linkAliases(documents, indexOf, diagnostics),
    relations,
    relationStart,
    inbound,
    links,
    linkedFrom,
    backlinks,
    sources,
    citedBy,
    degree,
    words,
    edgeCount,
    brokenLinks,
    predicateUsage,
  };
}
