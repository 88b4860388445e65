// The people collection: one Person document per BibleData person (`people/<slug>`), with the
// relations of PersonRelationship.csv folded to one stored edge each, `named-by` links to the Lexeme of
// each proper name, and a `mentions` relation on the chapter for every verse that names the person.

import { slugify } from '@skg/core';
import { escapeMarkdown, type BundleDocument, type BundleFile } from '../document.ts';
import { createDescriptions } from '../bibledata/descriptions.ts';
import { type AlternativeParent, checkFamilies, resolveParents } from '../bibledata/family-check.ts';
import { TRADITIONAL_NAMES } from '../bibledata/traditional-names.ts';
import { GOD_ID } from '../bibledata/divine-persons.ts';
import type { FrontmatterValue } from '../frontmatter.ts';
import { compareText } from '../internal/assign-slugs.ts';
import {
  loadPeopleTable,
  PERSON_FILE,
  PERSON_LABEL_FILE,
  PERSON_RELATIONSHIP_FILE,
  PERSON_VERSE_FILE,
  type PeopleTable,
  type PersonLabel,
  type PersonMention,
} from '../bibledata/people.ts';
import { formatVerseLink, KJV_SLOTS_FILE, parseKjvReference, parseOsisVerse, type VerseRef } from '../bibledata/reference.ts';
import { foldRelationships, type RelationshipRow } from '../bibledata/relationships.ts';
import { getLexemeId, GREEK_STRONGS_FILE, HEBREW_STRONGS_FILE, isNamingStrongs, loadLexemeIds, removeCantillation } from '../bibledata/strongs.ts';
import { USFM_FOLDER } from '../bsb-text.ts';
import { type CollectionReport, formatCount, type SkipCount } from '../report.ts';
import { createPersonCandidates, THEOGRAPHIC_PEOPLE_FILE } from '../theographic/events.ts';
import { createTheographicFamily, type TheographicFamily, type TheographicFamilyFields } from '../theographic/family.ts';
import { createVerseDecoder, THEOGRAPHIC_CHAPTERS_FILE, type TheographicChapter, type TheographicRecord } from '../theographic/verses.ts';
import type { ChapterRelation, Collection, CollectionResult, Generated } from './collection.ts';

const BIBLEDATA = 'sources/bibledata';
const THEOGRAPHIC = 'sources/theographic';

export const peopleCollection: Collection = {
  name: 'people',
  folder: { path: 'people', title: 'People' },
  needs: [
    PERSON_FILE,
    PERSON_LABEL_FILE,
    PERSON_RELATIONSHIP_FILE,
    PERSON_VERSE_FILE,
    KJV_SLOTS_FILE,
    HEBREW_STRONGS_FILE,
    GREEK_STRONGS_FILE,
    USFM_FOLDER,
    THEOGRAPHIC_PEOPLE_FILE,
    THEOGRAPHIC_CHAPTERS_FILE,
  ],
  async build(context) {
    const json = async <T>(file: string) => JSON.parse(await context.readText(file)) as T;
    const [table, lexemes, theographicPeople, chapters] = await Promise.all([
      loadPeopleTable(context),
      loadLexemeIds(context),
      json<TheographicRecord<TheographicFamilyFields>[]>(THEOGRAPHIC_PEOPLE_FILE),
      json<TheographicRecord<TheographicChapter>[]>(THEOGRAPHIC_CHAPTERS_FILE),
    ]);
    const family = createTheographicFamily(
      new Map(theographicPeople.map((record) => [record.id, record.fields])),
      createPersonCandidates(table),
      createVerseDecoder(chapters),
    );
    return createPeopleDocuments(table, lexemes, context.generated, family);
  },
};

interface StoredRelation {
  readonly predicate: string;
  readonly target: string;
  readonly from?: string;
  readonly note?: string;
  readonly source: string;
}

/** A parent left out of the family (family-check.ts) as frontmatter: who, who is kept instead, why, where and whose word. */
function toAlternativeFrontmatter(alternative: AlternativeParent): FrontmatterValue {
  return {
    parent: alternative.parent,
    kept: alternative.kept,
    rule: alternative.rule,
    ...(alternative.from ? { from: alternative.from } : {}),
    ...(alternative.note ? { note: alternative.note } : {}),
    source: alternative.source,
  };
}

/** The relation as frontmatter, keys in the profile's order, absent ones left out. */
function toFrontmatter(relation: StoredRelation): FrontmatterValue {
  return {
    predicate: relation.predicate,
    target: relation.target,
    ...(relation.from ? { from: relation.from } : {}),
    ...(relation.note ? { note: relation.note } : {}),
    source: relation.source,
  };
}

