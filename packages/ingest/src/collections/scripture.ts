// The scripture collection: one Book document per book, one Chapter document per chapter, holding
// every KJV verse slot with its BSB text (the 16 BSB omissions as `omitted: true`), the headings and
// the certain speakers.

import { BOOKS, type Book, chapterPath, formatReference } from '@skg/core';
import { type BundleDocument, type BundleFile, escapeMarkdown } from '../document.ts';
import type { FrontmatterValue } from '../frontmatter.ts';
import { type KjvSlots, parseKjvSlots } from '../kjv-slots.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import { loadBsbBooks, USFM_FOLDER } from '../bsb-text.ts';
import { formatVerseKey, parseCharacterVerse, type SpeakerTable } from '../speakers.ts';
import type { UsfmBook, UsfmFootnote, UsfmHeading } from '../usfm.ts';
import type { Collection, CollectionResult, Generated } from './collection.ts';

const KJV_SLOTS_FILE = 'bibledata/BibleData-Reference.csv';
const CHARACTER_VERSE_FILE = 'glyssen-speakers/CharacterVerse.txt';

/** The KJV slots the BSB leaves out on manuscript grounds (SOURCES.md, section 1). */
export const BSB_OMITTED_VERSES: readonly string[] = [
  'MAT 17:21', 'MAT 18:11', 'MAT 23:14', 'MRK 7:16', 'MRK 9:44', 'MRK 9:46', 'MRK 11:26', 'MRK 15:28',
  'LUK 17:36', 'LUK 23:17', 'JHN 5:4', 'ACT 8:37', 'ACT 15:34', 'ACT 24:7', 'ACT 28:29', 'ROM 16:24',
];

const BSB = 'sources/bsb';
const SPEAKERS = 'sources/glyssen-speakers';
const STATUS = { status: 'stable', trust_tier: 'machine-confirmed', stale: false } as const;

export interface ScriptureInput {
  readonly books: readonly UsfmBook[];
  readonly slots: KjvSlots;
  readonly speakers: SpeakerTable;
}

interface ChapterVerse {
  readonly verse: number;
  readonly text: string;
  readonly omitted?: true;
  readonly speaker?: string;
  /** The BSB's `\\f` footnotes on the verse, `{offset, text}`; absent when it has none. */
  readonly footnotes?: readonly UsfmFootnote[];
}

export const scriptureCollection: Collection = {
  name: 'scripture',
  folder: { path: 'bible', title: 'The Bible (Berean Standard Bible)' },
  needs: [USFM_FOLDER, KJV_SLOTS_FILE, CHARACTER_VERSE_FILE],
  async build(context) {
    const [books, slots, speakers] = await Promise.all([
      loadBsbBooks(context),
      context.readText(KJV_SLOTS_FILE).then(parseKjvSlots),
      context.readText(CHARACTER_VERSE_FILE).then(parseCharacterVerse),
    ]);
    return createScriptureDocuments({ books, slots, speakers }, context.generated);
  },
};

