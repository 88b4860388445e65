// The reverse interlinear's data-file format, shared by the ingest that writes it and the compiler
// that reads it (docs/bundle-format.md, "Interlinear").

/** Where the data files live, relative to the bundle root: one `<book_slug>.jsonl` per book. */
export const INTERLINEAR_FOLDER = 'references/interlinear';

export const INTERLINEAR_LANGUAGES = ['hebrew', 'aramaic', 'greek'] as const;
export type InterlinearLanguage = (typeof INTERLINEAR_LANGUAGES)[number];

/** The names of the entry columns, in order: the Dataset document lists them. */
export const INTERLINEAR_COLUMNS = ['english', 'first', 'last', 'strongs', 'word', 'transliteration', 'morphology_code', 'morphology', 'language'] as const;

/**
 * One entry of a verse line, in English order, as an array:
 * `[english, first, last, strongs, word, transliteration, morphology_code, morphology, language]`.
 * `first`/`last` are null for a marker (`-`, `vvv`, `. . .`); the word's fields are null when no
 * original word is known, the morphology's when only the BSB interlinear's word is. In a verse written
 * from the original-language edition alone (`english: false` on its line) `english`, `first` and
 * `last` are null and the entries follow the original word order.
 */
export type InterlinearEntry = readonly [
  english: string | null,
  first: number | null,
  last: number | null,
  strongs: string,
  word: string | null,
  transliteration: string | null,
  morphologyCode: string | null,
  morphology: string | null,
  language: InterlinearLanguage | null,
];
