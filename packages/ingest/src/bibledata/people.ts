// BibleData's people: Person.csv with its labels (PersonLabel.csv), verse mentions (PersonVerse.csv)
// and relationships, resolved once per ingest into one table that the people and event collections
// share: document ids (`people/<slug>`), labels and mentions by person.

import type { KjvSlots } from '../kjv-slots.ts';
import type { IngestContext } from '../collections/collection.ts';
import { assignSlugs } from '../internal/assign-slugs.ts';
import { type CsvRow, parseCsv } from './csv.ts';
import { compareVerseRefs, isKjvSlot, loadKjvSlots, parseBibleDataReference, parseKjvReference, type VerseRef, withVerse } from './reference.ts';
import type { RelationshipRow } from './relationships.ts';
import { parseStrongsNumbers } from './strongs.ts';

export const PERSON_FILE = 'bibledata/BibleData-Person.csv';
export const PERSON_LABEL_FILE = 'bibledata/BibleData-PersonLabel.csv';
export const PERSON_RELATIONSHIP_FILE = 'bibledata/BibleData-PersonRelationship.csv';
/** The whole Bible; the Tanakh and Apostolic files are its two halves (SOURCES.md, section 6). */
export const PERSON_VERSE_FILE = 'bibledata/BibleData-PersonVerse.csv';

export interface BibleDataPerson {
  /** `Abram_1` */
  readonly personId: string;
  readonly name: string;
  readonly surname: string;
  readonly uniqueAttribute: string;
  readonly sex: string;
  readonly tribe: string;
  readonly notes: string;
  readonly nameInstance: number;
  readonly sequence: number;
}

export interface PersonLabel {
  readonly labelId: string;
  readonly personId: string;
  /** As BibleData writes it, reverential spellings undone (`G-d` → `God`, see `undoReverentialSpelling`). */
  readonly english: string;
  readonly hebrew: string;
  readonly hebrewTransliterated: string;
  readonly hebrewMeaning: string;
  readonly greek: string;
  readonly greekTransliterated: string;
  readonly greekMeaning: string;
  /** Normalised Strong's numbers of the Hebrew and Greek labels (`H85`, `G11`). */
  readonly strongs: readonly string[];
  /** Where the name is first given; undefined when BibleData gives no KJV verse (a Psalm title is verse 1). */
  readonly reference: VerseRef | undefined;
  /** `proper name`, `title` or `description`. */
  readonly type: string;
}

/** A verse naming a person, anchored to a KJV slot. */
export interface PersonMention {
  readonly personId: string;
  /** The words naming the person (the label, reverential spellings undone). */
  readonly surface: string;
  readonly ref: VerseRef;
  /** The mention is in a Psalm's title (BibleData verse 0), anchored to verse 1. */
  readonly psalmTitle: boolean;
}

export interface MentionSkips {
  /** Rows for verses that name nobody (`person_id` NA). */
  readonly placeholder: number;
  readonly unknownPerson: number;
  readonly badReference: number;
  readonly outsideSlots: number;
}

export interface PeopleTable {
  /** Every person, in slug order: name instance, then BibleData's person sequence. */
  readonly people: readonly BibleDataPerson[];
  /** BibleData person id → `people/<slug>`. */
  readonly documentIds: ReadonlyMap<string, string>;
  readonly labels: ReadonlyMap<string, readonly PersonLabel[]>;
  /** In canonical verse order. */
  readonly mentions: readonly PersonMention[];
  readonly mentionSkips: MentionSkips;
  /** Label references that parse but name no KJV verse (left out): `Artaxerxes_1_5: EZR 13:6`. */
  readonly labelReferencesOutside: readonly string[];
  readonly relationships: readonly RelationshipRow[];
  /** The KJV verse slots, to check the relationships' references against. */
  readonly slots: KjvSlots;
}

export interface PeopleInput {
  readonly persons: readonly CsvRow[];
  readonly labels: readonly CsvRow[];
  readonly verses: readonly CsvRow[];
  readonly relationships: readonly CsvRow[];
  readonly slots: KjvSlots;
}

/** `G-d` → `God`, `G-D` → `GOD`: BibleData's reverential spelling, written as the BSB prints the word. */
export function undoReverentialSpelling(text: string): string {
  return text.replace(/G-d/g, 'God').replace(/G-D/g, 'GOD');
}

const clean = (value: string | undefined): string => {
  const text = (value ?? '').trim();
  return text === 'none' ? '' : text;
};

