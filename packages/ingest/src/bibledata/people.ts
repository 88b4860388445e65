// BibleData's people: Person.csv with its labels (PersonLabel.csv), verse mentions (PersonVerse.csv)
// and relationships, resolved once per ingest into one table that the people and event collections
// share: document ids (`people/<slug>`), labels and mentions by person.

import type { KjvSlots } from '../kjv-slots.ts';
import type { IngestContext } from '../collections/collection.ts';
import { BOOKS, slugify } from '@skg/core';
import { loadBsbBooks, createVerseTexts, type VerseTexts } from '../bsb-text.ts';
import { assignSlugs } from '../internal/assign-slugs.ts';
import {
  attributeMention,
  attributeRelationship,
  DIVINE_PERSONS,
  FATHER_ID,
  findHolySpirit,
  GOD_ID,
  HOLY_SPIRIT_ID,
  JESUS_ID,
  resolveDivineId,
} from './divine-persons.ts';
import { createReaderNames } from './reader-names.ts';
import { createSurfaceFinder, orderNames } from './surfaces.ts';
import { attributeJesusInContext, type JesusInContextCounts } from './jesus-in-context.ts';
import { type CsvRow, parseCsv } from './csv.ts';
import { compareVerseRefs, isKjvSlot, loadKjvSlots, parseBibleDataReference, parseKjvReference, parseOsisVerse, type VerseRef, withVerse } from './reference.ts';
import type { RelationshipRow } from './relationships.ts';
import { parseStrongsNumbers } from './strongs.ts';

export const PERSON_FILE = 'bibledata/BibleData-Person.csv';
export const PERSON_LABEL_FILE = 'bibledata/BibleData-PersonLabel.csv';
export const PERSON_RELATIONSHIP_FILE = 'bibledata/BibleData-PersonRelationship.csv';
/** The whole Bible; the Tanakh and Apostolic files are its two halves (SOURCES.md, section 6). */
export const PERSON_VERSE_FILE = 'bibledata/BibleData-PersonVerse.csv';

export interface BibleDataPerson {
  /** `Abram_1`; the persons of God have ids of their own (see `divine-persons.ts`). */
  readonly personId: string;
  /** Set on the persons of God only: the BibleData person they come from (none for the Holy Spirit). */
  readonly bibledataId?: string | undefined;
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
  /** BibleData's label for the person in this verse (reverential spellings undone): `Zacharias`. */
  readonly label: string;
  /** The words of the BSB verse (or Psalm title) naming the person, `Zechariah`; absent when none were found. */
  readonly surface?: string;
  readonly ref: VerseRef;
  /** The mention is in a Psalm's title (BibleData verse 0), anchored to verse 1. */
  readonly psalmTitle: boolean;
  /** The Source document of the dataset that names the person there: BibleData, or the BSB's text (the Holy Spirit). */
  readonly source: string;
}

export const BIBLEDATA_SOURCE = 'sources/bibledata';
export const BSB_SOURCE = 'sources/bsb';

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
  /** BibleData person id → `people/<slug>`, the slug of the title (reader-names.ts). */
  readonly documentIds: ReadonlyMap<string, string>;
  /** BibleData person id → the name readers know the person by (reader-names.ts): Abraham for `Abram_1`. */
  readonly titles: ReadonlyMap<string, string>;
  /** BibleData person id → the other ids that answer the document: the one served before, other names' slugs. */
  readonly aliasIds: ReadonlyMap<string, readonly string[]>;
  readonly labels: ReadonlyMap<string, readonly PersonLabel[]>;
  /** In canonical verse order. */
  readonly mentions: readonly PersonMention[];
  readonly mentionSkips: MentionSkips;
  /** Label references that parse but name no KJV verse (left out): `Artaxerxes_1_5: EZR 13:6`. */
  readonly labelReferencesOutside: readonly string[];
  readonly relationships: readonly RelationshipRow[];
  /** How the persons of God were told apart: mentions of YHVH_1 given to Jesus Christ, of YHVH_2 folded into God, verses naming the Holy Spirit. */
  readonly divine: { readonly jesus: number; readonly father: number; readonly holySpirit: number; readonly jesusInContext: JesusInContextCounts };
  /** The KJV verse slots, to check the relationships' references against. */
  readonly slots: KjvSlots;
  /** The BSB's words of a verse (OSIS), when the table was built with the texts. */
  readonly verseText: (osis: string) => string | undefined;
}

