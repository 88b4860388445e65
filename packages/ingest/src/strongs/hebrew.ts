// Strong's Hebrew and Aramaic dictionary as BibleData publishes it (`HebrewStrongs.csv`): one row per
// number, the dictionary text in the multi-line `gloss` field.
//
// A gloss reads:
//   elohiym (el-o-heem') n-m.            transliteration (pronunciation) part-of-speech abbreviation
//   1. gods in the ordinary sense        the senses, numbered
//   {…}                                  a note on the senses (rare)
//   [plural of H433]                     the etymology
//   KJV: angels, X exceeding, God …      how the KJV renders it
//   Root(s): H433                        the roots (the `*_root_number` columns repeat these, three at most)
//   Compare: H3050 / See also: H…        related numbers

import { parse } from 'csv-parse/sync';

export interface HebrewEntry {
  /** Strong's number without prefix: 430. */
  readonly number: number;
  readonly word: string;
  readonly language: 'hebrew' | 'aramaic';
  /**
   * From the gloss's first line; empty when the gloss has none (three rows hold only the root letters).
   * BibleData cuts three at the apostrophe of their aleph (`shiyth` for `re'shiyth`): those are
   * completed (`repairTransliteration`).
   */
  readonly transliteration: string;
  /** The transliteration was completed from the word and its pronunciation. */
  readonly transliterationRepaired: boolean;
  readonly pronunciation: string;
  /** BibleData's `part_of_speech` (`noun`, `verb`, `noun proper`, `noun location` …); may be empty. */
  readonly partOfSpeech: string;
  readonly gender: string;
  readonly occurrences: number;
  /** BibleData's reference: `GEN 1:1`. */
  readonly firstOccurrence: string;
  readonly senses: readonly string[];
  /** `{…}` lines: notes on the senses. */
  readonly notes: readonly string[];
  /** The `[…]` etymology, without its brackets. */
  readonly etymology: string;
  /** The `KJV:` renderings. */
  readonly kjv: string;
  /** Root numbers in the order the gloss gives them, each once (`Root(s):`; else the root columns). */
  readonly roots: readonly number[];
  /** Root numbers the columns give that the `Root(s):` line does not (reported, not used). */
  readonly rootColumnsOnly: readonly number[];
  /** `Compare:` and `See also:` numbers. */
  readonly related: readonly number[];
  /** Gloss lines none of the above patterns read, kept as text. */
  readonly other: readonly string[];
}

/** Hebrew numbers in text: `H433, H3050` → [433, 3050]. */
function readNumbers(text: string): number[] {
  return [...new Set([...text.matchAll(/\bH(\d+)\b/g)].map((match) => Number(match[1])))];
}

/**
 * The first gloss line: `elohiym (el-o-heem') n-m.`; alternative forms in parentheses
 * (`Abner (ab-nare') (or (fully) nAbiyner {ab-ee-nare'}) n/p.`) are left out.
 */
export function parseGlossHead(line: string): { transliteration: string; pronunciation: string } {
  const match = /^\s*(.+?) \(([^()]*)\)/.exec(line);
  if (!match) return { transliteration: '', pronunciation: '' };
  return { transliteration: (match[1] ?? '').trim(), pronunciation: (match[2] ?? '').trim() };
}

/** Reads one gloss (see the module header). */
export function parseGloss(gloss: string): Pick<HebrewEntry, 'transliteration' | 'pronunciation' | 'senses' | 'notes' | 'etymology' | 'kjv' | 'roots' | 'related' | 'other'> {
  const lines = gloss.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const [head = '', ...rest] = lines;
  // Three rows hold only Hebrew letters, no dictionary text.
  if (!/[A-Za-z]/.test(head)) {
    return { transliteration: '', pronunciation: '', senses: [], notes: [], etymology: '', kjv: '', roots: [], related: [], other: [] };
  }
  const senses: string[] = [];
  const notes: string[] = [];
  const other: string[] = [];
  const roots: number[] = [];
  const related: number[] = [];
  let etymology = '';
  let kjv = '';
  for (const line of rest) {
    let match: RegExpExecArray | null;
    if ((match = /^\d+\.\s*(.*)$/.exec(line))) senses.push(match[1] ?? '');
    else if ((match = /^\{(.*)\}$/.exec(line))) notes.push(match[1] ?? '');
    else if ((match = /^\[(.*)\]$/.exec(line)) && etymology === '') etymology = match[1] ?? '';
    else if ((match = /^KJV:\s*(.*)$/.exec(line))) kjv = match[1] ?? '';
    else if ((match = /^Root\(s\):\s*(.*)$/.exec(line))) roots.push(...readNumbers(match[1] ?? ''));
    else if ((match = /^(?:Compare|See also):\s*(.*)$/.exec(line))) related.push(...readNumbers(match[1] ?? ''));
    else other.push(line);
  }
  return { ...parseGlossHead(head), senses, notes, etymology, kjv, roots: [...new Set(roots)], related: [...new Set(related)], other };
}

