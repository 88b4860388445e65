// Strong's numbers as BibleData's label files write them (`H430`, `H4428, H3063`, `H3068 H430`,
// `H5867a`, `none`) and the Lexeme documents they point at (`lexemes/h430`, `lexemes/g2316`).

import type { IngestContext } from '../collections/collection.ts';
import { parseCsv } from './csv.ts';

export const HEBREW_STRONGS_FILE = 'bibledata/HebrewStrongs.csv';
export const GREEK_STRONGS_FILE = 'strongs-greek/strongsgreek.xml';

/**
 * The Strong's numbers in a label cell, normalised (`H0430` → `H430`), in order, each once. A letter
 * suffix (`H5867a`, the extended numbering that splits one Strong's entry) is kept.
 */
export function parseStrongsNumbers(cell: string): string[] {
  const numbers = [...cell.matchAll(/\b([HG])0*(\d+)([a-z]?)\b/gi)].map((match) => `${(match[1] ?? '').toUpperCase()}${match[2]}${match[3] ?? ''}`);
  return [...new Set(numbers)];
}

/** Strong's numbers of words that never name anyone: the Greek article (G3588), present in some labels. */
const NEVER_NAMES = new Set(['G3588']);

/** Whether a label's Strong's number can be a `named-by` target (not the article). */
export function isNamingStrongs(strongs: string): boolean {
  return !NEVER_NAMES.has(strongs.replace(/[a-z]$/, ''));
}

/** The Lexeme document of a Strong's number: `H430` → `lexemes/h430`; a letter suffix is dropped. */
export function getLexemeId(strongs: string): string {
  return `lexemes/${strongs.replace(/[a-z]$/, '').toLowerCase()}`;
}

/** Every Lexeme document id the Strong's dictionaries can give (`lexemes/h1` … `lexemes/g5624`). */
export function parseLexemeIds(hebrewCsv: string, greekXml: string): Set<string> {
  const ids = new Set<string>();
  for (const row of parseCsv(hebrewCsv)) {
    const number = Number(row.strongs_number);
    if (Number.isInteger(number) && number > 0) ids.add(`lexemes/h${number}`);
  }
  for (const match of greekXml.matchAll(/<entry strongs="0*(\d+)"/g)) ids.add(`lexemes/g${match[1]}`);
  return ids;
}

/**
 * Hebrew without its cantillation accents (U+0591–U+05AF) and meteg, vowel points kept: `יַעֲקֹ֑ב` →
 * `יַעֲקֹב`, the spelling a reader types and dictionaries print.
 */
export function removeCantillation(hebrew: string): string {
  return hebrew.replace(/[\u0591-\u05AF\u05BD]/g, '');
}

const lexemesByContext = new WeakMap<IngestContext, Promise<ReadonlySet<string>>>();

/** The known Lexeme ids, read once per ingest. */
export function loadLexemeIds(context: IngestContext): Promise<ReadonlySet<string>> {
  let ids = lexemesByContext.get(context);
  if (!ids) {
    ids = Promise.all([context.readText(HEBREW_STRONGS_FILE), context.readText(GREEK_STRONGS_FILE)]).then(([hebrew, greek]) => parseLexemeIds(hebrew, greek));
    lexemesByContext.set(context, ids);
  }
  return ids;
}
