// Scripture record shapes shared by the compiler (which writes them) and the server (which reads them).

/** One verse slot of the KJV versification as the API shows it (spec: Verse). */
export interface Verse {
  readonly verse: number;
  readonly osis: string;
  /** Empty when the translation omits the verse. */
  readonly text: string;
  readonly omitted?: true;
  readonly speaker?: string;
  /** The translation's footnotes on the verse, in text order; absent when it has none. */
  readonly footnotes?: readonly Footnote[];
}

/**
 * A footnote on a verse: where it stands in the verse's `text` (a UTF-16 index; the note follows
 * `text.slice(0, offset)`), its words as the translation prints them, and its kind (`crossReference`
 * for a note listing other passages; the BSB's are all `footnote`).
 */
export interface Footnote {
  readonly offset: number;
  readonly text: string;
  readonly type: 'footnote' | 'crossReference';
}

/**
 * A section heading printed before a verse (`level`: the USFM marker, e.g. `s1`, `ms`, `d`, `qa`);
 * `midVerse` when it falls inside verse `before`, after its first words (Song 6:13).
 */
export interface Heading {
  readonly before: number;
  readonly level: string;
  readonly text: string;
  readonly midVerse?: true;
  /** The translation's footnotes in the heading (the BSB's in Psalm titles), offsets into its `text`; absent when none. */
  readonly footnotes?: readonly Footnote[];
}

export const TRANSLATION = 'BSB' as const;
export const VERSIFICATION = 'kjv' as const;

// --- Scripture words: one tokeniser for the compiler (index, word counts) and the server (queries).

/** Apostrophes that may join the parts of one word: ASCII `'`, right single quote `’`, modifier `ʼ`. */
const WORD = /[\p{L}\p{N}]+(?:['\u2019\u02bc][\p{L}\p{N}]+)*/gu;
const APOSTROPHE = /['\u2019\u02bc]/g;
const POSSESSIVE = /['\u2019\u02bc]s$/;
const COMBINING = /[\u0300-\u036f]/g;
const DIGIT_GROUP = /(\d),(?=\d{3}\b)/g;

/**
 * Splits scripture text (or a query) into whole words, lowercased. The rules, shared by the index and
 * by every query, so `god` matches exactly where a reader sees the word God:
 * - letters and digits make words; everything else separates them: spaces, punctuation, curly and
 *   straight quotes, hyphens and dashes (`seed-bearing` is `seed` `bearing`, `morning—the` is
 *   `morning` `the`);
 * - an apostrophe between letters stays inside the word and is then dropped, and a possessive `’s`
 *   is dropped with it: `God’s` → `god`, `couldn’t` → `couldnt`; a trailing apostrophe (`Jesus’`,
 *   a closing `’`) is punctuation;
 * - accents are removed (`naïve` → `naive`) and digit groups are joined (`10,000` → `10000`).
 * The function is idempotent: tokenising its own output joined by spaces gives the same words.
 */
export function tokenizeScripture(text: string): string[] {
  const normal = text.normalize('NFKD').replace(COMBINING, '').toLowerCase().replace(DIGIT_GROUP, '$1');
  const words: string[] = [];
  for (const match of normal.matchAll(WORD)) {
    const word = match[0];
    words.push(word.replace(POSSESSIVE, '').replace(APOSTROPHE, ''));
  }
  return words;
}

// --- The codec contract between the compiler (encoders) and the server (decoders). Layouts are
// declared in ./artefacts/.

/** msgpackr options for every msgpack-encoded record: plain maps and arrays, no record extension. */
export const MSGPACK_OPTIONS = Object.freeze({
  useRecords: false,
  mapsAsObjects: true,
  moreTypes: false,
  variableMapSize: false,
} as const);

/** FlexSearch `Index` options of the scripture index; documents are tokenised with `tokenizeScripture`. */
export const SCRIPTURE_INDEX_OPTIONS = Object.freeze({
  tokenize: 'strict',
  resolution: 1,
  fastupdate: false,
  cache: false,
} as const);