export interface PeopleInput {
  readonly persons: readonly CsvRow[];
  readonly labels: readonly CsvRow[];
  readonly verses: readonly CsvRow[];
  readonly relationships: readonly CsvRow[];
  readonly slots: KjvSlots;
  /**
   * The BSB's verse texts: surfaces are looked up in them and the Holy Spirit's verses read from them.
   * Without them (unit tests) a mention's surface is its label and the Holy Spirit is named nowhere.
   */
  readonly texts?: VerseTexts;
}

/**
 * `G-d` → `God`, `G-D` → `GOD`, `g-d` → `god` (in word-for-word meanings: “lamb of g-d”): BibleData's
 * reverential spelling, written as the BSB prints the word. Whole words only (`mig-dole` stays).
 */
export function undoReverentialSpelling(text: string): string {
  return text.replace(/\bG-d\b/g, 'God').replace(/\bG-D\b/g, 'GOD').replace(/\bg-d\b/g, 'god');
}

const clean = (value: string | undefined): string => {
  const text = (value ?? '').trim();
  return text === 'none' ? '' : text;
};

/** Builds the people table from parsed CSV rows (and, when given, the BSB's verse texts). Pure. */
export function createPeopleTable(input: PeopleInput): PeopleTable {
  const divineIds = new Set([GOD_ID, FATHER_ID]);
  const people: BibleDataPerson[] = [
    ...DIVINE_PERSONS,
    ...input.persons
      .map(
        (row): BibleDataPerson => ({
          personId: clean(row.person_id),
          name: clean(row.person_name),
          surname: clean(row.surname),
          uniqueAttribute: undoReverentialSpelling(clean(row.unique_attribute)),
          sex: clean(row.sex),
          tribe: clean(row.tribe),
          notes: clean(row.person_notes),
          nameInstance: Number(row.name_instance) || 0,
          sequence: Number(row.person_sequence) || 0,
        }),
      )
      .filter((person) => !divineIds.has(person.personId)),
  ];
  const known = new Set(people.map((person) => person.personId));
  // PersonVerseTanakh spells YHVH_1 as Yhvh_1: resolve ids without regard to case when exact fails.
  const byFoldedId = new Map([...known, FATHER_ID].map((id) => [id.toLowerCase(), id]));
  const resolveId = (id: string): string | undefined => {
    const found = known.has(id) || id === FATHER_ID ? id : byFoldedId.get(id.toLowerCase());
    return found === undefined ? undefined : resolveDivineId(found);
  };

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
      hebrewMeaning: undoReverentialSpelling(clean(row.hebrew_label_meaning)),
      greek: clean(row.greek_label),
      greekTransliterated: clean(row.greek_label_transliterated),
      greekMeaning: undoReverentialSpelling(clean(row.greek_label_meaning)),
      strongs: [...new Set([...parseStrongsNumbers(row.hebrew_strongs_number ?? ''), ...parseStrongsNumbers(row.greek_strongs_number ?? '')])],
      reference: reference === 'outside' ? undefined : reference,
      type: clean(row.label_type),
    };
    let list = labels.get(personId);
    if (!list) labels.set(personId, (list = []));
    list.push(label);
  }

  const found: Array<{ personId: string; labelId: string; label: string; ref: VerseRef; psalmTitle: boolean; source: string }> = [];
  let placeholder = 0;
  let unknownPerson = 0;
  let badReference = 0;
  let outsideSlots = 0;
  const divine = { jesus: 0, father: 0, holySpirit: 0 };
  for (const row of input.verses) {
    const rawId = clean(row.person_id);
    if (rawId === 'NA' || rawId === '') {
      placeholder++;
      continue;
    }
    let personId = resolveId(rawId);
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
    const label = undoReverentialSpelling(clean(row.person_label));
    if (personId === GOD_ID && rawId.toUpperCase() === GOD_ID) personId = attributeMention(label, ref.book.testament);
    if (personId === JESUS_ID) divine.jesus++;
    if (rawId.toUpperCase() === FATHER_ID) divine.father++;
    found.push({ personId, labelId: clean(row.person_label_id), label, ref, psalmTitle, source: BIBLEDATA_SOURCE });
  }
  if (input.texts) {
    for (const [osis, text] of input.texts.verses) {
      const words = findHolySpirit(text);
      const ref = words === undefined ? undefined : parseOsisVerse(osis);
      if (!ref || !isKjvSlot(input.slots, ref)) continue;
      found.push({ personId: HOLY_SPIRIT_ID, labelId: '', label: words as string, ref, psalmTitle: false, source: BSB_SOURCE });
      divine.holySpirit++;
    }
  }
  found.sort((a, b) => compareVerseRefs(a.ref, b.ref));
  splitDivineLabels(labels, found);

  const located = input.texts ? locateSurfaces(found, labels, people, input.texts) : found.map(({ personId, label, ref, psalmTitle, source }) => ({ personId, label, ...(label ? { surface: label } : {}), ref, psalmTitle, source }));
  const inContext = attributeJesusInContext(located, input.texts?.verses ?? new Map(), input.slots);
  const mentions = inContext.mentions.sort((a, b) => compareVerseRefs(a.ref, b.ref));

  const verseCounts = new Map<string, Set<string>>();
  for (const mention of mentions) {
    let set = verseCounts.get(mention.personId);
    if (!set) verseCounts.set(mention.personId, (set = new Set()));
    set.add(mention.ref.osis);
  }
  const versesOf = (person: BibleDataPerson) => verseCounts.get(person.personId)?.size ?? 0;
  people.sort((a, b) => a.nameInstance - b.nameInstance || a.sequence - b.sequence);
  const verseText = (mention: PersonMention) =>
    mention.psalmTitle ? input.texts?.psalmTitles.get(`${mention.ref.book.osis}.${mention.ref.chapter}`) : input.texts?.verses.get(mention.ref.osis);
  const fixed = new Map(DIVINE_PERSONS.map((person) => [person.personId, person.surname ? `${person.name} ${person.surname}` : person.name]));
  const reader = createReaderNames(people, labels, mentions, verseText, fixed);
  // The ids served before the reader's names (slugs of `person_name`) stay each person's: nobody else takes them.
  const previous = assignPersonSlugs(people, versesOf, (person) => person.name, (person) => distinguishingNames(person, person.name, labels.get(person.personId) ?? []));
  const ownerOf = new Map([...previous].map(([person, slug]) => [slug, person]));
  // The persons of God keep the slug of their name (`people/jesus` for Jesus Christ).
  const slugName = (person: BibleDataPerson) => (fixed.has(person.personId) ? person.name : (reader.titles.get(person.personId) as string));
  const current = assignPersonSlugs(
    people,
    versesOf,
    slugName,
    (person) => distinguishingNames(person, reader.names.get(person.personId) as string, labels.get(person.personId) ?? []),
    (slug) => ownerOf.get(slug),
  );
  const documentIds = new Map([...current].map(([person, slug]) => [person.personId, `people/${slug}`]));
  const aliasIds = createAliasIds(people, current, previous, labels);
  const relationships = input.relationships.map((row): RelationshipRow => {
    const reference = clean(row.reference_id);
    const resolve = (id: string) => {
      const personId = resolveId(id);
      if (personId === GOD_ID && id.toUpperCase() === GOD_ID) return attributeRelationship(testamentOf(reference));
      return personId ?? id;
    };
    return {
      id: clean(row.person_relationship_id),
      sequence: Number(row.person_relationship_sequence) || 0,
      person1: resolve(clean(row.person_id_1)),
      word: clean(row.relationship_type),
      person2: resolve(clean(row.person_id_2)),
      category: clean(row.relationship_category),
      reference,
      notes: clean(row.relationship_notes),
    };
  });

  return {
    people,
    documentIds,
    titles: reader.titles,
    aliasIds,
    labels,
    mentions,
    mentionSkips: { placeholder, unknownPerson, badReference, outsideSlots },
    labelReferencesOutside,
    relationships,
    divine: { ...divine, jesusInContext: inContext.counts },
    slots: input.slots,
    verseText: (osis) => input.texts?.verses.get(osis),
  };
}

