// BibleData's PersonRelationship.csv folded into typed relations stored once: each relationship word
// maps to a predicate of the closed vocabulary and to the side of the row that is the edge's subject,
// so that `A father B` and `B son A` become the one edge `A parent-of B`. No `child-of` is ever made.

import { getPredicate } from '@skg/core';
import { compareText } from '../internal/assign-slugs.ts';

/** One row of PersonRelationship.csv: "person1 is the `word` of person2". */
export interface RelationshipRow {
  readonly id: string;
  readonly sequence: number;
  readonly person1: string;
  readonly word: string;
  readonly person2: string;
  /** `explicit`, `implicit` or `inferred`. */
  readonly category: string;
  /** The BibleData reference as written (`GEN 2:7`, sometimes a list). */
  readonly reference: string;
  readonly notes: string;
}

/** How one relationship word is stored. */
export interface WordRule {
  readonly predicate: string;
  /** Which person of the row is the subject of the stored edge (1: person_id_1, 2: person_id_2). */
  readonly subject: 1 | 2;
  /** The source's word for the connection, kept in the relation's `note` (`mother`, `concubine`). */
  readonly qualifier?: string;
}

const rule = (predicate: string, subject: 1 | 2, qualifier?: string): WordRule =>
  qualifier === undefined ? { predicate, subject } : { predicate, subject, qualifier };

/**
 * The 57 relationship words of the pinned data. `master` and `victim` depend on the other words said
 * about the same pair: see `resolveRelationshipWord`.
 */
export const RELATIONSHIP_WORDS: Readonly<Record<string, WordRule>> = Object.freeze({
  father: rule('parent-of', 1, 'father'),
  mother: rule('parent-of', 1, 'mother'),
  son: rule('parent-of', 2),
  daughter: rule('parent-of', 2),
  ancestor: rule('ancestor-of', 1),
  descendant: rule('ancestor-of', 2),
  grandfather: rule('ancestor-of', 1, 'grandfather'),
  grandmother: rule('ancestor-of', 1, 'grandmother'),
  grandson: rule('ancestor-of', 2),
  granddaughter: rule('ancestor-of', 2),
  husband: rule('spouse-of', 1),
  wife: rule('spouse-of', 1),
  concubinator: rule('concubine-of', 1),
  concubine: rule('concubine-of', 1),
  brother: rule('sibling-of', 1),
  sister: rule('sibling-of', 1),
  'half-brother': rule('sibling-of', 1, 'half-sibling'),
  'half-sister': rule('sibling-of', 1, 'half-sibling'),
  killer: rule('killed', 1),
  'killed by': rule('killed', 2),
  raper: rule('raped', 1),
  master: rule('master-of', 1),
  lady: rule('master-of', 1, 'lady'),
  servant: rule('master-of', 2),
  rabbi: rule('teacher-of', 1),
  disciple: rule('teacher-of', 2),
  apostle: rule('apostle-of', 1),
  king: rule('superior-of', 1),
  chief: rule('superior-of', 1),
  'army commander': rule('superior-of', 2, 'army commander'),
  'army captain': rule('superior-of', 2, 'army captain'),
  officer: rule('superior-of', 2, 'officer'),
  'chief official': rule('superior-of', 2, 'chief official'),
  chamberlain: rule('superior-of', 2, 'chamberlain'),
  lieutenant: rule('superior-of', 2, 'lieutenant'),
  'father-in-law': rule('parent-in-law-of', 1, 'father-in-law'),
  'mother-in-law': rule('parent-in-law-of', 1, 'mother-in-law'),
  'son-in-law': rule('parent-in-law-of', 2),
  'daughter-in-law': rule('parent-in-law-of', 2),
  'brother-in-law': rule('sibling-in-law-of', 1),
  'sister-in-law': rule('sibling-in-law-of', 1),
  uncle: rule('uncle-or-aunt-of', 1, 'uncle'),
  aunt: rule('uncle-or-aunt-of', 1, 'aunt'),
  nephew: rule('uncle-or-aunt-of', 2),
  cousin: rule('cousin-of', 1),
  ally: rule('ally-of', 1),
  patron: rule('patron-of', 1),
  client: rule('patron-of', 2),
  Creator: rule('creator-of', 1),
  creation: rule('creator-of', 2),
  'original inheritor': rule('heir-of', 1, 'original heir'),
  'original heir': rule('heir-of', 2, 'original heir'),
  exiled: rule('exiled', 1),
  'exiled by': rule('exiled', 2),
  bearer: rule('bore', 1),
  'born by': rule('bore', 2),
  victim: rule('killed', 2),
});

const TEACHING_WORDS = ['disciple', 'apostle', 'rabbi'];

/**
 * The rule for `word`, given every word stated about the same two people (both directions):
 * `master` of a disciple is a teacher (`teacher-of`), otherwise a master of servants; `victim` of a
 * raper is `raped`, otherwise `killed`. `undefined` for a word the table does not know.
 */
