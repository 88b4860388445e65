// Scripture full-text search: FlexSearch finds the verses holding every word (its index was built with
// the same tokeniser, so its postings are exact whole words), the verse word streams confirm phrases,
// and hits are ranked by how much of the verse the query makes up.

import type { Book, Testament } from '@skg/core';
import { LruCache } from '../internal/lru.ts';
import type { ScriptureHit, ScriptureQuery, ScriptureSearchResult } from './types.ts';
import { parseScriptureQuery } from './scripture-query.ts';
import type { ScriptureIndex } from './scripture-index.ts';
import type { VerseStore } from './verses.ts';

export type ScriptureSearch = (query: ScriptureQuery) => ScriptureSearchResult;

/** Ranked matches (global verse indexes) are cached per query and filter, so paging is cheap. */
const CACHE_ENTRIES = 256;
/** Cache weight is the number of matches held; 2M indexes ≈ 8 MB. */
const CACHE_WEIGHT = 2_000_000;

interface VerseRange {
  readonly start: number;
  readonly end: number;
}

const NOTHING: VerseRange = { start: 0, end: 0 };

function bookRange(verses: VerseStore, book: Book): VerseRange {
  let start = -1;
  let end = -1;
  for (let chapter = 1; chapter <= book.chapters; chapter++) {
    const slot = verses.getChapterSlot(book, chapter);
    if (!slot) continue;
    if (start < 0) start = slot.firstVerse;
    end = slot.firstVerse + slot.verseCount;
  }
  return start < 0 ? NOTHING : { start, end };
}

function testamentRange(verses: VerseStore, testament: Testament): VerseRange {
  // Canonical order puts the Old Testament first, so each testament is one contiguous range.
  let start = verses.verseCount;
  let end = 0;
  for (let ordinal = 0; ordinal < verses.chapterCount; ordinal++) {
    const slot = verses.getChapterSlotAt(ordinal);
    if (slot.book.testament !== testament) continue;
    start = Math.min(start, slot.firstVerse);
    end = Math.max(end, slot.firstVerse + slot.verseCount);
  }
  return start < end ? { start, end } : NOTHING;
}

/**
 * Creates the search over a verse store and its index. Ranking: score = query words ÷ verse words.
 * Every hit holds every query word, so this puts the shortest verses first ("jesus wept" → John 11:35,
 * two words of two); equal scores keep canonical order.
 */
export function createScriptureSearch(verses: VerseStore, index: ScriptureIndex): ScriptureSearch {
  const cache = new LruCache<Uint32Array>(CACHE_ENTRIES, CACHE_WEIGHT);
  const ranges = new Map<string, VerseRange>();

  function rangeFor(query: ScriptureQuery): VerseRange | undefined {
    if (query.book && query.testament && query.book.testament !== query.testament) return NOTHING;
    const key = query.book ? `book:${query.book.osis}` : query.testament ? `testament:${query.testament}` : undefined;
    if (key === undefined) return undefined;
    let range = ranges.get(key);
    if (!range) {
      range = query.book ? bookRange(verses, query.book) : testamentRange(verses, query.testament as Testament);
      ranges.set(key, range);
    }
    return range;
  }

  /** Every match in rank order, unfiltered. */
  function rank(terms: readonly string[], sequences: readonly (readonly string[])[]): Uint32Array {
    const sequenceIds: number[][] = [];
    for (const sequence of sequences) {
      const ids = sequence.map((word) => index.getWordId(word) ?? -1);
      if (ids.includes(-1)) return new Uint32Array(0);
      sequenceIds.push(ids);
    }
    const candidates = Uint32Array.from(index.getFlexIndex().search(terms.join(' '), { limit: index.verseCount || 1 }) as number[]);
    // FlexSearch returns ids in insertion (canonical) order in practice; make sure of it cheaply.
    for (let i = 1; i < candidates.length; i++) {
      if ((candidates[i] ?? 0) < (candidates[i - 1] ?? 0)) {
        candidates.sort();
        break;
      }
    }
    // Keep the true matches, counting them per verse length.
    const kept = new Uint32Array(candidates.length);
    const perLength = new Uint32Array(index.maxWordCount + 2);
    let n = 0;
    for (const id of candidates) {
      if (verses.isOmitted(id)) continue;
      if (sequenceIds.length > 0 && !sequenceIds.every((sequence) => index.hasSequence(id, sequence))) continue;
      kept[n++] = id;
      perLength[index.getWordCount(id) + 1]! += 1;
    }
    // Stable counting sort by verse length: shorter verses first, canonical order within a length.
    for (let length = 1; length < perLength.length; length++) perLength[length]! += perLength[length - 1] ?? 0;
    const ranked = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const id = kept[i] ?? 0;
      ranked[perLength[index.getWordCount(id)]!++] = id;
    }
    return ranked;
  }

  function matches(terms: readonly string[], sequences: readonly (readonly string[])[], range: VerseRange | undefined): Uint32Array {
    const base = `${terms.join(' ')}|${sequences.map((s) => s.join(' ')).join('|')}`;
    let all = cache.get(base);
    if (!all) {
      all = rank(terms, sequences);
      cache.set(base, all, all.length + 1);
    }
    if (!range) return all;
    const key = `${base}|${range.start}-${range.end}`;
    let filtered = cache.get(key);
    if (!filtered) {
      filtered = all.filter((id) => id >= range.start && id < range.end);
      cache.set(key, filtered, filtered.length + 1);
    }
    return filtered;
  }

  return (query) => {
    const { terms, phrases, sequences } = parseScriptureQuery(query.q);
    const ids = matches(terms, sequences, rangeFor(query));
    const offset = Math.max(0, query.offset);
    const page = ids.subarray(offset, offset + Math.max(0, query.limit));
    const hits: ScriptureHit[] = [];
    for (const id of page) {
      const slot = verses.getChapterSlotOf(id);
      const verse = id - slot.firstVerse + 1;
      hits.push({
        osis: `${slot.book.osis}.${slot.chapter}.${verse}`,
        book: slot.book,
        chapter: slot.chapter,
        verse,
        text: verses.getText(id),
      });
    }
    return { terms, phrases, total: ids.length, hits };
  };
}
