// Stage shard (translations): reads the translations beside the BSB (`translations/<id>/<book>.json`,
// docs/bundle-format.md § Translations), checks every verse line and encodes each verse slot's record,
// one translation at a time (the parsed JSON of one is dropped before the next is read). Collects the
// concordance of the translations whose Strong's tags are served (the KJV's): per Strong's number the
// slots with a word tagged with it, and the words that render it.
//
// A malformed file or line is an error naming the file (and the verse). A translation folder that is
// absent is skipped; no folder at all means the artefact is not built.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type Book,
  createDeuterocanonicalBook,
  EXTRA_TRANSLATION_IDS,
  getBook,
  packVerse,
  type StoredTranslationBook,
  type StoredTranslationFootnote,
  type StoredTranslationHeading,
  type StoredTranslationVerse,
  tokenizeScripture,
} from '@skg/core';
import { encodeMsgpack } from '../codecs/msgpack.ts';
import type { Diagnostics } from '../diagnostics.ts';
import { createSpellingFolds } from './modern-spellings.ts';
import type { InterlinearData } from './shard-interlinear.ts';

/** The bundle folder of the translations. */
export const TRANSLATIONS_FOLDER = 'translations';

/** Translations whose Strong's tags are served (the WEB's and RV1909's are not: docs/ingest.md § Translations). */
const SERVED_STRONGS = new Set(['KJV']);

export interface ShardedTranslation {
  readonly id: string;
  readonly books: StoredTranslationBook[];
  /** One encoded StoredTranslationVerse per slot, in slot order. */
  readonly records: Buffer[];
  readonly counts: Record<'verses' | 'empty' | 'footnotes' | 'headings' | 'added' | 'wordsOfJesus' | 'strongs', number>;
  /** Per Strong's number (served tags only): the slots (relative to the translation's first) with a word tagged with it. */
  readonly concordance: Map<string, number[]>;
  /** Per Strong's number: each rendering (the tagged words) and how often. */
  readonly renderings: Map<string, Map<string, number>>;
  /** Per slot, the words of its text (tokenizeScripture). */
  readonly wordCounts: number[];
  /** Per word, the slots (relative, ascending) whose text holds it (or an archaic spelling of it, `spellings`). */
  readonly postings: Map<string, number[]>;
  /** Its archaic spellings that occur in its text, with the modern word each is also indexed under (modern-spellings.ts). */
  readonly spellings: Array<[archaic: string, modern: string]>;
}

export interface TranslationsData {
  readonly translations: readonly ShardedTranslation[];
  readonly files: number;
  /** The BSB's concordance, when the build has the interlinear. */
  readonly bsb?: BsbConcordance;
}

const STRONGS = /^[HG]\d+[A-Za-z]?$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Flattened `[start, end)` pairs inside a text of `length`, or why not. */
function readSpans(value: unknown, length: number): number[] | string {
  if (!Array.isArray(value)) return 'is not a list of [start, end) pairs';
  const flat: number[] = [];
  for (const pair of value) {
    if (!Array.isArray(pair) || pair.length !== 2) return 'is not a list of [start, end) pairs';
    const [start, end] = pair as unknown[];
    if (!Number.isInteger(start) || !Number.isInteger(end) || (start as number) < 0 || (start as number) > (end as number) || (end as number) > length) {
      return `has a span ${JSON.stringify(pair)} outside the text`;
    }
    flat.push(start as number, end as number);
  }
  return flat;
}

type StrongsSpan = [start: number, end: number, ...codes: string[]];

interface VerseOutcome {
  readonly stored: StoredTranslationVerse;
  readonly strongs: StrongsSpan[];
  /** The tagged words of its headings (the KJV's Psalm titles), as printed, with their numbers. */
  readonly headingStrongs: Array<[words: string, codes: string[]]>;
}

/** `[start, end, number…]` per tagged word inside a text of `length`, or why not. */
function readStrongs(value: unknown, length: number): StrongsSpan[] | string {
  if (!Array.isArray(value)) return 'strongs that are not a list';
  const strongs: StrongsSpan[] = [];
  for (const word of value as unknown[]) {
    if (!Array.isArray(word) || word.length < 3) return 'a Strong\'s word that is not [start, end, number…]';
    const [start, end, ...codes] = word as unknown[];
    if (!Number.isInteger(start) || !Number.isInteger(end) || (start as number) < 0 || (start as number) > (end as number) || (end as number) > length) {
      return `a Strong's word ${JSON.stringify(word)} outside the text`;
    }
    if (!codes.every((code) => typeof code === 'string' && STRONGS.test(code))) return `a Strong's number in ${JSON.stringify(word)} not like H430 or G25`;
    strongs.push([start as number, end as number, ...(codes as string[])]);
  }
  return strongs;
}

