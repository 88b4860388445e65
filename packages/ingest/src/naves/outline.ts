// A Nave's topic as markdown: its outline as a nested list, every scripture reference a link to its
// chapter document, "See X" cross references as links to the other theme; and the chapter verses it
// cites, for the `develops` relations stored on chapters.

import { type Book, chapterPath, formatBookName } from '@skg/core';
import { escapeMarkdown } from '../document.ts';
import type { KjvSlots } from '../kjv-slots.ts';
import { type CitedGroup, type CitedPoint, type CitedRange, formatOsisVerse, isKjvSlot, parseReferenceList } from './references.ts';
import { formatTopicTitle, type NavesLine, normaliseSubject } from './topics.ts';

/** A verse the outline cites: the first verse of a cited range, per chapter it touches. */
export interface Citation {
  /** Chapter document id: `bible/exodus/6`. */
  readonly chapter: string;
  /** OSIS verse: `Exod.6.16`. */
  readonly from: string;
}

export interface OutlineContext {
  readonly slots: KjvSlots;
  /** The id of the theme whose outline this is (a "See" back to itself is not linked). */
  readonly self: string;
  /** The theme a subject key (see `normaliseSubject`) names, with its title. */
  resolveSubject(key: string): { readonly id: string; readonly title: string } | undefined;
}

export interface Outline {
  readonly markdown: string;
  /** In outline order, without repeats. */
  readonly citations: readonly Citation[];
  /** Reference groups written as links. */
  readonly references: number;
  /** Ids of the themes linked by "See …" text, in outline order, without repeats. */
  readonly seeAlso: readonly string[];
  /** "See …" targets that name no theme. */
  readonly unresolved: readonly string[];
  /** References that did not parse or name no KJV verse, quoted. */
  readonly problems: readonly string[];
}

/** `16–20`, `25–5:32`, or the verse. */
function formatRange(range: CitedRange): string {
  const start = range.start.verse === undefined ? `${range.start.chapter}` : `${range.start.verse}`;
  if (!range.end) return start;
  if (range.start.verse === undefined) return `${range.start.chapter}–${range.end.chapter}`;
  const endVerse = range.end.verse === undefined ? '' : `:${range.end.verse}`;
  if (range.end.chapter !== range.start.chapter) return `${start}–${range.end.chapter}${endVerse}`;
  return `${start}–${range.end.verse ?? ''}`;
}

/** `Exodus 6:16–20`, `1 Chronicles 6:3–15, 50–53`, `Exodus 28`, `Genesis 1–3`, `Psalm 23:1`. */
export function formatGroupLabel(group: CitedGroup): string {
  const first = group.ranges[0];
  const name = formatBookName(group.book);
  if (!first) return name;
  if (first.start.verse === undefined) return `${name} ${formatRange(first)}`;
  return `${name} ${first.start.chapter}:${group.ranges.map(formatRange).join(', ')}`;
}

/** Why a point is not a KJV slot, or undefined when it is. */
function checkPoint(slots: KjvSlots, book: Book, point: CitedPoint): string | undefined {
  if (point.chapter < 1 || point.chapter > book.chapters) return `${book.name} has ${book.chapters} chapters`;
  if (!isKjvSlot(slots, book, point.chapter, point.verse)) return `${book.name} ${point.chapter} has ${slots.get(book.usfm)?.[point.chapter - 1] ?? 0} verses`;
  return undefined;
}

function comparePoints(a: CitedPoint, b: CitedPoint): number {
  return a.chapter - b.chapter || (a.verse ?? 0) - (b.verse ?? 0);
}

/** The ranges whose start is a KJV slot, the citations they give and the problems of the group. */
function checkGroup(group: CitedGroup, slots: KjvSlots): { usable: CitedRange[]; citations: Citation[]; problems: string[] } {
  const usable: CitedRange[] = [];
  const citations: Citation[] = [];
  const problems: string[] = [];
  for (const range of group.ranges) {
    const startProblem = checkPoint(slots, group.book, range.start);
    if (startProblem) {
      problems.push(startProblem);
      continue;
    }
    usable.push(range);
    let last = range.start.chapter;
    if (range.end) {
      const endProblem = checkPoint(slots, group.book, range.end) ?? (comparePoints(range.end, range.start) <= 0 ? 'the range runs backwards' : undefined);
      if (endProblem) problems.push(endProblem);
      else last = range.end.chapter;
    }
    for (let chapter = range.start.chapter; chapter <= last; chapter++) {
      const verse = chapter === range.start.chapter ? (range.start.verse ?? 1) : 1;
      citations.push({ chapter: chapterPath(group.book, chapter), from: formatOsisVerse(group.book, chapter, verse) });
    }
  }
  return { usable, citations, problems: [...new Set(problems)] };
}

