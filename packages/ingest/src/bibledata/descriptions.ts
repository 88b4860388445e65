// Descriptions that tell apart people of one name. BibleData's `unique_attribute` is often a role or a
// verse ("in the lineage of Messiah (LUK 3:24)", two Josephs have it), so a person whose title others
// share gets a first clause from the family BibleData states: son or daughter of the father (else the
// mother), else husband or wife of the spouse, else father or mother of the first child; failing all,
// the verse that first names them. A description that already opens with a family word, or already
// says the clause, keeps its own.

import type { VerseRef } from './reference.ts';

/** A person as the describer sees them. */
export interface DescribedPerson {
  readonly id: string;
  readonly title: string;
  /** BibleData's `unique_attribute`; empty when none. */
  readonly attribute: string;
  readonly sex: string;
  readonly first: VerseRef | undefined;
}

/** One family edge between two document ids: `parent-of` (subject the parent) or `spouse-of`. */
export interface FamilyEdge {
  readonly predicate: string;
  readonly subject: string;
  readonly object: string;
  /** `father`, `mother` … where the source says. */
  readonly note?: string;
}

const FAMILY_WORDS = /^(son|daughter|father|mother|wife|husband|brother|sister|grandson|granddaughter|grandfather|grandmother|concubine|descendant|nephew|uncle) of\b/i;

/**
 * Returns the description of each person: BibleData's attribute as it is when the title is the
 * person's alone or the attribute opens with a family word, otherwise a first clause (see the module
 * header), `; `, then the attribute. Pure.
 */
export function createDescriptions(people: readonly DescribedPerson[], edges: readonly FamilyEdge[]): Map<string, string> {
  const titles = new Map<string, number>();
  for (const person of people) titles.set(person.title, (titles.get(person.title) ?? 0) + 1);
  const byId = new Map(people.map((person) => [person.id, person]));
  const parents = new Map<string, FamilyEdge[]>();
  const children = new Map<string, string[]>();
  const spouses = new Map<string, string[]>();
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    list.push(value);
  };
  for (const edge of edges) {
    if (edge.predicate === 'parent-of') {
      push(parents, edge.object, edge);
      push(children, edge.subject, edge.object);
    } else if (edge.predicate === 'spouse-of') {
      push(spouses, edge.subject, edge.object);
      push(spouses, edge.object, edge.subject);
    }
  }
  const titleOf = (id: string | undefined) => (id === undefined ? undefined : byId.get(id)?.title);
  const descriptions = new Map<string, string>();
  for (const person of people) {
    const shared = (titles.get(person.title) ?? 0) > 1;
    if (!shared || FAMILY_WORDS.test(person.attribute)) {
      if (person.attribute) descriptions.set(person.id, person.attribute);
      continue;
    }
    const female = person.sex.toLowerCase() === 'female';
    const ownParents = parents.get(person.id) ?? [];
    const father = ownParents.find((edge) => edge.note === 'father') ?? ownParents.find((edge) => edge.note !== 'mother');
    const parent = titleOf((father ?? ownParents[0])?.subject);
    const spouse = titleOf(spouses.get(person.id)?.[0]);
    const child = titleOf(children.get(person.id)?.[0]);
    const clause = parent
      ? `${female ? 'daughter' : 'son'} of ${parent}`
      : spouse
        ? `${female ? 'wife' : 'husband'} of ${spouse}`
        : child
          ? `${female ? 'mother' : 'father'} of ${child}`
          : person.first
            ? `named in ${person.first.book.name} ${person.first.chapter}:${person.first.verse}`
            : undefined;
    // "son of Hilkiah; the prophet (2CH 36:12), son of Hilkiah (JER 1:1)" would say it twice.
    const said = clause !== undefined && person.attribute.toLowerCase().includes(clause.toLowerCase());
    const description = [said ? undefined : clause, person.attribute].filter((part) => part !== undefined && part !== '').join('; ');
    if (description) descriptions.set(person.id, description);
  }
  return descriptions;
}
