// Checks the table of old spellings searchable by their modern spelling (@skg/compiler
// MODERN_SPELLINGS) against a translation's text in the bundle: every archaic form must occur in it.
// Prints, per pair, the verses holding the archaic form and those holding the modern one.
//
//   node --import tsx tools/check-spellings.ts [--bundle bundle] [--translation RV1909]
//
// Exits 1 when an archaic form is in none of its verses (an entry to remove).

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tokenizeScripture } from '@skg/core';
import { MODERN_SPELLINGS } from '@skg/compiler';

export interface SpellingCount {
  readonly archaic: string;
  readonly modern: string;
  /** Verses whose text holds the archaic form (tokenised: accents and case ignored). */
  readonly archaicVerses: number;
  /** Verses whose text holds the modern form already. */
  readonly modernVerses: number;
}

/** Per pair of the translation's table, in table order, the verses of `bundle/translations/<id>/` holding each form. */
export function countSpellings(bundleDir: string, id: string): SpellingCount[] {
  const folder = path.join(bundleDir, 'translations', id.toLowerCase());
  const verses = new Map<string, number>();
  for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.json'))) {
    const { chapters } = JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as { chapters: Array<Array<{ text: string }>> };
    for (const line of chapters.flat()) for (const word of new Set(tokenizeScripture(line.text))) verses.set(word, (verses.get(word) ?? 0) + 1);
  }
  const count = (spelling: string) => verses.get(tokenizeScripture(spelling).join(' ')) ?? 0;
  return (MODERN_SPELLINGS[id] ?? []).map(([archaic, modern]) => ({ archaic, modern, archaicVerses: count(archaic), modernVerses: count(modern) }));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { bundle: { type: 'string', default: 'bundle' }, translation: { type: 'string', default: 'RV1909' } } });
  const rows = countSpellings(path.resolve(values.bundle), values.translation);
  for (const row of rows) console.log(`${row.archaic.padEnd(14)} ${String(row.archaicVerses).padStart(4)}  → ${row.modern.padEnd(14)} ${String(row.modernVerses).padStart(4)}`);
  const missing = rows.filter((row) => row.archaicVerses === 0);
  if (missing.length > 0) {
    console.error(`not in the ${values.translation} text: ${missing.map((row) => row.archaic).join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
