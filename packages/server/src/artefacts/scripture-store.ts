// The ScriptureStore the routes read: chapters and verses decoded per request, plus search.

import { createCanon, type Heading, type Verse } from '@skg/core';
import { LruCache } from '../internal/lru.ts';
import type { ChapterDocuments } from './chapters.ts';
import type { ScriptureIndex } from './scripture-index.ts';
import { createScriptureSearch } from './scripture-search.ts';
import type { ChapterRecord, GraphStore, NodeSummaryRecord, RelationRecord, ScriptureStore } from './types.ts';
import type { VerseStore } from './verses.ts';

/** Decoded chapters kept for reuse; a chapter record is a few kilobytes. */
const CHAPTER_CACHE_ENTRIES = 128;

function createVerse(verses: VerseStore, index: number, osis: string, verse: number): Verse {
  const speaker = verses.getSpeaker(index);
  const omitted = verses.isOmitted(index);
  const footnotes = verses.getFootnotes(index);
  return {
    verse,
    osis,
    text: verses.getText(index),
    ...(omitted ? { omitted: true as const } : {}),
    ...(speaker !== undefined ? { speaker } : {}),
    ...(footnotes ? { footnotes } : {}),
  };
}

/** What a chapter record needs from the graph: the title and type of the documents it names. */
export type SummaryLookup = Pick<GraphStore, 'getSummary'>;

export function createScriptureStore(verses: VerseStore, chapters: ChapterDocuments, index: ScriptureIndex, graph?: SummaryLookup): ScriptureStore {
  if (chapters.count !== verses.chapterCount || index.verseCount !== verses.verseCount) {
    throw new Error('the verse store, chapter documents and scripture index are from different builds: run `skg build`');
  }
  const canon = createCanon(verses.getVersesPerChapter());
  const cache = new LruCache<ChapterRecord>(CHAPTER_CACHE_ENTRIES, CHAPTER_CACHE_ENTRIES);
  const search = createScriptureSearch(verses, index);
  /** Headings by chapter ordinal, kept once read: 4,569 small records on the full data. */
  const headings: (readonly Heading[] | undefined)[] = new Array(chapters.count);
  const freezeHeadings = (list: readonly Heading[]) => Object.freeze(list.map((h) => Object.freeze(h)));

  return {
    canon,
    getChapter(book, chapter) {
      const slot = verses.getChapterSlot(book, chapter);
      if (!slot) return undefined;
      const key = `${book.osis}.${chapter}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const document = chapters.decode(slot.ordinal);
      /** Summaries of the documents the chapter's relations name, each looked up once. */
      const targets = new Map<string, NodeSummaryRecord | null>();
      const list: Verse[] = [];
      const speakers: string[] = [];
      const omittedVerses: number[] = [];
      for (let n = 1; n <= slot.verseCount; n++) {
        const verse = createVerse(verses, slot.firstVerse + n - 1, `${key}.${n}`, n);
        list.push(Object.freeze(verse));
        if (verse.omitted) omittedVerses.push(n);
        if (verse.speaker !== undefined && !speakers.includes(verse.speaker)) speakers.push(verse.speaker);
      }
      const record: ChapterRecord = Object.freeze({
        osis: key,
        book,
        chapter,
        path: document.path,
        title: document.title,
        verses: Object.freeze(list),
        headings: (headings[slot.ordinal] ??= freezeHeadings(document.headings)),
        speakers: Object.freeze(speakers),
        omittedVerses: Object.freeze(omittedVerses),
        relations: Object.freeze(
          document.relations.map((relation): RelationRecord => {
            let target = targets.get(relation.target);
            if (target === undefined) targets.set(relation.target, (target = graph?.getSummary(relation.target) ?? null));
            return Object.freeze({
              predicate: relation.predicate,
              target: relation.target,
              targetType: target?.type ?? 'Unknown',
              title: target?.title ?? relation.target,
              ...(relation.from !== undefined ? { from: relation.from } : {}),
              ...(relation.surface !== undefined ? { surface: relation.surface } : {}),
              ...(relation.note !== undefined ? { note: relation.note } : {}),
              ...(relation.source !== undefined ? { source: relation.source } : {}),
              ...(relation.extra !== undefined ? { extra: relation.extra } : {}),
            });
          }),
        ),
        backlinkCount: document.backlinkCount,
        backlinks: Object.freeze(
          document.backlinks.flatMap((path): NodeSummaryRecord[] => {
            const summary = graph?.getSummary(path);
            return summary ? [Object.freeze(summary)] : [];
          }),
        ),
      });
      cache.set(key, record, 1);
      return record;
    },
    getVerse(book, chapter, verse) {
      const slot = verses.getChapterSlot(book, chapter);
      if (!slot || !Number.isInteger(verse) || verse < 1 || verse > slot.verseCount) return undefined;
      return createVerse(verses, slot.firstVerse + verse - 1, `${book.osis}.${chapter}.${verse}`, verse);
    },
    getHeadings(book, chapter) {
      const slot = verses.getChapterSlot(book, chapter);
      if (!slot) return [];
      return (headings[slot.ordinal] ??= freezeHeadings(chapters.decode(slot.ordinal).headings));
    },
    async search(query) {
      return search(query);
    },
  };
}
