// Stage shard (interlinear): reads the reverse interlinear's data files
// (`references/interlinear/<book_slug>.jsonl`, docs/bundle-format.md "Interlinear"), checks every line
// and places each verse at its global verse index, ready for the interlinear codec.
//
// A line that is not a well-formed interlinear verse is an error naming the file and line. A line for
// a verse the bundle's scripture does not hold, or holds as omitted, is left out with one warning per
// file (the first such line and how many). No data file at all means the artefact is not built.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BOOKS, INTERLINEAR_FOLDER, INTERLINEAR_LANGUAGES, type InterlinearEntry, parseReference } from '@skg/core';
import type { Diagnostics } from '../diagnostics.ts';
import type { LinkedScripture } from './link.ts';

// The data-file format (entry columns, languages, folder) is core's, shared with the ingest that writes it.
export { INTERLINEAR_FOLDER, type InterlinearEntry, type InterlinearLanguage } from '@skg/core';

export interface InterlinearVerse {
  /** Global verse index (the verse store's). */
  readonly index: number;
  readonly osis: string;
  /** SPDX-style licence of the line: `CC-BY-4.0` (OSHB), `CC-BY-SA-4.0` (OpenGNT, share-alike). */
  readonly licence: string;
  /** The English of the interlinear; word i is `text.split(' ')[i]`. */
  readonly text: string;
  readonly entries: readonly InterlinearEntry[];
}

export interface InterlinearData {
  /** Verses with data, by global verse index. */
  readonly verses: readonly InterlinearVerse[];
  readonly entries: number;
  /** Data files read. */
  readonly files: number;
}

export interface ShardInterlinearInput {
  readonly bundleDir: string;
  readonly scripture: LinkedScripture;
}

const STRONGS = /^[HG]\d+[A-Za-z]?$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isText(value: unknown): value is string | null {
  return value === null || (typeof value === 'string' && value !== '');
}

/** Why an entry is malformed, or undefined when it is an InterlinearEntry. */
function checkEntry(entry: unknown, wordCount: number): string | undefined {
  if (!Array.isArray(entry) || entry.length !== 9) return 'is not an array of nine columns';
  const [english, first, last, strongs, word, transliteration, code, morphology, language] = entry as unknown[];
  if (english === null) {
    if (first !== null || last !== null) return 'has first/last but no english';
  } else if (typeof english !== 'string' || english === '') return 'has no english';
  if (first === null || last === null) {
    if (first !== last) return 'has only one of first and last';
  } else if (!isIndex(first) || !isIndex(last) || first > last || last >= wordCount) {
    return `has first/last ${JSON.stringify(first)}/${JSON.stringify(last)} outside the ${wordCount} words of text`;
  }
  if (typeof strongs !== 'string' || !STRONGS.test(strongs)) return `has strongs ${JSON.stringify(strongs)}, not like H7225 or G3056`;
  if (!isText(word) || !isText(transliteration) || !isText(code) || !isText(morphology)) return 'has a word, transliteration or morphology that is not a string or null';
  if (language !== null && !(INTERLINEAR_LANGUAGES as readonly unknown[]).includes(language)) {
    return `has language ${JSON.stringify(language)}, not one of ${INTERLINEAR_LANGUAGES.join(', ')}`;
  }
  return undefined;
}

/** The global verse index of each `Book.C.V` slot of the bundle's scripture, and which are omitted. */
function indexVerses(scripture: LinkedScripture): { indexOf: Map<string, number>; omitted: Set<string> } {
  const indexOf = new Map<string, number>();
  const omitted = new Set<string>();
  for (const chapter of scripture.chapters) {
    chapter.verses.forEach((verse, offset) => {
      const osis = `${chapter.osis}.${verse.verse}`;
      indexOf.set(osis, chapter.firstVerse + offset);
      if (verse.omitted) omitted.add(osis);
    });
  }
  return { indexOf, omitted };
}

/** Reads every book's data file. Returns null when the bundle holds none (the artefact is not built). */
export async function shardInterlinear(input: ShardInterlinearInput, diagnostics: Diagnostics): Promise<InterlinearData | null> {
  const { indexOf, omitted } = indexVerses(input.scripture);
  const verses: InterlinearVerse[] = [];
  const seen = new Set<number>();
  let files = 0;
  let entries = 0;
  for (const book of BOOKS) {
    const file = `${INTERLINEAR_FOLDER}/${book.slug}.jsonl`;
    const content = await readFile(path.join(input.bundleDir, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') diagnostics.error('shard', `cannot read: ${error.message}`, { file });
      return undefined;
    });
    if (content === undefined) continue;
    files++;
    const error = (line: number, message: string) => diagnostics.error('shard', message, { file, line });
    const outside: number[] = [];
    const omittedLines: number[] = [];
    content.split('\n').forEach((text, i) => {
      const line = i + 1;
      if (text.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (cause) {
        error(line, `not JSON: ${(cause as Error).message}`);
        return;
      }
      if (!isRecord(value) || typeof value.osis !== 'string' || typeof value.licence !== 'string' || typeof value.text !== 'string' || !Array.isArray(value.entries)) {
        error(line, 'an interlinear line is an object {osis, licence, text, entries}');
        return;
      }
      let osis: string;
      try {
        const reference = parseReference(value.osis);
        if (reference.kind !== 'verse' || reference.book !== book) throw new Error('not a verse of this book');
        osis = `${book.osis}.${reference.chapter}.${reference.verse}`;
      } catch {
        error(line, `osis '${value.osis}' is not a verse of ${book.name}`);
        return;
      }
      const wordCount = value.text === '' ? 0 : value.text.split(' ').length;
      for (const [n, entry] of value.entries.entries()) {
        const problem = checkEntry(entry, wordCount);
        if (problem) {
          error(line, `${osis} entry ${n} ${problem}`);
          return;
        }
      }
      const index = indexOf.get(osis);
      if (index === undefined) {
        outside.push(line);
        return;
      }
      if (omitted.has(osis)) {
        omittedLines.push(line);
        return;
      }
      if (seen.has(index)) {
        error(line, `${osis} has a second line`);
        return;
      }
      seen.add(index);
      entries += value.entries.length;
      verses.push({ index, osis, licence: value.licence, text: value.text, entries: value.entries as InterlinearEntry[] });
    });
    if (outside.length > 0) {
      diagnostics.warning('shard', `${outside.length} line(s) name verses the bundle's scripture does not hold; left out`, { file, line: outside[0] });
    }
    if (omittedLines.length > 0) {
      diagnostics.warning('shard', `${omittedLines.length} line(s) give data for verses the translation omits; left out`, { file, line: omittedLines[0] });
    }
  }
  if (files === 0) return null;
  verses.sort((a, b) => a.index - b.index);
  return { verses, entries, files };
}
