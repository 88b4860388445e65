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
  { id: 'spouse-of', heading: 'spouse of', inverse: 'spouse-of', symmetric: true, domain: ['Person'], range: ['Person'], description: 'Husband or wife (including concubines where the source says so).' },
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
