// The BSB-publishing interlinear (`bsb-publishing-interlinear/display/<BOOK>/<BOOK><n>.json`, CC0): per
// chapter, `eng` holds each verse's BSB English cut into the translation tables' segments in English
// order, `[text, strongs | null]`, and `heb` or `grk` the verse's original words in original order,
// `[word, strongs | null]`. Verse keys are strings; Strong's numbers are `H<n>` / `G<n>`.

import type { Book } from '@skg/core';
import { parseInterlinearPath } from '../strongs/greek-occurrences.ts';
import type { EnglishSegment } from './join.ts';

export interface BsbWord {
  readonly text: string;
  readonly strongs: string | null;
}

export interface BsbVerse {
  /** Absent when the chapter has no `eng` for the verse (the Psalm superscription verses). */
  readonly english?: readonly EnglishSegment[];
  /** Absent when the chapter has no `heb`/`grk` for the verse (the Aramaic of Daniel and Ezra). */
  readonly original?: readonly BsbWord[];
}

export interface BsbChapter {
  readonly book: Book;
  readonly chapter: number;
  readonly verses: ReadonlyMap<number, BsbVerse>;
}

function readPairs(value: unknown): { text: string; strongs: string | null }[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const pairs: { text: string; strongs: string | null }[] = [];
  for (const item of value) {
    if (!Array.isArray(item) || typeof item[0] !== 'string') return undefined;
    const strongs = typeof item[1] === 'string' && /^[GH]\d+$/.test(item[1]) ? item[1] : null;
    pairs.push({ text: item[0], strongs });
  }
  return pairs;
}

/** Reads one chapter file; undefined when its name or JSON is not an interlinear chapter. */
export function parseBsbInterlinearChapter(path: string, json: string): BsbChapter | undefined {
  const place = parseInterlinearPath(path);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!place || typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  const eng = (record.eng ?? {}) as Record<string, unknown>;
  const original = (record.heb ?? record.grk ?? {}) as Record<string, unknown>;
  if (typeof eng !== 'object' || typeof original !== 'object') return undefined;
  const verses = new Map<number, BsbVerse>();
  for (const key of new Set([...Object.keys(eng), ...Object.keys(original)])) {
    const verse = Number(key);
    if (!Number.isInteger(verse) || verse < 1) continue;
    const english = readPairs(eng[key]);
    const words = readPairs(original[key]);
    verses.set(verse, { ...(english ? { english } : {}), ...(words ? { original: words } : {}) });
  }
  return { book: place.book, chapter: place.chapter, verses };
}