/**
 * Builds the Person documents, the chapter `mentions` relations and `people/index.md` from the people
 * table. `lexemes` is the set of Lexeme ids the Strong's dictionaries give: a `named-by` link to any
 * other id is left out and counted. `theographic`'s family edges are added where BibleData relates the
 * two people no such way (`addTheographicFamily`). Pure.
 */
export function createPeopleDocuments(
  table: PeopleTable,
  lexemes: ReadonlySet<string>,
  generated: Generated,
  theographic: TheographicFamily = { edges: [], unlinked: 0 },
): CollectionResult {
  const documentId = (personId: string) => table.documentIds.get(personId);
  const warnings: string[] = [];

  const unknownRows = table.relationships.filter((row) => !documentId(row.person1) || !documentId(row.person2));
  const folded = foldRelationships(
    table.relationships.filter((row) => documentId(row.person1) && documentId(row.person2)),
    (personId) => documentId(personId) ?? personId,
  );
  for (const [word, count] of folded.unmapped) warnings.push(`relationship word '${word}' (${count} rows) maps to no predicate`);

  const outbound = new Map<string, StoredRelation[]>();
  const predicateCounts = new Map<string, number>();
  // A relationship row's reference that names no KJV verse is left out (the edge is kept, without `from`).
  const relationshipReferencesOutside = new Set<string>();
  const resolveReference = (row: RelationshipRow): VerseRef | undefined => {
    const reference = parseKjvReference(row.reference, table.slots);
    if (reference !== 'outside') return reference;
    relationshipReferencesOutside.add(`${row.id}: ${row.reference}`);
    return undefined;
  };
  for (const relation of folded.relations) {
    const target = documentId(relation.object) as string;
    const from = relation.rows.map(resolveReference).find((ref) => ref !== undefined);
    let list = outbound.get(relation.subject);
    if (!list) outbound.set(relation.subject, (list = []));
    list.push({ predicate: relation.predicate, target, ...(from ? { from: from.osis } : {}), ...(relation.note ? { note: relation.note } : {}), source: BIBLEDATA });
    predicateCounts.set(relation.predicate, (predicateCounts.get(relation.predicate) ?? 0) + 1);
  }

  const added = addTheographicFamily(outbound, theographic, new Map(table.people.map((person) => [table.documentIds.get(person.personId) as string, person.personId])));
  for (const [predicate, count] of added.counts) predicateCounts.set(`${predicate} (Theographic)`, count);

  // One father and one mother each, the others noted (family-check.ts); then what is left to check.
  const sexes = new Map(table.people.map((person) => [documentId(person.personId) as string, person.sex]));
  const sexOf = (id: string) => sexes.get(id) ?? '';
  const byDocument = new Map([...outbound].map(([personId, relations]) => [documentId(personId) as string, relations]));
  const alternativeParents = resolveParents(byDocument, sexOf, table.verseText);
  for (const [personId] of outbound) outbound.set(personId, byDocument.get(documentId(personId) as string) ?? []);
  const contradictions = checkFamilies(byDocument, sexOf);
  for (const contradiction of contradictions) warnings.push(`family of ${contradiction.person}: ${contradiction.kind} (${contradiction.others.join(', ')})`);
  const alternativeCount = (rule: AlternativeParent['rule']) => [...alternativeParents.values()].flat().filter((alternative) => alternative.rule === rule).length;

  const mentionsByPerson = new Map<string, PersonMention[]>();
  const chapterRelations: ChapterRelation[] = [];
  let respelled = 0;
  let unfound = 0;
  for (const mention of table.mentions) {
    if (mention.surface === undefined) unfound++;
    else if (mention.surface.toLowerCase() !== mention.label.toLowerCase()) respelled++;
    const target = documentId(mention.personId) as string;
    let list = mentionsByPerson.get(mention.personId);
    if (!list) mentionsByPerson.set(mention.personId, (list = []));
    list.push(mention);
    chapterRelations.push({
      chapter: mention.ref.chapterId,
      relation: {
        predicate: 'mentions',
        target,
        from: mention.ref.osis,
        ...(mention.surface ? { surface: mention.surface } : {}),
        ...(mention.psalmTitle ? { note: 'Psalm title', inHeading: true } : {}),
        // BibleData's own word, kept where the verse's differ or were not found.
        ...(mention.label && mention.label !== mention.surface ? { label: mention.label } : {}),
        source: mention.source,
      },
    });
  }

  const descriptions = createDescriptions(
    table.people.map((person) => ({
      id: documentId(person.personId) as string,
      title: table.titles.get(person.personId) as string,
      attribute: person.uniqueAttribute,
      sex: person.sex,
      first: mentionsByPerson.get(person.personId)?.[0]?.ref,
    })),
    [...outbound].flatMap(([subject, relations]) => relations.map((relation) => ({ ...relation, subject: documentId(subject) as string, object: relation.target }))),
  );

  let namedBy = 0;
  let unknownLexemes = 0;
  let withoutVerses = 0;
  const documents: BundleDocument[] = [];
  for (const person of table.people) {
    const id = documentId(person.personId) as string;
    const labels = table.labels.get(person.personId) ?? [];
    const naming: StoredRelation[] = [];
    for (const label of labels) {
      if (label.type !== 'proper name') continue;
      for (const strongs of label.strongs.filter(isNamingStrongs)) {
        const target = getLexemeId(strongs);
        if (naming.some((relation) => relation.target === target)) continue;
        if (!lexemes.has(target)) {
          unknownLexemes++;
          continue;
        }
        naming.push({ predicate: 'named-by', target, ...(label.reference ? { from: label.reference.osis } : {}), note: label.english, source: BIBLEDATA });
      }
    }
    namedBy += naming.length;
    const mentions = mentionsByPerson.get(person.personId) ?? [];
    if (mentions.length === 0) withoutVerses++;
    const names = { title: table.titles.get(person.personId) as string, aliasIds: table.aliasIds.get(person.personId) ?? [] };
    const family = { relations: [...(outbound.get(person.personId) ?? []), ...naming], alternativeParents: alternativeParents.get(id) ?? [] };
    documents.push(createPersonDocument(id, person, names, descriptions.get(id), labels, mentions, family, generated));
  }
  documents.sort((a, b) => compareText(a.id, b.id));

  const skipped: SkipCount[] = [
    { what: 'relationship rows', reason: 'restate an edge already stored (the other side of a pair, or a repeated row)', count: folded.folded },
    { what: 'ancestor-of edges', reason: 'the same two people are stored as parent-of', count: folded.superseded },
    ...[...folded.unmapped].map(([word, count]) => ({ what: 'relationship rows', reason: `word '${word}' maps to no predicate`, count })),
    { what: 'relationship rows', reason: 'name a person not in Person.csv', count: unknownRows.length },
    { what: 'person-verse rows', reason: 'placeholder for a verse that names nobody (NA)', count: table.mentionSkips.placeholder },
    { what: 'person-verse rows', reason: 'name a person not in Person.csv', count: table.mentionSkips.unknownPerson },
    { what: 'person-verse rows', reason: 'reference does not parse', count: table.mentionSkips.badReference },
    { what: 'person-verse rows', reason: 'verse outside the KJV slots', count: table.mentionSkips.outsideSlots },
    { what: 'named-by links', reason: "Strong's number with no dictionary entry", count: unknownLexemes },
    { what: 'Theographic family edges', reason: 'BibleData already relates the two people so', count: added.skips.known },
    { what: 'Theographic parents', reason: 'BibleData gives the child parents of its own', count: added.skips.parentedByBibleData },
    { what: 'Theographic parents', reason: "God as a parent (BibleData's creator-of says it)", count: added.skips.divineParent },
    { what: 'Theographic family edges', reason: 'a person matches no Person document', count: theographic.unlinked },
    { what: 'label references', reason: 'verse outside the KJV slots', count: table.labelReferencesOutside.length },
    { what: 'relationship references', reason: 'verse outside the KJV slots', count: relationshipReferencesOutside.size },
  ];
  for (const item of table.labelReferencesOutside) warnings.push(`label ${item}: not a KJV verse, the label is given without a verse`);
  for (const item of relationshipReferencesOutside) warnings.push(`relationship ${item}: not a KJV verse, the relation is stored without a verse`);
  const report: CollectionReport = {
    collection: 'people',
    written: { Person: documents.length },
    counts: {
      ...Object.fromEntries([...predicateCounts].sort(([a], [b]) => compareText(a, b))),
      'named-by': namedBy,
      mentions: chapterRelations.length,
      'people named in no verse': withoutVerses,
      'family contradictions left': contradictions.length,
    },
    skipped,
    warnings,
    errors: [],
    upstream: [
      { source: 'bibledata', problem: 'verse mentions of Jesus Christ filed under YHVH_1 (God)', action: 'corrected', how: 'attributed to people/jesus by their label (New Testament verses, docs/bundle-format.md)', count: table.divine.jesus },
      { source: 'bibledata', problem: '"Lord" filed under God where the verse makes it Jesus ("Christ the Lord", "I am Jesus", said to Him or answered by Jesus in the Gospels)', action: 'corrected', how: 'attributed to people/jesus (docs/bundle-format.md, "In the verse\'s own words")', count: table.divine.jesusInContext.lord },
      { source: 'bibledata', problem: 'New Testament verses naming Christ or the Son with no row for Jesus', action: 'corrected', how: 'a mention of people/jesus with the verse\'s words, source sources/bsb', count: table.divine.jesusInContext.named },
      { source: 'bibledata', problem: 'verse mentions of the Father filed as a second YHVH (YHVH_2)', action: 'corrected', how: 'folded into people/god', count: table.divine.father },
      { source: 'bibledata', problem: 'verses naming the Holy Spirit, who has no person', action: 'corrected', how: 'people/holy-spirit, named where the BSB writes Spirit with a capital', count: table.divine.holySpirit },
      { source: 'bibledata', problem: "mention labels that are not the BSB verse's words (KJV spellings such as Zacharias for Zechariah, fuller titles such as LORD God of Israel)", action: 'corrected', how: "surface is the verse's words, the label kept as label and the spelling added to aliases", count: respelled },
      { source: 'bibledata', problem: "mention labels not in the verse's words (a pronoun, Ammon for the Ammonites)", action: 'left', how: 'no surface; the label kept as label', count: unfound },
      { source: 'bibledata', problem: 'concubines among the spouses', action: 'corrected', how: 'concubine-of, listed apart in /family', count: predicateCounts.get('concubine-of') ?? 0 },
      { source: 'bibledata', problem: 'couples who are parents together with no marriage', action: 'corrected', how: "Theographic's partners, source sources/theographic", count: added.counts.get('spouse-of') ?? 0 },
      { source: 'theographic', problem: "fathers and mothers that differ from BibleData's", action: 'left', how: "BibleData's parents kept, Theographic's left out", count: added.skips.parentedByBibleData },
      { source: 'bibledata', problem: 'a second father or mother (Heli and Jacob for Joseph, Luke 3:23 and Matthew 1:16)', action: 'corrected', how: 'the parent of the earlier verse kept (BibleData before Theographic), the other in alternative_parents', count: alternativeCount('one-father-one-mother') },
      { source: 'bibledata', problem: 'a grandparent stated as parent (Maacah of Asa, 1 Kings 15:10)', action: 'corrected', how: "the grandparent only, where the BSB's verse says grandmother or grandfather; the edge in alternative_parents", count: alternativeCount('grandparent') },
    ],
  };
  return { documents, chapterRelations, files: [createPeopleIndex(documents)], report };
}

