// The cross-references collection: `references/cross-references` (a Dataset document) with every
// OpenBible.info row in a data file beside it (`references/cross-references.tsv`), and the rows with
// at least the vote floor materialised on the chapters of their from verse: a `cross_references`
// frontmatter field and a "Cross references" body section whose links join the two chapters.

import { chapterPath } from '@skg/core';
import { type BundleDocument, type BundleFile, escapeMarkdown } from '../document.ts';
import type { FrontmatterValue } from '../frontmatter.ts';
import { type KjvSlots, parseKjvSlots } from '../kjv-slots.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import { getSourceEntry, type SourceEntry } from '../sources-manifest.ts';
import {
  type CrossReferenceCounts,
  type CrossReferenceRow,
  formatCrossReferencesTsv,
  formatTargetLabel,
  formatVerseLabel,
  type ParsedCrossReferences,
  parseCrossReferences,
  parseOsisTarget,
  parseOsisVerse,
  placeRow,
  sortRows,
} from '../xrefs/cross-references.ts';
import type { ChapterSection, Collection, CollectionResult, Generated } from './collection.ts';

const XREFS_FILE = 'openbible-cross-references/cross_references.txt';
const KJV_SLOTS_FILE = 'bibledata/BibleData-Reference.csv';
const FOLDER = 'references';
/** The Dataset document and its data file. */
export const CROSS_REFERENCES_DATASET = { id: `${FOLDER}/cross-references`, title: 'OpenBible.info cross references' } as const;
export const CROSS_REFERENCES_DATA_FILE = `${FOLDER}/cross-references.tsv`;
/** The chapter frontmatter field holding the materialised references. */
export const CROSS_REFERENCES_FIELD = 'cross_references';
const HOME = 'https://www.openbible.info/labs/cross-references/';
const STATUS = { status: 'stable', trust_tier: 'machine-confirmed', stale: false } as const;

export const crossReferencesCollection: Collection = {
  name: 'cross-references',
  folder: { path: FOLDER, title: 'Datasets' },
  needs: [XREFS_FILE, KJV_SLOTS_FILE],
  async build(context) {
    const [parsed, slots] = await Promise.all([
      context.readText(XREFS_FILE).then(parseCrossReferences),
      context.readText(KJV_SLOTS_FILE).then(parseKjvSlots),
    ]);
    return createCrossReferences(
      { parsed, slots, minVotes: context.xrefMinVotes, source: getSourceEntry(context.manifest, 'openbible-cross-references') },
      context.generated,
    );
  },
};

export interface CrossReferencesInput {
  readonly parsed: ParsedCrossReferences;
  readonly slots: KjvSlots;
  /** The vote floor: rows with at least this many votes are materialised on chapters. */
  readonly minVotes: number;
  /** The manifest entry, for licence and attribution. */
  readonly source: SourceEntry;
}

/** A materialised reference, as the chapter's `cross_references` field holds it. */
interface Materialised {
  readonly row: CrossReferenceRow;
  readonly chapter: string;
  readonly targetChapter: string;
  readonly label: string;
}

