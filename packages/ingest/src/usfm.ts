// USFM → chapters of plain verse text and headings. Pure: text in, structure out, no I/O.
//
// What it keeps and drops (see docs/bundle-format.md, "Chapter"):
// - verse text runs from `\v N` to the next `\v` or `\c`, across lines and paragraph/poetry markers
//   (`\m \pmo \b \q1 \q2 \qr \li1 \pc …`); lines are joined with single spaces;
// - notes (`\f … \f*`, `\fe … \fe*`, `\x … \x*`) are removed with their content; a footnote (`\f`)
//   in a verse or a heading line (a Psalm title, `\d`) is kept beside it as `{offset, text}` (where it
//   stood in the plain text, its words); one anywhere else (a book line, text outside a verse) is dropped
//   and counted (`droppedFootnotes`);
// - character markers (`\it … \it*`, `\+wj … \+wj*`) are removed, their text kept;
// - heading lines (`\s1 \s2 \ms \mr \r \d \qa` …) become headings placed before the next verse;
// - book identification lines (`\id \h \toc1 \mt1` …) are read for the book code and running head.

import type { Heading } from '@skg/core';

export interface UsfmVerse {
  readonly verse: number;
  readonly text: string;
  /** The verse's `\\f … \\f*` notes in text order; absent when it has none. */
  readonly footnotes?: readonly UsfmFootnote[];
}

/** A footnote (`\\f … \\f*`) of a verse: where it stood in `text` (a UTF-16 index; the note follows the text before it) and its words. */
export interface UsfmFootnote {
  readonly offset: number;
  readonly text: string;
}

/** A heading as the parser places it (the core shape, `midVerse` included), with its `\\f` notes as a verse has them. */
export interface UsfmHeading extends Omit<Heading, 'footnotes'> {
  /** The heading's `\\f … \\f*` notes, offsets into its text; absent when it has none. */
  readonly footnotes?: readonly UsfmFootnote[];
}

export interface UsfmChapter {
  readonly chapter: number;
  /** In source order. */
  readonly verses: readonly UsfmVerse[];
  /** In source order; `before` is the verse the heading precedes. */
  readonly headings: readonly UsfmHeading[];
}

export interface UsfmBook {
  /** USFM book code from `\id` (`GEN`). */
  readonly code: string;
  /** Running head from `\h`, when present. */
  readonly title: string | undefined;
  readonly chapters: readonly UsfmChapter[];
  /** Things the parser could not place; a caller reports them. */
  readonly problems: readonly string[];
  /** Footnotes (`\\f … \\f*`) kept on a heading (a Psalm title, `\\d`). */
  readonly headingFootnotes: number;
  /** Footnotes that stood neither in a verse nor in a heading (a book line, text outside a verse): dropped. */
  readonly droppedFootnotes: number;
}

/** Markers whose line is a heading, not verse text. `s` is normalised to `s1`, `ms` kept as written. */
const HEADING_MARKERS = new Set([
  's', 's1', 's2', 's3', 's4', 'ms', 'ms1', 'ms2', 'ms3', 'mr', 'r', 'sr', 'd', 'qa', 'sp',
]);

/** Book identification and title markers: read or ignored, never verse text. */
const BOOK_MARKERS = new Set([
  'id', 'ide', 'h', 'h1', 'h2', 'h3', 'toc1', 'toc2', 'toc3', 'mt', 'mt1', 'mt2', 'mt3', 'mt4', 'usfm', 'sts', 'rem',
  'cl', 'cp',
]);

/** Paragraph and poetry markers: their line continues the current verse. */
const PARAGRAPH_MARKERS = new Set([
  'p', 'm', 'pmo', 'pm', 'pmc', 'pmr', 'po', 'pr', 'pc', 'pi', 'pi1', 'pi2', 'pi3', 'mi', 'nb', 'cls', 'b',
  'q', 'q1', 'q2', 'q3', 'q4', 'qr', 'qc', 'qm', 'qm1', 'qm2', 'qm3', 'qd', 'li', 'li1', 'li2', 'li3', 'li4',
  'lim', 'lim1', 'lim2', 'ph', 'ph1', 'ph2', 'pb',
]);

