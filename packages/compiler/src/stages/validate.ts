// Stage 3, validate: checks every document against the bundle profile (docs/bundle-format.md) and
// turns the scripture documents into typed records.

import { type Book, DOCUMENT_TYPES, type DocumentType, getBook, type Heading, OKF_VERSION, TRANSLATION, VERSIFICATION } from '@skg/core';
import type { Diagnostics } from '../diagnostics.ts';
import { findFrontmatterLine, type ParsedBundle, type ParsedDocument } from './parse.ts';
import { type EntityDoc, readEntity, type RelationDoc, type SourceRefDoc } from './validate-entity.ts';

export interface BundleInfo {
  readonly okfVersion: string;
  /** The root index's `generated`: when the data was ingested (ISO 8601). */
  readonly generated: string;
  readonly generator: string | undefined;
  readonly title: string | undefined;
}

export interface DocumentSummary {
  readonly id: string;
  readonly file: string;
  readonly type: DocumentType;
  readonly title: string;
}

export type SourceRef = SourceRefDoc;
export type { EntityDoc, RelationDoc } from './validate-entity.ts';

export interface BookDoc extends DocumentSummary {
  readonly book: Book;
}

/** A BSB footnote of a verse: where it stands in `text` (a UTF-16 index, 0 … text.length) and its words. */
export interface VerseFootnoteDoc {
  readonly offset: number;
  readonly text: string;
}

export interface VerseDoc {
  readonly verse: number;
  readonly text: string;
  readonly omitted: boolean;
  readonly speaker?: string;
  /** Only on a verse that has footnotes, in text order. */
  readonly footnotes?: readonly VerseFootnoteDoc[];
}

export interface ChapterDoc extends DocumentSummary {
  readonly book: Book;
  readonly chapter: number;
  readonly osis: string;
  readonly verses: readonly VerseDoc[];
  readonly headings: readonly Heading[];
  readonly sources: readonly SourceRef[];
  readonly relations: readonly RelationDoc[];
}

export interface ValidatedBundle {
  readonly bundleDir: string;
  /** Null when the root index is missing or refused; the build then stops before writing. */
  readonly info: BundleInfo | null;
  readonly log: string | null;
  /** Every document that passed the common checks, in id order. */
  readonly documents: readonly DocumentSummary[];
  readonly books: readonly BookDoc[];
  readonly chapters: readonly ChapterDoc[];
  /** Every document that passed the common checks, read for the graph, in id order. */
  readonly entities: readonly EntityDoc[];
}

const STATUS = new Set(['draft', 'stable', 'deprecated']);
const TRUST_TIERS = new Set(['unverified', 'machine-confirmed', 'human-reviewed']);
const CHAPTER_ID = /^bible\/([a-z0-9-]+)\/(\d+)$/;
const BOOK_ID = /^bible\/([a-z0-9-]+)$/;

type Report = (message: string, key?: string | RegExp) => void;