/** Words in capitals only: an inscription's (the titulus, John 19:19), unless the BSB's capitals for the divine name (LORD, GOD). */
const CAPITALS = /^[^\p{Ll}]*$/u;
const DIVINE_NAME = /\b(LORD|GOD)\b/;

function createPersonDocument(
  id: string,
  person: PeopleTable['people'][number],
  names: { readonly title: string; readonly aliasIds: readonly string[] },
  description: string | undefined,
  labels: readonly PersonLabel[],
  mentions: readonly PersonMention[],
  family: { readonly relations: readonly StoredRelation[]; readonly alternativeParents: readonly AlternativeParent[] },
  generated: Generated,
): BundleDocument {
  const { title } = names;
  const { relations, alternativeParents } = family;
  const verses = new Map<string, VerseRef>();
  for (const mention of mentions) verses.set(mention.ref.osis, mention.ref);
  const first = mentions[0]?.ref;
  const last = mentions.at(-1)?.ref;
  // BibleData's name (Abram for Abraham) and labels, the tradition's names (Herod the Great), then the BSB's spellings of them (`Zechariah` for
  // BibleData's `Zacharias`), except words of an inscription (JESUS OF NAZARETH, THE KING OF THE JEWS).
  const labelled = new Set(labels.map((label) => label.english.toLowerCase()));
  const isInscription = (surface: string) => CAPITALS.test(surface) && !DIVINE_NAME.test(surface) && !labelled.has(surface.toLowerCase());
  const surfaces = mentions.map((mention) => mention.surface ?? '').filter((surface) => !isInscription(surface));
  const traditional = TRADITIONAL_NAMES.get(person.personId) ?? [];
  const aliases = unique([person.name, ...labels.map((label) => label.english), ...traditional, ...surfaces]).filter((alias) => alias !== title);
  const variants = unique(
    labels.flatMap((label) => [
      removeCantillation(label.hebrew),
      label.hebrewTransliterated,
      label.greek,
      label.greekTransliterated,
      // A title's Strong's numbers are its common words ("the", "servant"): only names' numbers help search.
      ...(label.type === 'proper name' ? label.strongs : []),
    ]),
  );
  // A relation from Theographic (CC BY-SA 4.0) makes the document share-alike.
  const shareAlike = relations.some((relation) => relation.source === THEOGRAPHIC);
  const tags = [person.sex.toLowerCase(), person.tribe ? `tribe-${slugify(person.tribe)}` : '', shareAlike ? 'share-alike' : ''].filter((tag) => tag !== '');
  const sources = new Set([...('bibledataId' in person && person.bibledataId === undefined ? [] : [BIBLEDATA]), ...mentions.map((mention) => mention.source)]);
  if (shareAlike) sources.add(THEOGRAPHIC);
  return {
    id,
    frontmatter: {
      type: 'Person',
      title,
      description,
      sex: person.sex || undefined,
      tribe: person.tribe || undefined,
      verse_count: verses.size,
      first_reference: first?.osis,
      last_reference: last?.osis,
      bibledata_id: 'bibledataId' in person ? person.bibledataId : person.personId,
      alias_ids: names.aliasIds.length > 0 ? [...names.aliasIds] : undefined,
      aliases: aliases.length > 0 ? aliases : undefined,
      name_variants: variants.length > 0 ? variants : undefined,
      alternative_parents: alternativeParents.length > 0 ? alternativeParents.map(toAlternativeFrontmatter) : undefined,
      share_alike: shareAlike || undefined,
      status: 'stable',
      trust_tier: 'machine-confirmed',
      stale: false,
      generated: { ...generated },
      sources: [...sources].sort().map((resource) => ({ resource })),
      tags,
      relations: relations.map(toFrontmatter),
    },
    body: [formatPersonBody(title, description, person, labels, verses.size, first, last), ...(alternativeParents.length > 0 ? [formatAlternativeParents(alternativeParents)] : [])].join('\n\n'),
  };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
}