const TESTAMENT_BY_USFM = new Map(BOOKS.map((book) => [book.usfm, book.testament]));

/** The testament of a BibleData reference (`MAT 10:2`, a list's first book). */
function testamentOf(reference: string): 'OT' | 'NT' | undefined {
  return TESTAMENT_BY_USFM.get(reference.trim().slice(0, 3).toUpperCase());
}

/**
 * Names that tell a person apart from others of the same name, tried for a slug before a number: the
 * surname (`judas-iscariot`), then the person's other proper names (`jesus-justus`, Colossians 4:11),
 * each after `name`.
 */
function distinguishingNames(person: BibleDataPerson, name: string, labels: readonly PersonLabel[]): string[] {
  const others = labels.filter((label) => label.type === 'proper name' && label.english !== name && !label.english.includes(' ')).map((label) => `${name} ${label.english}`);
  return [...(person.surname && name === person.name ? [`${name} ${person.surname}`] : []), ...new Set(others)];
}

/**
 * Each person's slug, from `name`: people sharing a slug give the plain one to whom the most verses
 * name (the prophet Jeremiah is `jeremiah`), the others, in `people`'s order (name instance, then
 * person sequence), try `alternatives` and then a number (see `assignSlugs`).
 */
function assignPersonSlugs(
  people: readonly BibleDataPerson[],
  versesOf: (person: BibleDataPerson) => number,
  name: (person: BibleDataPerson) => string,
  alternatives: (person: BibleDataPerson) => readonly string[],
  owner?: (slug: string) => BibleDataPerson | undefined,
): Map<BibleDataPerson, string> {
  const most = new Map<string, BibleDataPerson>();
  for (const person of people) {
    const base = slugify(name(person));
    const current = most.get(base);
    if (!current || versesOf(person) > versesOf(current)) most.set(base, person);
  }
  const isMost = (person: BibleDataPerson) => most.get(slugify(name(person))) === person;
  const ordered = [...people.filter(isMost), ...people.filter((person) => !isMost(person))];
  const slugs = assignSlugs(ordered, name, alternatives, owner);
  return new Map(ordered.map((person, index) => [person, slugs[index] as string]));
}

