// The 66-book Protestant canon in KJV versification: the static part of the book table.
// Verses per chapter are not here: they come from the text at build time (see `createCanon`).

export type Testament = 'OT' | 'NT';

export interface Book {
  /** OSIS book id, e.g. `Gen`, `1Sam`, `John`. */
  readonly osis: string;
  /** USFM / USX book code, e.g. `GEN`, `1SA`, `JHN`. */
  readonly usfm: string;
  /** English name as the BSB prints it. */
  readonly name: string;
  /** Lowercase hyphenated slug used in document paths: `bible/<slug>`. */
  readonly slug: string;
  readonly testament: Testament;
  /** 1-based canonical order. */
  readonly order: number;
  /** Number of chapters. */
  readonly chapters: number;
}

// osis, usfm, name, chapters — order and testament follow from position.
const TABLE: ReadonlyArray<readonly [string, string, string, number]> = [
  ['Gen', 'GEN', 'Genesis', 50], ['Exod', 'EXO', 'Exodus', 40], ['Lev', 'LEV', 'Leviticus', 27],
  ['Num', 'NUM', 'Numbers', 36], ['Deut', 'DEU', 'Deuteronomy', 34], ['Josh', 'JOS', 'Joshua', 24],
  ['Judg', 'JDG', 'Judges', 21], ['Ruth', 'RUT', 'Ruth', 4], ['1Sam', '1SA', '1 Samuel', 31],
  ['2Sam', '2SA', '2 Samuel', 24], ['1Kgs', '1KI', '1 Kings', 22], ['2Kgs', '2KI', '2 Kings', 25],
  ['1Chr', '1CH', '1 Chronicles', 29], ['2Chr', '2CH', '2 Chronicles', 36], ['Ezra', 'EZR', 'Ezra', 10],
  ['Neh', 'NEH', 'Nehemiah', 13], ['Esth', 'EST', 'Esther', 10], ['Job', 'JOB', 'Job', 42],
  ['Ps', 'PSA', 'Psalms', 150], ['Prov', 'PRO', 'Proverbs', 31], ['Eccl', 'ECC', 'Ecclesiastes', 12],
  ['Song', 'SNG', 'Song of Solomon', 8], ['Isa', 'ISA', 'Isaiah', 66], ['Jer', 'JER', 'Jeremiah', 52],
  ['Lam', 'LAM', 'Lamentations', 5], ['Ezek', 'EZK', 'Ezekiel', 48], ['Dan', 'DAN', 'Daniel', 12],
  ['Hos', 'HOS', 'Hosea', 14], ['Joel', 'JOL', 'Joel', 3], ['Amos', 'AMO', 'Amos', 9],
  ['Obad', 'OBA', 'Obadiah', 1], ['Jonah', 'JON', 'Jonah', 4], ['Mic', 'MIC', 'Micah', 7],
  ['Nah', 'NAM', 'Nahum', 3], ['Hab', 'HAB', 'Habakkuk', 3], ['Zeph', 'ZEP', 'Zephaniah', 3],
  ['Hag', 'HAG', 'Haggai', 2], ['Zech', 'ZEC', 'Zechariah', 14], ['Mal', 'MAL', 'Malachi', 4],
  ['Matt', 'MAT', 'Matthew', 28], ['Mark', 'MRK', 'Mark', 16], ['Luke', 'LUK', 'Luke', 24],
  ['John', 'JHN', 'John', 21], ['Acts', 'ACT', 'Acts', 28], ['Rom', 'ROM', 'Romans', 16],
  ['1Cor', '1CO', '1 Corinthians', 16], ['2Cor', '2CO', '2 Corinthians', 13], ['Gal', 'GAL', 'Galatians', 6],
  ['Eph', 'EPH', 'Ephesians', 6], ['Phil', 'PHP', 'Philippians', 4], ['Col', 'COL', 'Colossians', 4],
  ['1Thess', '1TH', '1 Thessalonians', 5], ['2Thess', '2TH', '2 Thessalonians', 3],
  ['1Tim', '1TI', '1 Timothy', 6], ['2Tim', '2TI', '2 Timothy', 4], ['Titus', 'TIT', 'Titus', 3],
  ['Phlm', 'PHM', 'Philemon', 1], ['Heb', 'HEB', 'Hebrews', 13], ['Jas', 'JAS', 'James', 5],
  ['1Pet', '1PE', '1 Peter', 5], ['2Pet', '2PE', '2 Peter', 3], ['1John', '1JN', '1 John', 5],
  ['2John', '2JN', '2 John', 1], ['3John', '3JN', '3 John', 1], ['Jude', 'JUD', 'Jude', 1],
  ['Rev', 'REV', 'Revelation', 22],
];

/** Slug rule shared by every collection: lowercase ASCII, runs of anything else become one hyphen. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const BOOKS: readonly Book[] = Object.freeze(
  TABLE.map(([osis, usfm, name, chapters], index) =>
    Object.freeze({
      osis,
      usfm,
      name,
      slug: slugify(name),
      testament: index < 39 ? 'OT' : 'NT',
      order: index + 1,
      chapters,
    } satisfies Book),
  ),
);

const byKey = new Map<string, Book>();
for (const book of BOOKS) {
  byKey.set(book.osis.toLowerCase(), book);
  byKey.set(book.slug, book);
}
const byUsfm = new Map(BOOKS.map((book) => [book.usfm, book]));

/** Finds a book by OSIS id (any case) or slug; `undefined` when there is none. */
export function getBook(idOrSlug: string): Book | undefined {
  return byKey.get(idOrSlug.toLowerCase());
}

/** Finds a book by its USFM code (`GEN`, `JHN`). */
export function getBookByUsfm(code: string): Book | undefined {
  return byUsfm.get(code.toUpperCase());
}

/** Verse counts per chapter, read from the text: `versesPerChapter[osis][chapter - 1]`. */
export type VersesPerChapter = Readonly<Record<string, readonly number[]>>;

/** The book table joined with verse counts taken from the text. */
export interface Canon {
  readonly books: readonly Book[];
  /** Number of verse slots in a chapter, or 0 when the chapter does not exist. */
  verseCount(book: Book, chapter: number): number;
  /** OSIS id of the chapter before / after, across book boundaries; null at either end. */
  previousChapter(book: Book, chapter: number): string | null;
  nextChapter(book: Book, chapter: number): string | null;
}

/**
 * Joins the book table with verse counts. A book or chapter the text lacks counts 0 verses (a small
 * test bundle holds only some chapters); a book with more chapters than the canon is an error.
 */
export function createCanon(versesPerChapter: VersesPerChapter): Canon {
  for (const [osis, counts] of Object.entries(versesPerChapter)) {
    const book = getBook(osis);
    if (!book || book.osis !== osis) throw new Error(`verse counts name '${osis}', which is not an OSIS book id`);
    if (counts.length > book.chapters) {
      throw new Error(`verse counts for ${osis}: ${counts.length} chapters, the canon has ${book.chapters}`);
    }
  }
  return {
    books: BOOKS,
    verseCount: (book, chapter) => versesPerChapter[book.osis]?.[chapter - 1] ?? 0,
    previousChapter(book, chapter) {
      if (chapter > 1) return `${book.osis}.${chapter - 1}`;
      const prev = BOOKS[book.order - 2];
      return prev ? `${prev.osis}.${prev.chapters}` : null;
    },
    nextChapter(book, chapter) {
      if (chapter < book.chapters) return `${book.osis}.${chapter + 1}`;
      const next = BOOKS[book.order];
      return next ? `${next.osis}.1` : null;
    },
  };
}