const ALTERNATIVE_REASONS: Readonly<Record<AlternativeParent['rule'], string>> = {
  'one-father-one-mother': 'kept as the parent instead',
  grandparent: "this person's parent, whose parent they are",
};

/** The parents left out of the family (family-check.ts), each with its verse, source and who is kept. */
function formatAlternativeParents(alternatives: readonly AlternativeParent[]): string {
  const lines = alternatives.map((alternative) => {
    const ref = alternative.from ? parseOsisVerse(alternative.from) : undefined;
    const where = ref ? ` at ${formatVerseLink(ref)}` : '';
    const word = alternative.note ? ` (${escapeMarkdown(alternative.note)})` : '';
    return `- [${alternative.parent}](/${alternative.parent})${word}${where}, ${alternative.source}; [${alternative.kept}](/${alternative.kept}) ${ALTERNATIVE_REASONS[alternative.rule]}`;
  });
  return `## Other parents stated\n\nThe sources also give these parents; one father and one mother are kept as the family.\n\n${lines.join('\n')}`;
}

function formatPersonBody(
  title: string,
  description: string | undefined,
  person: PeopleTable['people'][number],
  labels: readonly PersonLabel[],
  verseCount: number,
  first: VerseRef | undefined,
  last: VerseRef | undefined,
): string {
  const blocks = [`# ${escapeMarkdown(title)}`];
  if (description) blocks.push(escapeMarkdown(description));
  if (person.notes) blocks.push(`*${escapeMarkdown(person.notes)}*`);
  if (first && last) {
    blocks.push(
      verseCount === 1
        ? `Named in one verse: ${formatVerseLink(first)}.`
        : `Named in ${formatCount(verseCount)} verses, from ${formatVerseLink(first)} to ${formatVerseLink(last)}.`,
    );
  }
  if (labels.length > 0) blocks.push(`## Names\n\n${labels.map(formatLabel).join('\n')}`);
  return blocks.join('\n\n');
}

