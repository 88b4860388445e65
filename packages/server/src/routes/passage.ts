// GET /passage/{osis}: one verse or a range (Passage), or a whole chapter (Chapter); beyond the spec's
// shapes, a span across chapters of one book (`Gen.1.1-Gen.2.3`, `Ps.1-Ps.150`) as a Passage whose
// verses carry their chapter, any length (a book's verses are all within PASSAGE_VERSE_LIMIT). A span
// across books is refused with `invalid_parameter`. Free text sent here (`John 3:16`) stays
// `invalid_reference`, with `docs` naming the OSIS it reads as.

import {
  ApiError,
  type Book,
  type Canon,
  chapterPath,
  createDocumentLicence,
  formatOsis,
  formatReference,
  formatUrl,
  getBook,
  type Heading,
  isApiError,
  type PassageReference,
  type Reference,
  resolvePassageReference,
  TRANSLATION,
  TRANSLATION_FACTS,
  type TranslationId,
  type Verse,
  VERSIFICATION,
} from '@skg/core';
import type { ChapterRecord, CrossReferenceStore, GraphStore, ScriptureStore, TranslationVerse, VerseMentionRecord } from '../artefacts/types.ts';
import type { StringParameter } from '../params.ts';
import { findReferences } from '../free-text/parse-text.ts';
import { API_BASE, defineRoute } from './define.ts';
import { formatHeading, formatHeadings } from './headings.ts';
import { formatRelation, formatSummary } from './summary.ts';
import { formatCrossReference } from './xrefs.ts';
import { PassageOrChapter } from '../openapi/schemas/index.ts';
import { explainBookElsewhere, isDefaultText, type PassageText, readTranslations, TRANSLATION_PARAMETER, translationDocumentLicence } from './translation.ts';

/**
 * Verses of text one request gives at most across several books: /references stops adding passages here.
 * Every book fits (Psalms, the longest, has 2,461 verses), so any range inside one book is served.
 */
export const PASSAGE_VERSE_LIMIT = 2500;

const OSIS: StringParameter = {
  kind: 'string',
  name: 'osis',
  in: 'path',
  required: true,
  description:
    'An OSIS reference: a verse (`John.3.16`), a range inside one chapter (`John.3.16-18`) or a chapter (`John.3`); also a ' +
    'range across chapters of one book in full OSIS form (`Gen.1.1-Gen.2.3`, `Gen.1-Gen.2`, `Ps.1-Ps.150`), any length; not across books',
  example: 'John.3.16',
};

/** Every single-passage body names the licence of that one passage: scripture data is CC BY 4.0. */
const PASSAGE_LICENCE = createDocumentLicence(false);

export function formatBook(book: Book) {
  return { id: book.osis, name: book.name, slug: book.slug, testament: book.testament, chapters: book.chapters };
}

type TextVerse = Verse & Partial<Omit<TranslationVerse, keyof Verse>>;

/** What a translation's source marks in a verse: footnotes (the BSB's too), supplied words, words of Jesus (none on the BSB's). */
function formatMarks(verse: TextVerse) {
  return {
    ...(verse.footnotes ? { footnotes: verse.footnotes.map((note) => ({ offset: note.offset, text: note.text, type: note.type })) } : {}),
    ...(verse.added ? { added: verse.added.map(([start, end]) => [start, end]) } : {}),
    ...(verse.wordsOfJesus ? { wordsOfJesus: verse.wordsOfJesus.map(([start, end]) => [start, end]) } : {}),
  };
}

/** A Verse with the spec's fields only, in a fixed order (and, in a translation that has them, its marks). */
export function formatVerse(verse: TextVerse) {
  return {
    verse: verse.verse,
    osis: verse.osis,
    text: verse.text,
    ...(verse.omitted ? { omitted: true as const } : {}),
    ...(verse.speaker ? { speaker: verse.speaker } : {}),
    ...formatMarks(verse),
  };
}

/** One translation's reading of a verse slot in a parallel answer; `absent` where it has no such slot. */
function formatParallel(id: TranslationId, verse: TextVerse | undefined, headings: ReturnType<typeof formatHeadings>) {
  if (!verse) return { translation: id, text: '', absent: true as const };
  return {
    translation: id,
    text: verse.text,
    ...(verse.omitted ? { omitted: true as const } : {}),
    ...formatMarks(verse),
    ...(headings.length > 0 ? { headings } : {}),
  };
}