/**
 * The other ids that answer each person's document (`alias_ids`): the id served before the reader's
 * names (`people/abram`), and the slug of each proper name of theirs that no document has and no other
 * person is called (`people/israel` for Jacob, `people/cephas` for Peter). Person id → document ids.
 */
function createAliasIds(
  people: readonly BibleDataPerson[],
  current: ReadonlyMap<BibleDataPerson, string>,
  previous: ReadonlyMap<BibleDataPerson, string>,
  labels: ReadonlyMap<string, readonly PersonLabel[]>,
): Map<string, string[]> {
  const used = new Set([...current.values(), ...previous.values()]);
  const claims = new Map<string, Set<BibleDataPerson>>();
  for (const person of people) {
    for (const label of labels.get(person.personId) ?? []) {
      const slug = label.type === 'proper name' ? slugify(label.english) : '';
      if (slug === '' || used.has(slug)) continue;
      let set = claims.get(slug);
      if (!set) claims.set(slug, (set = new Set()));
      set.add(person);
    }
  }
  const aliases = new Map<string, string[]>();
  const add = (person: BibleDataPerson, slug: string) => {
    let list = aliases.get(person.personId);
    if (!list) aliases.set(person.personId, (list = []));
    if (!list.includes(`people/${slug}`)) list.push(`people/${slug}`);
  };
  for (const person of people) {
    const before = previous.get(person) as string;
    if (before !== current.get(person)) add(person, before);
  }
  for (const [slug, owners] of claims) if (owners.size === 1) add([...owners][0] as BibleDataPerson, slug);
  return aliases;
}

