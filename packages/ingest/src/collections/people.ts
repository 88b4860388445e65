// The people collection: one Person document per BibleData person (`people/<slug>`), with the
// relations of PersonRelationship.csv folded to one stored edge each, `named-by` links to the Lexeme of
// each proper name, and a `mentions` relation on the chapter for every verse that names the person.

import { slugify } from '@skg/core';
import { escapeMarkdown, type BundleDocument, type BundleFile } from '../document.ts';
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
import { formatVerseLink, KJV_SLOTS_FILE, parseKjvReference, type VerseRef } from '../bibledata/reference.ts';
import { foldRelationships, type RelationshipRow } from '../bibledata/relationships.ts';
import { getLexemeId, GREEK_STRONGS_FILE, HEBREW_STRONGS_FILE, isNamingStrongs, loadLexemeIds, removeCantillation } from '../bibledata/strongs.ts';
import { type CollectionReport, formatCount, type SkipCount } from '../report.ts';
import type { ChapterRelation, Collection, CollectionResult, Generated } from './collection.ts';

const BIBLEDATA = 'sources/bibledata';

export const peopleCollection: Collection = {
  name: 'people',
  folder: { path: 'people', title: 'People' },
  needs: [PERSON_FILE, PERSON_LABEL_FILE, PERSON_RELATIONSHIP_FILE, PERSON_VERSE_FILE, KJV_SLOTS_FILE, HEBREW_STRONGS_FILE, GREEK_STRONGS_FILE],
  async build(context) {
    const [table, lexemes] = await Promise.all([loadPeopleTable(context), loadLexemeIds(context)]);
    return createPeopleDocuments(table, lexemes, context.generated);
  },
};

interface StoredRelation {
  readonly predicate: string;
  readonly target: string;
  readonly from?: string;
  readonly note?: string;
  readonly source: string;
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
 * other id is left out and counted. Pure.
 */
export function createPeopleDocuments(table: PeopleTable, lexemes: ReadonlySet<string>, generated: Generated): CollectionResult {
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

  const mentionsByPerson = new Map<string, PersonMention[]>();
  const chapterRelations: ChapterRelation[] = [];
  for (const mention of table.mentions) {
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
        ...(mention.psalmTitle ? { note: 'Psalm title' } : {}),
        source: BIBLEDATA,
      },
    });
  }

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
    documents.push(createPersonDocument(id, person, labels, mentions, [...(outbound.get(person.personId) ?? []), ...naming], generated));
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
    },
    skipped,
    warnings,
    errors: [],
  };
  return { documents, chapterRelations, files: [createPeopleIndex(documents)], report };
}

function createPersonDocument(
  id: string,
  person: PeopleTable['people'][number],
  labels: readonly PersonLabel[],
  mentions: readonly PersonMention[],
  relations: readonly StoredRelation[],
  generated: Generated,
): BundleDocument {
  const title = person.surname ? `${person.name} ${person.surname}` : person.name;
  const verses = new Map<string, VerseRef>();
  for (const mention of mentions) verses.set(mention.ref.osis, mention.ref);
  const first = mentions[0]?.ref;
  const last = mentions.at(-1)?.ref;
  const aliases = unique(labels.map((label) => label.english)).filter((alias) => alias !== title && alias !== person.name);
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
  const tags = [person.sex.toLowerCase(), person.tribe ? `tribe-${slugify(person.tribe)}` : ''].filter((tag) => tag !== '');
  return {
    id,
    frontmatter: {
      type: 'Person',
      title,
      description: person.uniqueAttribute || undefined,
      sex: person.sex || undefined,
      tribe: person.tribe || undefined,
      verse_count: verses.size,
      first_reference: first?.osis,
      last_reference: last?.osis,
      bibledata_id: person.personId,
      aliases: aliases.length > 0 ? aliases : undefined,
      name_variants: variants.length > 0 ? variants : undefined,
      status: 'stable',
      trust_tier: 'machine-confirmed',
      stale: false,
      generated: { ...generated },
      sources: [{ resource: BIBLEDATA }],
      tags,
      relations: relations.map(toFrontmatter),
    },
    body: formatPersonBody(title, person, labels, verses.size, first, last),
  };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
}

function formatPersonBody(
  title: string,
  person: PeopleTable['people'][number],
  labels: readonly PersonLabel[],
  verseCount: number,
  first: VerseRef | undefined,
  last: VerseRef | undefined,
): string {
  const blocks = [`# ${escapeMarkdown(title)}`];
  if (person.uniqueAttribute) blocks.push(escapeMarkdown(person.uniqueAttribute));
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
