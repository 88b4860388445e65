// OSIS reference parsing and formatting: one verse, a range inside one chapter, or a chapter (the
// spec's three shapes, `Reference`), and for /passage also a span across chapters of one book
// (`PassageReference`: `Gen.1.1-Gen.2.3`, `Gen.1-Gen.2`).
//
// The split between the two failure codes:
// - `invalid_reference` (400): the text is not such a reference, names no book of the canon, has a
//   chapter or verse number that is not a positive integer, a range that runs backwards or across
//   chapters, or a chapter beyond the book's last (spec, Errors rule 3: an unknown book and an
//   out-of-range chapter fail alike, at the reference level).
// - `not_found` (404): the reference is well formed inside a real chapter, but names a verse the
//   chapter does not have (`Gen.1.99`).
// A span across books (`Gen.1.31-Exod.1.1`) is a valid reference that /passage does not serve: a
// passage is read inside one book, so it is refused with `invalid_parameter` (`param: osis`), not
// `invalid_reference`; /references gives its text as one passage per book (docs/api-decisions.md).

import { type Book, type Canon, getBook } from './books.ts';
import { ApiError } from './errors.ts';

export type Reference =
  | { readonly kind: 'chapter'; readonly book: Book; readonly chapter: number }
  | { readonly kind: 'verse'; readonly book: Book; readonly chapter: number; readonly verse: number }
  | {
      readonly kind: 'range';
      readonly book: Book;
      readonly chapter: number;
      readonly start: number;
      readonly end: number;
    };

/**
 * A range across chapters of one book, in the OSIS standard's full form: `Gen.1.1-Gen.2.3` (verse to
 * verse) or `Gen.1-Gen.2` (whole chapters); an end without a verse runs to the end of its chapter, a
 * start without one from verse 1. `endChapter` is always after `chapter`.
 */
export interface ChapterSpan {
  readonly kind: 'span';
  readonly book: Book;
  readonly chapter: number;
  readonly verse?: number;
  readonly endChapter: number;
  readonly endVerse?: number;
}

/** What /passage reads: one of the spec's three shapes, or a span across chapters of one book. */
export type PassageReference = Reference | ChapterSpan;

/**
 * Finds the book a reference names (OSIS id in any case, or slug): `getBook` for the 66 books; a
 * translation with more books (the WEB's deuterocanon) passes a lookup that also knows them.
 */
export type BookLookup = (idOrSlug: string) => Book | undefined;

const NUMBER = /^\d{1,4}$/;
const SHAPE = /^([^.\s]+)\.(\d{1,4})(?:\.(\d{1,4}))?(?:-(.+))?$/;

function invalid(input: string, why: string): ApiError {
  return new ApiError('invalid_reference', `'${input}' is not a usable OSIS reference: ${why}`, {
    param: 'osis',
  });
}

function positive(part: string | undefined, input: string, what: string): number {
  if (part === undefined || !NUMBER.test(part)) throw invalid(input, `${what} must be a positive integer`);
  const value = Number(part);
  if (value < 1) throw invalid(input, `${what} must be 1 or more`);
  return value;
}

/**
 * Parses `Book.C`, `Book.C.V`, `Book.C.V-V` or `Book.C.V-Book.C.V` (same chapter). The book is an OSIS
 * id in any letter case, or a book slug. Throws `invalid_reference`; checks nothing against the text.
 */
export function parseReference(raw: string, books: BookLookup = getBook): Reference {
  const input = raw.trim();
  if (input === '') throw invalid(raw, 'it is empty');
  // Book ids and slugs may hold hyphens (`1-samuel`), so the range dash is the one after the numbers.
  const match = SHAPE.exec(input);
  if (!match) throw invalid(input, 'use Book.Chapter, Book.Chapter.Verse or Book.Chapter.Verse-Verse');
  const [, bookPart = '', chapterPart, versePart, tail] = match;
  const book = books(bookPart);
  if (!book) throw invalid(input, `'${bookPart}' is not an OSIS book id (see /vocabulary)`);
  const chapter = positive(chapterPart, input, 'the chapter');
  if (chapter > book.chapters) throw invalid(input, `${book.name} has ${book.chapters} chapters`);
  if (versePart === undefined) {
    if (tail !== undefined) throw invalid(input, 'a range needs verse numbers inside one chapter');
    return { kind: 'chapter', book, chapter };
  }
  const start = positive(versePart, input, 'the verse');
  if (tail === undefined) return { kind: 'verse', book, chapter, verse: start };

  let end: number;
  const endMatch = SHAPE.exec(tail);
  if (NUMBER.test(tail)) {
    end = positive(tail, input, 'the last verse');
  } else if (endMatch && endMatch[3] !== undefined && endMatch[4] === undefined) {
    const endBook = books(endMatch[1] ?? '');
    if (endBook !== book || Number(endMatch[2]) !== chapter) throw invalid(input, 'a range must stay inside one chapter');
    end = positive(endMatch[3], input, 'the last verse');
  } else {
    throw invalid(input, 'a range is Book.Chapter.Verse-Verse');
  }
  if (end < start) throw invalid(input, 'the range runs backwards');
  if (end === start) return { kind: 'verse', book, chapter, verse: start };
  return { kind: 'range', book, chapter, start, end };
}

