// Theographic's families (people.json `partners`, `father`, `mother`) as edges between Person documents,
// for the pairs BibleData relates no such way: Isaac and Rebekah are parents of Jacob in BibleData but
// never married there; Theographic records them as partners. Theographic is CC BY-SA 4.0, so a document
// storing one of these edges is share-alike.

import type { VerseRef } from '../bibledata/reference.ts';
import { compareText } from '../internal/assign-slugs.ts';
import { linkPeople, type TheographicPerson } from './events.ts';
import type { MatchCandidate } from './match.ts';

export interface TheographicFamilyFields extends TheographicPerson {
  readonly partners?: readonly string[];
  readonly father?: readonly string[];
  readonly mother?: readonly string[];
}

/** One family edge Theographic states, between two Person documents. */
export interface TheographicFamilyEdge {
  readonly predicate: 'spouse-of' | 'parent-of';
  /** Person document ids; for `parent-of` the parent. */
  readonly subject: string;
  readonly object: string;
  /** Theographic's word: `partner`, `father` or `mother`. */
  readonly note: string;
}

export interface TheographicFamily {
  /** Distinct edges, ordered by predicate, subject, object. Symmetric `spouse-of` has the smaller id as subject. */
  readonly edges: readonly TheographicFamilyEdge[];
  /** Stated edges left out because one of the two people matches no Person document. */
  readonly unlinked: number;
}

/**
 * The family edges of Theographic's people, each end matched to a Person document as events'
 * participants are (`linkPeople`). Pure.
 */
export function createTheographicFamily(
  records: ReadonlyMap<string, TheographicFamilyFields>,
  candidates: readonly MatchCandidate[],
  decoder: ReadonlyMap<string, VerseRef>,
): TheographicFamily {
  const stated: Array<{ predicate: TheographicFamilyEdge['predicate']; subject: string; object: string; note: string }> = [];
  for (const [id, person] of records) {
    for (const partner of person.partners ?? []) stated.push({ predicate: 'spouse-of', subject: id, object: partner, note: 'partner' });
    for (const father of person.father ?? []) stated.push({ predicate: 'parent-of', subject: father, object: id, note: 'father' });
    for (const mother of person.mother ?? []) stated.push({ predicate: 'parent-of', subject: mother, object: id, note: 'mother' });
  }
  const ids = [...new Set(stated.flatMap((edge) => [edge.subject, edge.object]))].sort(compareText);
  const links = linkPeople(records, ids, candidates, decoder);
  const edges = new Map<string, TheographicFamilyEdge>();
  let unlinked = 0;
  for (const edge of stated) {
    let subject = links.get(edge.subject)?.result.id;
    let object = links.get(edge.object)?.result.id;
    if (subject === undefined || object === undefined) {
      unlinked++;
      continue;
    }
    if (subject === object) continue;
    if (edge.predicate === 'spouse-of' && compareText(object, subject) < 0) [subject, object] = [object, subject];
    const key = `${edge.predicate}\u0000${subject}\u0000${object}`;
    if (!edges.has(key)) edges.set(key, { predicate: edge.predicate, subject, object, note: edge.note });
  }
  const sorted = [...edges.values()].sort(
    (a, b) => compareText(a.predicate, b.predicate) || compareText(a.subject, b.subject) || compareText(a.object, b.object),
  );
  return { edges: sorted, unlinked };
}
