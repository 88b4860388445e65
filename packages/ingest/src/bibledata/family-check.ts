// Families without contradictions. BibleData and Theographic state parents verse by verse, and two
// genealogies can disagree: Matthew 1:16 makes Jacob the father of Joseph, Luke 3:23 Heli (read by many
// as Mary's father, as Theographic has it); 1 Kings 15:10 calls Maacah the "mother" of Asa, who is her
// grandson. Stored as facts, both make Joseph Mary's brother as well as her husband, and Abijam Asa's
// brother as well as his father. The rules (docs/bundle-format.md, "Families"):
//
// 1. A person keeps one father and one mother: BibleData's before Theographic's, then the one stated at
//    the earlier verse in Bible order (Matthew's Jacob before Luke's Heli); the others are kept on the
//    child as `alternative_parents`, each with its verse and source, and are no parent-of edge.
// 2. A parent who is also the parent of another parent is kept as the grandparent only where the BSB's
//    verse for it says so (1 Kings 15:10: "His grandmother's name was Maacah"); the edge goes to
//    `alternative_parents` the same way. Lot stays the father of Moab (Genesis 19:36-37).
// An adoptive parent (BibleData's note says "adopted": Mordecai, Esther 2:7) is neither father nor
// mother for rule 1; the edge is kept.
//
// `checkFamilies` then lists what contradictions are left: two fathers or mothers, a parent who is also
// a sibling, a spouse who is also a sibling where no verse makes them siblings (Abram and Sarai, Genesis
// 20:12, stays: BibleData's sibling-of says so at that verse).

import { compareVerseRefs, parseOsisVerse } from './reference.ts';

/** A family relation as the people collection stores it (target: a Person document id). */
export interface FamilyRelation {
  readonly predicate: string;
  readonly target: string;
  readonly from?: string;
  readonly note?: string;
  readonly source: string;
}

/** A parent left out by the rules, kept on the child with its verse and source. */
export interface AlternativeParent {
  readonly parent: string;
  /** The parent kept instead (rule 1), or the child's parent whose parent this is (rule 2). */
  readonly kept: string;
  readonly rule: 'one-father-one-mother' | 'grandparent';
  readonly from?: string;
  readonly note?: string;
  readonly source: string;
}

export interface FamilyContradiction {
  readonly person: string;
  readonly kind: 'two fathers' | 'two mothers' | 'parent also a sibling' | 'spouse also a sibling';
  readonly others: readonly string[];
}

const ADOPTED = /\badopt/i;
/** A verse that calls the relative a grandparent (rule 2). */
const GRANDPARENT = /\bgrand(mother|father|parent)/i;

/** The source whose parents come first (rule 1). */
const FIRST_SOURCE = 'sources/bibledata';

interface ParentEdge {
  readonly parent: string;
  readonly child: string;
  readonly relation: FamilyRelation;
}

/** The parent-of edges of `relations` (stating document id → its relations). */
function parentEdges(relations: ReadonlyMap<string, readonly FamilyRelation[]>): ParentEdge[] {
  const edges: ParentEdge[] = [];
  for (const [parent, list] of relations) for (const relation of list) if (relation.predicate === 'parent-of') edges.push({ parent, child: relation.target, relation });
  return edges;
}

/** Father or mother, from the parent's sex, else the relation's word. */
function roleOf(edge: ParentEdge, sexOf: (id: string) => string): 'father' | 'mother' | undefined {
  if (ADOPTED.test(edge.relation.note ?? '')) return undefined;
  const sex = sexOf(edge.parent).toLowerCase();
  if (sex === 'male') return 'father';
  if (sex === 'female') return 'mother';
  const note = edge.relation.note?.toLowerCase() ?? '';
  return note.includes('father') ? 'father' : note.includes('mother') ? 'mother' : undefined;
}

/** Rule 1's order: BibleData first, then the earlier verse, a relation without a verse last. */
function compareParentEdges(a: ParentEdge, b: ParentEdge): number {
  const source = Number(b.relation.source === FIRST_SOURCE) - Number(a.relation.source === FIRST_SOURCE);
  if (source !== 0) return source;
  const [from, to] = [a.relation.from ? parseOsisVerse(a.relation.from) : undefined, b.relation.from ? parseOsisVerse(b.relation.from) : undefined];
  if (from && to) return compareVerseRefs(from, to);
  return Number(from === undefined) - Number(to === undefined);
}

/**
 * Applies rules 1 and 2 to `relations` (stating document id → relations, changed in place: the parent-of
 * edges left out are removed); `verseText` gives the BSB words of a verse (OSIS). Returns the
 * alternatives by child document id.
 */
