// The closed predicate vocabulary of typed relations. The ingest writes it to `schema/relations`;
// the compiler derives inbound edges with `inverse`. Add predicates here, never elsewhere.

import type { DocumentType } from './collections.ts';

export interface Predicate {
  readonly id: string;
  /** How the edge reads from its stored side: "parent of". */
  readonly heading: string;
  /** The predicate as read from the other side; equal to `id` when symmetric. */
  readonly inverse: string;
  readonly symmetric: boolean;
  readonly domain: readonly DocumentType[];
  readonly range: readonly DocumentType[];
  readonly description: string;
}

export const PREDICATES: readonly Predicate[] = Object.freeze([
  { id: 'parent-of', heading: 'parent of', inverse: 'child-of', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject is a father or mother of the object. Never stored as child-of.' },
  { id: 'ancestor-of', heading: 'ancestor of', inverse: 'descendant-of', symmetric: false, domain: ['Person'], range: ['Person'], description: 'Descent across an unknown number of generations; excluded from /family.' },
  { id: 'spouse-of', heading: 'spouse of', inverse: 'spouse-of', symmetric: true, domain: ['Person'], range: ['Person'], description: 'Husband or wife. A concubine is concubine-of, not spouse-of.' },
  { id: 'concubine-of', heading: 'concubine of', inverse: 'concubine-of', symmetric: true, domain: ['Person'], range: ['Person'], description: 'A man and his concubine, a secondary wife (BibleData concubinator / concubine); /family lists them as concubines, not spouses.' },
  { id: 'sibling-of', heading: 'sibling of', inverse: 'sibling-of', symmetric: true, domain: ['Person'], range: ['Person'], description: 'Brother or sister, full or half.' },
  { id: 'involves', heading: 'involves', inverse: 'involved-in', symmetric: false, domain: ['Event', 'Epoch'], range: ['Person'], description: 'A person takes part in the event or epoch.' },
  { id: 'occurs-at', heading: 'occurs at', inverse: 'location-of', symmetric: false, domain: ['Event'], range: ['Place'], description: 'The event happens at the place.' },
  { id: 'part-of', heading: 'part of', inverse: 'has-part', symmetric: false, domain: ['Event'], range: ['Event'], description: 'The event is part of a larger event.' },
  { id: 'follows', heading: 'follows', inverse: 'followed-by', symmetric: false, domain: ['Event'], range: ['Event'], description: 'The event comes after the object in the narrative.' },
  { id: 'narrated-in', heading: 'narrated in', inverse: 'narrates', symmetric: false, domain: ['Event', 'Epoch'], range: ['Chapter'], description: 'The chapter tells of the event or epoch, anchored to its first verse.' },
  { id: 'stated-in', heading: 'stated in', inverse: 'states', symmetric: false, domain: ['Commandment'], range: ['Chapter'], description: 'The chapter states the commandment, anchored to its verse.' },
  { id: 'named-by', heading: 'named by', inverse: 'names', symmetric: false, domain: ['Person', 'Place'], range: ['Lexeme'], description: 'The name of the person or place is spelled by the lexeme.' },
  { id: 'derived-from', heading: 'derived from', inverse: 'root-of', symmetric: false, domain: ['Lexeme'], range: ['Lexeme'], description: 'The word comes from the root.' },
  { id: 'first-attested-in', heading: 'first attested in', inverse: 'first-attests', symmetric: false, domain: ['Lexeme'], range: ['Chapter'], description: 'The verse where the word first occurs.' },
  { id: 'mentions', heading: 'mentions', inverse: 'mentioned-in', symmetric: false, domain: ['Chapter'], range: ['Person', 'Place'], description: 'A verse of the chapter names the person or place (anchored with from and surface).' },
  { id: 'develops', heading: 'develops', inverse: 'developed-in', symmetric: false, domain: ['Chapter'], range: ['Theme'], description: 'A verse of the chapter is cited in the theme\'s outline (anchored with from).' },
  // Person-to-person relations BibleData's PersonRelationship.csv states (see docs/bundle-format.md, People).
  { id: 'killed', heading: 'killed', inverse: 'killed-by', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject killed the object (BibleData killer / killed by / victim).' },
  { id: 'raped', heading: 'raped', inverse: 'raped-by', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject raped the object (BibleData raper / victim).' },
  { id: 'master-of', heading: 'master of', inverse: 'servant-of', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject is the master or mistress of the object, a servant (BibleData master, lady / servant).' },
  { id: 'teacher-of', heading: 'teacher of', inverse: 'disciple-of', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject is the rabbi or master of the object, a disciple (BibleData rabbi, master / disciple).' },
  { id: 'apostle-of', heading: 'apostle of', inverse: 'has-apostle', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject is an apostle sent by the object.' },
  { id: 'superior-of', heading: 'superior of', inverse: 'subordinate-of', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject is the king or chief the object serves as an officer (army commander, captain, official, chamberlain, lieutenant); the note names the office.' },
  { id: 'parent-in-law-of', heading: 'parent-in-law of', inverse: 'child-in-law-of', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject is the father-in-law or mother-in-law of the object.' },
  { id: 'sibling-in-law-of', heading: 'sibling-in-law of', inverse: 'sibling-in-law-of', symmetric: true, domain: ['Person'], range: ['Person'], description: 'Brother-in-law or sister-in-law.' },
  { id: 'uncle-or-aunt-of', heading: 'uncle or aunt of', inverse: 'nephew-or-niece-of', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject is a brother or sister of a parent of the object.' },
  { id: 'cousin-of', heading: 'cousin of', inverse: 'cousin-of', symmetric: true, domain: ['Person'], range: ['Person'], description: 'The two are cousins.' },
  { id: 'ally-of', heading: 'ally of', inverse: 'ally-of', symmetric: true, domain: ['Person'], range: ['Person'], description: 'The two are allies.' },
  { id: 'patron-of', heading: 'patron of', inverse: 'client-of', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject supports the object from their own means.' },
  { id: 'creator-of', heading: 'creator of', inverse: 'created-by', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject created the object (God and Adam).' },
  { id: 'heir-of', heading: 'heir of', inverse: 'has-heir', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject is (or was to be) the heir of the object.' },
  { id: 'exiled', heading: 'exiled', inverse: 'exiled-by', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject carried the object into exile.' },
  { id: 'bore', heading: 'bore', inverse: 'born-of', symmetric: false, domain: ['Person'], range: ['Person'], description: 'The subject gave birth to the object where the source says "bearer" rather than mother.' },
] satisfies Predicate[]);

const byId = new Map(PREDICATES.map((p) => [p.id, p]));
const byInverse = new Map(PREDICATES.map((p) => [p.inverse, p]));

export function getPredicate(id: string): Predicate | undefined {
  return byId.get(id);
}

/** The predicate whose inverse is `inverse` (e.g. `child-of` → `parent-of`). */
export function getPredicateByInverse(inverse: string): Predicate | undefined {
  return byInverse.get(inverse);
}