/** Builds the Dataset document, the data file and the chapter sections. Pure. */
export function createCrossReferences(input: CrossReferencesInput, generated: Generated): CollectionResult {
  const { parsed, slots, minVotes, source } = input;
  const rows = sortRows(parsed.rows);
  const materialised: Materialised[] = [];
  let negativeVotes = 0;
  let zeroVotes = 0;
  let rangeTargets = 0;
  let outsideKjv = 0;
  let unreadable = 0;
  let aboveFloorOutsideKjv = 0;
  let minSeen = Number.POSITIVE_INFINITY;
  let maxSeen = Number.NEGATIVE_INFINITY;
  const warnings: string[] = [];

  for (const row of rows) {
    if (row.votes < 0) negativeVotes++;
    if (row.votes === 0) zeroVotes++;
    if (row.to.includes('-')) rangeTargets++;
    minSeen = Math.min(minSeen, row.votes);
    maxSeen = Math.max(maxSeen, row.votes);
    const place = placeRow(row, slots);
    if (place === 'outside-kjv') outsideKjv++;
    if (place === 'unreadable') {
      unreadable++;
      warnings.push(`${row.from} → ${row.to}: not an OSIS verse or range`);
    }
    if (row.votes < minVotes) continue;
    const from = parseOsisVerse(row.from);
    const to = parseOsisTarget(row.to);
    if (place !== 'kjv' || !from || !to) {
      aboveFloorOutsideKjv++;
      continue;
    }
    materialised.push({
      row,
      chapter: chapterPath(from.book, from.chapter),
      targetChapter: chapterPath(to.start.book, to.start.chapter),
      label: `${formatVerseLabel(from)} → ${formatTargetLabel(to)}`,
    });
  }
  for (const line of parsed.malformed) warnings.push(`cross_references.txt line ${line}: not 'from<TAB>to<TAB>votes'`);

  // Rows come sorted by from verse and votes, so each chapter's list is in verse order, strongest first.
  const byChapter = new Map<string, Materialised[]>();
  for (const reference of materialised) {
    let list = byChapter.get(reference.chapter);
    if (!list) byChapter.set(reference.chapter, (list = []));
    list.push(reference);
  }
  const sourceId = `sources/${source.id}`;
  const chapterSections: ChapterSection[] = [...byChapter].map(([chapter, list]) => ({
    chapter,
    field: CROSS_REFERENCES_FIELD,
    value: list.map((reference): FrontmatterValue => ({ from: reference.row.from, to: reference.row.to, votes: reference.row.votes })),
    body: formatSection(list, minVotes),
    sources: [sourceId],
  }));

  const counts: CrossReferenceCounts = {
    rows: rows.length,
    negativeVotes,
    zeroVotes,
    rangeTargets,
    outsideKjv,
    unreadable,
    minVotes: rows.length > 0 ? minSeen : 0,
    maxVotes: rows.length > 0 ? maxSeen : 0,
    materialised: materialised.length,
    aboveFloorOutsideKjv,
    chaptersWithReferences: byChapter.size,
    sameChapter: materialised.filter((reference) => reference.chapter === reference.targetChapter).length,
  };
  const report: CollectionReport = {
    collection: 'cross-references',
    written: { Dataset: 1 },
    counts: {
      'rows kept': counts.rows,
      'negative votes': counts.negativeVotes,
      'range targets': counts.rangeTargets,
      [`materialised (≥ ${minVotes} votes)`]: counts.materialised,
      'chapters with references': counts.chaptersWithReferences,
    },
    skipped: [
      { what: 'rows', reason: `below ${minVotes} votes: kept in the data file, not materialised`, count: counts.rows - counts.materialised - counts.aboveFloorOutsideKjv },
      { what: 'rows', reason: `${minVotes} votes or more but a verse outside the KJV slots: kept in the data file, not materialised`, count: counts.aboveFloorOutsideKjv },
      { what: 'lines', reason: 'malformed', count: parsed.malformed.length },
    ],
    warnings,
    errors: [],
    upstream: [
      {
        source: 'openbible-cross-references',
        problem: 'rows naming a verse outside the KJV verse slots (3 John 1:15, which the KJV numbers as 1:14)',
        action: 'left',
        how: 'kept in the data file; in no chapter link, /xrefs or /connections figure',
        count: counts.outsideKjv,
      },
      {
        source: 'openbible-cross-references',
        problem: 'rows readers voted below zero',
        action: 'left',
        how: 'kept in the data file; /connections counts them apart (negativeReferences) and weighs nothing by them',
        count: counts.negativeVotes,
      },
    ],
  };
  const file: BundleFile = { path: CROSS_REFERENCES_DATA_FILE, content: formatCrossReferencesTsv(rows) };
  return {
    documents: [createDatasetDocument(counts, parsed.edition, minVotes, source, generated)],
    chapterSections,
    files: [file],
    report,
  };
}

/** The chapter's "Cross references" section: one link per reference, in verse order, strongest first. */
function formatSection(list: readonly Materialised[], minVotes: number): string {
  const lines = list.map((reference) => `- [${escapeMarkdown(reference.label)}](/${reference.targetChapter}) · ${formatCount(reference.row.votes)} votes`);
  return [
    '## Cross references',
    `OpenBible.info cross references with at least ${minVotes} votes, by verse, strongest first ([CC BY](${HOME})).`,
    lines.join('\n'),
  ].join('\n\n');
}

