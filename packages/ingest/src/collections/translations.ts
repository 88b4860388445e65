// The translations collection: the KJV, WEB and RV1909 read from their SWORD exports
// (`src/translations/`) into one JSON data file per book, `translations/<id>/<book>.json`, and the
// folder's `index.md`. No documents: the compiler reads only `.md` files, so nothing is served until it
// learns this layout (docs/bundle-format.md § Translations).
//
// The exports are optional sources: they are derived files (`derived` in the manifest) that only a
// mirror supplies, so `needs` is empty and a translation whose export is missing or altered is skipped
// with the reason, instead of stopping the ingest (a first start without a mirror still works).

import { TRANSLATION_FACTS, type TranslationId } from '@skg/core';
import { type BundleFile, escapeMarkdown } from '../document.ts';
import path from 'node:path';
import { hashFile } from '../internal/sha256.ts';
import { type CollectionReport, formatCount, type SkipCount } from '../report.ts';
import { getSourceEntry, selectSourceFiles } from '../sources-manifest.ts';
import type { Heading, StrongsWord, TextSpan } from '../translations/osis-verse.ts';
import type { TranslationBook, TranslationReport, TranslationText, TranslationVerse } from '../translations/read-translation.ts';
import { readTranslationSource, TRANSLATION_SOURCES } from '../translations/translation-sources.ts';
import type { Collection, CollectionResult } from './collection.ts';

const FOLDER = 'translations';

export const translationsCollection: Collection = {
  name: 'translations',
  ownThread: true,
  folder: { path: FOLDER, title: 'Translations' },
  needs: [],
  async build(context) {
    const licence = getSourceEntry(context.manifest, 'translations').licence;
    const read: TranslationRead[] = [];
    const missing: SkipCount[] = [];
    for (const source of TRANSLATION_SOURCES) {
      // Not checkSources: it imports the registry, which imports this module.
      const [pinned] = selectSourceFiles(context.manifest, [source.file]);
      const actual = await hashFile(path.join(context.sourcesDir, source.file));
      if (actual !== pinned?.sha256) {
        const problem = actual === undefined ? 'missing' : 'altered';
        missing.push({ what: 'translation', reason: `${source.id}: ${source.file} ${problem} (a derived file: only a mirror has it)`, count: 1 });
        continue;
      }
      // Each translation is turned into its files before the next is read, so one at a time is in memory.
      read.push(createTranslationFiles(await readTranslationSource(context.sourcesDir, source), licence));
    }
    return createTranslationsResult(read, missing);
  },
};

/** `[start, end]`: spans are written as pairs to keep the files small. */
type SpanPair = readonly [number, number];

/** `[start, end, ...strongs]`: a Strong's-tagged word of a text. */
type StrongsLine = readonly [number, number, ...string[]];

/**
 * A heading before a verse (inside it with `midVerse`); `strongs` the tagged words of its text (the KJV's
 * Psalm titles), `footnotes` its notes (the WEB's in Psalm titles), offsets into its text.
 */
export interface TranslationHeadingLine {
  readonly text: string;
  readonly type: Heading['type'];
  readonly midVerse?: true;
  readonly strongs?: readonly StrongsLine[];
  readonly footnotes?: Heading['footnotes'];
}

/** One verse of a data file; fields without content are left out. */
export interface TranslationVerseLine {
  readonly verse: number;
  readonly text: string;
  readonly empty?: true;
  readonly headings?: readonly TranslationHeadingLine[];
  readonly footnotes?: TranslationVerse['footnotes'];
  readonly added?: readonly SpanPair[];
  readonly wordsOfJesus?: readonly SpanPair[];
  /** `[start, end, ...strongs]` per tagged word (the KJV). */
  readonly strongs?: readonly StrongsLine[];
}

/** A data file: one book of one translation. */
export interface TranslationBookFile {
  readonly translation: string;
  readonly book: string;
  readonly name: string;
  readonly title: string;
  readonly deuterocanonical: boolean;
  readonly licence: string;
  /** Chapter n is `chapters[n - 1]`: its verses in order. */
  readonly chapters: ReadonlyArray<readonly TranslationVerseLine[]>;
}

const pairs = (spans: readonly TextSpan[]): SpanPair[] => spans.map((span) => [span.start, span.end]);
const strongsLines = (words: readonly StrongsWord[]): StrongsLine[] => words.map((word) => [word.start, word.end, ...word.strongs] as const);

function toHeadingLine({ text, type, midVerse, strongs, footnotes }: Heading): TranslationHeadingLine {
  return { text, type, ...(midVerse ? { midVerse } : {}), ...(strongs ? { strongs: strongsLines(strongs) } : {}), ...(footnotes ? { footnotes } : {}) };
}

function toLine(verse: TranslationVerse): TranslationVerseLine {
  return {
    verse: verse.verse,
    text: verse.text,
    ...(verse.empty ? { empty: true as const } : {}),
    ...(verse.headings.length > 0
      ? { headings: verse.headings.map(toHeadingLine) }
      : {}),
    ...(verse.footnotes.length > 0 ? { footnotes: verse.footnotes } : {}),
    ...(verse.added.length > 0 ? { added: pairs(verse.added) } : {}),
    ...(verse.wordsOfJesus.length > 0 ? { wordsOfJesus: pairs(verse.wordsOfJesus) } : {}),
    ...(verse.strongs.length > 0 ? { strongs: strongsLines(verse.strongs) } : {}),
  };
}