/** A chapter's headings: the BSB's from its chapter record, another translation's from the verses already read. */
function chapterHeadings(text: PassageText, book: Book, chapter: number, verses: ReadonlyArray<TextVerse>): readonly Heading[] {
  return text.id === 'BSB' ? text.getHeadings(book, chapter) : verses.flatMap((verse) => verse.headings ?? []);
}

/** A verse an answer reads, with the chapter it stands in. */
interface ReadVerse {
  readonly chapter: number;
  readonly verse: TextVerse;
}

/** What a parallel answer holds of one translation's chapter: its verses `from`… (the slots asked), and for the BSB the chapter's headings. */
interface ParallelWindow {
  readonly from: number;
  readonly verses: ReadonlyArray<TextVerse | undefined>;
  headings?: readonly Heading[];
}

/**
 * The `parallel` readings of a passage's verse slots, in the order asked, each with the headings that
 * translation prints before (or inside) the verse. The first translation's readings are the verses the
 * answer has read already (`read`); each other translation reads, once per chapter, only the slots asked
 * (its first to its last verse), not the chapter.
 */
function createParallel(texts: readonly PassageText[], book: Book, read: ReadonlyArray<ReadVerse>) {
  /** Per chapter: the first and last verse asked, and the first translation's verses from the first on. */
  const asked = new Map<number, { from: number; to: number; verses: Array<TextVerse | undefined> }>();
  for (const { chapter, verse } of read) {
    const entry = asked.get(chapter);
    if (!entry) asked.set(chapter, { from: verse.verse, to: verse.verse, verses: [verse] });
    else {
      entry.verses[verse.verse - entry.from] = verse;
      entry.to = Math.max(entry.to, verse.verse);
    }
  }
  const windows = texts.map((text, index) => {
    const byChapter = new Map<number, ParallelWindow>();
    for (const [chapter, { from, to, verses }] of asked) {
      if (index === 0) byChapter.set(chapter, { from, verses });
      else byChapter.set(chapter, { from, verses: text.findBook(book.osis) ? text.getVerses(book, chapter, from, to) : [] });
    }
    return byChapter;
  });
  return (chapter: number, verse: number) =>
    texts.map((text, index) => {
      const window = windows[index]?.get(chapter);
      const reading = window?.verses[verse - window.from];
      if (!window || !reading) return formatParallel(text.id, undefined, []);
      // A translation's verse carries the headings printed before it; the BSB's are its chapter's, read once.
      const headings = text.id === 'BSB' ? (window.headings ??= text.getHeadings(book, chapter)) : (reading.headings ?? []);
      return formatParallel(text.id, reading, formatHeadings(`${book.osis}.${chapter}`, headings, verse, verse));
    });
}

function notFiled(reference: PassageReference): ApiError {
  return new ApiError('not_found', `nothing is filed under ${formatReference(reference)}`);
}

function getChapterRecord(store: ScriptureStore, reference: PassageReference, chapter = reference.chapter): ChapterRecord {
  const record = store.getChapter(reference.book, chapter);
  if (!record) throw notFiled(reference);
  return record;
}

function getChapterVerses(text: PassageText, reference: PassageReference) {
  const verses = text.getChapterVerses(reference.book, reference.chapter);
  if (!verses) throw notFiled(reference);
  return verses;
}

