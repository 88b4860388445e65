// The epochs collection: one Epoch document per row of BibleData-Epoch.csv (`epochs/<slug>`): lives,
// reigns, judgeships, periods, dated in years after creation (AH) in BibleData's chronology, with the
// person they are about (`involves`) and the verses their dates rest on (`narrated-in`).

import { slugify } from '@skg/core';
import { type BundleDocument, type BundleFile, escapeMarkdown } from '../document.ts';
import type { FrontmatterValue } from '../frontmatter.ts';
import { assignSlugs, compareText } from '../internal/assign-slugs.ts';
import { type CsvRow, parseCsv } from '../bibledata/csv.ts';
import {
  loadPeopleTable,
  PERSON_FILE,
  PERSON_LABEL_FILE,
  PERSON_RELATIONSHIP_FILE,
  PERSON_VERSE_FILE,
  undoReverentialSpelling,
} from '../bibledata/people.ts';
import { isKjvSlot, KJV_SLOTS_FILE, loadKjvSlots, parseBibleDataReference, type VerseRef } from '../bibledata/reference.ts';
import type { KjvSlots } from '../kjv-slots.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import type { Collection, CollectionResult, Generated } from './collection.ts';

export const EPOCH_FILE = 'bibledata/BibleData-Epoch.csv';
const BIBLEDATA = 'sources/bibledata';

export const epochsCollection: Collection = {
  name: 'epochs',
  folder: { path: 'epochs', title: 'Epochs' },
  needs: [EPOCH_FILE, PERSON_FILE, PERSON_LABEL_FILE, PERSON_RELATIONSHIP_FILE, PERSON_VERSE_FILE, KJV_SLOTS_FILE],
  async build(context) {
    const [rows, people, slots] = await Promise.all([context.readText(EPOCH_FILE).then(parseCsv), loadPeopleTable(context), loadKjvSlots(context)]);
    return createEpochDocuments(rows, people.documentIds, slots, context.generated);
  },
};

/** `The Life of Adam` → `life-of-adam`: the epoch's name without a leading article. */
export function getEpochSlugBase(name: string): string {
  return slugify(name.replace(/^the\s+/i, ''));
}

const integer = (value: string | undefined): number | undefined => (value !== undefined && /^-?\d+$/.test(value.trim()) ? Number(value) : undefined);

/**
 * Rows BibleData gets wrong, found by their id and the verse their description quotes, with the
 * columns to put right. The second `Reign_of_Ahaziah` row quotes 2KI 8:25–26, the reign of Ahaziah of
 * Judah, but repeats the person, years and verses of the first, Ahaziah of Israel (1KI 22:51): two
 * "reign of Ahaziah" epochs for one king, the same `narrated-in` twice, and none for the other. Its
 * figures are BibleData's own, from its `Life_of_Ahaziah_2` row: he became king in 3121, at 22, and
 * died that year (2KI 9:27); he reigned one year (2KI 8:26).
 */
const EPOCH_CORRECTIONS: ReadonlyArray<{ readonly id: string; readonly quotes: string; readonly columns: Readonly<Record<string, string>> }> = [
  {
    id: 'Reign_of_Ahaziah',
    quotes: '(2KI 8:25)',
    columns: {
      epoch_name: 'The reign of Ahaziah of Judah',
      person_id: 'Ahaziah_2',
      start_year_ah: '3121',
      end_year_ah: '3121',
      period_length: '1',
      start_year_calculation: "The year Ahaziah of Judah's reign began, as BibleData's Life_of_Ahaziah_2 reckons it (born 3099, king at 22) = 3121",
      start_year_reference_id: '2KI 8:25',
      end_year_calculation: "The year Ahaziah of Judah's reign ended is the year he died (Life_of_Ahaziah_2) = 3121",
      end_year_reference_id: '2KI 9:27',
      period_length_reference_id: '2KI 8:26',
      epoch_notes: '',
    },
  },
];

