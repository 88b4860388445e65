// OSIS reference parsing and formatting: one verse, a range inside one chapter, or a chapter.
//
// The split between the two failure codes:
// - `invalid_reference` (400): the text is not such a reference, names no book of the canon, has a
//   chapter or verse number that is not a positive integer, a range that runs backwards or across
//   chapters, or a chapter beyond the book's last (spec, Errors rule 3: an unknown book and an
//   out-of-range chapter fail alike, at the reference level).
// - `not_found` (404): the reference is well formed inside a real chapter, but names a verse the
//   chapter does not have (`Gen.1.99`).

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
export function parseReference(raw: string): Reference {
  const input = raw.trim();
  if (input === '') throw invalid(raw, 'it is empty');
  // Book ids and slugs may hold hyphens (`1-samuel`), so the range dash is the one after the numbers.
  const match = SHAPE.exec(input);
  if (!match) throw invalid(input, 'use Book.Chapter, Book.Chapter.Verse or Book.Chapter.Verse-Verse');
  const [, bookPart = '', chapterPart, versePart, tail] = match;
  const book = getBook(bookPart);
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
    const endBook = getBook(endMatch[1] ?? '');
    if (endBook !== book || Number(endMatch[2]) !== chapter) throw invalid(input, 'a range must stay inside one chapter');
    end = positive(endMatch[3], input, 'the last verse');
  } else {
    throw invalid(input, 'a range is Book.Chapter.Verse-Verse');
  }
  if (end < start) throw invalid(input, 'the range runs backwards');
  if (end === start) return { kind: 'verse', book, chapter, verse: start };
  return { kind: 'range', book, chapter, start, end };
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

/** Canonical OSIS: `John.3`, `John.3.16`, `John.3.16-18`. */
export function formatOsis(reference: Reference): string {
  const chapter = `${reference.book.osis}.${reference.chapter}`;
  switch (reference.kind) {
    case 'chapter':
      return chapter;
    case 'verse':
      return `${chapter}.${reference.verse}`;
    case 'range':
      return `${chapter}.${reference.start}-${reference.end}`;
  }
}

/** The book's name as used in a reference: "Psalm 23", otherwise the book name. */
export function formatBookName(book: Book): string {
  return book.osis === 'Ps' ? 'Psalm' : book.name;
}

/** Human-readable: `John 3`, `John 3:16`, `John 3:16-18`. */
export function formatReference(reference: Reference): string {
  const chapter = `${formatBookName(reference.book)} ${reference.chapter}`;
  switch (reference.kind) {
    case 'chapter':
      return chapter;
    case 'verse':
      return `${chapter}:${reference.verse}`;
    case 'range':
      return `${chapter}:${reference.start}-${reference.end}`;
  }
}

/** Document path of a chapter, without a leading slash: `bible/john/3`. */
export function chapterPath(book: Book, chapter: number): string {
  return `bible/${book.slug}/${chapter}`;
}

/** Site route with a verse anchor: `/bible/john/3#John.3.16`. */
export function formatUrl(reference: Reference): string {
  const route = `/${chapterPath(reference.book, reference.chapter)}`;
  switch (reference.kind) {
    case 'chapter':
      return route;
    case 'verse':
      return `${route}#${reference.book.osis}.${reference.chapter}.${reference.verse}`;
    case 'range':
      return `${route}#${reference.book.osis}.${reference.chapter}.${reference.start}`;
  }
}
