// How often each Greek Strong's number occurs in the New Testament, and where first: counted over the
// Greek words of the BSB-publishing interlinear (`display/<BOOK>/<BOOK><n>.json`, CC0), whose `grk`
// holds each verse's Greek text word by word with its Strong's number, in Greek order.

import { type Book, getBookByUsfm } from '@skg/core';

export interface GreekOccurrence {
  readonly count: number;
  /** The first verse in canonical order. */
  readonly first: { readonly book: Book; readonly chapter: number; readonly verse: number };
}

export interface InterlinearChapter {
  /** `bsb-publishing-interlinear/display/JHN/JHN1.json` or just `JHN1.json`. */
  readonly path: string;
  readonly json: string;
}

/** `…/JHN1.json` → John, 1; undefined when the name is not `<USFM code><chapter>.json`. */
export function parseInterlinearPath(path: string): { book: Book; chapter: number } | undefined {
  const match = /([1-4A-Z]{3})(\d+)\.json$/.exec(path);
  const book = match ? getBookByUsfm(match[1] ?? '') : undefined;
  return book && match ? { book, chapter: Number(match[2]) } : undefined;
}

/**
 * Counts Greek words per Strong's number (`G3056` → 3056). Chapters may come in any order. Files whose
 * name or JSON cannot be read are returned in `unreadable`; words whose Strong's is not `G<n>` are counted
 * in `otherWords`.
 */
export function countGreekOccurrences(chapters: readonly InterlinearChapter[]): {
  occurrences: Map<number, GreekOccurrence>;
  words: number;
  otherWords: number;
  unreadable: string[];
} {
  const occurrences = new Map<number, { count: number; first: GreekOccurrence['first'] }>();
  const unreadable: string[] = [];
  let words = 0;
  let otherWords = 0;
  const order = (point: GreekOccurrence['first']) => point.book.order * 1e6 + point.chapter * 1e3 + point.verse;
  for (const chapter of chapters) {
    const place = parseInterlinearPath(chapter.path);
    let data: { grk?: Record<string, unknown> };
    try {
      data = JSON.parse(chapter.json) as { grk?: Record<string, unknown> };
    } catch {
      data = {};
    }
    if (!place || typeof data.grk !== 'object' || data.grk === null) {
      unreadable.push(chapter.path);
      continue;
    }
    for (const [verseKey, list] of Object.entries(data.grk)) {
      const verse = Number(verseKey);
      if (!Number.isInteger(verse) || !Array.isArray(list)) continue;
      const point = { book: place.book, chapter: place.chapter, verse };
      for (const word of list) {
        words++;
        const strongs = Array.isArray(word) ? word[1] : undefined;
        const match = typeof strongs === 'string' ? /^G(\d+)$/.exec(strongs) : null;
        if (!match) {
          otherWords++;
          continue;
        }
        const number = Number(match[1]);
        const seen = occurrences.get(number);
        if (!seen) occurrences.set(number, { count: 1, first: point });
        else {
          seen.count++;
          if (order(point) < order(seen.first)) seen.first = point;
        }
      }
    }
  }
  return { occurrences, words, otherWords, unreadable };
}
