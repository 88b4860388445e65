// The `translation` query parameter of /passage, /scripture and /references, and what a route reads a
// translation's text through. `BSB` (the default) is the bundle's own text; the others come from the
// translations artefact (docs/api-decisions.md, "Translations").

import {
  ApiError,
  type Book,
  type BookLookup,
  type Canon,
  createDocumentLicence,
  getBook,
  type Heading,
  isApiError,
  LICENCE,
  type Licence,
  parseReference,
  TRANSLATION_FACTS,
  TRANSLATION_IDS,
  type TranslationId,
  type Verse,
} from '@skg/core';
import type { DataSet, ScriptureStore, TranslationText, TranslationVerse } from '../artefacts/types.ts';
import type { QueryValue, StringParameter } from '../params.ts';

/** Translations one parallel answer holds at most. */
export const PARALLEL_LIMIT = 4;

export const TRANSLATION_PARAMETER: StringParameter = {
  kind: 'string',
  name: 'translation',
  in: 'query',
  required: false,
  description:
    'The translation to read (default `BSB`; any letter case): one of those /translations lists (`BSB`, `KJV`, `WEB`, `RV1909`), ' +
    `or up to ${PARALLEL_LIMIT} separated by commas (\`BSB,KJV,RV1909\`) for a parallel answer, in the order asked ` +
    '(one list: a repeated `translation` reads its first value, as every parameter)',
  example: 'KJV',
  canonical: canonicalTranslation,
};