function formatLabel(label: PersonLabel): string {
  const original = (word: string, transliterated: string, meaning: string) =>
    [word, transliterated ? `*${escapeMarkdown(transliterated)}*` : '', meaning ? `“${escapeMarkdown(meaning)}”` : ''].filter(Boolean).join(' ');
  const parts = [
    label.hebrew || label.hebrewTransliterated ? `Hebrew ${original(label.hebrew, label.hebrewTransliterated, label.hebrewMeaning)}` : '',
    label.greek || label.greekTransliterated ? `Greek ${original(label.greek, label.greekTransliterated, label.greekMeaning)}` : '',
    label.strongs.length > 0 ? `Strong's ${label.strongs.join(', ')}` : '',
    label.reference ? `first at ${formatVerseLink(label.reference)}` : '',
  ].filter(Boolean);
  return `- **${escapeMarkdown(label.english)}** (${label.type || 'name'})${parts.length > 0 ? `: ${parts.join('; ')}` : ''}`;
}

function createPeopleIndex(documents: readonly BundleDocument[]): BundleFile {
  const lines = documents.map((document) => {
    const description = document.frontmatter.description;
    return `- [${escapeMarkdown(String(document.frontmatter.title))}](/${document.id})${typeof description === 'string' ? `: ${escapeMarkdown(description)}` : ''}`;
  });
  const content = [
    '# People',
    `The ${formatCount(documents.length)} people BibleData names, with their families (each relation stored once) and the verses that name them.`,
    lines.join('\n'),
  ].join('\n\n');
  return { path: 'people/index.md', content: `${content}\n` };
}

