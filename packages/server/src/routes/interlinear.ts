// GET /interlinear/{osis}: the reverse interlinear of a verse or a whole chapter: the English in
// English order, each segment with the original word it renders (an optional dataset).

import {
  ApiError,
  assertReferenceExists,
  createDocumentLicence,
  formatOsis,
  formatReference,
  formatUrl,
  LICENCE_CC_BY_SA,
  parseReference,
  type Book,
  type Reference,
} from '@skg/core';
import type { GraphStore, InterlinearEntryRecord, InterlinearVerseRecord, ScriptureStore } from '../artefacts/types.ts';
import type { StringParameter } from '../params.ts';
import { datasetUnavailable } from './dataset-unavailable.ts';
import { defineRoute } from './define.ts';
import { formatBook } from './passage.ts';
import { formatSummary } from './summary.ts';
import { Interlinear } from '../openapi/schemas/index.ts';

const OSIS: StringParameter = {
  kind: 'string',
  name: 'osis',
  in: 'path',
  required: true,
  description: 'An OSIS reference: a verse (`Gen.1.1`) or a chapter (`Gen.1`); ranges are not accepted',
  example: 'Gen.1.1',
};

/** Old Testament answers: Hebrew and Aramaic from the OSHB, CC BY 4.0. */
const OSHB_LICENCE = createDocumentLicence(
  false,
  'Hebrew and Aramaic words, lemmas and morphology from the Open Scriptures Hebrew Bible (OSHB), CC BY 4.0; English segments from the BSB interlinear (CC0).',
);

/** New Testament answers: Greek from OpenGNT, CC BY-SA 4.0, which the answer inherits. */
const OPENGNT_LICENCE = createDocumentLicence(
  true,
  'Greek words, Strong numbers and morphology from the Open Greek New Testament (OpenGNT), CC BY-SA 4.0: this answer is share-alike, and what is built from it must be shared alike.',
);

const NOTE =
  'A reverse interlinear: entries follow the English word order. englishRange gives the 0-based, inclusive indexes of the ' +
  'words of the verse text (split on spaces) the entry produced; an entry without one is a marker: "-" (an original word ' +
  'left untranslated), "vvv" (translated together with a later word) or ". . ." (translated elsewhere in the verse). ' +
  'The text is the interlinear edition of the BSB and can differ slightly from /passage. lexeme is present only where a ' +
  'Lexeme document exists for the Strong number. A verse with englishAligned: false (the first verse of a Psalm with ' +
  'a title, and Zech.12.1, which the BSB tables leave out) lists the Hebrew words alone, in Hebrew order, with english ' +
  'null and the BSB verse text beside them.';

/** Verses without data answer 404, like any reference with nothing filed under it. */
function noData(reference: Reference): ApiError {
  return new ApiError('not_found', `no interlinear data exists for ${formatReference(reference)}`);
}

function formatEntry(entry: InterlinearEntryRecord, graph: GraphStore) {
  const lexeme = graph.getSummary(`lexemes/${entry.strongs.toLowerCase()}`);
  return {
    english: entry.english,
    ...(entry.first !== undefined && entry.last !== undefined ? { englishRange: { first: entry.first, last: entry.last } } : {}),
    strongs: entry.strongs,
    ...(entry.word !== undefined ? { word: entry.word } : {}),
    ...(entry.transliteration !== undefined ? { transliteration: entry.transliteration } : {}),
    ...(entry.morphology !== undefined ? { morphology: entry.morphology } : {}),
    ...(entry.morphologyCode !== undefined ? { morphologyCode: entry.morphologyCode } : {}),
    ...(entry.language !== undefined ? { language: entry.language } : {}),
    ...(lexeme?.type === 'Lexeme' ? { lexeme: formatSummary(lexeme) } : {}),
  };
}

/**
 * A verse the BSB tables leave unaligned (the first verse of a Psalm with a title, Zech.12.1) holds
 * OSHB's words alone, in Hebrew order, with no English: it says so, and shows the BSB text beside them.
 */
function formatVerse(verse: InterlinearVerseRecord, graph: GraphStore, scripture: ScriptureStore, book: Book, chapter: number) {
  const aligned = verse.entries.some((entry) => entry.english !== null);
  const text = aligned || verse.text !== '' ? verse.text : (scripture.getVerse(book, chapter, verse.verse)?.text ?? '');
  return {
    verse: verse.verse,
    osis: verse.osis,
    text,
    ...(aligned ? {} : { englishAligned: false as const }),
    entries: verse.entries.map((entry) => formatEntry(entry, graph)),
  };
}

export const interlinearRoute = defineRoute({
  path: '/interlinear/{osis}',
  operationId: 'get_interlinear',
  summary: 'Reverse interlinear of a verse or a chapter: English in English order, each segment with its Hebrew, Aramaic or Greek word',
  description:
    'Each entry carries the range of English words it produced, the original word, its transliteration, the morphology ' +
    'spelled out (and its code), the Strong number, and `lexeme` (a NodeSummary) where a Lexeme document exists. New ' +
    'Testament answers are CC BY-SA 4.0 (OpenGNT): `licence.document` says so and `shareAlike` is true. 400 ' +
    '`invalid_reference` when the reference does not parse, `invalid_parameter` for a range; 404 `not_found` for a verse ' +
    'the chapter does not have or a verse (or chapter) without interlinear data; 503 `dataset_unavailable` with ' +
    '`Retry-After` when this server was built without the interlinear (see /status `datasets`).',
  parameters: [OSIS],
  responseSchema: Interlinear,
  errorStatuses: [400, 404, 503],
  cache: 'data',
  handle({ dataSet, params }) {
    const reference = parseReference(params.osis ?? '');
    if (reference.kind === 'range') {
      throw new ApiError('invalid_parameter', `'${formatOsis(reference)}' is a range: /interlinear takes a verse or a chapter`, { param: 'osis' });
    }
    assertReferenceExists(reference, dataSet.scripture.canon);
    const store = dataSet.interlinear;
    if (!store) return datasetUnavailable('interlinear');
    const { book, chapter } = reference;
    const verses = reference.kind === 'verse' ? [store.getVerse(book, chapter, reference.verse)].filter((v) => v !== undefined) : store.getChapter(book, chapter);
    if (verses.length === 0) throw noData(reference);
    const shareAlike = verses.some((verse) => verse.licence === LICENCE_CC_BY_SA);
    const withData = new Set(verses.map((verse) => verse.verse));
    const verseCount = dataSet.scripture.canon.verseCount(book, chapter);
    const withoutData: number[] = [];
    if (reference.kind === 'chapter') for (let n = 1; n <= verseCount; n++) if (!withData.has(n)) withoutData.push(n);
    return {
      osis: formatOsis(reference),
      reference: formatReference(reference),
      url: formatUrl(reference),
      book: formatBook(book),
      ...(reference.kind === 'chapter' ? { verseCount, versesWithoutData: withoutData } : {}),
      verses: verses.map((verse) => formatVerse(verse, dataSet.graph, dataSet.scripture, book, chapter)),
      note: NOTE,
      ...(shareAlike ? { shareAlike: true as const } : {}),
      licence: shareAlike ? OPENGNT_LICENCE : OSHB_LICENCE,
    };
  },
});