/**
 * YHVH_1's labels go with the person their mentions were attributed to: a label some mention of Jesus
 * Christ uses is his, a label some mention of God uses is God's (both when both do); a label no verse
 * uses goes by the table (`JESUS_LABELS`, first given in the New Testament).
 */
function splitDivineLabels(labels: Map<string, PersonLabel[]>, mentions: readonly { personId: string; labelId: string }[]): void {
  const users = new Map<string, Set<string>>();
  for (const mention of mentions) {
    if (mention.personId !== GOD_ID && mention.personId !== JESUS_ID) continue;
    let set = users.get(mention.labelId);
    if (!set) users.set(mention.labelId, (set = new Set()));
    set.add(mention.personId);
  }
  const god: PersonLabel[] = [];
  const jesus: PersonLabel[] = [];
  for (const label of labels.get(GOD_ID) ?? []) {
    const used = users.get(label.labelId);
    const owners = used ?? new Set([label.reference ? attributeMention(label.english, label.reference.book.testament) : GOD_ID]);
    if (owners.has(GOD_ID)) god.push(label);
    if (owners.has(JESUS_ID)) jesus.push({ ...label, personId: JESUS_ID });
  }
  labels.set(GOD_ID, god);
  labels.set(JESUS_ID, jesus);
}

/**
 * Each mention with the words of the verse that name the person (`surface`, see `createSurfaceFinder`),
 * in two passes per verse: the names found as written first, then spellings, which may not take words
 * another person's mention in the verse was found by.
 */
function locateSurfaces(
  found: readonly { personId: string; label: string; ref: VerseRef; psalmTitle: boolean; source: string }[],
  labels: ReadonlyMap<string, readonly PersonLabel[]>,
  people: readonly BibleDataPerson[],
  texts: VerseTexts,
): PersonMention[] {
  const finder = createSurfaceFinder();
  const byId = new Map(people.map((person) => [person.personId, person]));
  const namesOf = new Map<string, string[]>();
  const names = (personId: string): string[] => {
    let list = namesOf.get(personId);
    if (!list) {
      const person = byId.get(personId);
      list = orderNames([...(labels.get(personId) ?? []).map((label) => label.english), ...(person ? [person.name, ...(person.surname ? [`${person.name} ${person.surname}`] : [])] : [])]);
      namesOf.set(personId, list);
    }
    return list;
  };
  const out: PersonMention[] = [];
  for (let start = 0; start < found.length; ) {
    let end = start;
    const key = (index: number) => `${found[index]?.ref.osis}\u0000${found[index]?.psalmTitle}`;
    while (end < found.length && key(end) === key(start)) end++;
    const group = found.slice(start, end);
    const first = group[0] as (typeof group)[number];
    const text = (first.psalmTitle ? texts.psalmTitles.get(`${first.ref.book.osis}.${first.ref.chapter}`) : texts.verses.get(first.ref.osis)) ?? '';
    const surfaces = group.map((mention) => finder.findWritten(text, mention.label, names(mention.personId)));
    group.forEach((mention, index) => {
      let surface = surfaces[index];
      if (surface === undefined) {
        const taken = new Set(surfaces.filter((other, otherIndex) => other !== undefined && group[otherIndex]?.personId !== mention.personId) as string[]);
        surface = finder.findSpelling(text, mention.label, taken);
      }
      out.push({ personId: mention.personId, label: mention.label, ...(surface !== undefined ? { surface } : {}), ref: mention.ref, psalmTitle: mention.psalmTitle, source: mention.source });
    });
    start = end;
  }
  return out;
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
      loadBsbBooks(context),
    ]).then(([persons, labels, verses, relationships, slots, books]) =>
      createPeopleTable({
        persons: parseCsv(persons),
        labels: parseCsv(labels),
        verses: parseCsv(verses),
        relationships: parseCsv(relationships),
        slots,
        texts: createVerseTexts(books),
      }),
    );
    tablesByContext.set(context, table);
  }
  return table;
}