/** Notes and their spacing: the space before a note goes too when the note sits before punctuation. */
const NOTE = /(\s*)\\(f|fe|x) [\s\S]*?\\\2\*/g;
const CLOSING = /^[.,;:!?)\]’”—–]$/;
/** Character markers, opening (`\it `, `\+wj `) and closing (`\it*`). */
const CHAR_MARKER = /\\\+?[a-z]+[0-9]*\*|\\\+?[a-z]+[0-9]* ?/g;
const LINE_MARKER = /^\\([a-z]+[0-9]*)(?:\s+|$)/;
const VERSE_MARKER = /\\v\s+(\d+)(-\d+)?\s*/g;

/** Removes notes; keeps one space where the note stood between words. */
export function removeNotes(text: string): string {
  return text.replace(NOTE, (note: string, space: string, _marker: string, offset: number, whole: string) =>
    CLOSING.test(whole.charAt(offset + note.length)) ? '' : space,
  );
}

/** Stands where a kept footnote stood while the text is parsed: `MARK_OPEN` index `MARK_CLOSE` (private-use characters). */
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
const MARK = /\uE000(\d+)\uE001/g;

/**
 * Removes notes as `removeNotes` does, but leaves a mark where each `\\f … \\f*` footnote stood (before
 * the space kept after it, so the text around it stays the same) and returns the footnotes' words.
 */
export function markFootnotes(text: string): { text: string; notes: string[] } {
  const notes: string[] = [];
  const marked = text.replace(NOTE, (note: string, space: string, marker: string, offset: number, whole: string) => {
    const kept = CLOSING.test(whole.charAt(offset + note.length)) ? '' : space;
    if (marker !== 'f') return kept;
    notes.push(readFootnote(note.slice(space.length)));
    return `${MARK_OPEN}${notes.length - 1}${MARK_CLOSE}${kept}`;
  });
  return { text: marked, notes };
}

/**
 * A footnote's words: `\\f + \\fr 1:5 \\ft Literally day one\\f*` → `Literally day one`. The caller
 * (`\\f +`) and the `\\fr` reference go; the text of `\\ft`, `\\fq`, `\\fqa` … is joined as printed.
 */
export function readFootnote(note: string): string {
  const body = note.replace(/^\\f\s+\S+\s*/, '').replace(/\\f\*$/, '').replace(/\\fr\s[^\\]*/g, '');
  return normaliseWhitespace(body.replace(/\\f[a-z]+\*?\s?/g, ' ').replace(CHAR_MARKER, ''));
}

/** Takes the marks out of a verse's text: the plain text and the footnotes at their offsets. */
function placeFootnotes(marked: string, notes: readonly string[]): { text: string; footnotes: UsfmFootnote[] } {
  const footnotes: UsfmFootnote[] = [];
  let text = '';
  let last = 0;
  for (const match of marked.matchAll(MARK)) {
    text += marked.slice(last, match.index);
    last = match.index + match[0].length;
    footnotes.push({ offset: text.length, text: notes[Number(match[1])] ?? '' });
  }
  text += marked.slice(last);
  // A mark at the very start or end of a verse leaves the trim to do again; offsets stay inside the text.
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  return { text: trimmed, footnotes: footnotes.map((note) => ({ ...note, offset: Math.min(Math.max(note.offset - lead, 0), trimmed.length) })) };
}

/** Removes footnote marks (in book lines and problems), counting them. */
function dropMarks(text: string, dropped: { count: number }): string {
  return text.replace(MARK, () => {
    dropped.count++;
    return '';
  });
}

/** Removes character markers, keeping the text they mark. */
export function removeCharacterMarkers(text: string): string {
  return text.replace(CHAR_MARKER, '');
}

/** Collapses runs of whitespace to one space and trims. */
export function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

interface ChapterBuilder {
  chapter: number;
  verses: Array<{ verse: number; parts: string[] }>;
  headings: Array<{ level: string; text: string; before: number | undefined; midVerse?: true; footnotes: UsfmFootnote[] }>;
}