/** Builds the people table from parsed CSV rows. Pure. */
export function createPeopleTable(input: PeopleInput): PeopleTable {
  const people = input.persons
    .map(
      (row): BibleDataPerson => ({
        personId: clean(row.person_id),
        name: clean(row.person_name),
        surname: clean(row.surname),
        uniqueAttribute: clean(row.unique_attribute),
        sex: clean(row.sex),
        tribe: clean(row.tribe),
        notes: clean(row.person_notes),
        nameInstance: Number(row.name_instance) || 0,
        sequence: Number(row.person_sequence) || 0,
      }),
    )
    .sort((a, b) => a.nameInstance - b.nameInstance || a.sequence - b.sequence);
  const slugs = assignSlugs(people, (person) => person.name);
  const documentIds = new Map(people.map((person, index) => [person.personId, `people/${slugs[index]}`]));
  // PersonVerseTanakh spells YHVH_1 as Yhvh_1: resolve ids without regard to case when exact fails.
  const byFoldedId = new Map(people.map((person) => [person.personId.toLowerCase(), person.personId]));
  const resolveId = (id: string): string | undefined => (documentIds.has(id) ? id : byFoldedId.get(id.toLowerCase()));

  const labels = new Map<string, PersonLabel[]>();
  const labelReferencesOutside: string[] = [];
  const labelRows = [...input.labels].sort((a, b) => Number(a.label_sequence) - Number(b.label_sequence));
  for (const row of labelRows) {
    const personId = resolveId(clean(row.person_id));
    if (personId === undefined) continue;
    const reference = parseKjvReference(row.label_reference_id ?? '', input.slots);
    if (reference === 'outside') labelReferencesOutside.push(`${clean(row.person_label_id)}: ${clean(row.label_reference_id)}`);
    const label: PersonLabel = {
      labelId: clean(row.person_label_id),
      personId,
      english: undoReverentialSpelling(clean(row.english_label)),
      hebrew: clean(row.hebrew_label),
      hebrewTransliterated: clean(row.hebrew_label_transliterated),
      hebrewMeaning: clean(row.hebrew_label_meaning),
      greek: clean(row.greek_label),
      greekTransliterated: clean(row.greek_label_transliterated),
      greekMeaning: clean(row.greek_label_meaning),
      strongs: [...new Set([...parseStrongsNumbers(row.hebrew_strongs_number ?? ''), ...parseStrongsNumbers(row.greek_strongs_number ?? '')])],
      reference: reference === 'outside' ? undefined : reference,
      type: clean(row.label_type),
    };
    let list = labels.get(personId);
    if (!list) labels.set(personId, (list = []));
    list.push(label);
  }

  const mentions: PersonMention[] = [];
  let placeholder = 0;
  let unknownPerson = 0;
  let badReference = 0;
  let outsideSlots = 0;
  for (const row of input.verses) {
    const rawId = clean(row.person_id);
    if (rawId === 'NA' || rawId === '') {
      placeholder++;
      continue;
    }
    const personId = resolveId(rawId);
    if (personId === undefined) {
      unknownPerson++;
      continue;
    }
    const parsed = parseBibleDataReference(row.reference_id ?? '');
    if (!parsed) {
      badReference++;
      continue;
    }
    const psalmTitle = parsed.verse === 0;
    const ref = psalmTitle ? withVerse(parsed, 1) : parsed;
    if (!isKjvSlot(input.slots, ref)) {
      outsideSlots++;
      continue;
    }
    mentions.push({ personId, surface: undoReverentialSpelling(clean(row.person_label)), ref, psalmTitle });
  }
  mentions.sort((a, b) => compareVerseRefs(a.ref, b.ref));

  const relationships = input.relationships.map(
    (row): RelationshipRow => ({
      id: clean(row.person_relationship_id),
      sequence: Number(row.person_relationship_sequence) || 0,
      person1: resolveId(clean(row.person_id_1)) ?? clean(row.person_id_1),
      word: clean(row.relationship_type),
      person2: resolveId(clean(row.person_id_2)) ?? clean(row.person_id_2),
      category: clean(row.relationship_category),
      reference: clean(row.reference_id),
      notes: clean(row.relationship_notes),
    }),
  );

  return {
    people,
    documentIds,
    labels,
    mentions,
    mentionSkips: { placeholder, unknownPerson, badReference, outsideSlots },
    labelReferencesOutside,
    relationships,
    slots: input.slots,
  };
}

const tablesByContext = new WeakMap<IngestContext, Promise<PeopleTable>>();

/** The people table, read and built once per ingest (the people and event collections share it). */
export function loadPeopleTable(context: IngestContext): Promise<PeopleTable> {
  let table = tablesByContext.get(context);
  if (!table) {
    table = Promise.all([
      context.readText(PERSON_FILE),
      context.readText(PERSON_LABEL_FILE),
      context.readText(PERSON_VERSE_FILE),
      context.readText(PERSON_RELATIONSHIP_FILE),
      loadKjvSlots(context),
    ]).then(([persons, labels, verses, relationships, slots]) =>
      createPeopleTable({
        persons: parseCsv(persons),
        labels: parseCsv(labels),
        verses: parseCsv(verses),
        relationships: parseCsv(relationships),
        slots,
      }),
    );
    tablesByContext.set(context, table);
  }
  return table;
}