/** One end of a full OSIS range: `Gen.1` or `Gen.1.1`. */
const END = /^([^.\s]+)\.(\d{1,4})(?:\.(\d{1,4}))?$/;

/**
 * Parses what /passage takes: the shapes of `parseReference`, and a span across chapters of one book in
 * the OSIS standard's full form (`Gen.1.1-Gen.2.3`, `Gen.1-Gen.2`, `Gen.1-Gen.2.3`). Throws
 * `invalid_reference`, as `parseReference` does, for a span that runs backwards, and
 * `invalid_parameter` for a span across books (valid, but a passage is read inside one book).
 */
export function parsePassageReference(raw: string, books: BookLookup = getBook): PassageReference {
  const input = raw.trim();
  const dash = input.indexOf('-', input.search(/\.\d/));
  const startMatch = dash > 0 ? END.exec(input.slice(0, dash)) : null;
  const endMatch = dash > 0 ? END.exec(input.slice(dash + 1)) : null;
  const book = books(startMatch?.[1] ?? '');
  const endBook = books(endMatch?.[1] ?? '');
  // Only two full ends in different chapters make a span; everything else reads as before.
  if (!startMatch || !endMatch || !book || !endBook || (endBook === book && Number(startMatch[2]) === Number(endMatch[2]))) {
    return parseReference(raw, books);
  }
  if (endBook !== book) {
    throw new ApiError(
      'invalid_parameter',
      `'${input}' runs across books (${book.name} to ${endBook.name}): a passage is read inside one book; ask for each book's part, or /references with passages=true for one passage per book`,
      { param: 'osis' },
    );
  }
  const chapter = positive(startMatch[2], input, 'the chapter');
  const endChapter = positive(endMatch[2], input, 'the last chapter');
  if (Math.max(chapter, endChapter) > book.chapters) throw invalid(input, `${book.name} has ${book.chapters} chapters`);
  if (endChapter < chapter) throw invalid(input, 'the range runs backwards');
  const verse = startMatch[3] === undefined ? undefined : positive(startMatch[3], input, 'the verse');
  const endVerse = endMatch[3] === undefined ? undefined : positive(endMatch[3], input, 'the last verse');
  return {
    kind: 'span',
    book,
    chapter,
    endChapter,
    ...(verse !== undefined ? { verse } : {}),
    ...(endVerse !== undefined ? { endVerse } : {}),
  };
}

/** Throws `not_found` when a span names a chapter the text lacks or a verse its chapter does not have. */
function assertSpanExists(span: ChapterSpan, canon: Canon): void {
  const first = canon.verseCount(span.book, span.chapter);
  const last = canon.verseCount(span.book, span.endChapter);
  const name = formatBookName(span.book);
  const missing =
    first === 0 ? `${name} ${span.chapter} is not in the text`
    : last === 0 ? `${name} ${span.endChapter} is not in the text`
    : (span.verse ?? 1) > first ? `${name} ${span.chapter} has ${first} verses`
    : (span.endVerse ?? 1) > last ? `${name} ${span.endChapter} has ${last} verses`
    : undefined;
  if (missing !== undefined) throw new ApiError('not_found', `${formatReference(span)} does not exist: ${missing}`);
}

/**
 * Parses what /passage takes and checks it against the text in one step. A span with a verse on one end
 * only gets both (`Gen.1.5-Gen.2` → `Gen.1.5-Gen.2.25`), so a resolved span names whole chapters or two
 * verses.
 */
