// GET /passage/{osis}: one verse or a range (Passage), or a whole chapter (Chapter).

import {
  ApiError,
  type Book,
  type Canon,
  createDocumentLicence,
  formatOsis,
  formatReference,
  formatUrl,
  type Reference,
  resolveReference,
  TRANSLATION,
  type Verse,
  VERSIFICATION,
} from '@skg/core';
import type { ChapterRecord, CrossReferenceStore, GraphStore, ScriptureStore } from '../artefacts/types.ts';
import type { StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { formatHeadings } from './headings.ts';
import { formatRelation, formatSummary } from './summary.ts';
import { formatCrossReference } from './xrefs.ts';
import { PassageOrChapter } from '../openapi/schemas/index.ts';

const OSIS: StringParameter = {
  kind: 'string',
  name: 'osis',
  in: 'path',
  required: true,
  description: 'An OSIS reference: a verse (`John.3.16`), a range inside one chapter (`John.3.16-18`) or a chapter (`John.3`)',
  example: 'John.3.16',
};

/** Every single-passage body names the licence of that one passage: scripture data is CC BY 4.0. */
const PASSAGE_LICENCE = createDocumentLicence(false);

export function formatBook(book: Book) {
  return { id: book.osis, name: book.name, slug: book.slug, testament: book.testament, chapters: book.chapters };
}

/** A Verse with the spec's fields only, in a fixed order. */
export function formatVerse(verse: Verse) {
  return {
    verse: verse.verse,
    osis: verse.osis,
    text: verse.text,
    ...(verse.omitted ? { omitted: true as const } : {}),
    ...(verse.speaker ? { speaker: verse.speaker } : {}),
  };
}

function notFiled(reference: Reference): ApiError {
  return new ApiError('not_found', `nothing is filed under ${formatReference(reference)}`);
}

function getChapterRecord(store: ScriptureStore, reference: Reference): ChapterRecord {
  const record = store.getChapter(reference.book, reference.chapter);
  if (!record) throw notFiled(reference);
  return record;
}

function formatChapterLink(canon: Canon, reference: Reference) {
  const { book, chapter } = reference;
  return {
    osis: `${book.osis}.${chapter}`,
    url: formatUrl({ kind: 'chapter', book, chapter }),
    verseCount: canon.verseCount(book, chapter),
    previous: canon.previousChapter(book, chapter),
    next: canon.nextChapter(book, chapter),
  };
}

/** Cross references a passage's context lists at most (the /xrefs default). */
const CONTEXT_CROSS_REFERENCES = 100;

const CONTEXT_NOTE =
  'people, places and themes are the documents these verses mention or develop; referencedBy lists documents pointing at ' +
  'them (commandments stated, events and epochs narrated, lexemes first attested). crossReferences lists the cross ' +
  `references from these verses, most-supported first (the first ${CONTEXT_CROSS_REFERENCES}; /xrefs/{osis} has every one ` +
  'of a verse or chapter, with minVotes).';

/** What the knowledge graph says about these verses of one chapter. */
function createContext(graph: GraphStore, xrefs: CrossReferenceStore, book: Book, chapter: number, from: number, to: number) {
  const context = graph.verseContext(book, chapter, from, to);
  const crossReferences = xrefs.find({ book, chapter, fromVerse: from, toVerse: to, minVotes: 0, limit: CONTEXT_CROSS_REFERENCES });
  return {
    people: context.people.map((entry) => ({
      ...formatSummary(entry.node),
      verses: entry.verses,
      ...(entry.surface !== undefined ? { surface: entry.surface } : {}),
    })),
    places: context.places.map((entry) => ({
      ...formatSummary(entry.node),
      verses: entry.verses,
      ...(entry.surface !== undefined ? { surface: entry.surface } : {}),
    })),
    themes: context.themes.map((entry) => ({ ...formatSummary(entry.node), verses: entry.verses })),
    crossReferences: crossReferences.items.map(formatCrossReference),
    referencedBy: context.referencedBy.map((entry) => ({ ...formatSummary(entry.node), predicate: entry.predicate, verses: entry.verses })),
    note: CONTEXT_NOTE,
  };
}

function createPassage(store: ScriptureStore, graph: GraphStore, xrefs: CrossReferenceStore, reference: Exclude<Reference, { kind: 'chapter' }>) {
  const { book, chapter } = reference;
  let verses: Verse[];
  if (reference.kind === 'verse') {
    const verse = store.getVerse(book, chapter, reference.verse);
    if (!verse) throw notFiled(reference);
    verses = [verse];
  } else {
    verses = getChapterRecord(store, reference).verses.slice(reference.start - 1, reference.end);
    if (verses.length !== reference.end - reference.start + 1) throw notFiled(reference);
  }
  const single = reference.kind === 'verse' ? verses[0] : undefined;
  return {
    kind: 'passage' as const,
    osis: formatOsis(reference),
    reference: formatReference(reference),
    url: formatUrl(reference),
    book: formatBook(book),
    ...(single ? { text: single.text } : {}),
    ...(single?.omitted ? { omitted: true as const } : {}),
    headings: formatHeadings(`${book.osis}.${chapter}`, store.getHeadings(book, chapter), verses[0]?.verse, verses[verses.length - 1]?.verse),
    verses: verses.map(formatVerse),
    chapter: formatChapterLink(store.canon, reference),
    context: createContext(graph, xrefs, book, chapter, verses[0]?.verse ?? 1, verses[verses.length - 1]?.verse ?? 1),
    licence: PASSAGE_LICENCE,
  };
}

export function createChapter(store: ScriptureStore, reference: Extract<Reference, { kind: 'chapter' }>) {
  const record = getChapterRecord(store, reference);
  const { canon } = store;
  return {
    kind: 'chapter' as const,
    id: `/${record.path}`,
    osis: record.osis,
    book: formatBook(record.book),
    chapter: record.chapter,
    translation: TRANSLATION,
    versification: VERSIFICATION,
    verseCount: record.verses.length,
    headings: formatHeadings(record.osis, record.headings),
    verses: record.verses.map(formatVerse),
    speakers: record.speakers,
    omittedVerses: record.omittedVerses,
    previous: canon.previousChapter(record.book, record.chapter),
    next: canon.nextChapter(record.book, record.chapter),
    relations: record.relations.map(formatRelation),
    backlinkCount: record.backlinkCount,
    backlinksTruncated: record.backlinkCount > record.backlinks.length,
    backlinks: record.backlinks.map(formatSummary),
    licence: PASSAGE_LICENCE,
  };
}

export const passageRoute = defineRoute({
  path: '/passage/{osis}',
  operationId: 'get_passage',
  summary: 'Scripture text by OSIS reference: a verse or a range inside one chapter (Passage), or a chapter (Chapter)',
  description:
    'A verse returns `text` and `verses`; a range returns `verses` only; a two-part reference returns the Chapter shape. ' +
    'Omitted verses carry `omitted: true` and empty `text`. 400 `invalid_reference` when the reference does not parse ' +
    '(unknown book, chapter beyond the book, a backwards range); 404 `not_found` for a verse the chapter does not have.',
  parameters: [OSIS],
  responseSchema: PassageOrChapter,
  errorStatuses: [400, 404],
  cache: 'data',
  handle({ dataSet, params }) {
    const store = dataSet.scripture;
    const reference = resolveReference(params.osis ?? '', store.canon);
    return reference.kind === 'chapter' ? createChapter(store, reference) : createPassage(store, dataSet.graph, dataSet.xrefs, reference);
  },
});