export function resolveRelationshipWord(word: string, pairWords: ReadonlySet<string>): WordRule | undefined {
  if (word === 'master' && TEACHING_WORDS.some((other) => pairWords.has(other))) return rule('teacher-of', 1);
  if (word === 'victim' && pairWords.has('raper')) return rule('raped', 2);
  return Object.hasOwn(RELATIONSHIP_WORDS, word) ? RELATIONSHIP_WORDS[word] : undefined;
}

/** One stored edge: `subject predicate object`, with the rows it was folded from. */
export interface FoldedRelation {
  readonly predicate: string;
  /** BibleData person ids. */
  readonly subject: string;
  readonly object: string;
  /** The rows stating it, in file order; the first is the one to cite (see `foldRelationships`). */
  readonly rows: readonly RelationshipRow[];
  /** The relation's note: the source's qualifying words, then its own notes; empty when none. */
  readonly note: string;
}

export interface FoldResult {
  /** Ordered by subject, predicate, object. */
  readonly relations: readonly FoldedRelation[];
  /** Rows whose word the table does not know, by word. */
  readonly unmapped: ReadonlyMap<string, number>;
  /** Rows that restate an edge another row already gave (the other side of a pair, or a repeated row). */
  readonly folded: number;
  /** `ancestor-of` edges left out because the same two people already have `parent-of`. */
  readonly superseded: number;
}

const CATEGORY_RANK: ReadonlyMap<string, number> = new Map([['explicit', 0], ['implicit', 1], ['inferred', 2]]);

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/**
 * Folds relationship rows into edges stored once, in the vocabulary's direction. Symmetric predicates
 * (`spouse-of`, `sibling-of` …) are stored on the person whose `sortKey` is smaller (the caller passes
 * the document id). An `ancestor-of` edge between two people that also have `parent-of` is dropped: the
 * parent edge says more. Each edge's rows are ordered most certain first (explicit, implicit, inferred,
 * then file order), so `rows[0]` is the one to cite. Pure.
 */
export function foldRelationships(rows: readonly RelationshipRow[], sortKey: (personId: string) => string = (id) => id): FoldResult {
  const pairWords = new Map<string, Set<string>>();
  for (const row of rows) {
    const key = pairKey(row.person1, row.person2);
    let words = pairWords.get(key);
    if (!words) pairWords.set(key, (words = new Set()));
    words.add(row.word);
  }

  const unmapped = new Map<string, number>();
  const edges = new Map<string, { predicate: string; subject: string; object: string; rows: RelationshipRow[]; qualifiers: string[] }>();
  for (const row of rows) {
    const wordRule = resolveRelationshipWord(row.word, pairWords.get(pairKey(row.person1, row.person2)) ?? new Set());
    if (!wordRule) {
      unmapped.set(row.word, (unmapped.get(row.word) ?? 0) + 1);
      continue;
    }
    let [subject, object] = wordRule.subject === 1 ? [row.person1, row.person2] : [row.person2, row.person1];
    if (getPredicate(wordRule.predicate)?.symmetric && compareText(sortKey(object), sortKey(subject)) < 0) [subject, object] = [object, subject];
    const key = `${wordRule.predicate}\u0000${subject}\u0000${object}`;
    let edge = edges.get(key);
    if (!edge) edges.set(key, (edge = { predicate: wordRule.predicate, subject, object, rows: [], qualifiers: [] }));
    edge.rows.push(row);
    if (wordRule.qualifier !== undefined && !edge.qualifiers.includes(wordRule.qualifier)) edge.qualifiers.push(wordRule.qualifier);
  }

  const parents = new Set([...edges.values()].filter((edge) => edge.predicate === 'parent-of').map((edge) => `${edge.subject}\u0000${edge.object}`));
  let superseded = 0;
  const relations: FoldedRelation[] = [];
  for (const edge of edges.values()) {
    if (edge.predicate === 'ancestor-of' && parents.has(`${edge.subject}\u0000${edge.object}`)) {
      superseded++;
      continue;
    }
    const ordered = [...edge.rows].sort(
      (a, b) => (CATEGORY_RANK.get(a.category) ?? 3) - (CATEGORY_RANK.get(b.category) ?? 3) || a.sequence - b.sequence,
    );
    const notes = [...new Set(edge.rows.map((row) => row.notes.trim()).filter((note) => note !== ''))];
    relations.push({
      predicate: edge.predicate,
      subject: edge.subject,
      object: edge.object,
      rows: ordered,
      note: [...edge.qualifiers, ...notes].join('; '),
    });
  }
  relations.sort(
    (a, b) => compareText(sortKey(a.subject), sortKey(b.subject)) || compareText(a.predicate, b.predicate) || compareText(sortKey(a.object), sortKey(b.object)),
  );
  const mapped = rows.length - [...unmapped.values()].reduce((sum, count) => sum + count, 0);
  return { relations, unmapped, folded: mapped - edges.size, superseded };
}
