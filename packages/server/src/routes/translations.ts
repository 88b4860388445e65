// GET /translations: the translations this server serves (the BSB first, then those of the translations
// artefact), with their licences, counts, books, features, a checksum of each and its download.

import { LICENCE, type TranslationId } from '@skg/core';
import type { DataSet, ScriptureStore, TranslationStore, TranslationText } from '../artefacts/types.ts';
import { Translations } from '../openapi/schemas/index.ts';
import { API_BASE, defineRoute } from './define.ts';
import { formatDownloadPath, formatTranslationAbout, getTranslationChecksum } from './translation-download.ts';

type Feature = 'footnotes' | 'headings' | 'wordsOfJesus' | 'added' | 'strongs' | 'speakers' | 'deuterocanon';

interface Facts {
  readonly counts: { books: number; chapters: number; verses: number; emptyVerses: number; footnotes: number; headings: number; wordsOfJesus: number; added: number; strongs: number };
  readonly features: Feature[];
  readonly books: Array<{ id: string; name: string; title: string; deuterocanonical: boolean; chapters: number; verses: number }>;
}

const bsbFacts = new WeakMap<ScriptureStore, Facts>();

/**
 * The BSB's counts, read once per data set from its verses; its Strong's tags are those of its interlinear
 * alignment (`concordance`, when the build has it): the English segments aligned to a number.
 */
function readBsbFacts(store: ScriptureStore, concordance: TranslationStore['bsb']): Facts {
  const known = bsbFacts.get(store);
  if (known) return known;
  const counts = { books: 0, chapters: 0, verses: 0, emptyVerses: 0, footnotes: 0, headings: 0, wordsOfJesus: 0, added: 0, strongs: concordance?.taggedWords ?? 0 };
  const books: Facts['books'] = [];
  let speakers = false;
  for (const book of store.canon.books) {
    let verses = 0;
    let chapters = 0;
    for (let chapter = 1; chapter <= book.chapters; chapter++) {
      const count = store.canon.verseCount(book, chapter);
      if (count === 0) continue;
      chapters++;
      for (const heading of store.getHeadings(book, chapter)) {
        counts.headings++;
        counts.footnotes += heading.footnotes?.length ?? 0;
      }
      for (let n = 1; n <= count; n++) {
        const verse = store.getVerse(book, chapter, n);
        if (!verse) continue;
        verses++;
        if (verse.omitted) counts.emptyVerses++;
        if (verse.speaker) speakers = true;
        counts.footnotes += verse.footnotes?.length ?? 0;
      }
    }
    if (chapters === 0) continue;
    counts.books++;
    counts.chapters += chapters;
    counts.verses += verses;
    books.push({ id: book.osis, name: book.name, title: book.name, deuterocanonical: false, chapters, verses });
  }
  const features: Feature[] = [
    ...(counts.footnotes > 0 ? (['footnotes'] as const) : []),
    ...(counts.headings > 0 ? (['headings'] as const) : []),
    ...(concordance ? (['strongs'] as const) : []),
    ...(speakers ? (['speakers'] as const) : []),
  ];
  const facts = { counts, features, books };
  bsbFacts.set(store, facts);
  return facts;
}

function readTranslationFacts(translation: TranslationText): Facts {
  const { counts } = translation;
  const books = translation.books.map((record) => ({
    id: record.book.osis,
    name: record.book.name,
    title: record.title,
    deuterocanonical: record.deuterocanonical,
    chapters: record.verseCounts.filter((n) => n > 0).length,
    verses: record.verseCounts.reduce((sum, n) => sum + n, 0),
  }));
  const features: Feature[] = [];
  if (counts.footnotes > 0) features.push('footnotes');
  if (counts.headings > 0) features.push('headings');
  if (counts.wordsOfJesus > 0) features.push('wordsOfJesus');
  if (counts.added > 0) features.push('added');
  if (translation.hasStrongs) features.push('strongs');
  if (books.some((book) => book.deuterocanonical)) features.push('deuterocanon');
  return {
    counts: {
      books: books.length,
      chapters: translation.chapterCount,
      verses: counts.verses,
      emptyVerses: counts.empty,
      footnotes: counts.footnotes,
      headings: counts.headings,
      wordsOfJesus: counts.wordsOfJesus,
      added: counts.added,
      strongs: translation.hasStrongs ? counts.strongs : 0,
    },
    features,
    books,
  };
}

function formatTranslation(dataSet: DataSet, id: TranslationId, facts: Facts) {
  const stored = dataSet.downloads?.get(id);
  return {
    ...formatTranslationAbout(id),
    counts: facts.counts,
    features: facts.features,
    checksum: getTranslationChecksum(dataSet, id),
    download: { url: `${API_BASE}${formatDownloadPath(id)}`, ...(stored ? { bytes: { ...stored.bytes } } : {}) },
    books: facts.books,
  };
}

/** Every translation served, the BSB first. */
export function listTranslations(dataSet: DataSet) {
  return [
    formatTranslation(dataSet, 'BSB', readBsbFacts(dataSet.scripture, dataSet.translations?.bsb)),
    ...(dataSet.translations?.translations ?? []).map((translation) => formatTranslation(dataSet, translation.id as TranslationId, readTranslationFacts(translation))),
  ];
}

export const translationsRoute = defineRoute({
  path: '/translations',
  operationId: 'list_translations',
  summary: 'The translations served (BSB, KJV, WEB, RV1909): licences, languages, counts, books, features, a checksum of each text and its download',
  description:
    'One entry per translation, the default (BSB) first: `id` (what `translation=` takes on /passage, /scripture and /references), ' +
    '`name`, `language` (BCP 47), `direction`, `versification`, `licence` with its notes (the KJV is under Crown patent in the United ' +
    'Kingdom; "World English Bible" is a trademark for the unmodified text), counts, `features`, the books it holds (the WEB\'s ' +
    'deuterocanonical books flagged), `checksum` (the sha256 of its download), which changes exactly when the text, headings or notes do, so an offline copy knows when to refresh, ' +
    'and `download`: the URL of the whole translation as one JSON document, with its size in each coding. ' +
    'Without the translations dataset only the BSB is listed.',
  parameters: [],
  responseSchema: Translations,
  errorStatuses: [],
  cache: 'data',
  handle({ dataSet }) {
    const translations = listTranslations(dataSet);
    return { count: translations.length, default: 'BSB' as const, translations, licence: LICENCE };
  },
});