/** Parses one USFM book. Never throws on content: what it cannot place goes to `problems`. */
export function parseUsfm(source: string): UsfmBook {
  const { text, notes } = markFootnotes(source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
  const dropped = { count: 0 };
  let headingFootnotes = 0;
  const problems: string[] = [];
  const chapters: ChapterBuilder[] = [];
  let code = '';
  let title: string | undefined;
  let current: ChapterBuilder | undefined;
  let verse: { verse: number; parts: string[] } | undefined;
  /** Headings seen since the last verse marker: they precede the next one. */
  let pending: ChapterBuilder['headings'] = [];

  const placeText = (raw: string, lineNumber: number): void => {
    const part = removeCharacterMarkers(raw);
    if (part.trim() === '') return;
    if (verse) {
      // Text after a heading but before the next verse marker: the heading sits inside this verse.
      for (const heading of pending) Object.assign(heading, { before: verse.verse, midVerse: true });
      pending = [];
      verse.parts.push(part);
    } else problems.push(`line ${lineNumber}: text outside a verse: ${JSON.stringify(normaliseWhitespace(dropMarks(part, dropped)))}`);
  };

  const addText = (raw: string, lineNumber: number): void => {
    let last = 0;
    for (const match of raw.matchAll(VERSE_MARKER)) {
      placeText(raw.slice(last, match.index), lineNumber);
      last = match.index + match[0].length;
      const number = Number(match[1]);
      if (match[2]) problems.push(`line ${lineNumber}: verse range \\v ${match[1]}${match[2]} (kept as verse ${number})`);
      if (!current) {
        problems.push(`line ${lineNumber}: \\v ${number} before any \\c`);
        continue;
      }
      verse = { verse: number, parts: [] };
      current.verses.push(verse);
      for (const heading of pending) heading.before = number;
      pending = [];
    }
    placeText(raw.slice(last), lineNumber);
  };

  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const lineNumber = index + 1;
    const match = LINE_MARKER.exec(line);
    if (!match) {
      addText(line, lineNumber);
      continue;
    }
    const marker = match[1] ?? '';
    const rest = line.slice(match[0].length);
    if (marker === 'c') {
      const number = Number(/^\d+/.exec(rest)?.[0]);
      if (!Number.isInteger(number) || number < 1) {
        problems.push(`line ${lineNumber}: \\c without a chapter number`);
        continue;
      }
      current = { chapter: number, verses: [], headings: [] };
      chapters.push(current);
      verse = undefined;
      pending = [];
    } else if (HEADING_MARKERS.has(marker)) {
      const { text: heading, footnotes } = placeFootnotes(normaliseWhitespace(removeCharacterMarkers(rest)), notes);
      if (!current || heading === '') dropped.count += footnotes.length;
      if (!current) problems.push(`line ${lineNumber}: heading \\${marker} before any \\c`);
      else if (heading !== '') {
        const entry: ChapterBuilder['headings'][number] = { level: marker === 's' ? 's1' : marker, text: heading, before: undefined, footnotes };
        headingFootnotes += footnotes.length;
        current.headings.push(entry);
        pending.push(entry);
      }
    } else if (BOOK_MARKERS.has(marker)) {
      dropMarks(rest, dropped);
      if (marker === 'id') code = rest.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
      if (marker === 'h' && title === undefined) title = normaliseWhitespace(rest);
    } else if (PARAGRAPH_MARKERS.has(marker)) {
      addText(rest, lineNumber);
    } else if (marker === 'v' || line.includes(`\\${marker}*`)) {
      // A verse, or a character marker that happens to open the line: all of it is text.
      addText(line, lineNumber);
    } else {
      problems.push(`line ${lineNumber}: unknown marker \\${marker}, its text kept as verse text`);
      addText(rest, lineNumber);
    }
  }

  const parsed = chapters.map((chapter) => ({
    chapter: chapter.chapter,
    verses: chapter.verses.map((verse): UsfmVerse => {
      const { text, footnotes } = placeFootnotes(normaliseWhitespace(verse.parts.join(' ')), notes);
      return { verse: verse.verse, text, ...(footnotes.length > 0 ? { footnotes } : {}) };
    }),
  }));
  return {
    code,
    title,
    problems,
    headingFootnotes,
    droppedFootnotes: dropped.count,
    chapters: chapters.map((chapter, index) => ({
      chapter: chapter.chapter,
      verses: parsed[index]?.verses ?? [],
      headings: chapter.headings.map((heading): UsfmHeading => {
        if (heading.before === undefined) {
          problems.push(`chapter ${chapter.chapter}: heading "${heading.text}" is not followed by a verse`);
        }
        const before = heading.before ?? (chapter.verses.at(-1)?.verse ?? 0) + 1;
        return {
          before,
          level: heading.level,
          text: heading.text,
          ...(heading.midVerse ? { midVerse: true as const } : {}),
          ...(heading.footnotes.length > 0 ? { footnotes: heading.footnotes } : {}),
        };
      }),
    })),
  };
}