/** BibleData predicates that already say what a Theographic edge of this predicate would. */
const SAID_BY_BIBLEDATA: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  'spouse-of': ['spouse-of', 'concubine-of'],
  'parent-of': ['parent-of', 'ancestor-of'],
}));

/** Theographic family edges left out, by reason. */
interface TheographicSkips {
  /** BibleData relates the two people the same way (`SAID_BY_BIBLEDATA`). */
  known: number;
  /** A parent of a child BibleData gives parents of its own (on the pinned data most differ from BibleData's). */
  parentedByBibleData: number;
  /** God as a parent (Adam, Eve): BibleData's creator-of says it. */
  divineParent: number;
}

/**
 * Adds Theographic's family edges to `outbound` (keyed by BibleData person id; `personIds` maps a
 * document id back to it), with `source: sources/theographic` and Theographic's word as the note:
 * partners where BibleData has no spouse-of or concubine-of between the two; a father or mother only
 * for a child BibleData gives no parent at all (Joseph, father of Jesus Christ), never God. Returns
 * how many were added by predicate and how many were left out, by reason.
 */
function addTheographicFamily(
  outbound: Map<string, StoredRelation[]>,
  theographic: TheographicFamily,
  personIds: ReadonlyMap<string, string>,
): { counts: Map<string, number>; skips: TheographicSkips } {
  const related = new Set<string>();
  const parented = new Set<string>();
  for (const [personId, relations] of outbound) {
    for (const relation of relations) {
      related.add(`${relation.predicate}\u0000${personId}\u0000${personIds.get(relation.target)}`);
      if (relation.predicate === 'parent-of') parented.add(personIds.get(relation.target) ?? '');
    }
  }
  const says = (predicate: string, a: string, b: string) => related.has(`${predicate}\u0000${a}\u0000${b}`) || related.has(`${predicate}\u0000${b}\u0000${a}`);
  const counts = new Map<string, number>();
  const skips: TheographicSkips = { known: 0, parentedByBibleData: 0, divineParent: 0 };
  for (const edge of theographic.edges) {
    const subject = personIds.get(edge.subject);
    const object = personIds.get(edge.object);
    if (subject === undefined || object === undefined) continue;
    if ((SAID_BY_BIBLEDATA.get(edge.predicate) ?? [edge.predicate]).some((predicate) => says(predicate, subject, object))) {
      skips.known++;
      continue;
    }
    if (edge.predicate === 'parent-of' && parented.has(object)) {
      skips.parentedByBibleData++;
      continue;
    }
    if (edge.predicate === 'parent-of' && subject === GOD_ID) {
      skips.divineParent++;
      continue;
    }
    let list = outbound.get(subject);
    if (!list) outbound.set(subject, (list = []));
    list.push({ predicate: edge.predicate, target: edge.object, note: edge.note, source: THEOGRAPHIC });
    counts.set(edge.predicate, (counts.get(edge.predicate) ?? 0) + 1);
  }
  return { counts, skips };
}