/** Checks one verse line; returns its record or why it is malformed. */
/** A verse's or heading's footnotes as stored, null when it has none, or what is wrong with them. */
function readFootnotes(value: unknown, length: number): StoredTranslationFootnote[] | null | string {
  if (value === undefined) return null;
  if (!Array.isArray(value)) return 'has footnotes that are not a list';
  const footnotes: StoredTranslationFootnote[] = [];
  for (const note of value as unknown[]) {
    if (!isRecord(note) || !Number.isInteger(note.offset) || (note.offset as number) < 0 || (note.offset as number) > length) return 'has a footnote without an offset in the text';
    if (typeof note.text !== 'string' || (note.type !== 'footnote' && note.type !== 'crossReference')) return 'has a footnote without text or type';
    footnotes.push([note.offset as number, note.text, note.type]);
  }
  return footnotes;
}

function readVerse(line: unknown, expected: number, keepStrongs: boolean): VerseOutcome | string {
  if (!isRecord(line) || line.verse !== expected || typeof line.text !== 'string') return `is not a verse line {verse: ${expected}, text}`;
  const text = line.text;
  const empty = line.empty === true;
  if (empty !== (text === '')) return empty ? 'is empty but has text' : 'has no text but is not marked empty';
  const footnotes = readFootnotes(line.footnotes, text.length);
  if (typeof footnotes === 'string') return footnotes;
  let headings: StoredTranslationHeading[] | null = null;
  const headingStrongs: VerseOutcome['headingStrongs'] = [];
  if (line.headings !== undefined) {
    if (!Array.isArray(line.headings)) return 'has headings that are not a list';
    headings = [];
    for (const heading of line.headings as unknown[]) {
      if (!isRecord(heading) || typeof heading.text !== 'string' || typeof heading.type !== 'string') return 'has a heading without text or type';
      const tagged = heading.strongs === undefined ? [] : readStrongs(heading.strongs, heading.text.length);
      if (typeof tagged === 'string') return `has a heading with ${tagged}`;
      const kept = keepStrongs && tagged.length > 0 ? tagged : null;
      if (kept) for (const [start, end, ...codes] of kept) headingStrongs.push([heading.text.slice(start, end), codes]);
      const notes = readFootnotes(heading.footnotes, heading.text.length);
      if (typeof notes === 'string') return `has a heading that ${notes}`;
      const stored: StoredTranslationHeading = notes ? [heading.text, heading.type, kept, heading.midVerse === true ? 1 : 0, notes] : [heading.text, heading.type, kept, heading.midVerse === true ? 1 : 0];
      // Trailing members left out when empty: most headings are [text, type].
      while (stored.length > 2 && !stored.at(-1)) stored.pop();
      headings.push(stored);
    }
  }
  const spans: Array<number[] | null> = [];
  for (const key of ['added', 'wordsOfJesus'] as const) {
    if (line[key] === undefined) {
      spans.push(null);
      continue;
    }
    const flat = readSpans(line[key], text.length);
    if (typeof flat === 'string') return `${key} ${flat}`;
    spans.push(flat);
  }
  const strongs = line.strongs === undefined ? [] : readStrongs(line.strongs, text.length);
  if (typeof strongs === 'string') return `has ${strongs}`;
  const kept = keepStrongs && strongs.length > 0 ? strongs : null;
  const stored: StoredTranslationVerse = [text, empty ? 1 : 0, footnotes, headings, spans[0] ?? null, spans[1] ?? null, kept];
  return { stored, strongs: keepStrongs ? strongs : [], headingStrongs };
}

/** Canonical order with the deuterocanon after Malachi, as the NRSVA has it. */
function sortKey(book: Book): number {
  return book.order > 66 ? 39 + (book.order - 66) / 100 : book.order;
}

