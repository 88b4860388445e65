// The commandments collection: the 613 commandments of BibleData, one Commandment document each at
// `commandments/<nnn>-<slug>`, `stated-in` the chapter of its verse (anchored to the verse). The body
// holds the BSB verse and the Hebrew text BibleData gives. BibleData's Greek (Septuagint) column is
// left out on purpose: it appears to be a modern critical edition whose copyright is not cleared.

import { chapterPath, formatBookName, slugify } from '@skg/core';
import { type BundleDocument, type BundleFile, escapeMarkdown } from '../document.ts';
import { undoReverentialSpelling } from '../bibledata/people.ts';
import { cleanHebrewVerse, readLeadingNumeral } from '../commandments/original-text.ts';
import { type CommandmentRow, parseCommandments } from '../commandments/commandments-csv.ts';
import { type KjvSlots, parseKjvSlots } from '../kjv-slots.ts';
import { formatOsisVerse, isKjvSlot, parseUsxVerse } from '../naves/references.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import { selectSourceFiles } from '../sources-manifest.ts';
import { formatVerseKey } from '../speakers.ts';
import { parseUsfm } from '../usfm.ts';
import type { Collection, CollectionResult, Generated } from './collection.ts';

const COMMANDMENTS_FILE = 'bibledata/BibleData-Commandments.csv';
const KJV_SLOTS_FILE = 'bibledata/BibleData-Reference.csv';
const USFM_FOLDER = 'bsb/usfm/';
const BIBLEDATA = 'sources/bibledata';
const BSB = 'sources/bsb';
const FOLDER = 'commandments';
const STATUS = { status: 'stable', trust_tier: 'machine-confirmed', stale: false } as const;
/** Longest slug after the number, cut at a hyphen. */
const SLUG_LENGTH = 48;
const COUNT = 613;

export const commandmentsCollection: Collection = {
  name: 'commandments',
  folder: { path: FOLDER, title: 'The 613 commandments' },
  needs: [COMMANDMENTS_FILE, KJV_SLOTS_FILE, USFM_FOLDER],
  async build(context) {
    const [rows, slots] = await Promise.all([
      context.readText(COMMANDMENTS_FILE).then(parseCommandments),
      context.readText(KJV_SLOTS_FILE).then(parseKjvSlots),
    ]);
    // Only the books the commandments cite are read from the BSB (the five books of the Torah).
    const codes = new Set(rows.map((row) => row.reference.slice(0, 3)));
    const files = selectSourceFiles(context.manifest, [USFM_FOLDER]).filter((file) => codes.has(/([1-4A-Z]{3})BSB\.SFM$/i.exec(file.path)?.[1] ?? ''));
    const verses = new Map<string, string>();
    for (const file of files) {
      const book = parseUsfm(await context.readText(file.path));
      for (const chapter of book.chapters) {
        for (const verse of chapter.verses) verses.set(formatVerseKey(book.code, chapter.chapter, verse.verse), verse.text);
      }
    }
    return createCommandmentDocuments(rows, { slots, verses }, context.generated);
  },
};

export interface CommandmentTexts {
  readonly slots: KjvSlots;
  /** BSB verse text by `EXO 20:2`. */
  readonly verses: ReadonlyMap<string, string>;
}

/** `001-know-there-is-a-god`: the number on three digits and the concept's slug, cut at a hyphen. */
export function formatCommandmentSlug(number: number, concept: string): string {
  let slug = slugify(concept);
  if (slug.length > SLUG_LENGTH) {
    const cut = slug.slice(0, SLUG_LENGTH + 1);
    slug = cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : SLUG_LENGTH);
  }
  const padded = String(number).padStart(3, '0');
  return slug ? `${padded}-${slug}` : padded;
}

/** `P` → positive, `N` → negative; undefined for anything else. */
export function parsePolarity(value: string): 'positive' | 'negative' | undefined {
  const letter = value.trim().toUpperCase();
  return letter === 'P' ? 'positive' : letter === 'N' ? 'negative' : undefined;
}