export function resolvePassageReference(raw: string, canon: Canon, books: BookLookup = getBook): PassageReference {
  const reference = parsePassageReference(raw, books);
  if (reference.kind !== 'span') {
    assertReferenceExists(reference, canon);
    return reference;
  }
  assertSpanExists(reference, canon);
  if ((reference.verse === undefined) === (reference.endVerse === undefined)) return reference;
  return {
    ...reference,
    verse: reference.verse ?? 1,
    endVerse: reference.endVerse ?? canon.verseCount(reference.book, reference.endChapter),
  };
}

/** Throws `not_found` when the reference names a verse its chapter does not have. */
export function assertReferenceExists(reference: Reference, canon: Canon): void {
  const count = canon.verseCount(reference.book, reference.chapter);
  const last = reference.kind === 'verse' ? reference.verse : reference.kind === 'range' ? reference.end : 1;
  if (count === 0 || last > count) {
    throw new ApiError(
      'not_found',
      `${formatReference(reference)} does not exist: ${reference.book.name} ${reference.chapter} has ${count} verses`,
    );
  }
}

/** Parses and checks against the text in one step. */
export function resolveReference(raw: string, canon: Canon): Reference {
  const reference = parseReference(raw);
  assertReferenceExists(reference, canon);
  return reference;
}

function formatSpanEnd(book: Book, chapter: number, verse: number | undefined): string {
  return verse === undefined ? `${book.osis}.${chapter}` : `${book.osis}.${chapter}.${verse}`;
}

/** Canonical OSIS: `John.3`, `John.3.16`, `John.3.16-18`; a span `Gen.1.1-Gen.2.3` or `Gen.1-Gen.2`. */
export function formatOsis(reference: PassageReference): string {
  const chapter = `${reference.book.osis}.${reference.chapter}`;
  switch (reference.kind) {
    case 'chapter':
      return chapter;
    case 'verse':
      return `${chapter}.${reference.verse}`;
    case 'range':
      return `${chapter}.${reference.start}-${reference.end}`;
    case 'span':
      return `${formatSpanEnd(reference.book, reference.chapter, reference.verse)}-${formatSpanEnd(reference.book, reference.endChapter, reference.endVerse)}`;
  }
}

/** The OSIS standard's full form, with book and chapter on both ends of a range: `John.3.16-John.3.18`. */
export function formatFullOsis(reference: PassageReference): string {
  if (reference.kind !== 'range') return formatOsis(reference);
  const chapter = `${reference.book.osis}.${reference.chapter}`;
  return `${chapter}.${reference.start}-${chapter}.${reference.end}`;
}

/** The book's name as used in a reference: "Psalm 23", otherwise the book name. */
export function formatBookName(book: Book): string {
  return book.osis === 'Ps' ? 'Psalm' : book.name;
}

/** Human-readable: `John 3`, `John 3:16`, `John 3:16-18`; a span `Genesis 1:1-2:3` or `Genesis 1-2`. */
export function formatReference(reference: PassageReference): string {
  const chapter = `${formatBookName(reference.book)} ${reference.chapter}`;
  switch (reference.kind) {
    case 'chapter':
      return chapter;
    case 'verse':
      return `${chapter}:${reference.verse}`;
    case 'range':
      return `${chapter}:${reference.start}-${reference.end}`;
    case 'span': {
      const { verse, endChapter, endVerse } = reference;
      if (verse === undefined && endVerse === undefined) return `${chapter}-${endChapter}`;
      return `${chapter}:${verse ?? 1}-${endChapter}${endVerse === undefined ? '' : `:${endVerse}`}`;
    }
  }
}

/** Document path of a chapter, without a leading slash: `bible/john/3`. */
export function chapterPath(book: Book, chapter: number): string {
  return `bible/${book.slug}/${chapter}`;
}

/** Site route with a verse anchor: `/bible/john/3#John.3.16`; a span's is its first chapter's. */
export function formatUrl(reference: PassageReference): string {
  const route = `/${chapterPath(reference.book, reference.chapter)}`;
  switch (reference.kind) {
    case 'chapter':
      return route;
    case 'verse':
      return `${route}#${reference.book.osis}.${reference.chapter}.${reference.verse}`;
    case 'range':
      return `${route}#${reference.book.osis}.${reference.chapter}.${reference.start}`;
    case 'span':
      return `${route}#${reference.book.osis}.${reference.chapter}.${reference.verse ?? 1}`;
  }
}