async function readTranslation(bundleDir: string, id: string, diagnostics: Diagnostics): Promise<{ translation: ShardedTranslation; files: number } | null> {
  const folder = `${TRANSLATIONS_FOLDER}/${id.toLowerCase()}`;
  const names = await readdir(path.join(bundleDir, folder)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') diagnostics.error('shard', `cannot read: ${error.message}`, { file: folder });
    return undefined;
  });
  if (names === undefined) return null;
  const keepStrongs = SERVED_STRONGS.has(id);
  const files: Array<{ book: Book; file: string; name: string; deuterocanonical: boolean; chapters: unknown[] }> = [];
  for (const name of names.filter((entry) => entry.endsWith('.json')).sort()) {
    const file = `${folder}/${name}`;
    let value: unknown;
    try {
      value = JSON.parse(await readFile(path.join(bundleDir, file), 'utf8'));
    } catch (cause) {
      diagnostics.error('shard', `not JSON: ${(cause as Error).message}`, { file });
      continue;
    }
    if (!isRecord(value) || value.translation !== id || typeof value.book !== 'string' || !Array.isArray(value.chapters)) {
      diagnostics.error('shard', `a translation book file is an object {translation: '${id}', book, chapters}`, { file });
      continue;
    }
    const canonical = getBook(value.book);
    const book = canonical?.osis === value.book ? canonical : createDeuterocanonicalBook(value.book, value.chapters.length);
    if (!book || `${book.osis.toLowerCase()}.json` !== name) {
      diagnostics.error('shard', `book '${String(value.book)}' is not an OSIS book id of this file's name`, { file });
      continue;
    }
    if (value.chapters.length === 0 || value.chapters.length > book.chapters) {
      diagnostics.error('shard', `${book.osis} has ${value.chapters.length} chapters, the canon ${book.chapters}`, { file });
      continue;
    }
    files.push({ book, file, name: typeof value.title === 'string' && value.title !== '' ? value.title : book.name, deuterocanonical: book.order > 66, chapters: value.chapters });
  }
  files.sort((a, b) => sortKey(a.book) - sortKey(b.book));
  const books: StoredTranslationBook[] = [];
  const records: Buffer[] = [];
  const counts = { verses: 0, empty: 0, footnotes: 0, headings: 0, added: 0, wordsOfJesus: 0, strongs: 0 };
  const concordance = new Map<string, number[]>();
  const renderings = new Map<string, Map<string, number>>();
  const wordCounts: number[] = [];
  const postings = new Map<string, number[]>();
  const folds = createSpellingFolds(id);
  for (const { book, file, name, deuterocanonical, chapters } of files) {
    const verseCounts: number[] = [];
    let failed = false;
    const encoded: Buffer[] = [];
    const bookCounts = { ...counts };
    const bookConcordance: Array<[string, number]> = [];
    const bookRenderings: Array<[string, string]> = [];
    const bookWords: string[][] = [];
    chapters.forEach((chapter, c) => {
      if (failed) return;
      // An empty list is a chapter the file does not hold (a fixture cut from the full files).
      if (!Array.isArray(chapter)) {
        diagnostics.error('shard', `${book.osis} ${c + 1} is not a list of verse lines`, { file });
        failed = true;
        return;
      }
      verseCounts.push(chapter.length);
      chapter.forEach((line: unknown, v) => {
        if (failed) return;
        const osis = `${book.osis}.${c + 1}.${v + 1}`;
        const outcome = readVerse(line, v + 1, keepStrongs);
        if (typeof outcome === 'string') {
          diagnostics.error('shard', `${osis} ${outcome}`, { file });
          failed = true;
          return;
        }
        const [text, empty, footnotes, headings, added, wordsOfJesus] = outcome.stored;
        bookCounts.verses++;
        bookCounts.empty += empty;
        // A heading's notes (the WEB's in Psalm titles) count with the verse's, as the BSB's do.
        bookCounts.footnotes += (footnotes?.length ?? 0) + (headings ?? []).reduce((sum, heading) => sum + (heading[4]?.length ?? 0), 0);
        bookCounts.headings += headings?.length ?? 0;
        bookCounts.added += (added?.length ?? 0) / 2;
        bookCounts.wordsOfJesus += (wordsOfJesus?.length ?? 0) / 2;
        bookCounts.strongs += outcome.strongs.length + outcome.headingStrongs.length;
        const slot = records.length + encoded.length;
        // A Psalm title's tagged words count for the verse it is printed before (its first), ahead of the verse's own.
        const tagged: Array<[words: string, codes: readonly string[]]> = [
          ...outcome.headingStrongs,
          ...outcome.strongs.map(([start, end, ...codes]): [string, string[]] => [text.slice(start, end), codes]),
        ];
        for (const [words, codes] of tagged) {
          for (const code of codes) {
            bookConcordance.push([code, slot]);
            bookRenderings.push([code, words]);
          }
        }
        bookWords.push(tokenizeScripture(text));
        encoded.push(encodeMsgpack(trimNulls(outcome.stored)));
      });
    });
    if (failed) continue;
    books.push([book.osis, name, deuterocanonical ? 1 : 0, verseCounts]);
    records.push(...encoded);
    Object.assign(counts, bookCounts);
    for (const [code, slot] of bookConcordance) {
      const slots = concordance.get(code) ?? concordance.set(code, []).get(code) ?? [];
      if (slots[slots.length - 1] !== slot) slots.push(slot);
    }
    for (const words of bookWords) {
      const slot = wordCounts.length;
      wordCounts.push(words.length);
      // An archaic spelling is indexed under its own word and under the modern one.
      const indexed = new Set(words);
      for (const word of words) {
        const modern = folds.get(word);
        if (modern !== undefined) indexed.add(modern);
      }
      for (const word of indexed) (postings.get(word) ?? postings.set(word, []).get(word) ?? []).push(slot);
    }
    for (const [code, words] of bookRenderings) {
      const byWords = renderings.get(code) ?? renderings.set(code, new Map()).get(code) ?? new Map<string, number>();
      byWords.set(words, (byWords.get(words) ?? 0) + 1);
    }
  }
  // Only the pairs its text holds (a fixture holds a few chapters; tools/check-spellings.ts checks the table on the full text).
  const spellings = [...folds].filter(([archaic]) => postings.has(archaic));
  spellings.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { translation: { id, books, records, counts, concordance, renderings, wordCounts, postings, spellings }, files: files.length };
}