/** Builds the Book and Chapter documents and `bible/index.md` from parsed inputs. Pure. */
export function createScriptureDocuments(input: ScriptureInput, generated: Generated): CollectionResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const byCode = new Map<string, UsfmBook>();
  for (const book of input.books) {
    for (const problem of book.problems) warnings.push(`${book.code || '(no \\id)'}: ${problem}`);
    if (byCode.has(book.code)) errors.push(`two USFM files have \\id ${book.code}`);
    byCode.set(book.code, book);
  }
  for (const code of byCode.keys()) {
    if (!BOOKS.some((book) => book.usfm === code)) errors.push(`USFM book ${code} is not one of the 66 books`);
  }

  const documents: BundleDocument[] = [];
  const omitted: string[] = [];
  const usedSpeakers = new Set<string>();
  let speakersOnOmitted = 0;
  let verseCount = 0;
  let headingCount = 0;
  let chapterCount = 0;
  let footnoteCount = 0;
  let headingFootnotes = 0;
  let droppedFootnotes = 0;

  for (const book of BOOKS) {
    const usfm = byCode.get(book.usfm);
    const slots = input.slots.get(book.usfm);
    if (!usfm || !slots) {
      errors.push(`${book.usfm}: ${usfm ? 'no KJV verse slots' : 'no USFM file'}`);
      continue;
    }
    if (slots.length !== book.chapters) errors.push(`${book.usfm}: the KJV slots have ${slots.length} chapters, the canon ${book.chapters}`);
    for (const chapter of usfm.chapters) {
      if (chapter.chapter > book.chapters) errors.push(`${book.usfm} ${chapter.chapter}: the book has ${book.chapters} chapters`);
    }
    headingFootnotes += usfm.headingFootnotes;
    droppedFootnotes += usfm.droppedFootnotes;
    let bookVerses = 0;
    for (let number = 1; number <= book.chapters; number++) {
      const chapter = usfm.chapters.find((item) => item.chapter === number);
      const slotCount = slots[number - 1] ?? 0;
      if (!chapter) {
        errors.push(`${book.usfm} ${number}: no \\c ${number} in the USFM`);
        continue;
      }
      const texts = new Map<number, string>();
      const notes = new Map<number, readonly UsfmFootnote[]>();
      for (const verse of chapter.verses) {
        const key = formatVerseKey(book.usfm, number, verse.verse);
        if (verse.verse < 1 || verse.verse > slotCount) errors.push(`${key} is in the USFM but outside the KJV slots`);
        else if (texts.has(verse.verse)) errors.push(`${key} appears twice in the USFM`);
        else if (verse.text === '') warnings.push(`${key} has no text`);
        texts.set(verse.verse, verse.text);
        if (verse.footnotes) notes.set(verse.verse, verse.footnotes);
      }
      const verses: ChapterVerse[] = [];
      for (let verse = 1; verse <= slotCount; verse++) {
        const key = formatVerseKey(book.usfm, number, verse);
        const text = texts.get(verse);
        const speaker = input.speakers.speakers.get(key);
        if (speaker !== undefined) usedSpeakers.add(key);
        if (text === undefined) {
          omitted.push(key);
          if (speaker !== undefined) speakersOnOmitted++;
          verses.push({ verse, text: '', omitted: true });
        } else {
          const footnotes = notes.get(verse);
          footnoteCount += footnotes?.length ?? 0;
          verses.push({ verse, text, ...(speaker === undefined ? {} : { speaker }), ...(footnotes ? { footnotes } : {}) });
        }
      }
      verseCount += verses.length;
      headingCount += chapter.headings.length;
      bookVerses += verses.length;
      chapterCount++;
      documents.push(createChapterDocument(book, number, verses, chapter.headings, generated));
    }
    documents.push(createBookDocument(book, bookVerses, generated));
  }

  const unexpected = omitted.filter((key) => !BSB_OMITTED_VERSES.includes(key));
  const built = new Set(documents.filter((document) => document.frontmatter.type === 'Book').map((document) => document.frontmatter.usfm));
  const present = BSB_OMITTED_VERSES.filter((key) => built.has(key.slice(0, 3)) && !omitted.includes(key));
  if (unexpected.length > 0) errors.push(`KJV slots without BSB text that the BSB does not omit: ${unexpected.join(', ')}`);
  if (present.length > 0) errors.push(`verses the BSB is known to omit but this text has: ${present.join(', ')}`);

  const outsideSlots = [...input.speakers.speakers.keys()].filter((key) => !usedSpeakers.has(key)).length;
  const { skippedRows, skippedVerses } = input.speakers;
  const report: CollectionReport = {
    collection: 'scripture',
    written: {
      Book: documents.filter((document) => document.frontmatter.type === 'Book').length,
      Chapter: chapterCount,
    },
    counts: {
      verses: verseCount,
      omitted: omitted.length,
      headings: headingCount,
      'verses with a speaker': usedSpeakers.size - speakersOnOmitted,
      footnotes: footnoteCount,
      'footnotes in headings': headingFootnotes,
    },
    skipped: [
      { what: 'speaker rows', reason: 'Psalm title (verse 0)', count: skippedRows['psalm-title'] },
      { what: 'speaker rows', reason: 'quote type not Normal/Dialogue/Implicit/Quotation', count: skippedRows['uncertain-quote-type'] },
      { what: 'speaker rows', reason: 'narrator', count: skippedRows.narrator },
      { what: 'speaker rows', reason: 'quoted scripture, not a character', count: skippedRows.scripture },
      { what: 'speaker rows', reason: 'malformed', count: skippedRows.malformed },
      { what: 'verses', reason: 'speaker rows name several characters', count: skippedVerses['several-speakers'] },
      { what: 'verses', reason: 'speaker is a set of alternatives (a/b)', count: skippedVerses.alternatives },
      { what: 'verses', reason: 'speaker marked Needs Review', count: skippedVerses['needs-review'] },
      { what: 'speakers', reason: 'on a verse the BSB omits', count: speakersOnOmitted },
      { what: 'speakers', reason: 'on a verse outside the KJV slots', count: outsideSlots },
      { what: 'footnotes', reason: 'neither in a verse nor in a heading (a book line, text outside a verse)', count: droppedFootnotes },
    ],
    warnings,
    errors,
  };
  documents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { documents, files: [createBibleIndex()], report };
}