/** Words before a name that is another topic: `See X`, `See also X`, `Also called X`, `Called also X` (a bare `Called X` describes, as in `Called MORNING STARS`). */
const LINK_WORDS = String.raw`(?:[Ss]ee also|[Ss]ee|[Cc]alled also|[Aa]lso called)`;
/** A run of words in capitals, as Nave's writes subjects: `PRIEST, HIGH`, `ANGER OF GOD`, `SOLOMON'S`. */
const CAPITALS = String.raw`[A-Z][A-Z'’-]*(?:,? [A-Z][A-Z'’-]*)*`;
const CROSS_REFERENCE = new RegExp(String.raw`\[\d+\](${CAPITALS})|(${LINK_WORDS} )(${CAPITALS})`, 'g');

/**
 * The longest leading run of words of `capitals` that names a theme, with the rest; undefined when
 * no run does. `JESUS, REJECTED` → no theme `JESUS, REJECTED`, so `JESUS` is tried.
 */
function resolveLeading(capitals: string, context: OutlineContext): { target: { id: string; title: string }; rest: string } | undefined {
  const words = capitals.split(' ');
  for (let count = words.length; count > 0; count--) {
    const matched = words.slice(0, count).join(' ').replace(/,$/, '');
    const target = context.resolveSubject(normaliseSubject(matched));
    if (target) return { target, rest: capitals.slice(matched.length) };
  }
  return undefined;
}

/** Escaped text with "See X" and `[123]X` turned into links to themes. */
function formatText(text: string, context: OutlineContext, seeAlso: Set<string>, unresolved: string[]): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CROSS_REFERENCE)) {
    const [whole, bracketed, words, capitals] = match;
    const name = bracketed ?? capitals ?? '';
    const resolved = resolveLeading(name, context);
    out += escapeMarkdown(text.slice(last, match.index)) + escapeMarkdown(words ?? '');
    if (resolved && resolved.target.id !== context.self) {
      seeAlso.add(resolved.target.id);
      // `PRIEST, HIGH` found as `PRIEST`: the whole name is the link text, the link goes to the head.
      const label = resolved.rest === '' ? resolved.target.title : formatTopicTitle(name);
      out += `[${escapeMarkdown(label)}](/${resolved.target.id})`;
    } else {
      if (!resolved && name.length > 1 && (bracketed !== undefined || /^[Ss]ee/.test(words ?? ''))) unresolved.push(name);
      out += escapeMarkdown(name);
    }
    last = (match.index ?? 0) + whole.length;
  }
  return out + escapeMarkdown(text.slice(last));
}

/** Escapes what would start a markdown block inside a list item (`1.` an ordered list, `#` a heading). */
function escapeItemStart(text: string): string {
  return text.replace(/^(\d+)\./, '$1\\.').replace(/^([#+>-])/, '\\$1');
}

/** Builds the outline of one topic. Pure. */
export function createOutline(lines: readonly NavesLine[], context: OutlineContext): Outline {
  const items: string[] = [];
  const citations: Citation[] = [];
  const seen = new Set<string>();
  const seeAlso = new Set<string>();
  const unresolved: string[] = [];
  const problems: string[] = [];
  let references = 0;
  let depth = -1;
  for (const line of lines) {
    depth = Math.min(line.depth, depth + 1);
    let content = '';
    for (const segment of parseReferenceList(line.text)) {
      if (segment.kind === 'text') {
        content += formatText(segment.text, context, seeAlso, unresolved);
        // A `c:v` left in the text is a reference the grammar could not read.
        for (const stray of segment.text.matchAll(/\b\d+:\d+/g)) problems.push(`'${stray[0]}' in "${line.text}"`);
        continue;
      }
      const { group } = segment;
      const checked = checkGroup(group, context.slots);
      const quoted = /^\d/.test(group.source) ? `${group.book.usfm} ${group.source}` : group.source;
      for (const problem of checked.problems) problems.push(`${quoted}: ${problem}`);
      const first = checked.usable[0];
      if (!first) {
        content += escapeMarkdown(group.source);
        continue;
      }
      references++;
      content += `[${formatGroupLabel(group)}](/${chapterPath(group.book, first.start.chapter)})`;
      for (const citation of checked.citations) {
        const key = `${citation.chapter} ${citation.from}`;
        if (seen.has(key)) continue;
        seen.add(key);
        citations.push(citation);
      }
    }
    items.push(`${'  '.repeat(depth)}- ${escapeItemStart(content)}`);
  }
  return { markdown: items.join('\n'), citations, references, seeAlso: [...seeAlso], unresolved, problems };
}