/** Latin letters a Strong's transliteration may start with, by the word's first Hebrew letter. */
const INITIALS: ReadonlyMap<string, string> = new Map(Object.entries({
  'א': "aeiou'", 'ב': 'bv', 'ג': 'g', 'ד': 'd', 'ה': 'h', 'ו': 'vwu', 'ז': 'z', 'ח': 'c', 'ט': 't', 'י': 'yi', 'כ': 'kc',
  'ל': 'l', 'מ': 'm', 'נ': 'n', 'ס': 'cs', 'ע': "aeiou'`", 'פ': 'pf', 'צ': 't', 'ק': 'qk', 'ר': 'r', 'ש': 's', 'ת': 't',
}));
/** The vowel of a pronunciation's first syllable (`ray`, `ree`, `be`) as Strong's transliterations write it. */
const VOWELS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:ay|e|eh)$/, 'e'],
  [/^(?:ee|i)$/, 'i'],
  [/^(?:aw|a|ah)$/, 'a'],
  [/^(?:o|oh)$/, 'o'],
  [/^(?:oo|u)$/, 'u'],
];

/**
 * Completes a transliteration BibleData cut at the apostrophe of an aleph (H7225 `shiyth (ray-sheeth')`
 * for `re'shiyth`, H875 `er` for `be'er`, H7224 `shoniy` for `ri'shoniy`): when it cannot start the word
 * (its first letter does not fit the word's first consonant) and the word's second letter is aleph,
 * the first consonant and the vowel of the pronunciation's first syllable are put back before `'`.
 * Anything else is returned as it is.
 */
export function repairTransliteration(word: string, transliteration: string, pronunciation: string): string {
  const letters = word.normalize('NFD').replace(/\p{M}/gu, '');
  const first = letters[0] ?? '';
  const initials = INITIALS.get(first);
  if (!initials || transliteration === '' || initials.includes(transliteration[0]?.toLowerCase() ?? '') || letters[1] !== 'א') return transliteration;
  const consonant = initials[0] ?? '';
  const syllable = (pronunciation.split('-')[0] ?? '').replace(/['’]/g, '');
  if (!syllable.startsWith(consonant)) return transliteration;
  const vowel = VOWELS.find(([pattern]) => pattern.test(syllable.slice(consonant.length)))?.[1];
  return vowel ? `${consonant}${vowel}'${transliteration}` : transliteration;
}

/** Parses the CSV (UTF-8 with a BOM, multi-line quoted glosses). Throws on malformed CSV or a bad number. */
export function parseHebrewStrongs(csv: string): HebrewEntry[] {
  const rows = parse<Record<string, string | undefined>>(csv, { bom: true, columns: true, skip_empty_lines: true });
  return rows.map((row, index) => {
    const number = Number(row.strongs_number);
    if (!Number.isInteger(number) || number < 1) throw new Error(`HebrewStrongs.csv row ${index + 2}: strongs_number '${row.strongs_number}'`);
    const gloss = parseGloss(row.gloss ?? '');
    const columns = [row.first_root_number, row.second_root_number, row.third_root_number]
      .filter((value): value is string => value !== undefined && /^\d+$/.test(value.trim()))
      .map(Number);
    const roots = gloss.roots.length > 0 ? gloss.roots : [...new Set(columns)];
    const word = (row.word ?? '').trim().normalize('NFC');
    const transliteration = repairTransliteration(word, gloss.transliteration, gloss.pronunciation);
    return {
      number,
      word,
      language: row.language?.trim() === 'A' ? 'aramaic' : 'hebrew',
      partOfSpeech: (row.part_of_speech ?? '').trim(),
      gender: (row.gender ?? '').trim(),
      occurrences: Number(row.occurrences ?? 0) || 0,
      firstOccurrence: (row.first_occurrence ?? '').trim(),
      ...gloss,
      transliteration,
      transliterationRepaired: transliteration !== gloss.transliteration,
      roots,
      rootColumnsOnly: [...new Set(columns.filter((root) => !roots.includes(root)))],
    } satisfies HebrewEntry;
  });
}
