// Nave's Topical Bible as BibleData publishes it (`NavesTopicalDictionary.csv`: section, subject,
// entry): one topic per row, its entry an outline of `-` lines indented in steps of five spaces.

import { parse } from 'csv-parse/sync';

export interface NavesLine {
  /** Outline depth: 0 for a top-level line, 1 for one indented five spaces, … */
  readonly depth: number;
  /** The line without its indentation and leading `-`. */
  readonly text: string;
}

export interface NavesTopic {
  /** The letter section (`A`). */
  readonly section: string;
  /** The subject as Nave's writes it (`AARON`, `PRIEST, HIGH`, `ANGEL (a spirit)`). */
  readonly subject: string;
  readonly lines: readonly NavesLine[];
}

const INDENT = 5;

/** Parses the CSV (UTF-8 with a BOM, quoted multi-line entries). Throws on malformed CSV. */
export function parseNavesTopics(csv: string): NavesTopic[] {
  const rows = parse(csv, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string | undefined>[];
  return rows.map((row) => ({
    section: (row.section ?? '').trim(),
    subject: (row.subject ?? '').trim().replace(/\s+/g, ' '),
    lines: parseOutline(row.entry ?? ''),
  }));
}

/** The outline lines of an entry; blank lines are dropped. */
export function parseOutline(entry: string): NavesLine[] {
  const lines: NavesLine[] = [];
  for (const raw of entry.split(/\r?\n/)) {
    if (raw.trim() === '') continue;
    const indent = /^[ \t]*/.exec(raw)?.[0].length ?? 0;
    lines.push({ depth: Math.round(indent / INDENT), text: raw.trim().replace(/^-\s*/, '').trim() });
  }
  return lines;
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'or', 'the', 'to', 'upon', 'with']);

/**
 * A readable title from a subject in capitals: `AARON` → `Aaron`, `PRIEST, HIGH` → `Priest, High`,
 * `DECISION, VALLEY OF` → `Decision, Valley of`, `BEN-DEKAR (R. V.)` → `Ben-Dekar (R. V.)`. Words
 * that hold lowercase letters (`ANGEL (a spirit)`) are kept as written; initials stay capitals.
 */
export function formatTopicTitle(subject: string): string {
  let first = true;
  return subject.replace(/[A-Za-z][A-Za-z'’]*|\(/g, (word, offset: number) => {
    if (word === '(') {
      first = true;
      return word;
    }
    const isFirst = first;
    first = false;
    if (word !== word.toUpperCase()) return word;
    if (word.length === 1 && subject[offset + 1] === '.') return word;
    const lower = word.toLowerCase();
    if (!isFirst && SMALL_WORDS.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}

/** The key a subject is found by in "See …" text: capitals, single spaces, no trailing punctuation. */
export function normaliseSubject(text: string): string {
  return text.toUpperCase().replace(/\s+/g, ' ').replace(/[\s.,;:]+$/, '').trim();
}
