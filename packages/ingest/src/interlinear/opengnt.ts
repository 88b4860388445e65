// The Open Greek New Testament (OpenGNT): one row per Greek word, keyed by `OGNTsort` (000001 …),
// spread over tab-separated tables that share that key:
//
//   OpenGNT_verseFirstSort.tsv      Book (40–66), Chapter, Verse, OGNTsort of the verse's first word, BGBsort
//   OpenGNT_words_only.csv          OGNTsort, OGNTa (the accented word)
//   OpenGNT_morphology_English.csv  OGNTsort, extendedStrNo (G976), RMAC (N-NSF), EnglishDescription
//   OpenGNT_TranslationByWord.csv   OGNTsort, FEATURESsort1, LevinsohnClauseID, 〔BGBsortI｜LTsortI｜STsortI〕, 〔IT｜LT｜ST〕
//
// A word belongs to the last verse whose first word it does not precede. `STsortI` is the word's place
// in the English of the Berean Study Bible (the BSB's predecessor): the join takes words with the same
// Strong's number in that order. Sort values may carry a letter (`1612a`), read as a fraction after
// the number.
//
// OpenGNT numbers verses as the KJV does except where its Greek text divides them otherwise; the BSB
// (KJV numbering) folds 3 John 1:15 into 1:14 and Revelation 12:18 into 12:17, and numbers 2 Corinthians
// 13:12–13 as 13:12–14 and Acts 19:40 as 19:40–41. `OPENGNT_TO_KJV` maps those verses.

import { BOOKS } from '@skg/core';

export interface GreekWord {
  readonly text: string;
  /** `G3056`. */
  readonly strongs: string;
  /** Robinson code: `N-NSM`. */
  readonly rmac: string;
  /** Place in the Berean Study Bible's English (STsortI); absent when the table has none. */
  readonly englishOrder?: number | undefined;
}

/** OpenGNT verses whose words belong to other (or several) KJV verses. */
export const OPENGNT_TO_KJV: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  '3John.1.15': ['3John.1.14'],
  'Rev.12.18': ['Rev.12.17'],
  '2Cor.13.12': ['2Cor.13.12', '2Cor.13.13'],
  '2Cor.13.13': ['2Cor.13.14'],
  'Acts.19.40': ['Acts.19.40', 'Acts.19.41'],
}));

export interface OpenGntTables {
  readonly verseFirstSort: string;
  readonly wordsOnly: string;
  readonly morphology: string;
  readonly translationByWord: string;
}

export interface OpenGnt {
  /** Words per KJV verse (`John.1.1`), in Greek order. */
  readonly verses: ReadonlyMap<string, readonly GreekWord[]>;
  readonly words: number;
  /** Rows of the word tables that could not be read. */
  readonly unreadable: number;
}

function readRows(tsv: string, header: boolean): string[][] {
  const lines = tsv.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line !== '');
  return (header ? lines.slice(1) : lines).map((line) => line.split('\t'));
}

/** `63099` → 63099, `1612a` → 1612.01; undefined when empty or unreadable. */
export function parseSortValue(value: string): number | undefined {
  const match = /^(\d+)([a-z]?)$/.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) + (match[2] ? (match[2].charCodeAt(0) - 96) / 100 : 0);
}

/** The third value of `〔a｜b｜c〕`. */
function readThird(cell: string): string {
  return cell.replace(/^〔|〕$/g, '').split('｜')[2] ?? '';
}

/** Reads the four tables into words per KJV verse. */
export function parseOpenGnt(tables: OpenGntTables): OpenGnt {
  const starts = readRows(tables.verseFirstSort, true)
    .map(([book, chapter, verse, sort]) => ({ book: BOOKS[Number(book) - 1], chapter: Number(chapter), verse: Number(verse), sort: Number(sort) }))
    .filter((row) => row.book !== undefined && Number.isFinite(row.sort))
    .sort((a, b) => a.sort - b.sort);
  const text = new Map(readRows(tables.wordsOnly, true).map(([sort = '', word = '']) => [sort, word]));
  const order = new Map(readRows(tables.translationByWord, true).map(([sort = '', , , sorts = '']) => [sort, parseSortValue(readThird(sorts))]));
  const verses = new Map<string, GreekWord[]>();
  let unreadable = 0;
  let words = 0;
  let at = -1;
  const rows = readRows(tables.morphology, true).sort((a, b) => Number(a[0]) - Number(b[0]));
  for (const [sort = '', strongs = '', rmac = ''] of rows) {
    const position = Number(sort);
    const word = text.get(sort);
    if (!Number.isFinite(position) || word === undefined || !/^G\d+$/.test(strongs)) {
      unreadable++;
      continue;
    }
    while (at + 1 < starts.length && (starts[at + 1]?.sort ?? Infinity) <= position) at++;
    const start = starts[at];
    if (!start?.book) {
      unreadable++;
      continue;
    }
    words++;
    const osis = `${start.book.osis}.${start.chapter}.${start.verse}`;
    for (const kjv of OPENGNT_TO_KJV.get(osis) ?? [osis]) {
      let list = verses.get(kjv);
      if (!list) verses.set(kjv, (list = []));
      list.push({ text: word, strongs: `G${Number(strongs.slice(1))}`, rmac, englishOrder: order.get(sort) });
    }
  }
  return { verses, words, unreadable };
}
