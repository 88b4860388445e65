// The names readers know people by. BibleData files a person under the name they are first given
// (`Abram_1`, `Sarai_1`, `Saul_2`, `Hadassah_1`, `Simon_1` surnamed Barjona); readers look for Abraham,
// Sarah, Paul, Esther and Peter. The rule, applied to every person (docs/bundle-format.md, "People"):
//
// 1. The reader's name is BibleData's `person_name` unless another proper name of theirs (a `proper
//    name` label) names them in more verses than `person_name` does at all. The verses counted are the
//    New Testament's when it names the person (how the apostles name them), else the whole Bible's; a
//    verse whose only use of the other name is "of <name>" (the people of Israel, the God of Abraham: a
//    lineage or a nation more than the person) does not count for it. So Abraham, Sarah, Peter, Paul,
//    Esther; Jacob stays Jacob (in the New Testament "Israel" is the nation) and Nun stays Nun (Non names
//    him once, "son of Nun" thirty times). Of several such names, the most used.
// 2. The title is that name, with the surname when the name is `person_name` (Mary Magdalene). When
//    others share the name, the label the verses use most that starts with it and says more (John the
//    Baptist, Judas Iscariot) is the title instead; not an address (Jacob My servant, Abraham our father).
//
// The persons of God keep their own names (divine-persons.ts).

import type { VerseRef } from './reference.ts';

/** A person as the rule reads them. */
export interface NamedPerson {
  readonly personId: string;
  readonly name: string;
  readonly surname: string;
}

/** A label as the rule reads it. */
export interface NameLabel {
  readonly english: string;
  readonly type: string;
}

/** A verse naming the person, as the rule reads it. */
export interface NameMention {
  readonly personId: string;
  readonly label: string;
  readonly surface?: string;
  readonly ref: VerseRef;
}

/** Counts of verses naming a person by each name (lowercased): all of them, and those not only as "of <name>". */
interface VerseCounts {
  readonly all: Map<string, number>;
  readonly named: Map<string, number>;
}

/** A person's verse counts, the New Testament's apart. */
interface NameCounts extends VerseCounts {
  readonly newTestament: VerseCounts;
}

function countVerse(counts: VerseCounts, name: string, named: boolean): void {
  counts.all.set(name, (counts.all.get(name) ?? 0) + 1);
  if (named) counts.named.set(name, (counts.named.get(name) ?? 0) + 1);
}

/** `of Israel` right before the name: the name stands for a lineage or a people there. */
const LINEAGE_WORD = /\bof\s+$/i;

/** Whether `text` names `name` somewhere other than right after "of" (or the name is not found as written). */
function namesOutsideLineage(text: string, name: string): boolean {
  let index = text.indexOf(name);
  if (index < 0) return true; // the surface was not found as written: count the label as given
  while (index >= 0) {
    if (!LINEAGE_WORD.test(text.slice(Math.max(0, index - 4), index))) return true;
    index = text.indexOf(name, index + 1);
  }
  return false;
}

/**
 * Verses naming each person, by the name the verse uses (BibleData's label, lowercased), leaving out a
 * verse whose only use of the name is "of <name>". `verseText` gives the BSB words of a mention's verse.
 */
function countNames<M extends NameMention>(mentions: readonly M[], verseText: (mention: M) => string | undefined): Map<string, NameCounts> {
  const byPerson = new Map<string, NameCounts>();
  const seen = new Set<string>();
  for (const mention of mentions) {
    const name = mention.label.toLowerCase();
    const key = `${mention.personId}\u0000${mention.ref.osis}\u0000${name}`;
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    let counts = byPerson.get(mention.personId);
    if (!counts) byPerson.set(mention.personId, (counts = { all: new Map(), named: new Map(), newTestament: { all: new Map(), named: new Map() } }));
    const text = verseText(mention);
    const named = text === undefined || namesOutsideLineage(text, mention.surface ?? mention.label);
    countVerse(counts, name, named);
    if (mention.ref.book.testament === 'NT') countVerse(counts.newTestament, name, named);
  }
  return byPerson;
}

/**
 * Rule 1: `person_name`, unless another proper name names the person in more verses (not as "of <name>")
 * than `person_name` in all, counting the New Testament's verses when it names the person.
 */
function chooseReaderName(person: NamedPerson, labels: readonly NameLabel[], counts: NameCounts | undefined): string {
  const verses = counts && counts.newTestament.all.size > 0 ? counts.newTestament : counts;
  let best = person.name;
  let bestCount = verses?.all.get(person.name.toLowerCase()) ?? 0;
  for (const label of labels) {
    if (label.type !== 'proper name' || label.english.toLowerCase() === person.name.toLowerCase()) continue;
    const count = verses?.named.get(label.english.toLowerCase()) ?? 0;
    if (count > bestCount) [best, bestCount] = [label.english, count];
  }
  return best;
}

export interface ReaderNames {
  /** Person id → the title (rule 2). */
  readonly titles: ReadonlyMap<string, string>;
  /** Person id → the reader's name (rule 1), without the surname or longer label. */
  readonly names: ReadonlyMap<string, string>;
}

/**
 * The reader's name and title of every person in `people` (those in `fixed` keep the title given).
 * `verseText` gives the BSB words of a mention's verse (undefined: no text, every use counts).
 */
export function createReaderNames<M extends NameMention>(
  people: readonly NamedPerson[],
  labels: ReadonlyMap<string, readonly NameLabel[]>,
  mentions: readonly M[],
  verseText: (mention: M) => string | undefined,
  fixed: ReadonlyMap<string, string> = new Map(),
): ReaderNames {
  const counts = countNames(mentions, verseText);
  const names = new Map<string, string>();
  const bearers = new Map<string, number>();
  for (const person of people) {
    const name = fixed.get(person.personId) ?? chooseReaderName(person, labels.get(person.personId) ?? [], counts.get(person.personId));
    names.set(person.personId, name);
    bearers.set(name.toLowerCase(), (bearers.get(name.toLowerCase()) ?? 0) + 1);
  }
  const titles = new Map<string, string>();
  for (const person of people) {
    const name = names.get(person.personId) as string;
    const fixedTitle = fixed.get(person.personId);
    if (fixedTitle !== undefined) {
      titles.set(person.personId, fixedTitle);
      continue;
    }
    const plain = name === person.name && person.surname ? `${name} ${person.surname}` : name;
    const shared = (bearers.get(name.toLowerCase()) ?? 0) > 1;
    titles.set(person.personId, shared ? (longerLabel(name, labels.get(person.personId) ?? [], counts.get(person.personId)) ?? plain) : plain);
  }
  return { titles, names };
}

/** A label that speaks to or of the person (Jacob My servant, Abraham our father): an address, not a name. */
const ADDRESS = /\b(my|your|our|his|her|their)\b/i;

/** Rule 2's longer label: one that starts with `name` and says more, not an address, the one most verses use (at least one). */
function longerLabel(name: string, labels: readonly NameLabel[], counts: NameCounts | undefined): string | undefined {
  let best: string | undefined;
  let bestCount = 0;
  for (const label of labels) {
    if (!label.english.toLowerCase().startsWith(`${name.toLowerCase()} `) || ADDRESS.test(label.english)) continue;
    const count = counts?.all.get(label.english.toLowerCase()) ?? 0;
    if (count > bestCount) [best, bestCount] = [label.english, count];
  }
  return best;
}