function reporter(diagnostics: Diagnostics, document: ParsedDocument, severity: 'error' | 'warning'): Report {
  return (message, key) => {
    const pattern = typeof key === 'string' ? new RegExp(`^${key}:`) : key;
    const line = pattern ? findFrontmatterLine(document, pattern) : undefined;
    const at = { file: document.file, ...(line ? { line } : {}) };
    if (severity === 'error') diagnostics.error('validate', message, at);
    else diagnostics.warning('validate', message, at);
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIsoDateTime(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

function validateRoot(root: ParsedDocument | null, diagnostics: Diagnostics): BundleInfo | null {
  if (!root) return null;
  const error = reporter(diagnostics, root, 'error');
  const { okf_version: okfVersion, generated } = root.data;
  let ok = true;
  if (okfVersion !== OKF_VERSION) {
    error(
      okfVersion === undefined
        ? `the root index.md does not declare okf_version: "${OKF_VERSION}"; this compiler reads OKF ${OKF_VERSION} bundles only`
        : `the root index.md declares okf_version ${JSON.stringify(okfVersion)}; this compiler reads OKF "${OKF_VERSION}" only (quote the version)`,
      'okf_version',
    );
    ok = false;
  }
  if (generated instanceof Date) {
    error('generated must be a quoted ISO 8601 string, not a YAML timestamp', 'generated');
    ok = false;
  } else if (!isIsoDateTime(generated)) {
    error('generated (when the bundle was ingested) is missing or not an ISO 8601 date-time', 'generated');
    ok = false;
  }
  if (!ok) return null;
  return {
    okfVersion: OKF_VERSION,
    generated: new Date(generated as string).toISOString(),
    generator: typeof root.data.generator === 'string' ? root.data.generator : undefined,
    title: typeof root.data.title === 'string' ? root.data.title : undefined,
  };
}

/** Checks the fields every document shares; returns the summary or null when unusable. */
function validateCommon(document: ParsedDocument, diagnostics: Diagnostics): DocumentSummary | null {
  const error = reporter(diagnostics, document, 'error');
  const { type, title, status, trust_tier: trustTier, stale, generated, tags } = document.data;
  if (typeof type !== 'string' || type === '') {
    error('frontmatter has no type', 'type');
    return null;
  }
  if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) {
    error(`type ${JSON.stringify(type)} is not one of ${DOCUMENT_TYPES.join(', ')}`, 'type');
    return null;
  }
  if (typeof title !== 'string' || title === '') {
    error('frontmatter has no title', 'title');
    return null;
  }
  if (status !== undefined && !STATUS.has(status as string)) error(`status must be one of ${[...STATUS].join(', ')}`, 'status');
  if (trustTier !== undefined && !TRUST_TIERS.has(trustTier as string)) {
    error(`trust_tier must be one of ${[...TRUST_TIERS].join(', ')}`, 'trust_tier');
  }
  if (stale !== undefined && typeof stale !== 'boolean') error('stale must be true or false', 'stale');
  if (generated !== undefined) {
    if (!isRecord(generated) || typeof generated.by !== 'string') error('generated must be {by, at}', 'generated');
    else if (generated.at instanceof Date) error('generated.at must be a quoted string, not a YAML timestamp', 'generated');
  }
  if (tags !== undefined && !(Array.isArray(tags) && tags.every((t) => typeof t === 'string'))) {
    error('tags must be a list of strings', 'tags');
  }
  return { id: document.id, file: document.file, type: type as DocumentType, title };
}

function validateBook(document: ParsedDocument, summary: DocumentSummary, diagnostics: Diagnostics): BookDoc | null {
  const error = reporter(diagnostics, document, 'error');
  const match = BOOK_ID.exec(document.id);
  const book = match ? getBook(match[1] ?? '') : undefined;
  if (!book || book.slug !== match?.[1]) {
    error(`a Book document lives at bible/<book_slug>.md with a slug of the 66-book table; '${document.id}' is not one`);
    return null;
  }
  const data = document.data;
  const expected: Record<string, unknown> = {
    osis: book.osis,
    usfm: book.usfm,
    slug: book.slug,
    testament: book.testament,
    order: book.order,
    chapters: book.chapters,
  };
  let ok = true;
  for (const [key, value] of Object.entries(expected)) {
    if (data[key] !== value) {
      error(`${key} is ${JSON.stringify(data[key])}, the book table says ${JSON.stringify(value)}`, key);
      ok = false;
    }
  }
  return ok ? { ...summary, book } : null;
}

function validateHeadings(document: ParsedDocument, verseCount: number, error: Report): Heading[] {
  const headings = document.data.headings;
  if (headings === undefined) return [];
  if (!Array.isArray(headings)) {
    error('headings must be a list of {before, level, text}', 'headings');
    return [];
  }
  const out: Heading[] = [];
  for (const heading of headings) {
    if (
      !isRecord(heading) ||
      !Number.isInteger(heading.before) ||
      typeof heading.level !== 'string' ||
      typeof heading.text !== 'string'
    ) {
      error('each heading needs before (a verse number), level and text', 'headings');
      continue;
    }
    const before = heading.before as number;
    if (before < 1 || before > verseCount) {
      error(`a heading comes before verse ${before}, which the chapter does not have`, new RegExp(`before: ${before}\\b`));
      continue;
    }
    if (heading.mid_verse !== undefined && heading.mid_verse !== true) {
      error('mid_verse, when present, must be true', 'mid_verse');
      continue;
    }
    const notes = heading.footnotes === undefined ? [] : validateFootnotes(heading.footnotes, heading.text);
    if (typeof notes === 'string') {
      error(`the heading before verse ${before}: ${notes}`, new RegExp(`before: ${before}\\b`));
      continue;
    }
    out.push({
      before,
      level: heading.level,
      text: heading.text,
      ...(heading.mid_verse === true ? { midVerse: true as const } : {}),
      ...(notes.length > 0 ? { footnotes: notes.map((note) => ({ ...note, type: 'footnote' as const })) } : {}),
    });
  }
  return out;
}

/**
 * A verse's (or a heading's) `footnotes` (docs/bundle-format.md): a list of `{offset, text}` in text order,
 * each offset an integer index of the verse's (heading's) text and each text non-empty. Returns the notes, or a reason they are refused.
 */
function validateFootnotes(value: unknown, text: string): VerseFootnoteDoc[] | string {
  if (!Array.isArray(value) || value.length === 0) return 'footnotes, when present, is a non-empty list';
  const notes: VerseFootnoteDoc[] = [];
  for (const note of value) {
    if (!isRecord(note) || !Number.isInteger(note.offset) || (note.offset as number) < 0 || (note.offset as number) > text.length) {
      return `footnote ${notes.length + 1} has no offset inside the text (0 … ${text.length})`;
    }
    if (typeof note.text !== 'string' || note.text.trim() === '') return `footnote ${notes.length + 1} has no text`;
    if ((note.offset as number) < (notes[notes.length - 1]?.offset ?? 0)) return `footnote ${notes.length + 1} stands before the one listed ahead of it`;
    notes.push({ offset: note.offset as number, text: note.text });
  }
  return notes;
}

function validateVerses(document: ParsedDocument, verseCount: number, error: Report): VerseDoc[] | null {
  const verses = document.data.verses;
  if (!Array.isArray(verses)) {
    error('verses is missing or not a list', 'verses');
    return null;
  }
  let ok = true;
  const out: VerseDoc[] = [];
  verses.forEach((entry, index) => {
    const expected = index + 1;
    const at = new RegExp(`verse: ${isRecord(entry) ? String(entry.verse) : expected}\\b`);
    if (!isRecord(entry) || entry.verse !== expected) {
      error(`verse slot ${expected} is missing or out of order (verses run 1…verse_count with no gap)`, at);
      ok = false;
      return;
    }
    const { text, omitted, speaker, footnotes } = entry;
    if (typeof text !== 'string') {
      error(`verse ${expected} has no text`, at);
      ok = false;
      return;
    }
    if (omitted !== undefined && omitted !== true) {
      error(`verse ${expected}: omitted is either true or absent`, at);
      ok = false;
      return;
    }
    if (omitted === true && text !== '') {
      error(`verse ${expected} is omitted but has text; an omitted verse has text ""`, at);
      ok = false;
      return;
    }
    if (omitted !== true && text.trim() === '') {
      error(`verse ${expected} has empty text without omitted: true`, at);
      ok = false;
      return;
    }
    if (speaker !== undefined && (typeof speaker !== 'string' || speaker === '')) {
      error(`verse ${expected}: speaker must be a non-empty string`, at);
      ok = false;
      return;
    }
    const notes = footnotes === undefined ? [] : validateFootnotes(footnotes, text);
    if (typeof notes === 'string') {
      error(`verse ${expected}: ${notes}`, at);
      ok = false;
      return;
    }
    out.push({ verse: expected, text, omitted: omitted === true, ...(speaker ? { speaker } : {}), ...(notes.length > 0 ? { footnotes: notes } : {}) });
  });
  if (verses.length !== verseCount) {
    error(`verse_count is ${verseCount} but verses holds ${verses.length} slots`, 'verse_count');
    ok = false;
  }
  return ok ? out : null;
}

function validateChapter(document: ParsedDocument, entity: EntityDoc, diagnostics: Diagnostics): ChapterDoc | null {
  const summary: DocumentSummary = { id: entity.id, file: entity.file, type: entity.type, title: entity.title };
  const error = reporter(diagnostics, document, 'error');
  const warn = reporter(diagnostics, document, 'warning');
  const match = CHAPTER_ID.exec(document.id);
  const book = match ? getBook(match[1] ?? '') : undefined;
  const chapter = Number(match?.[2]);
  if (!book || book.slug !== match?.[1] || String(chapter) !== match?.[2]) {
    error(`a Chapter document lives at bible/<book_slug>/<n>.md; '${document.id}' is not such a path`);
    return null;
  }
  if (chapter < 1 || chapter > book.chapters) {
    error(`${book.name} has ${book.chapters} chapters; there is no chapter ${chapter}`);
    return null;
  }
  const data = document.data;
  const osis = `${book.osis}.${chapter}`;
  let ok = true;
  const expect = (key: string, value: unknown): void => {
    if (data[key] !== value) {
      error(`${key} is ${JSON.stringify(data[key])}, expected ${JSON.stringify(value)}`, key);
      ok = false;
    }
  };
  expect('osis', osis);
  expect('book', book.osis);
  expect('chapter', chapter);
  if (data.translation !== TRANSLATION) warn(`translation is ${JSON.stringify(data.translation)}, expected ${TRANSLATION}`, 'translation');
  if (data.versification !== VERSIFICATION) {
    warn(`versification is ${JSON.stringify(data.versification)}, expected ${VERSIFICATION}`, 'versification');
  }
  const verseCount = data.verse_count;
  if (!Number.isInteger(verseCount) || (verseCount as number) < 1) {
    error('verse_count must be a positive integer', 'verse_count');
    return null;
  }
  const verses = validateVerses(document, verseCount as number, error);
  const headings = validateHeadings(document, verseCount as number, error);
  if (!ok || !verses) return null;
  return { ...summary, book, chapter, osis, verses, headings, sources: entity.sources, relations: entity.relations };
}

export function validate(parsed: ParsedBundle, diagnostics: Diagnostics): ValidatedBundle {
  const info = validateRoot(parsed.root, diagnostics);
  const documents: DocumentSummary[] = [];
  const books: BookDoc[] = [];
  const chapters: ChapterDoc[] = [];
  const entities: EntityDoc[] = [];
  for (const document of parsed.documents) {
    const summary = validateCommon(document, diagnostics);
    if (!summary) continue;
    documents.push(summary);
    const error = reporter(diagnostics, document, 'error');
    const entity = readEntity({ ...summary, data: document.data, body: document.body, bodyOffset: document.frontmatter.split('\n').length + 1 }, (message, key) => error(message, key));
    entities.push(entity);
    if (summary.type === 'Book') {
      const book = validateBook(document, summary, diagnostics);
      if (book) books.push(book);
    } else if (summary.type === 'Chapter') {
      const chapter = validateChapter(document, entity, diagnostics);
      if (chapter) chapters.push(chapter);
    } else if (document.id.startsWith('bible/')) {
      reporter(diagnostics, document, 'error')(`documents under bible/ are Book or Chapter, not ${summary.type}`, 'type');
    }
  }
  return { bundleDir: parsed.bundleDir, info, log: parsed.log, documents, books, chapters, entities };
}
