// GET /scripture: full-text search of the scripture text.

import { ApiError, BOOKS, type Book, formatReference, formatUrl, getBook, type Testament } from '@skg/core';
import type { DataSet, ScriptureHit, ScriptureQuery, TranslationStore, TranslationText, TranslationVerse } from '../artefacts/types.ts';
import { getTranslationSearch, scopeFilter } from '../artefacts/translation-search.ts';
import { type PassageText, readTranslations, TRANSLATION_PARAMETER, translationLicence } from './translation.ts';
import { type IntegerParameter, readEnum, readInteger, readString, requireString, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { ScriptureResults } from '../openapi/schemas/index.ts';

const Q: StringParameter = {
  kind: 'string',
  name: 'q',
  in: 'query',
  required: false,
  description:
    'Words that must all appear in the same verse; double quotes around words require them as an adjacent phrase. Required unless `strongs` is given',
  example: 'only son',
};
const STRONGS: StringParameter = {
  kind: 'string',
  name: 'strongs',
  in: 'query',
  required: false,
  description:
    "A concordance: the verses where a word is tagged with this Strong's number (`H430`, `G26`; leading zeros and letter case do not matter), " +
    'in canonical order, each hit with the `words` rendering it. Served for the BSB (the default: its interlinear, the English segments aligned ' +
    "with the number; when the interlinear is built) and for `translation=KJV` (its words' Strong's tags); not for the WEB or the RV1909. " +
    'With `q`, only the verses that also match `q`',
  example: 'H430',
};
const SCRIPTURE_TRANSLATION: StringParameter = {
  ...TRANSLATION_PARAMETER,
  description: 'The translation searched (default `BSB`; any letter case): one of those /translations lists (`BSB`, `KJV`, `WEB`, `RV1909`)',
};
const STRONGS_NUMBER = /^([HG])0*(\d{1,5})([a-z]?)$/i;

/** `H0430`, `h430` → `H430`; `invalid_parameter` for anything else. */
function readStrongs(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const match = STRONGS_NUMBER.exec(value);
  if (!match) throw new ApiError('invalid_parameter', `strongs '${value}' is not a Strong's number like H430 or G26`, { param: 'strongs' });
  return `${(match[1] ?? '').toUpperCase()}${match[2]}${(match[3] ?? '').toLowerCase()}`;
}

/** The words of a verse tagged `strongs`, in text order: those of a Psalm title printed before it first. */
function tagged(verse: TranslationVerse | undefined, strongs: string): string[] {
  return [
    ...(verse?.headingStrongs ?? []).filter(([, ...codes]) => codes.includes(strongs)).map(([words]) => words),
    ...(verse?.strongs ?? []).filter(([, , ...codes]) => codes.includes(strongs)).map(([start, end]) => verse?.text.slice(start, end) ?? ''),
  ];
}
export const BOOK: StringParameter = {
  kind: 'string',
  name: 'book',
  in: 'query',
  required: false,
  description: 'Only this book: its OSIS id (`John`) or slug (`john`), as listed by /vocabulary',
  example: 'John',
};
const SCRIPTURE_BOOK: StringParameter = {
  ...BOOK,
  description: `${BOOK.description}, or a book of the \`translation\` searched as /translations lists it (\`Tob\` in the WEB)`,
};
export const TESTAMENTS: readonly Testament[] = ['OT', 'NT'];
export const TESTAMENT: StringParameter = {
  kind: 'string',
  name: 'testament',
  in: 'query',
  required: false,
  description: 'Only this testament (case-insensitive)',
  enum: TESTAMENTS,
};
const LIMIT: IntegerParameter = { kind: 'integer', name: 'limit', description: 'Hits per page', minimum: 1, maximum: 100, default: 25 };
const OFFSET: IntegerParameter = { kind: 'integer', name: 'offset', description: 'Hits to skip', minimum: 0, default: 0 };

const BOOK_IDS: readonly string[] = BOOKS.map((book) => book.osis);

/**
 * The book a `book` parameter names, among the books of `text` (default: the 66 of the BSB); `unknown_value`
 * with every OSIS id of that text when it names none.
 */
export function readBook(value: string | undefined, text?: PassageText): Book | undefined {
  if (value === undefined) return undefined;
  const book = text ? text.findBook(value) : getBook(value);
  if (!book) {
    const available = text ? text.canon.books.map((entry) => entry.osis) : BOOK_IDS;
    throw new ApiError('unknown_value', `'${value}' is not a book${text ? ` of the ${text.id}` : ''}: use an OSIS id or slug`, { param: 'book', available });
  }
  return book;
}

function formatHit(hit: ScriptureHit) {
  const reference = { kind: 'verse', book: hit.book, chapter: hit.chapter, verse: hit.verse } as const;
  return {
    osis: hit.osis,
    reference: formatReference(reference),
    url: formatUrl(reference),
    text: hit.text,
    book: hit.book.name,
    testament: hit.book.testament,
  };
}

/**
 * The concordance of `strongs` in a translation with served tags: its verses in canonical order (only
 * those matching `q` too, when given), filtered and paged like a search, each with its record.
 */
function searchConcordance(translation: TranslationText, strongs: string, query: ScriptureQuery) {
  let slots: readonly number[] = translation.concordance(strongs);
  const parsed = query.q === '' ? undefined : getTranslationSearch(translation).rank(query);
  const inScope = scopeFilter(translation, query);
  if (parsed) {
    const keep = new Set(slots);
    slots = [...parsed.slots].filter((slot) => keep.has(slot));
  } else if (inScope) {
    slots = slots.filter(inScope);
  }
  const page = slots.slice(query.offset, query.offset + query.limit);
  const hits = page.map((slot) => {
    const [verseRecord] = translation.readSlots(slot, slot + 1);
    const { book: at, chapter, verse } = translation.locateSlot(slot);
    return { osis: `${at.osis}.${chapter}.${verse}`, book: at, chapter, verse, text: verseRecord?.text ?? '', words: tagged(verseRecord, strongs) };
  });
  return { terms: parsed?.terms ?? [], phrases: parsed?.phrases ?? [], total: slots.length, hits };
}

/**
 * The BSB's concordance of `strongs`, from its interlinear alignment: the verses where an English segment
 * renders it, in canonical order (with `q`: the verses matching it too, in search order), each with the
 * segments (`words`).
 */
async function searchBsbConcordance(dataSet: DataSet, bsb: NonNullable<TranslationStore['bsb']>, strongs: string, query: ScriptureQuery) {
  let verses = bsb.concordance(strongs).filter(({ book }) => (!query.book || book === query.book) && (!query.testament || book.testament === query.testament));
  let terms: readonly string[] = [];
  let phrases: readonly string[] = [];
  if (query.q !== '') {
    const found = await dataSet.scripture.search({ ...query, offset: 0, limit: Number.MAX_SAFE_INTEGER });
    const keep = new Set(verses.map(({ book, chapter, verse }) => `${book.osis}.${chapter}.${verse}`));
    verses = found.hits.filter((hit) => keep.has(hit.osis));
    ({ terms, phrases } = found);
  }
  const hits = verses.slice(query.offset, query.offset + query.limit).map(({ book, chapter, verse }) => {
    const words = (dataSet.interlinear?.getVerse(book, chapter, verse)?.entries ?? [])
      .filter((entry) => entry.strongs === strongs && entry.english !== null && entry.first !== undefined)
      .map((entry) => entry.english ?? '');
    return { osis: `${book.osis}.${chapter}.${verse}`, book, chapter, verse, text: dataSet.scripture.getVerse(book, chapter, verse)?.text ?? '', words };
  });
  return { terms, phrases, total: verses.length, hits };
}

export const scriptureRoute = defineRoute({
  path: '/scripture',
  operationId: 'search_scripture',
  summary: 'Full-text search of the scripture text: every word in one verse, quoted phrases adjacent; shortest exact matches first',
  description:
    'Ranked by how much of the verse the query makes up, so short exact matches come first; ties in canonical order. ' +
    'Omitted verses are never matched. `limit` and `offset` page through `total` hits. `translation` searches another translation ' +
    'by the same rules (words are matched without case or accents: `creo` finds `creó`; the RV1909\'s old spellings by their modern one too: `creo` finds its `crió`). `strongs` makes it a concordance: the verses ' +
    "where that Strong's number is translated, with the words rendering it (the BSB by its interlinear, the KJV by its tags).",
  parameters: [Q, SCRIPTURE_BOOK, TESTAMENT, LIMIT, OFFSET, SCRIPTURE_TRANSLATION, STRONGS],
  responseSchema: ScriptureResults,
  errorStatuses: [400],
  cache: 'data',
  async handle({ dataSet, query }) {
    const strongs = readStrongs(readString(query.strongs));
    const q = strongs === undefined ? requireString(query.q, 'q') : (readString(query.q) ?? '');
    const texts = readTranslations(query.translation, dataSet);
    if (texts.length > 1) throw new ApiError('invalid_parameter', 'a search reads one translation: name one', { param: 'translation' });
    const book = readBook(readString(query.book), texts[0]);
    const testament = readEnum(query.testament, 'testament', TESTAMENTS, (text) => text.toUpperCase());
    const limit = readInteger(query.limit, LIMIT);
    const offset = readInteger(query.offset, OFFSET);
    const id = texts[0]?.id ?? 'BSB';
    const translation = dataSet.translations?.get(id);
    const bsbConcordance = id === 'BSB' ? dataSet.translations?.bsb : undefined;
    if (strongs !== undefined && !translation?.hasStrongs && !bsbConcordance) {
      const available = [...(dataSet.translations?.bsb ? ['BSB'] : []), ...(dataSet.translations?.translations ?? []).filter((text) => text.hasStrongs).map((text) => text.id)];
      throw new ApiError('unknown_value', `the concordance (strongs) is served for ${available.join(' and ') || 'no translation of this build'}; not for ${id}`, {
        param: 'translation',
        available,
      });
    }
    const search = { q, limit, offset, ...(book ? { book } : {}), ...(testament ? { testament } : {}) };
    const result: { terms: readonly string[]; phrases: readonly string[]; total: number; hits: ReadonlyArray<ScriptureHit & { words?: string[] }> } =
      strongs !== undefined && bsbConcordance
        ? await searchBsbConcordance(dataSet, bsbConcordance, strongs, search)
        : translation && strongs !== undefined
          ? searchConcordance(translation, strongs, search)
          : translation
            ? getTranslationSearch(translation).search(search)
            : await dataSet.scripture.search(search);
    return {
      query: q,
      ...(strongs !== undefined ? { strongs } : {}),
      total: result.total,
      offset,
      count: result.hits.length,
      terms: result.terms,
      phrases: result.phrases,
      translation: id,
      hits: result.hits.map((hit) => ({ ...formatHit(hit), ...(hit.words ? { words: hit.words } : {}) })),
      licence: translationLicence(texts),
    };
  },
});