function createBookDocument(book: Book, verses: number, generated: Generated): BundleDocument {
  const testament = book.testament === 'OT' ? 'old-testament' : 'new-testament';
  const chapters = Array.from({ length: book.chapters }, (_, index) => index + 1);
  const links = chapters.map((chapter) => `- [${formatReference({ kind: 'chapter', book, chapter })}](/${chapterPath(book, chapter)})`);
  return {
    id: `bible/${book.slug}`,
    frontmatter: {
      type: 'Book',
      title: book.name,
      osis: book.osis,
      usfm: book.usfm,
      slug: book.slug,
      testament: book.testament,
      order: book.order,
      chapters: book.chapters,
      ...STATUS,
      generated: { ...generated },
      sources: [{ resource: BSB }],
      tags: [testament],
    },
    body: [
      `# ${book.name}`,
      `${book.name} in the Berean Standard Bible: ${book.chapters} ${book.chapters === 1 ? 'chapter' : 'chapters'}, ${formatCount(verses)} verse slots (KJV versification).`,
      links.join('\n'),
    ].join('\n\n'),
  };
}

function createChapterDocument(
  book: Book,
  chapter: number,
  verses: readonly ChapterVerse[],
  headings: readonly UsfmHeading[],
  generated: Generated,
): BundleDocument {
  const hasSpeakers = verses.some((verse) => verse.speaker !== undefined);
  const title = formatReference({ kind: 'chapter', book, chapter });
  return {
    id: chapterPath(book, chapter),
    frontmatter: {
      type: 'Chapter',
      title,
      osis: `${book.osis}.${chapter}`,
      book: book.osis,
      chapter,
      translation: 'BSB',
      versification: 'kjv',
      verse_count: verses.length,
      ...STATUS,
      generated: { ...generated },
      sources: hasSpeakers ? [{ resource: BSB }, { resource: SPEAKERS }] : [{ resource: BSB }],
      tags: [book.testament === 'OT' ? 'old-testament' : 'new-testament'],
      headings: headings.map((heading) => ({
        before: heading.before,
        level: heading.level,
        text: heading.text,
        ...(heading.midVerse ? { mid_verse: true } : {}),
        ...(heading.footnotes ? { footnotes: heading.footnotes.map((note) => ({ offset: note.offset, text: note.text })) } : {}),
      })),
      verses: verses.map(({ footnotes, ...verse }): FrontmatterValue => ({
        ...verse,
        ...(footnotes ? { footnotes: footnotes.map((note) => ({ offset: note.offset, text: note.text })) } : {}),
      })),
      relations: [],
    },
    body: formatChapterBody(title, verses, headings),
  };
}

/** Headings as markdown: section titles as `##`/`###`, parallel passages and superscriptions in italics. */
function formatHeading(heading: UsfmHeading): string {
  const text = escapeMarkdown(heading.text);
  switch (heading.level) {
    case 's2':
    case 's3':
    case 's4':
    case 'qa':
      return `### ${text}`;
    case 'r':
    case 'mr':
    case 'd':
    case 'sr':
      return `*${text}*`;
    default:
      return `## ${text}`;
  }
}

function formatChapterBody(title: string, verses: readonly ChapterVerse[], headings: readonly UsfmHeading[]): string {
  const blocks = [`# ${title}`];
  for (const verse of verses) {
    const place = (midVerse: boolean) =>
      headings.filter((heading) => heading.before === verse.verse && Boolean(heading.midVerse) === midVerse).map(formatHeading);
    blocks.push(...place(false));
    blocks.push(verse.omitted ? `**${verse.verse}** *(not in the BSB text)*` : `**${verse.verse}** ${escapeMarkdown(verse.text)}`);
    blocks.push(...place(true));
  }
  return blocks.join('\n\n');
}

function createBibleIndex(): BundleFile {
  const section = (testament: 'OT' | 'NT', heading: string) => [
    `## ${heading}`,
    BOOKS.filter((book) => book.testament === testament)
      .map((book) => `- [${book.name}](/bible/${book.slug}) (${book.chapters} ${book.chapters === 1 ? 'chapter' : 'chapters'})`)
      .join('\n'),
  ];
  const content = [
    '# The Bible',
    'The Berean Standard Bible (public domain) in KJV versification: 66 books, every verse slot.',
    ...section('OT', 'Old Testament'),
    ...section('NT', 'New Testament'),
  ].join('\n\n');
  return { path: 'bible/index.md', content: `${content}\n` };
}