/** A record without its trailing nulls (a verse with text only is `[text, 0]`). */
function trimNulls(stored: StoredTranslationVerse): unknown[] {
  const list: unknown[] = [...stored];
  while (list.length > 2 && list[list.length - 1] === null) list.pop();
  return list;
}

/** Reads every translation's folder. Returns null when the bundle holds none (the artefact is not built). */
export async function shardTranslations(input: { readonly bundleDir: string }, diagnostics: Diagnostics): Promise<TranslationsData | null> {
  const translations: ShardedTranslation[] = [];
  let files = 0;
  for (const id of EXTRA_TRANSLATION_IDS) {
    const read = await readTranslation(input.bundleDir, id, diagnostics);
    if (!read) continue;
    translations.push(read.translation);
    files += read.files;
  }
  if (translations.length === 0) return null;
  return { translations, files };
}

/** The BSB's concordance from the interlinear alignment: per Strong's number its verses (packed) and English segments. */
export interface BsbConcordance {
  readonly concordance: Map<string, number[]>;
  readonly renderings: Map<string, Map<string, number>>;
  /** English segments aligned to a Strong's number: the BSB's tagged words, as the KJV's `counts.strongs` counts its. */
  readonly taggedWords: number;
}

/** Interlinear markers that render no word (`-` for an untranslated particle, `vvv`, `. . .`). */
const MARKERS = new Set(['-', 'vvv', '. . .']);

export function collectBsbConcordance(interlinear: InterlinearData): BsbConcordance {
  const concordance = new Map<string, number[]>();
  const renderings = new Map<string, Map<string, number>>();
  let taggedWords = 0;
  for (const verse of interlinear.verses) {
    const [osisBook = '', chapter = '0', number = '0'] = verse.osis.split('.');
    const book = getBook(osisBook);
    if (!book) continue;
    const packed = packVerse(book, Number(chapter), Number(number));
    for (const [english, first, , strongs] of verse.entries) {
      if (english === null || first === null || MARKERS.has(english)) continue;
      taggedWords++;
      const slots = concordance.get(strongs) ?? concordance.set(strongs, []).get(strongs) ?? [];
      if (slots[slots.length - 1] !== packed) slots.push(packed);
      const byWords = renderings.get(strongs) ?? renderings.set(strongs, new Map()).get(strongs) ?? new Map<string, number>();
      byWords.set(english, (byWords.get(english) ?? 0) + 1);
    }
  }
  return { concordance, renderings, taggedWords };
}
