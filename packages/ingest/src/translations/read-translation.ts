// Reads one SWORD import-format export into verses in the module's own slots, with what it left out.
//
// Records are read in file order: the `0:0` record of a book gives its titles (and its `<div type="book"
// osisID>` is checked against the name mapping; front matter before that div, the WEB's preface in
// Genesis 0:0, is left out, as is back matter after a book's closing div, the WEB's glossary after
// Revelation 22:21, and headings after a book's last verse), a `c:0` record gives headings that precede verse 1, and
// each `c:v` record is a verse slot. A slot whose plain text is empty is recorded with `empty: true` and
// keeps its footnotes (WEB's Luke 17:36 says why the verse is not there). Strong's numbers are kept only
// when the translation's options say so: WEB's were spread over words by machine and RV1909's carry
// third-party terms, so theirs are read, counted and dropped.

import { type Heading, INITIAL_OSIS_STATE, type OsisState, type OsisVerse, parseOsisVerse } from './osis-verse.ts';
import { type ImpRecord, readImpRecords } from './imp-records.ts';
import { SWORD_BOOKS, type SwordBook, type Versification } from './sword-books.ts';

export interface ReadTranslationOptions {
  /** Our identifier (`KJV`, `WEB`, `RV1909`). */
  readonly id: string;
  readonly versification: Versification;
  /** Keep the Strong's numbers of `<w lemma>` (the KJV only). */
  readonly keepStrongs: boolean;
  /** Why its Strong's numbers are not kept, for the report. */
  readonly strongsDropped?: string;
}

export interface TranslationVerse extends Omit<OsisVerse, 'trailingHeadings' | 'bookTitles' | 'jesusQuotesOpened' | 'unclosed' | 'headings'> {
  /** `Gen.1.1`, `Tob.1.1`. */
  readonly osis: string;
  readonly book: string;
  readonly chapter: number;
  readonly verse: number;
  /** No text in the source's slot. */
  readonly empty: boolean;
  /** Headings and Psalm titles that precede this verse. */
  readonly headings: readonly Heading[];
}

export interface TranslationBook extends SwordBook {
  /** From `<title type="main">` in the `0:0` record, joined by a space. */
  readonly title: string;
  readonly chapters: number;
  readonly verses: number;
  readonly empty: number;
}

export interface TranslationReport {
  readonly id: string;
  readonly records: number;
  readonly verses: number;
  readonly empty: number;
  readonly footnotes: number;
  readonly crossReferenceNotes: number;
  /** Notes in headings (the WEB's in Psalm titles), kept on the heading. */
  readonly headingFootnotes: number;
  readonly headings: number;
  readonly addedSpans: number;
  /** `<q who="Jesus">` elements (or start milestones). */
  readonly jesusQuotes: number;
  readonly strongsWords: number;
  /** Words with Strong's numbers read and not kept (`keepStrongs: false`). */
  readonly strongsDropped: number;
  /** What was not read into a verse, and why. */
  readonly leftOut: ReadonlyArray<{ readonly count: number; readonly what: string; readonly reason: string }>;
}

export interface TranslationText {
  readonly books: readonly TranslationBook[];
  readonly verses: readonly TranslationVerse[];
  readonly report: TranslationReport;
}

const BOOK_DIV = /<div\b[^>]*\btype="book"[^>]*>/;
/** A book's closing milestone: `<div canonical="true" eID="…" osisID="Rev" type="book"/>`. */
const BOOK_END = /<div\b[^>]*\beID="[^"]*"[^>]*\btype="book"[^>]*\/>/;
const OSIS_ID = /\bosisID="([^"]*)"/;