/** The rows with EPOCH_CORRECTIONS applied, and how many were corrected. */
function correctEpochRows(rows: readonly CsvRow[]): { rows: CsvRow[]; corrected: number } {
  let corrected = 0;
  const out = rows.map((row) => {
    const correction = EPOCH_CORRECTIONS.find((entry) => row.epoch_id === entry.id && (row.epoch_description ?? '').includes(entry.quotes));
    if (!correction) return row;
    corrected++;
    return { ...row, ...correction.columns };
  });
  return { rows: out, corrected };
}

/** The three references an epoch's dates rest on, with what each one dates. */
const REFERENCE_COLUMNS = [
  ['start_year_reference_id', 'start year'],
  ['end_year_reference_id', 'end year'],
  ['period_length_reference_id', 'length'],
] as const;

/**
 * Builds the Epoch documents and `epochs/index.md` from the CSV rows. `people` maps BibleData person
 * ids to Person documents. Epochs sharing a name (four pairs of same-named kings) are told apart by
 * start year: the earlier keeps the plain slug. Pure.
 */
export function createEpochDocuments(input: readonly CsvRow[], people: ReadonlyMap<string, string>, slots: KjvSlots, generated: Generated): CollectionResult {
  const { rows, corrected } = correctEpochRows(input);
  const reverential = rows.filter((row) => Object.values(row).some((value) => value?.includes('G-d'))).length;
  const ordered = rows
    .map((row, index) => ({ row, index, start: integer(row.start_year_ah) }))
    .sort((a, b) => (a.start ?? Infinity) - (b.start ?? Infinity) || a.index - b.index);
  const slugs = assignSlugs(ordered, (entry) => getEpochSlugBase(entry.row.epoch_name ?? ''));

  let unknownPeople = 0;
  let badReferences = 0;
  let involves = 0;
  let narratedIn = 0;
  const types = new Map<string, number>();
  const documents: BundleDocument[] = ordered.map(({ row }, index) => {
    const id = `epochs/${slugs[index]}`;
    const type = (row.epoch_type ?? '').trim().toLowerCase();
    types.set(type, (types.get(type) ?? 0) + 1);
    const relations: FrontmatterValue[] = [];
    const personId = (row.person_id ?? '').trim();
    if (personId !== '') {
      const target = people.get(personId);
      if (target) {
        relations.push({ predicate: 'involves', target, source: BIBLEDATA });
        involves++;
      } else unknownPeople++;
    }
    // One narrated-in per verse; a verse dating several things says so in one note.
    const anchored = new Map<string, { ref: VerseRef; notes: string[] }>();
    for (const [column, what] of REFERENCE_COLUMNS) {
      const text = (row[column] ?? '').trim();
      if (text === '') continue;
      const ref = parseBibleDataReference(text);
      if (!ref || !isKjvSlot(slots, ref)) {
        badReferences++;
        continue;
      }
      const entry = anchored.get(ref.osis) ?? { ref, notes: [] };
      entry.notes.push(what);
      anchored.set(ref.osis, entry);
    }
    for (const { ref, notes } of anchored.values()) {
      relations.push({ predicate: 'narrated-in', target: ref.chapterId, from: ref.osis, note: notes.join(', '), source: BIBLEDATA });
      narratedIn++;
    }
    return createEpochDocument(id, row, type, relations, generated);
  });
  documents.sort((a, b) => compareText(a.id, b.id));

  const report: CollectionReport = {
    collection: 'epochs',
    written: { Epoch: documents.length },
    counts: {
      involves,
      'narrated-in': narratedIn,
      ...Object.fromEntries([...types].sort(([a], [b]) => compareText(a, b)).map(([type, count]) => [`epoch-${type}`, count])),
    },
    skipped: [
      { what: 'person links', reason: 'name a person not in Person.csv', count: unknownPeople },
      { what: 'references', reason: 'do not parse or name no KJV verse', count: badReferences },
    ],
    warnings: [],
    errors: [],
    upstream: [
      {
        source: 'bibledata',
        problem: 'epoch rows repeating another row\'s person, years and verses under its id (Reign_of_Ahaziah: Ahaziah of Judah given Ahaziah of Israel\'s)',
        action: 'corrected',
        how: "the row's own king, with BibleData's figures for him (its Life_of_Ahaziah_2 row)",
        count: corrected,
      },
      {
        source: 'bibledata',
        problem: 'epoch texts writing God as "G-d" (reverential spelling)',
        action: 'corrected',
        how: 'written God, as the BSB prints it',
        count: reverential,
      },
    ],
  };
  return { documents, files: [createEpochsIndex(documents)], report };
}