export function resolveParents(
  relations: Map<string, FamilyRelation[]>,
  sexOf: (id: string) => string,
  verseText: (osis: string) => string | undefined,
): Map<string, AlternativeParent[]> {
  const alternatives = new Map<string, AlternativeParent[]>();
  const dropped = new Set<FamilyRelation>();
  const drop = (edge: ParentEdge, kept: string, rule: AlternativeParent['rule']) => {
    dropped.add(edge.relation);
    let list = alternatives.get(edge.child);
    if (!list) alternatives.set(edge.child, (list = []));
    const { from, note, source } = edge.relation;
    list.push({ parent: edge.parent, kept, rule, ...(from ? { from } : {}), ...(note ? { note } : {}), source });
  };

  const byChild = new Map<string, ParentEdge[]>();
  for (const edge of parentEdges(relations)) {
    let list = byChild.get(edge.child);
    if (!list) byChild.set(edge.child, (list = []));
    list.push(edge);
  }
  for (const edges of byChild.values()) {
    for (const role of ['father', 'mother'] as const) {
      const stated = edges.filter((edge) => roleOf(edge, sexOf) === role).sort(compareParentEdges);
      for (const edge of stated.slice(1)) drop(edge, (stated[0] as ParentEdge).parent, 'one-father-one-mother');
    }
  }
  const parentsOf = (child: string) => (byChild.get(child) ?? []).filter((edge) => !dropped.has(edge.relation));
  for (const child of byChild.keys()) {
    const parents = parentsOf(child);
    for (const edge of parents) {
      if (!GRANDPARENT.test((edge.relation.from && verseText(edge.relation.from)) || '')) continue;
      const through = parents.find((other) => other !== edge && parentsOf(other.parent).some((grand) => grand.parent === edge.parent));
      if (through) drop(edge, through.parent, 'grandparent');
    }
  }
  for (const [subject, list] of relations) relations.set(subject, list.filter((relation) => !dropped.has(relation)));
  return alternatives;
}

/**
 * The contradictions left in `relations` (stating document id → relations), person by person in id
 * order: two fathers or two mothers, a parent who is also a sibling, a spouse who is also a sibling with
 * no sibling-of at a verse between the two. Siblings are the other children of a person's parents and
 * sibling-of either way.
 */
export function checkFamilies(relations: ReadonlyMap<string, readonly FamilyRelation[]>, sexOf: (id: string) => string): FamilyContradiction[] {
  const parents = new Map<string, ParentEdge[]>();
  const children = new Map<string, string[]>();
  const siblings = new Map<string, Set<string>>();
  const stated = new Set<string>();
  const spouses = new Map<string, Set<string>>();
  const link = (map: Map<string, Set<string>>, a: string, b: string) => {
    for (const [x, y] of [[a, b], [b, a]] as const) {
      let set = map.get(x);
      if (!set) map.set(x, (set = new Set()));
      set.add(y);
    }
  };
  for (const edge of parentEdges(relations)) {
    let list = parents.get(edge.child);
    if (!list) parents.set(edge.child, (list = []));
    list.push(edge);
    let kids = children.get(edge.parent);
    if (!kids) children.set(edge.parent, (kids = []));
    kids.push(edge.child);
  }
  for (const [subject, list] of relations) {
    for (const relation of list) {
      if (relation.predicate === 'sibling-of') {
        link(siblings, subject, relation.target);
        if (relation.from) stated.add([subject, relation.target].sort().join('\u0000'));
      }
      if (relation.predicate === 'spouse-of') link(spouses, subject, relation.target);
    }
  }
  const siblingsOf = (person: string): Set<string> => {
    const out = new Set(siblings.get(person) ?? []);
    for (const edge of parents.get(person) ?? []) for (const child of children.get(edge.parent) ?? []) out.add(child);
    out.delete(person);
    return out;
  };

  const people = [...new Set([...parents.keys(), ...spouses.keys(), ...siblings.keys()])].sort();
  const found: FamilyContradiction[] = [];
  for (const person of people) {
    const edges = parents.get(person) ?? [];
    for (const [role, kind] of [['father', 'two fathers'], ['mother', 'two mothers']] as const) {
      const of = edges.filter((edge) => roleOf(edge, sexOf) === role).map((edge) => edge.parent);
      if (of.length > 1) found.push({ person, kind, others: of });
    }
    const brothers = siblingsOf(person);
    const parentSiblings = edges.map((edge) => edge.parent).filter((parent) => brothers.has(parent));
    if (parentSiblings.length > 0) found.push({ person, kind: 'parent also a sibling', others: parentSiblings });
    const spouseSiblings = [...(spouses.get(person) ?? [])].filter((spouse) => brothers.has(spouse) && !stated.has([person, spouse].sort().join('\u0000')));
    if (spouseSiblings.length > 0) found.push({ person, kind: 'spouse also a sibling', others: spouseSiblings });
  }
  return found;
}