function createBookFile(id: string, book: TranslationBook, verses: readonly TranslationVerse[], licence: string): TranslationBookFile {
  const chapters: TranslationVerseLine[][] = [];
  for (const verse of verses) (chapters[verse.chapter - 1] ??= []).push(toLine(verse));
  return { translation: id, book: book.osis, name: book.name, title: book.title, deuterocanonical: book.deuterocanonical, licence, chapters };
}

/** One translation's data files and the facts the report and the folder index need. */
export interface TranslationRead {
  readonly files: readonly BundleFile[];
  readonly books: number;
  readonly report: TranslationReport;
}

/**
 * One translation's data files (`translations/<id>/<book>.json`). Pure. A book with no text in any slot
 * (the WEB's PrAzar, Sus and Bel: the export put Greek Daniel in Hosea 0:0) gets no file and is left
 * out of the report's counts; chapters with no text in a book that has some (the WEB's EsthGr 11–16)
 * are kept as empty slots and reported.
 */
export function createTranslationFiles({ books, verses, report }: TranslationText, licence: string): TranslationRead {
  const byBook = new Map<string, TranslationVerse[]>();
  for (const verse of verses) {
    const list = byBook.get(verse.book);
    if (list) list.push(verse);
    else byBook.set(verse.book, [verse]);
  }
  const kept = books.filter((book) => book.verses > book.empty);
  const dropped = books.filter((book) => book.verses === book.empty);
  const leftOut = [...report.leftOut];
  if (dropped.length > 0) {
    leftOut.push({
      count: dropped.length,
      what: 'books',
      reason: `no text in any slot, not served: ${dropped.map((book) => `${book.osis} (${formatCount(book.verses)} empty slots)`).join(', ')}`,
    });
  }
  const emptyChapters = kept.flatMap((book) => {
    const chapters = new Map<number, boolean>();
    for (const verse of byBook.get(book.osis) ?? []) chapters.set(verse.chapter, (chapters.get(verse.chapter) ?? true) && verse.empty);
    const numbers = [...chapters].filter(([, empty]) => empty).map(([chapter]) => chapter);
    return numbers.length > 0 ? [{ book: book.osis, numbers }] : [];
  });
  if (emptyChapters.length > 0) {
    leftOut.push({
      count: emptyChapters.reduce((total, entry) => total + entry.numbers.length, 0),
      what: 'chapters',
      reason: `no text in any slot, kept as empty slots: ${emptyChapters.map(({ book, numbers }) => `${book} ${formatRuns(numbers)}`).join(', ')}`,
    });
  }
  const files = kept.map((book) => ({
    path: `${FOLDER}/${report.id.toLowerCase()}/${book.osis.toLowerCase()}.json`,
    content: `${JSON.stringify(createBookFile(report.id, book, byBook.get(book.osis) ?? [], licence))}\n`,
  }));
  const droppedSlots = dropped.reduce((total, book) => total + book.verses, 0);
  return {
    files,
    books: kept.length,
    report: dropped.length > 0 || emptyChapters.length > 0 ? { ...report, verses: report.verses - droppedSlots, empty: report.empty - droppedSlots, leftOut } : report,
  };
}

/** `[11, 12, 13, 16]` → `11–13, 16`. */
function formatRuns(numbers: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] ?? 0) + 1) j += 1;
    runs.push(i === j ? String(numbers[i]) : `${numbers[i]}–${numbers[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/** Every translation's files, the folder index and the collection's report. Pure. */
export function createTranslationsResult(read: readonly TranslationRead[], missing: readonly SkipCount[]): CollectionResult {
  const index = [
    '# Translations',
    'Each translation beside the BSB, one JSON file per book (`<id>/<book>.json`), read from its SWORD export.',
    read
      .map(({ books, report }) => `- ${escapeMarkdown(report.id)}: ${formatCount(books)} books, ${formatCount(report.verses)} verses (${formatCount(report.empty)} empty)`)
      .join('\n'),
  ].join('\n\n');
  const files: BundleFile[] = [...read.flatMap((entry) => entry.files), { path: `${FOLDER}/index.md`, content: `${index}\n` }];
  const report: CollectionReport = {
    collection: 'translations',
    written: { 'book files': files.length - 1 },
    counts: Object.fromEntries(
      read.flatMap(({ report: r }) => [
        [`${r.id} verses`, r.verses],
        [`${r.id} empty`, r.empty],
        [`${r.id} footnotes`, r.footnotes + r.crossReferenceNotes],
        ...(r.headingFootnotes > 0 ? [[`${r.id} footnotes in headings`, r.headingFootnotes] as const] : []),
      ]),
    ),
    skipped: [...missing, ...read.flatMap(({ report: r }) => r.leftOut.map((left) => ({ what: `${r.id} ${left.what}`, reason: left.reason, count: left.count })))],
    // Text kept as the source has it but off the slots its versification names (the RV1909's: core's TRANSLATION_FACTS).
    warnings: read.flatMap(({ report: r }) => {
      const notes = TRANSLATION_FACTS[r.id as TranslationId]?.versificationNotes;
      return notes ? [`${r.id}: ${notes.chapters.length} chapters off their slots (${notes.chapters.join(' ')}): ${notes.note}`] : [];
    }),
    errors: [],
  };
  return { documents: [], files, report };
}