/** The ids a `translation` value names, as written: `BSB, kjv` → `BSB`, `kjv`. */
function listTranslationIds(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** `kjv`, ` KJV ` → `KJV`; `bsb` and an empty list, which read the BSB as no parameter does, → left out. */
function canonicalTranslation(value: string): string | undefined {
  const ids = listTranslationIds(value).map((id) => id.toUpperCase());
  return ids.length === 0 || (ids.length === 1 && ids[0] === 'BSB') ? undefined : ids.join(',');
}

/** What a route reads one translation's text through: the BSB's scripture store or a translation of the artefact. */
export interface PassageText {
  readonly id: TranslationId;
  readonly canon: Canon;
  /** The books a reference may name in it: the 66, and its deuterocanonical books. */
  readonly findBook: BookLookup;
  getVerse(book: Book, chapter: number, verse: number): (Verse & Partial<Omit<TranslationVerse, keyof Verse>>) | undefined;
  getChapterVerses(book: Book, chapter: number): ReadonlyArray<Verse & Partial<Omit<TranslationVerse, keyof Verse>>> | undefined;
  /** Verses `from`…`to` of a chapter, those it has (empty for a chapter it lacks): only these are read. */
  getVerses(book: Book, chapter: number, from: number, to: number): ReadonlyArray<Verse & Partial<Omit<TranslationVerse, keyof Verse>>>;
  getHeadings(book: Book, chapter: number): readonly Heading[];
}

const bsbTexts = new WeakMap<ScriptureStore, PassageText>();

/** The BSB's text, read as the routes always have. */
export function bsbText(store: ScriptureStore): PassageText {
  let text = bsbTexts.get(store);
  if (!text) {
    text = {
      id: 'BSB',
      canon: store.canon,
      findBook: getBook,
      getVerse: (book, chapter, verse) => store.getVerse(book, chapter, verse),
      getChapterVerses: (book, chapter) => store.getChapter(book, chapter)?.verses,
      getVerses(book, chapter, from, to) {
        const last = Math.min(to, store.canon.verseCount(book, chapter));
        const verses: Verse[] = [];
        for (let verse = Math.max(1, from); verse <= last; verse++) {
          const read = store.getVerse(book, chapter, verse);
          if (read) verses.push(read);
        }
        return verses;
      },
      getHeadings: (book, chapter) => store.getHeadings(book, chapter),
    };
    bsbTexts.set(store, text);
  }
  return text;
}

const translationTexts = new WeakMap<TranslationText, PassageText>();

function translationText(translation: TranslationText): PassageText {
  let text = translationTexts.get(translation);
  if (!text) {
    text = {
      id: translation.id as TranslationId,
      canon: translation.canon,
      findBook: translation.findBook,
      getVerse: (book, chapter, verse) => translation.getVerse(book, chapter, verse),
      getChapterVerses: (book, chapter) => translation.getChapter(book, chapter),
      getVerses: (book, chapter, from, to) => translation.getVerses(book, chapter, from, to),
      getHeadings: (book, chapter) => translation.getHeadings(book, chapter),
    };
    translationTexts.set(translation, text);
  }
  return text;
}

/** The ids this data set serves, BSB first. */
export function availableTranslations(dataSet: DataSet): TranslationId[] {
  return TRANSLATION_IDS.filter((id) => id === 'BSB' || dataSet.translations?.get(id) !== undefined);
}

/**
 * The translations a `translation` parameter asks for, in order (default `[BSB]`). An id this server
 * does not serve is `unknown_value` with `available`; more than PARALLEL_LIMIT, or one twice, is
 * `invalid_parameter`.
 */
export function readTranslations(value: QueryValue, dataSet: DataSet): PassageText[] {
  // A repeated parameter uses its first value (params.ts, the rule for every parameter): a parallel answer is one list.
  const parts = listTranslationIds((typeof value === 'string' ? value : value?.[0]) ?? '');
  if (parts.length === 0) return [bsbText(dataSet.scripture)];
  const available = availableTranslations(dataSet);
  if (parts.length > PARALLEL_LIMIT) {
    throw new ApiError('invalid_parameter', `translation names ${parts.length} translations; a parallel answer holds at most ${PARALLEL_LIMIT}`, {
      param: 'translation',
    });
  }
  const texts: PassageText[] = [];
  for (const part of parts) {
    const id = available.find((candidate) => candidate === part.toUpperCase());
    if (id === undefined) {
      throw new ApiError('unknown_value', `'${part}' is not a translation this server serves`, { param: 'translation', available });
    }
    if (texts.some((text) => text.id === id)) {
      throw new ApiError('invalid_parameter', `translation names ${id} twice`, { param: 'translation' });
    }
    const translation = dataSet.translations?.get(id);
    texts.push(id === 'BSB' || !translation ? bsbText(dataSet.scripture) : translationText(translation));
  }
  return texts;
}

/** True when the answer is the BSB's alone (or reads no text): the routes then answer exactly as they always have. */
export function isDefaultText(texts: readonly PassageText[]): boolean {
  return texts.length === 0 || (texts.length === 1 && texts[0]?.id === 'BSB');
}

/** `licence` with its `text` naming the translations served (unchanged for the BSB's own answers). */
function namingTranslations(licence: Licence, texts: readonly PassageText[]): Licence {
  if (isDefaultText(texts)) return licence;
  return Object.freeze({ ...licence, text: texts.map((text) => TRANSLATION_FACTS[text.id].licence.text).join(' ') });
}

/** The blanket licence, its `text` naming the translations served. */
export function translationLicence(texts: readonly PassageText[]): Licence {
  return namingTranslations(LICENCE, texts);
}

/** A single passage's licence (CC BY 4.0 data), its `text` naming the translations served. */
export function translationDocumentLicence(texts: readonly PassageText[]): Licence {
  return namingTranslations(createDocumentLicence(false), texts);
}

/**
 * For a reference whose book the translation read lacks (`Tob.1.1` under the BSB) but another served
 * translation holds: `invalid_reference` saying which (`Tobit is in the WEB: add ?translation=WEB`), with
 * `docs` linking to it there. Anything else is left to the caller (returns without throwing).
 */
export function explainBookElsewhere(error: unknown, input: string, texts: readonly PassageText[], dataSet: DataSet, apiBase: string): void {
  const text = texts[0];
  if (!text || !isApiError(error) || error.code !== 'invalid_reference') return;
  for (const other of dataSet.translations?.translations ?? []) {
    if (other.id === text.id) continue;
    let book: Book;
    try {
      ({ book } = parseReference(input, other.findBook));
    } catch {
      continue;
    }
    if (text.findBook(book.osis) !== undefined) return;
    const bookPart = input.slice(0, input.indexOf('.'));
    // Asked in parallel already (`BSB,WEB`): the answer follows the first translation's books, so put it first.
    const asked = texts.some((entry) => entry.id === other.id);
    const ids = asked ? [other.id, ...texts.map((entry) => entry.id).filter((id) => id !== other.id)].join(',') : other.id;
    const advice = asked ? `a parallel answer follows the first translation's books: ask ?translation=${ids}` : `add ?translation=${ids}`;
    throw new ApiError(
      'invalid_reference',
      `'${input}' is not a usable OSIS reference: '${bookPart}' is not a book of the ${text.id}. ${book.name} is in the ${other.id}: ${advice}`,
      { param: 'osis', docs: `${apiBase}/passage/${encodeURIComponent(input)}?translation=${ids}` },
    );
  }
}
