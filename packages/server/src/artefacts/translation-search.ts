// Full-text search of a translation beside the BSB, by the BSB search's rules (scripture-search.ts):
// every word in the verse, quoted phrases adjacent and in order, words tokenised by tokenizeScripture
// (lowercase, accents removed: `creo` finds `creó`), an archaic spelling found by its modern word too
// (the RV1909's `crió` by `creo`: the index holds the verse under both, TranslationText.spellings), empty slots never matched, the shortest verses
// first and canonical order among equals. The postings of each word are read from the artefact's tail;
// a phrase is confirmed on the verse's own text.

import { tokenizeScripture } from '@skg/core';
import { LruCache } from '../internal/lru.ts';
import { parseScriptureQuery } from './scripture-query.ts';
import type { ScriptureHit, ScriptureQuery, ScriptureSearchResult, TranslationText } from './types.ts';

/** Ranked matches (relative slots) cached per translation, query and filter, so paging is cheap. */
const CACHE_ENTRIES = 128;
const CACHE_WEIGHT = 1_000_000;
/** Phrase candidates at most this many slots apart are read in one run, of at most RUN_LIMIT of them. */
const RUN_GAP = 4;
const RUN_LIMIT = 256;

/** Slots of both sorted lists. */
function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}

/**
 * True when `words` holds `sequence` adjacent and in order; a word of the text in an archaic spelling
 * also stands for its modern word (`spellings`), as the index has it.
 */
function hasSequence(words: readonly string[], sequence: readonly string[], spellings: ReadonlyMap<string, string>): boolean {
  const matches = (word: string | undefined, wanted: string) => word === wanted || (word !== undefined && spellings.get(word) === wanted);
  for (let at = 0; at + sequence.length <= words.length; at++) {
    if (sequence.every((word, k) => matches(words[at + k], word))) return true;
  }
  return false;
}

export interface TranslationSearch {
  /** A page of hits, as the BSB's search answers. */
  search(query: ScriptureQuery): ScriptureSearchResult;
  /** Every match (relative slots) in rank order, book and testament filters applied; and how `q` was read. */
  rank(query: Omit<ScriptureQuery, 'limit' | 'offset'>): { slots: Uint32Array; terms: readonly string[]; phrases: readonly string[] };
}

const searches = new WeakMap<TranslationText, TranslationSearch>();

/** The search of one translation (made once per translation of a data set). */
export function getTranslationSearch(translation: TranslationText): TranslationSearch {
  let search = searches.get(translation);
  if (!search) {
    search = createTranslationSearch(translation);
    searches.set(translation, search);
  }
  return search;
}

function createTranslationSearch(translation: TranslationText): TranslationSearch {
  const cache = new LruCache<Uint32Array>(CACHE_ENTRIES, CACHE_WEIGHT);

  function rank(terms: readonly string[], sequences: readonly (readonly string[])[]): Uint32Array {
    // Rarest word first: the intersection shrinks fastest.
    const lists = terms.map((term) => translation.findWord(term)).sort((a, b) => a.length - b.length);
    let slots = lists[0] ?? new Uint32Array(0);
    for (const list of lists.slice(1)) {
      if (slots.length === 0) break;
      slots = intersect(slots, list);
    }
    if (sequences.length > 0 && slots.length > 0) {
      const kept: number[] = [];
      // Candidates close together are read in one run (a common phrase has thousands of them).
      for (let at = 0; at < slots.length; ) {
        let end = at + 1;
        while (end < slots.length && (slots[end] ?? 0) - (slots[end - 1] ?? 0) <= RUN_GAP && end - at < RUN_LIMIT) end++;
        const from = slots[at] ?? 0;
        const verses = translation.readSlots(from, (slots[end - 1] ?? 0) + 1);
        for (let k = at; k < end; k++) {
          const slot = slots[k] ?? 0;
          const words = tokenizeScripture(verses[slot - from]?.text ?? '');
          if (sequences.every((sequence) => hasSequence(words, sequence, translation.spellings))) kept.push(slot);
        }
        at = end;
      }
      slots = Uint32Array.from(kept);
    }
    // Stable: shorter verses first, canonical (slot) order within a length.
    return Uint32Array.from([...slots].sort((a, b) => translation.wordCount(a) - translation.wordCount(b) || a - b));
  }

  function rankQuery(query: Omit<ScriptureQuery, 'limit' | 'offset'>) {
    const { terms, phrases, sequences } = parseScriptureQuery(query.q);
    const base = `${terms.join(' ')}|${sequences.map((s) => s.join(' ')).join('|')}`;
    let all = cache.get(base);
    if (!all) {
      all = rank(terms, sequences);
      cache.set(base, all, all.length + 1);
    }
    const inScope = scopeFilter(translation, query);
    return { slots: inScope ? all.filter(inScope) : all, terms, phrases };
  }

  function search(query: ScriptureQuery): ScriptureSearchResult {
    const { slots: ranked, terms, phrases } = rankQuery(query);
    const offset = Math.max(0, query.offset);
    const page = ranked.subarray(offset, offset + Math.max(0, query.limit));
    const hits: ScriptureHit[] = [...page].map((slot) => {
      const { book: at, chapter, verse } = translation.locateSlot(slot);
      const [read] = translation.readSlots(slot, slot + 1);
      return { osis: `${at.osis}.${chapter}.${verse}`, book: at, chapter, verse, text: read?.text ?? '' };
    });
    return { terms, phrases, total: ranked.length, hits };
  }

  return { search, rank: rankQuery };
}

/** The test of a slot against a query's `book` and `testament` filters, or undefined when it has none. */
export function scopeFilter(translation: TranslationText, { book, testament }: Pick<ScriptureQuery, 'book' | 'testament'>): ((slot: number) => boolean) | undefined {
  if (!book && !testament) return undefined;
  return (slot) => {
    const at = translation.locateSlot(slot).book;
    return (!book || at.osis === book.osis) && (!testament || at.testament === testament);
  };
}
