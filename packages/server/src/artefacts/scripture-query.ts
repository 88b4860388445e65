// How `/scripture`'s `q` is read: words, double-quoted phrases, and the tokenising rules of
// `tokenizeScripture` (@skg/core), which the index was built with.

import { ApiError, tokenizeScripture } from '@skg/core';

export interface ScriptureQueryTerms {
  /** Every distinct word, phrase words included, in order of first appearance. */
  readonly terms: readonly string[];
  /** The double-quoted runs, tokenised and joined by single spaces (`"Only Son!"` → `only son`). */
  readonly phrases: readonly string[];
  /**
   * Runs of two or more words that must stand adjacent and in order: every quoted phrase, and every
   * query word that tokenises into several (`seed-bearing` → `seed bearing`).
   */
  readonly sequences: readonly (readonly string[])[];
}

/** Straight and curly double quotes open and close phrases. */
const QUOTE = /["\u201c\u201d\u201e\u201f]/;

/**
 * Reads a query. Outside quotes, whitespace separates words and every word must appear in the verse;
 * inside a pair of quotes the words must also be adjacent and in order (an unclosed quote runs to the
 * end). Words are tokenised exactly like the verse text: lowercase, punctuation dropped, `God’s` →
 * `god`, hyphenated words split but kept adjacent. There are no operators. Throws `invalid_parameter`
 * (param `q`) when nothing searchable remains.
 */
export function parseScriptureQuery(q: string): ScriptureQueryTerms {
  const terms = new Set<string>();
  const phrases: string[] = [];
  const sequences: string[][] = [];
  q.split(QUOTE).forEach((segment, position) => {
    const quoted = position % 2 === 1;
    if (quoted) {
      const words = tokenizeScripture(segment);
      if (words.length === 0) return;
      phrases.push(words.join(' '));
      if (words.length > 1) sequences.push(words);
      for (const word of words) terms.add(word);
      return;
    }
    for (const chunk of segment.split(/\s+/)) {
      const words = tokenizeScripture(chunk);
      if (words.length > 1) sequences.push(words);
      for (const word of words) terms.add(word);
    }
  });
  if (terms.size === 0) {
    throw new ApiError('invalid_parameter', 'q holds no searchable word: give one or more words, or a "quoted phrase"', {
      param: 'q',
    });
  }
  return { terms: [...terms], phrases, sequences };
}