/** Builds the Commandment documents and `commandments/index.md` from parsed inputs. Pure. */
export function createCommandmentDocuments(rows: readonly CommandmentRow[], texts: CommandmentTexts, generated: Generated): CollectionResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const documents: BundleDocument[] = [];
  const seen = new Set<number>();
  let withoutVerse = 0;
  let withoutEnglish = 0;
  let badRows = 0;
  let reverential = 0;
  let ownNumerals = 0;
  let otherNumerals = 0;
  const polarityCounts = { positive: 0, negative: 0 };

  for (const row of rows) {
    const polarity = parsePolarity(row.polarity);
    if (!Number.isInteger(row.number) || row.number < 1 || seen.has(row.number) || !polarity || row.concept === '') {
      badRows++;
      warnings.push(`commandment row ${row.number || '?'}: ${!polarity ? `polarity '${row.polarity}' is not P or N` : seen.has(row.number) ? 'number appears twice' : 'no number or concept'}`);
      continue;
    }
    seen.add(row.number);
    polarityCounts[polarity]++;
    const reference = parseUsxVerse(row.reference);
    const verse = reference && isKjvSlot(texts.slots, reference.book, reference.chapter, reference.verse) ? reference : undefined;
    if (!verse) {
      withoutVerse++;
      warnings.push(`commandment ${row.number}: reference '${row.reference}' is not a KJV verse`);
    }
    const osis = verse ? formatOsisVerse(verse.book, verse.chapter, verse.verse) : undefined;
    const english = verse ? texts.verses.get(formatVerseKey(verse.book.usfm, verse.chapter, verse.verse)) : undefined;
    if (verse && !english) withoutEnglish++;
    const readable = verse ? `${formatBookName(verse.book)} ${verse.chapter}:${verse.verse}` : row.reference;
    const hebrew = cleanHebrewVerse(row.hebrew);
    const numeral = readLeadingNumeral(row.hebrew);
    if (numeral !== undefined && numeral === verse?.verse) ownNumerals++;
    else if (numeral !== undefined) otherNumerals++;
    // BibleData writes God's name reverentially (`Know there is a G-d`); the BSB and these docs write God.
    const concept = undoReverentialSpelling(row.concept);
    if (concept !== row.concept) reverential++;
    const mishnehTorah = row.mishnehTorahBook
      ? `Mishneh Torah, book ${row.mishnehTorahBookNumber} (${row.mishnehTorahBook})${row.mishnehTorahCategory ? `: ${row.mishnehTorahCategory}` : ''}`
      : '';
    const facts = [
      `${polarity === 'positive' ? 'Positive' : 'Negative'} commandment ${row.number} of the 613`,
      readable,
      row.parashah ? `parashah ${row.parashah}` : '',
      row.seferHaChinuch ? `Sefer HaChinuch ${row.seferHaChinuch}` : '',
      mishnehTorah,
    ].filter(Boolean);
    const body = [
      `# ${escapeMarkdown(concept)}`,
      escapeMarkdown(facts.join(' · ')),
      ...(english ? [`## ${readable} (BSB)`, escapeMarkdown(english)] : []),
      ...(hebrew ? ['## Hebrew', escapeMarkdown(hebrew)] : []),
    ];
    documents.push({
      id: `${FOLDER}/${formatCommandmentSlug(row.number, concept)}`,
      frontmatter: {
        type: 'Commandment',
        title: concept,
        description: `${polarity === 'positive' ? 'Positive' : 'Negative'} commandment ${row.number} of the 613, stated in ${readable}`,
        commandment_number: row.number,
        polarity,
        ...(osis ? { osis } : {}),
        ...(row.parashah ? { parashah: row.parashah } : {}),
        ...(/^\d+$/.test(row.seferHaChinuch) ? { sefer_hachinuch_number: Number(row.seferHaChinuch) } : {}),
        ...(row.mishnehTorahBook ? { mishneh_torah_book: row.mishnehTorahBook } : {}),
        ...(row.mishnehTorahCategory ? { mishneh_torah_category: row.mishnehTorahCategory } : {}),
        ...STATUS,
        generated: { ...generated },
        sources: english ? [{ resource: BIBLEDATA }, { resource: BSB }] : [{ resource: BIBLEDATA }],
        tags: [`${polarity}-commandment`, ...(row.mishnehTorahBook ? [`mishneh-torah-${slugify(row.mishnehTorahBook)}`] : [])],
        relations: verse && osis ? [{ predicate: 'stated-in', target: chapterPath(verse.book, verse.chapter), from: osis }] : [],
      },
      body: body.join('\n\n'),
    });
  }
  if (documents.length !== COUNT) warnings.push(`${formatCount(documents.length)} commandments written, not ${COUNT}`);

  const report: CollectionReport = {
    collection: 'commandments',
    written: { Commandment: documents.length },
    counts: { positive: polarityCounts.positive, negative: polarityCounts.negative, 'stated-in relations': documents.length - withoutVerse },
    skipped: [
      { what: 'rows', reason: 'no number, a repeated number or a polarity that is not P/N', count: badRows },
      { what: 'stated-in relations', reason: 'the reference is not a KJV verse', count: withoutVerse },
      { what: 'BSB verses', reason: 'not in the BSB text', count: withoutEnglish },
    ],
    warnings,
    errors,
    upstream: [
      {
        source: 'bibledata',
        problem: 'commandment concepts writing God as "G-d" (reverential spelling)',
        action: 'corrected',
        how: 'written God, as the BSB prints it, in the title and the slug',
        count: reverential,
      },
      {
        source: 'bibledata',
        problem: 'Hebrew texts starting with a verse numeral of the Hebrew Bible\'s numbering, not the KJV verse\'s',
        action: 'corrected',
        how: `the numeral dropped, as from the ${formatCount(ownNumerals)} whose numeral is the KJV verse's`,
        count: otherNumerals,
      },
    ],
  };
  documents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { documents, files: [createCommandmentsIndex(documents)], report };
}

function createCommandmentsIndex(documents: readonly BundleDocument[]): BundleFile {
  const list = (polarity: string) =>
    documents
      .filter((document) => document.frontmatter.polarity === polarity)
      .map((document) => `- [${document.frontmatter.commandment_number}. ${escapeMarkdown(String(document.frontmatter.title))}](/${document.id})`)
      .join('\n');
  const content = [
    '# Commandments',
    'The 613 commandments of the Torah (BibleData), each with the verse that states it.',
    '## Positive commandments',
    list('positive'),
    '## Negative commandments',
    list('negative'),
  ].join('\n\n');
  return { path: `${FOLDER}/index.md`, content: `${content}\n` };
}