/** Reads a records stream (see `readTranslationFile` for a file). */
export async function readTranslation(records: AsyncIterable<ImpRecord>, options: ReadTranslationOptions): Promise<TranslationText> {
  const order = SWORD_BOOKS[options.versification];
  const books: TranslationBook[] = [];
  const verses: TranslationVerse[] = [];
  const leftOut = new Map<string, { count: number; what: string; reason: string }>();
  const leave = (what: string, reason: string, count = 1): void => {
    const entry = leftOut.get(reason) ?? { count: 0, what, reason };
    entry.count += count;
    leftOut.set(reason, entry);
  };
  let state: OsisState = INITIAL_OSIS_STATE;
  let pendingHeadings: Heading[] = [];
  let current: { book: SwordBook; title: string[]; chapters: Set<number>; verses: number; empty: number } | undefined;
  let recordCount = 0;
  /** Keys of `c:0` records with text of their own (a book's introduction): no verse to put it in. */
  const introductions: string[] = [];
  const counts = { footnotes: 0, crossReferenceNotes: 0, headingFootnotes: 0, headings: 0, addedSpans: 0, jesusQuotes: 0, strongsWords: 0, strongsDropped: 0 };

  /**
   * Headings after a book's last verse have no verse to precede: the KJV's subscriptions of the epistles
   * ("Written to the Romans from Corinthus …", a `<title>` after Romans 16:27) are left out, named in the report.
   */
  const closingHeadings: string[] = [];
  const leaveClosingHeadings = (): void => {
    if (current) for (const heading of pendingHeadings) closingHeadings.push(`${current.book.osis} '${heading.text}'`);
    pendingHeadings = [];
  };
  const finishBook = (): void => {
    if (!current) return;
    const { book, title, chapters, verses: verseCount, empty } = current;
    books.push({ ...book, title: title.join(' '), chapters: chapters.size, verses: verseCount, empty });
  };

  for await (const record of records) {
    recordCount += 1;
    const reference = record.reference;
    if (!reference) {
      if (record.key.startsWith('[') && /^(<milestone [^>]*\/>)?$/.test(record.body)) continue;
      throw new Error(`${options.id}: unexpected record key '${record.key}'`);
    }
    if (current?.book.name !== reference.book) {
      const expected = order[books.length + (current ? 1 : 0)];
      if (!expected || expected.name !== reference.book) {
        throw new Error(`${options.id}: book '${reference.book}' where the ${options.versification} order has '${expected?.name ?? 'no more books'}'`);
      }
      leaveClosingHeadings();
      finishBook();
      current = { book: expected, title: [], chapters: new Set(), verses: 0, empty: 0 };
    }
    const book = current.book;
    let body = record.body;
    if (reference.chapter === 0 && reference.verse === 0) {
      // Front matter before the book's `<div type="book">` (the WEB's preface, in Genesis 0:0) belongs to
      // no book: it is left out, not read into the book's title and the headings of verse 1.
      const bookDiv = BOOK_DIV.exec(body);
      if (bookDiv && bookDiv.index > 0) {
        const front = describeMatter({ ...record, body: body.slice(0, bookDiv.index) }, options.id);
        if (front !== undefined) leave('front matter', `${book.name} 0:0 before the book's <div type="book">: ${front}, not part of ${book.osis}`);
        body = body.slice(bookDiv.index);
      }
    }
    const bookEnd = BOOK_END.exec(body);
    if (bookEnd && reference.verse > 0) {
      // Back matter after the book's closing div (the WEB's glossary, after Revelation 22:21) belongs to no verse.
      const end = bookEnd.index + bookEnd[0].length;
      const back = describeMatter({ ...record, body: body.slice(end) }, options.id);
      if (back !== undefined) leave('back matter', `${record.key} after the book's closing <div type="book">: ${back}, not part of ${book.osis}`);
      body = body.slice(0, end);
    }
    const parsed = parseRecord({ ...record, body }, state, options.id);
    state = parsed.state;
    const osisVerse = parsed.verse;
    counts.jesusQuotes += osisVerse.jesusQuotesOpened;
    if (osisVerse.unclosed > 0) leave('tags', 'out of balance (an element closed by an outer end tag, or an end tag that closes nothing): markup only, the text is kept', osisVerse.unclosed);

    if (reference.verse === 0) {
      const bookId = reference.chapter === 0 ? OSIS_ID.exec(BOOK_DIV.exec(record.body)?.[0] ?? '')?.[1] : undefined;
      if (bookId !== undefined && bookId !== book.osis) {
        // WEB: osis2mod put its Greek Daniel (DanGr, no book of NRSVA) in the intro record of Hosea, unsplit.
        leave('record', `${book.name} ${reference.chapter}:0 holds the book ${bookId} (${osisVerse.text.length.toLocaleString('en-US')} characters, no verse boundaries): not a book of ${options.versification}`);
        continue;
      }
      if (reference.chapter === 0) current.title.push(...osisVerse.bookTitles);
      if (osisVerse.text !== '') introductions.push(record.key);
      if (osisVerse.footnotes.length > 0) leave('footnotes', 'in an introduction record, not on a verse', osisVerse.footnotes.length);
      // Headings among an introduction's text (Sirach's prologue title) precede verse 1 like the others.
      pendingHeadings.push(...osisVerse.headings.map(({ midVerse: _inside, ...heading }) => heading), ...osisVerse.trailingHeadings);
      continue;
    }

    // A heading's tagged words (the KJV's Psalm titles) belong to the verse it is printed before.
    const headings = [...pendingHeadings, ...osisVerse.headings].map((heading) => {
      if (!heading.strongs) return heading;
      counts[options.keepStrongs ? 'strongsWords' : 'strongsDropped'] += heading.strongs.length;
      return options.keepStrongs ? heading : { text: heading.text, type: heading.type };
    });
    pendingHeadings = [...osisVerse.trailingHeadings];
    const empty = osisVerse.text === '';
    current.chapters.add(reference.chapter);
    current.verses += 1;
    if (empty) current.empty += 1;
    counts.headings += headings.length;
    for (const heading of headings) counts.headingFootnotes += heading.footnotes?.length ?? 0;
    counts.addedSpans += osisVerse.added.length;
    for (const note of osisVerse.footnotes) counts[note.type === 'crossReference' ? 'crossReferenceNotes' : 'footnotes'] += 1;
    counts[options.keepStrongs ? 'strongsWords' : 'strongsDropped'] += osisVerse.strongs.length;
    verses.push({
      osis: `${book.osis}.${reference.chapter}.${reference.verse}`,
      book: book.osis,
      chapter: reference.chapter,
      verse: reference.verse,
      text: osisVerse.text,
      empty,
      headings,
      footnotes: osisVerse.footnotes,
      added: osisVerse.added,
      wordsOfJesus: osisVerse.wordsOfJesus,
      strongs: options.keepStrongs ? osisVerse.strongs : [],
    });
  }
  leaveClosingHeadings();
  finishBook();
  if (books.length !== order.length) {
    throw new Error(`${options.id}: ${books.length} books, the ${options.versification} order has ${order.length}`);
  }
  if (closingHeadings.length > 0) leave('headings', `after a book's last verse, no verse follows them: ${closingHeadings.join('; ')}`, closingHeadings.length);
  if (introductions.length > 0) leave('introduction records', `text not in a verse: ${introductions.join(', ')}`, introductions.length);
  if (counts.strongsDropped > 0) leave("Strong's-tagged words", `numbers not kept${options.strongsDropped ? `: ${options.strongsDropped}` : ''}`, counts.strongsDropped);
  return {
    books,
    verses,
    report: {
      id: options.id,
      records: recordCount,
      verses: verses.length,
      empty: verses.filter((verse) => verse.empty).length,
      ...counts,
      leftOut: [...leftOut.values()],
    },
  };
}

/** What a piece of a record outside any book holds, for the report (`'Title' (2 headings, …)`), or undefined when nothing. */
function describeMatter(record: ImpRecord, id: string): string | undefined {
  const matter = parseRecord(record, INITIAL_OSIS_STATE, id).verse;
  const headingCount = matter.headings.length + matter.trailingHeadings.length;
  if (matter.text === '' && headingCount === 0 && matter.bookTitles.length === 0) return undefined;
  const title = matter.bookTitles.length > 0 ? `'${matter.bookTitles.join(' ')}' ` : '';
  return `${title}(${headingCount} headings, ${matter.footnotes.length} footnotes, ${matter.text.length.toLocaleString('en-US')} characters)`;
}

function parseRecord(record: ImpRecord, state: OsisState, id: string): ReturnType<typeof parseOsisVerse> {
  try {
    return parseOsisVerse(record.body, state);
  } catch (error) {
    throw new Error(`${id} ${record.key}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Streams a `.imp.gz` export and reads it. */
export function readTranslationFile(file: string, options: ReadTranslationOptions): Promise<TranslationText> {
  return readTranslation(readImpRecords(file), options);
}