function describeEpoch(type: string, start: number | undefined, end: number | undefined, length: number | undefined): string {
  const years = start === undefined ? '' : end === undefined ? `from year ${start}` : `years ${start}–${end}`;
  const span = length === undefined ? '' : ` (${formatCount(length)} ${length === 1 ? 'year' : 'years'})`;
  return `${type ? `${type[0]?.toUpperCase()}${type.slice(1)}` : 'Epoch'}${years ? `, ${years} after creation` : ''}${span}`;
}

function createEpochDocument(id: string, row: CsvRow, type: string, relations: readonly FrontmatterValue[], generated: Generated): BundleDocument {
  const start = integer(row.start_year_ah);
  const end = integer(row.end_year_ah);
  const length = integer(row.period_length);
  const title = undoReverentialSpelling((row.epoch_name ?? '').trim());
  const description = describeEpoch(type, start, end, length);
  const body = [`# ${escapeMarkdown(title)}`, `${escapeMarkdown(description)}, in BibleData's chronology (AH: years counted from creation, creation = 1).`];
  const text = undoReverentialSpelling((row.epoch_description ?? '').trim());
  if (text) body.push(formatParagraphs(text));
  const calculations = [
    ['Start year', row.start_year_calculation],
    ['End year', row.end_year_calculation],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()));
  if (calculations.length > 0) {
    body.push(`## How the years are reckoned\n\n${calculations.map(([what, how]) => `- ${what}: ${escapeMarkdown(undoReverentialSpelling(how.trim()))}`).join('\n')}`);
  }
  const notes = undoReverentialSpelling((row.epoch_notes ?? '').trim());
  if (notes) body.push(`## Notes\n\n${formatParagraphs(notes)}`);
  return {
    id,
    frontmatter: {
      type: 'Epoch',
      title,
      description,
      start_year_ah: start,
      end_year_ah: end,
      length_years: length,
      epoch_type: type || undefined,
      bibledata_id: (row.epoch_id ?? '').trim() || undefined,
      status: 'draft',
      trust_tier: 'machine-confirmed',
      stale: false,
      generated: { ...generated },
      sources: [{ resource: BIBLEDATA }],
      tags: type ? [`epoch-${slugify(type)}`] : [],
      relations: [...relations],
    },
    body: body.join('\n\n'),
  };
}

/** Multi-line CSV text as markdown paragraphs, each line kept as written. */
function formatParagraphs(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) =>
      paragraph
        .split(/\r?\n/)
        .map((line) => escapeMarkdown(line.trim()))
        .filter(Boolean)
        .join('  \n'),
    )
    .filter(Boolean)
    .join('\n\n');
}

function createEpochsIndex(documents: readonly BundleDocument[]): BundleFile {
  const ordered = [...documents].sort(
    (a, b) => (Number(a.frontmatter.start_year_ah) || Infinity) - (Number(b.frontmatter.start_year_ah) || Infinity) || compareText(a.id, b.id),
  );
  const lines = ordered.map((document) => `- [${escapeMarkdown(String(document.frontmatter.title))}](/${document.id}): ${escapeMarkdown(String(document.frontmatter.description))}`);
  const content = [
    '# Epochs',
    `${formatCount(documents.length)} periods of biblical chronology from BibleData, in order of their start year (AH: years after creation).`,
    lines.join('\n'),
  ].join('\n\n');
  return { path: 'epochs/index.md', content: `${content}\n` };
}
