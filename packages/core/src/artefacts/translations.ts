// The translations beside the BSB (`translations.bin`, optional): per translation its books and verse
// slots, each slot's record (text, footnotes, headings, supplied words, words of Jesus, Strong's tags)
// on disk, and a concordance of the translations whose Strong's tags are served (the KJV's).
//
//   header        TRANSLATIONS_LAYOUT.header, u32 each
//   sections      TRANSLATIONS_SECTIONS, padded to 4
//   tail          one StoredTranslationVerse msgpack array per slot, in slot order (translation by
//                 translation, each in its books' order); then one StoredRenderings msgpack array per
//                 concordance row, from `renderingsAt`; then the search postings (u32 slots), from
//                 `postingsAt`
//
// The head (the slot offsets, the concordance, the search vocabulary and word counts, the tables) is
// held in memory; a verse or a chapter is one positioned read of the tail, a search word's postings one
// more.

import { defineArtefactLayout } from './layout.ts';
import { defineSections } from './sections.ts';

export const TRANSLATIONS_LAYOUT = defineArtefactLayout({
  name: 'translations',
  file: 'translations.bin',
  magic: 'SKGT',
  header: {
    /** S: verse slots of all translations together. */
    slots: 8,
    /** Where the records begin. */
    tailOffset: 12,
    /** T: bytes of the tables. */
    tableBytes: 16,
    /** R: concordance rows (one per translation and Strong's number it tags). */
    concordanceRows: 20,
    /** P: (row, slot) pairs of the concordance: verses in which a word is tagged with the row's number. */
    concordanceSlots: 24,
    /** Where the rendering records begin, relative to the tail. */
    renderingsAt: 28,
    /** W: search words (rows of the vocabulary, translation by translation, each sorted by UTF-8 bytes). */
    words: 32,
    /** Bytes of the vocabulary's UTF-8 strings. */
    wordBytes: 36,
    /** Where the postings begin, relative to the tail (4-byte aligned): u32 slots, word by word. */
    postingsAt: 40,
  },
  headerBytes: 44,
});

/** One footnote: where it stands in the verse's text, its text, and `footnote` or `crossReference`. */
export type StoredTranslationFootnote = [offset: number, text: string, type: string];

/**
 * One heading before the verse (or inside it, `midVerse` 1): its text, `section`, `psalm` or `speaker`, and
 * (only for a translation whose tags are served, and only when it has any) its Strong's-tagged words as the
 * verse's `strongs` (the KJV's Psalm titles: they count for the verse in the concordance), else null or absent;
 * then its footnotes (the WEB's in Psalm titles, offsets into its text) when it has any.
 */
export type StoredTranslationHeading = [
  text: string,
  type: string,
  strongs?: Array<Array<number | string>> | null,
  midVerse?: 0 | 1,
  footnotes?: StoredTranslationFootnote[],
];

/**
 * One verse slot's record. `empty` is 1 for a slot with no text; `added`, `wordsOfJesus` are
 * `[start, end)` pairs flattened; `strongs` is, per tagged word, `[start, end, codes…]` (only for a
 * translation whose tags are served).
 */
export type StoredTranslationVerse = [
  text: string,
  empty: 0 | 1,
  footnotes: StoredTranslationFootnote[] | null,
  headings: StoredTranslationHeading[] | null,
  added: number[] | null,
  wordsOfJesus: number[] | null,
  strongs: Array<Array<number | string>> | null,
];

/** One rendering row: the words a translation renders a Strong's number with, and how often, most frequent first. */
export type StoredRenderings = Array<[words: string, count: number]>;

/** A book of a translation: its OSIS id, its name in the source, whether deuterocanonical, its verse count per chapter. */
export type StoredTranslationBook = [osis: string, name: string, deuterocanonical: 0 | 1, verseCounts: number[]];

export interface StoredTranslation {
  readonly id: string;
  /** Global index of its first slot; its slots run in its books' order, each chapter's from verse 1. */
  readonly firstSlot: number;
  readonly books: StoredTranslationBook[];
  /** What the text has, counted: empty slots, footnotes, headings, supplied-word spans, words-of-Jesus spans, Strong's-tagged words. */
  readonly counts: Readonly<Record<'verses' | 'empty' | 'footnotes' | 'headings' | 'added' | 'wordsOfJesus' | 'strongs', number>>;
  /** First vocabulary row and how many: the words of its text, tokenised as the BSB's search tokenises (`tokenizeScripture`). */
  readonly wordFirst: number;
  readonly wordCount: number;
  /** First concordance row and how many (rows sorted by Strong's number); 0 rows when its tags are not served. */
  readonly concordanceFirst: number;
  readonly concordanceCount: number;
  /**
   * Archaic spellings of its text and the modern word each is also indexed under, as search words
   * (`["crio", "creo"]`: the RV1909's "crió" is found by `creo`); absent when it has none.
   */
  readonly spellings?: Array<[archaic: string, modern: string]>;
}

/** The tables, keys in this order. */
export interface StoredTranslationTables {
  translations: StoredTranslation[];
  /** The Strong's number of each concordance row (`H430`). */
  strongs: string[];
  /**
   * The BSB's concordance rows, from its interlinear alignment (absent when the build had no interlinear):
   * their "slots" are BSB verses packed as the cross references pack them (`packVerse`), their renderings the
   * English segments.
   */
  bsb?: {
    concordanceFirst: number;
    concordanceCount: number;
    /** The English segments aligned to a Strong's number (its `counts.strongs` on /translations; absent in a build before it). */
    taggedWords?: number;
  };
}

export const TRANSLATIONS_SECTIONS = defineSections(
  TRANSLATIONS_LAYOUT,
  [
    /** Record offsets, relative to the tail; slot i's record is [off[i], off[i+1]). */
    { name: 'offsets', kind: 'u32', length: (h) => h.slots + 1 },
    /** Concordance: row r's slots are concordanceSlots[start[r], start[r+1]), ascending. */
    { name: 'concordanceStart', kind: 'u32', length: (h) => h.concordanceRows + 1 },
    { name: 'concordanceSlots', kind: 'u32', length: (h) => h.concordanceSlots },
    /** Rendering record offsets, relative to `renderingsAt`: row r's is [off[r], off[r+1]). */
    { name: 'renderingOffsets', kind: 'u32', length: (h) => h.concordanceRows + 1 },
    /** Words of each slot's text (search ranks short verses first); 0 for an empty slot. */
    { name: 'wordCounts', kind: 'u16', length: (h) => h.slots },
    /** Vocabulary: word r is the UTF-8 bytes wordBlob[wordOffsets[r], wordOffsets[r+1]). */
    { name: 'wordOffsets', kind: 'u32', length: (h) => h.words + 1, align: 4 },
    /** Postings of word r: u32 slots (global, ascending) at postingsAt + 4 × [postingStart[r], postingStart[r+1]). */
    { name: 'postingStart', kind: 'u32', length: (h) => h.words + 1 },
    { name: 'wordBlob', kind: 'bytes', length: (h) => h.wordBytes },
    /** Msgpack map StoredTranslationTables. */
    { name: 'tables', kind: 'bytes', length: (h) => h.tableBytes },
  ],
  4,
);