function formatChapterLink(canon: Canon, reference: PassageReference) {
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
  'people, places and themes are the documents these verses mention or develop; surface is the words of the verse that ' +
  'name a person or place (inHeading: in a Psalm\'s superscription, not the verse\'s text), label the source\'s own word where the verse\'s differ or none were found; referencedBy lists documents pointing at ' +
  'them (commandments stated, events and epochs narrated, lexemes first attested). crossReferences lists the cross ' +
  `references from these verses, most-supported first (the first ${CONTEXT_CROSS_REFERENCES}; /xrefs/{osis} has every one ` +
  'of a verse or chapter, with minVotes).';

/** A VerseMention: the summary, the verses, and the words naming it (in a Psalm's superscription: `inHeading`). */
function formatVerseMention(entry: VerseMentionRecord) {
  return {
    ...formatSummary(entry.node),
    verses: entry.verses,
    ...(entry.surface !== undefined ? { surface: entry.surface } : {}),
    ...(entry.inHeading ? { inHeading: true as const } : {}),
    ...(entry.label !== undefined ? { label: entry.label } : {}),
  };
}

/** What the knowledge graph says about these verses of one chapter. */
function createContext(graph: GraphStore, xrefs: CrossReferenceStore, book: Book, chapter: number, from: number, to: number) {
  const context = graph.verseContext(book, chapter, from, to);
  const crossReferences = xrefs.find({ book, chapter, fromVerse: from, toVerse: to, minVotes: 0, limit: CONTEXT_CROSS_REFERENCES });
  return {
    people: context.people.map(formatVerseMention),
    places: context.places.map(formatVerseMention),
    themes: context.themes.map((entry) => ({ ...formatSummary(entry.node), verses: entry.verses })),
    crossReferences: crossReferences.items.map(formatCrossReference),
    referencedBy: context.referencedBy.map((entry) => ({ ...formatSummary(entry.node), predicate: entry.predicate, verses: entry.verses })),
    note: CONTEXT_NOTE,
  };
}

/** How many verse slots a reference names (a chapter's or span's count comes from the text). */
export function countVerses(canon: Canon, reference: PassageReference): number {
  switch (reference.kind) {
    case 'verse':
      return 1;
    case 'range':
      return reference.end - reference.start + 1;
    case 'chapter':
      return canon.verseCount(reference.book, reference.chapter);
    case 'span': {
      const { book, chapter, endChapter } = reference;
      let count = 0;
      for (let n = chapter; n <= endChapter; n++) count += canon.verseCount(book, n);
      return count - ((reference.verse ?? 1) - 1) - (canon.verseCount(book, endChapter) - (reference.endVerse ?? canon.verseCount(book, endChapter)));
    }
  }
}

/** The verses of a reference in order, each with the chapter it stands in. Throws `not_found` for a gap. */
function readVerses(store: PassageText, reference: PassageReference): ReadVerse[] {
  const { book, chapter } = reference;
  if (reference.kind === 'verse') {
    const verse = store.getVerse(book, chapter, reference.verse);
    if (!verse) throw notFiled(reference);
    return [{ chapter, verse }];
  }
  if (reference.kind === 'range') {
    // Its verses only, not the chapter's.
    const verses = store.getVerses(book, chapter, reference.start, reference.end);
    if (verses.length !== reference.end - reference.start + 1) throw notFiled(reference);
    return verses.map((verse) => ({ chapter, verse }));
  }
  if (reference.kind === 'chapter') return getChapterVerses(store, reference).map((verse) => ({ chapter, verse }));
  // Verse by verse, not through the chapter records: a span may hold a whole book (150 chapters of
  // Psalms), more chapters than the chapter cache keeps, and needs none of their relations.
  const read: ReadVerse[] = [];
  for (let n = chapter; n <= reference.endChapter; n++) {
    const count = store.canon.verseCount(book, n);
    const from = n === chapter ? (reference.verse ?? 1) : 1;
    const to = n === reference.endChapter ? (reference.endVerse ?? count) : count;
    if (count === 0 || to > count) throw notFiled(reference);
    for (let v = from; v <= to; v++) {
      const verse = store.getVerse(book, n, v);
      if (!verse) throw notFiled(reference);
      read.push({ chapter: n, verse });
    }
  }
  return read;
}

/** The headings printed before (or inside) the verses read, chapter by chapter, in text order. */
function readHeadings(store: PassageText, reference: PassageReference, verses: readonly ReadVerse[]) {
  const { book } = reference;
  // A translation's verses carry the headings printed before them: no chapter read is needed.
  if (store.id !== 'BSB') return verses.flatMap(({ chapter, verse }) => (verse.headings ?? []).map((heading) => formatHeading(`${book.osis}.${chapter}`, heading)));
  const last = reference.kind === 'span' ? reference.endChapter : reference.chapter;
  const headings: Array<ReturnType<typeof formatHeadings>[number]> = [];
  // The verses are in chapter order: each chapter's first and last are found in one walk.
  let at = 0;
  for (let chapter = reference.chapter; chapter <= last; chapter++) {
    while (at < verses.length && (verses[at]?.chapter ?? 0) < chapter) at++;
    const from = verses[at]?.chapter === chapter ? verses[at]?.verse.verse : undefined;
    while (at < verses.length && verses[at]?.chapter === chapter) at++;
    const to = from === undefined ? undefined : verses[at - 1]?.verse.verse;
    headings.push(...formatHeadings(`${book.osis}.${chapter}`, store.getHeadings(book, chapter), from, to));
  }
  return headings;
}

/**
 * A Passage without its context and licence: what /passage and /references share. A span's verses carry
 * their `chapter`, and its `chapter` link is its first chapter's. Read in `texts[0]`; with more than one
 * translation (a parallel answer) it lists them and every verse carries each one's reading, in order.
 */
export function createPassageBody(texts: PassageText | readonly PassageText[], reference: PassageReference) {
  const list = Array.isArray(texts) ? (texts as readonly PassageText[]) : [texts as PassageText];
  const store = list[0] as PassageText;
  const verses = readVerses(store, reference);
  const single = reference.kind === 'verse' ? verses[0]?.verse : undefined;
  const span = reference.kind === 'span';
  const parallel = list.length > 1 ? createParallel(list, reference.book, verses) : undefined;
  return {
    kind: 'passage' as const,
    osis: formatOsis(reference),
    reference: formatReference(reference),
    url: formatUrl(reference),
    book: formatBook(reference.book),
    ...(store.id !== 'BSB' || parallel ? { translation: store.id } : {}),
    ...(parallel ? { translations: list.map((text) => text.id) } : {}),
    ...(single ? { text: single.text } : {}),
    ...(single?.omitted ? { omitted: true as const } : {}),
    headings: readHeadings(store, reference, verses),
    verses: verses.map((entry) => ({
      ...(span ? { chapter: entry.chapter } : {}),
      ...formatVerse(entry.verse),
      ...(parallel ? { parallel: parallel(entry.chapter, entry.verse.verse) } : {}),
    })),
    chapter: formatChapterLink(store.canon, reference),
  };
}

/** A verse or a range inside one chapter as /passage answers it: the Passage with its context and licence. */
export function createPassage(
  texts: readonly PassageText[],
  graph: GraphStore,
  xrefs: CrossReferenceStore,
  reference: Exclude<Reference, { kind: 'chapter' }>,
) {
  const body = createPassageBody(texts, reference);
  const first = body.verses[0]?.verse ?? 1;
  const last = body.verses[body.verses.length - 1]?.verse ?? 1;
  return {
    ...body,
    // The graph knows the 66 books' verses only: a deuterocanonical passage has no context.
    ...(getBook(reference.book.osis) === reference.book ? { context: createContext(graph, xrefs, reference.book, reference.chapter, first, last) } : {}),
    licence: translationDocumentLicence(texts),
  };
}

/**
 * A span across chapters: the verses and the first chapter's link, without `context` (the graph's verse
 * context is per chapter: /passage on each chapter has it). Any length: it stays inside one book.
 */
function createSpanPassage(texts: readonly PassageText[], reference: Extract<PassageReference, { kind: 'span' }>) {
  return { ...createPassageBody(texts, reference), licence: translationDocumentLicence(texts) };
}

/**
 * `invalid_reference` for text that reads as references written the way people write them (`John 3:16`):
 * the same error, naming the OSIS form, with `docs` linking to it (or to /references for several). A
 * span across books (`invalid_parameter`) gets `docs` linking to /references with its passages.
 */
async function explainFreeText(error: unknown, input: string, texts: readonly PassageText[]): Promise<never> {
  // The links ask for the translations this request asked for (none for the BSB's own answers).
  const translation = isDefaultText(texts) ? '' : `translation=${texts.map((text) => text.id).join(',')}`;
  if (isApiError(error) && error.code === 'invalid_parameter') {
    // A span across books: /references gives its text, one passage per book (read in the first translation).
    throw new ApiError('invalid_parameter', error.message, {
      param: 'osis',
      docs: `${API_BASE}/references?q=${encodeURIComponent(input)}&passages=true${translation && `&translation=${texts[0]?.id}`}`,
    });
  }
  if (!isApiError(error) || error.code !== 'invalid_reference') throw error;
  const text = texts[0] as PassageText;
  const found = (await findReferences(input, 'en', text.canon, text.findBook)).filter((entry) => entry.exists && entry.parts.length === 1);
  const osis = found.map((entry) => entry.osis);
  if (osis.length === 0 || osis.includes(input)) throw error;
  const docs = osis.length === 1 ? `${API_BASE}/passage/${osis[0]}${translation && `?${translation}`}` : `${API_BASE}/references?q=${encodeURIComponent(input)}`;
  throw new ApiError('invalid_reference', `${error.message}. As OSIS, '${input}' reads ${osis.join(', ')}: see docs`, {
    param: 'osis',
    docs,
  });
}

/**
 * A chapter of another translation (or several, in parallel): the Chapter shape with its text, headings,
 * empty slots and chapter links; the graph's relations and backlinks are the chapter's (none for a
 * deuterocanonical book), and the BSB's speaker attributions are carried over only when the BSB leads.
 */
function createTranslationChapter(store: ScriptureStore, texts: readonly PassageText[], reference: Extract<Reference, { kind: 'chapter' }>) {
  const text = texts[0] as PassageText;
  const { book, chapter } = reference;
  const verses = getChapterVerses(text, reference);
  const record = getBook(book.osis) === book ? store.getChapter(book, chapter) : undefined;
  const parallel = texts.length > 1 ? createParallel(texts, book, verses.map((verse) => ({ chapter, verse }))) : undefined;
  const osis = `${book.osis}.${chapter}`;
  return {
    kind: 'chapter' as const,
    id: `/${chapterPath(book, chapter)}`,
    osis,
    book: formatBook(book),
    chapter,
    translation: text.id,
    ...(parallel ? { translations: texts.map((entry) => entry.id) } : {}),
    versification: TRANSLATION_FACTS[text.id].versification,
    verseCount: verses.length,
    headings: formatHeadings(osis, chapterHeadings(text, book, chapter, verses)),
    verses: verses.map((verse) => ({ ...formatVerse(verse), ...(parallel ? { parallel: parallel(chapter, verse.verse) } : {}) })),
    // The attributions were made on the BSB's words: its verses carry `speaker`, so a chapter it leads lists them.
    speakers: text.id === 'BSB' ? (record?.speakers ?? []) : [],
    omittedVerses: verses.filter((verse) => verse.omitted).map((verse) => verse.verse),
    previous: text.canon.previousChapter(book, chapter),
    next: text.canon.nextChapter(book, chapter),
    relations: (record?.relations ?? []).map(formatRelation),
    backlinkCount: record?.backlinkCount ?? 0,
    backlinksTruncated: (record?.backlinkCount ?? 0) > (record?.backlinks.length ?? 0),
    backlinks: (record?.backlinks ?? []).map(formatSummary),
    licence: translationDocumentLicence(texts),
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
  summary:
    'Scripture text by OSIS reference: a verse, a range inside one chapter or across chapters of one book (Passage), or a chapter (Chapter)',
  description:
    'A verse returns `text` and `verses`; a range returns `verses` only; a two-part reference returns the Chapter shape. ' +
    'Omitted verses carry `omitted: true` and empty `text`. A range across chapters of one book in full OSIS form ' +
    '(`Gen.1.1-Gen.2.3`, `Gen.1-Gen.2`, the whole book `Ps.1-Ps.150`) returns a Passage whose verses carry their `chapter`, ' +
    'without `context`, whatever its length. ' +
    '400 `invalid_reference` when the reference does not parse (unknown book, chapter beyond the book, a backwards range; ' +
    'free text such as `John 3:16` too, with `docs` naming its OSIS form); 400 `invalid_parameter` (`param: osis`) for a ' +
    `range across books, which a passage does not hold (/references with passages=true gives one passage per book, at most ${PASSAGE_VERSE_LIMIT} verses in all); ` +
    '404 `not_found` for a verse the chapter does not have.',
  parameters: [OSIS, TRANSLATION_PARAMETER],
  responseSchema: PassageOrChapter,
  errorStatuses: [400, 404],
  cache: 'data',
  handle({ dataSet, params, query }) {
    const store = dataSet.scripture;
    const input = params.osis ?? '';
    const texts = readTranslations(query.translation, dataSet);
    const text = texts[0] as PassageText;
    let reference: PassageReference;
    try {
      reference = resolvePassageReference(input, text.canon, text.findBook);
    } catch (error) {
      explainBookElsewhere(error, input.trim(), texts, dataSet, API_BASE);
      return explainFreeText(error, input.trim(), texts);
    }
    if (reference.kind === 'chapter') return isDefaultText(texts) ? createChapter(store, reference) : createTranslationChapter(store, texts, reference);
    if (reference.kind === 'span') return createSpanPassage(texts, reference);
    return createPassage(texts, dataSet.graph, dataSet.xrefs, reference);
  },
});