function createDatasetDocument(
  counts: CrossReferenceCounts,
  edition: string,
  minVotes: number,
  source: SourceEntry,
  generated: Generated,
): BundleDocument {
  const editionDate = /\d{4}-\d{2}-\d{2}/.exec(edition)?.[0];
  const below = counts.rows - counts.materialised - counts.aboveFloorOutsideKjv;
  return {
    id: CROSS_REFERENCES_DATASET.id,
    frontmatter: {
      type: 'Dataset',
      title: CROSS_REFERENCES_DATASET.title,
      description: `Every crowd-voted cross reference of OpenBible.info: ${formatCount(counts.rows)} rows; the ${formatCount(counts.materialised)} with at least ${minVotes} votes link their chapters`,
      resource: HOME,
      licence: source.licence,
      attribution: source.attribution,
      ...(editionDate ? { edition: editionDate } : {}),
      min_votes: minVotes,
      data_files: [{ path: CROSS_REFERENCES_DATA_FILE, format: 'tsv', columns: ['from', 'to', 'votes'], rows: counts.rows, licence: source.licence }],
      counts: {
        rows: counts.rows,
        negative_votes: counts.negativeVotes,
        zero_votes: counts.zeroVotes,
        range_targets: counts.rangeTargets,
        outside_kjv: counts.outsideKjv,
        unreadable: counts.unreadable,
        min_votes_seen: counts.minVotes,
        max_votes_seen: counts.maxVotes,
        materialised: counts.materialised,
        materialised_same_chapter: counts.sameChapter,
        chapters_with_references: counts.chaptersWithReferences,
      },
      ...STATUS,
      generated: { ...generated },
      sources: [{ resource: `sources/${source.id}` }],
      tags: ['dataset', 'cross-references'],
    },
    body: [
      `# ${CROSS_REFERENCES_DATASET.title}`,
      `OpenBible.info's cross references${editionDate ? ` (edition ${editionDate})` : ''}: pairs of passages readers voted connected, each with the net votes it received. ` +
        'A cross reference records that two passages are connected, never why: it has no type.',
      `\`cross-references.tsv\` beside this document keeps every row, ${formatCount(counts.rows)} in all, unfiltered. It is tab-separated UTF-8 with a header line ` +
        '`from`, `to`, `votes`: the from verse (OSIS, `John.3.16`), the target verse or range exactly as OpenBible writes it ' +
        '(`Num.21.9`, `1John.4.9-1John.4.10`, across chapters `Gen.4.25-Gen.5.32`) and the net votes (an integer, negative when voted down). ' +
        'Rows are sorted by from verse in Bible order, then votes (highest first), then target in Bible order.',
      [
        `- ${formatCount(counts.negativeVotes)} rows have negative votes and ${formatCount(counts.zeroVotes)} have none; votes run from ${formatCount(counts.minVotes)} to ${formatCount(counts.maxVotes)}.`,
        `- ${formatCount(counts.rangeTargets)} targets are ranges.`,
        `- ${formatCount(counts.outsideKjv)} rows name a verse outside the KJV verse slots (OpenBible numbers verses as the ESV does: 3 John 1:15).`,
        `- ${formatCount(counts.materialised)} rows have at least ${minVotes} votes and name KJV verses only: they are links between chapters ` +
          `(${formatCount(counts.chaptersWithReferences)} chapters hold some; ${formatCount(counts.sameChapter)} point into their own chapter). ` +
          `The other ${formatCount(below + counts.aboveFloorOutsideKjv)} rows are kept here only.`,
      ].join('\n'),
      `The vote floor is a build option (\`skg ingest --xref-min-votes\`, \`SKG_XREF_MIN_VOTES\`; default 20). Each chapter lists the references of its verses ` +
        'with at least that many votes in its `cross_references` field and in a "Cross references" section of links to the target chapters.',
      `Licence: ${source.licence}. ${escapeMarkdown(source.attribution)}.`,
    ].join('\n\n'),
  };
}
