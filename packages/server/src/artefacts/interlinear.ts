// The reverse interlinear (an optional artefact): per verse, the English in English order, each
// segment with the original word it renders. Only the tables are held in memory; each request reads
// its verse's (or chapter's) records from disk by offset. Layout: INTERLINEAR_LAYOUT (@skg/core
// `artefacts/interlinear.ts`).

import {
  type Book,
  CHAPTER_TABLE,
  CHAPTER_TABLE_WORDS,
  INTERLINEAR_LAYOUT,
  INTERLINEAR_SECTIONS,
  type StoredInterlinearEntry,
  type StoredInterlinearTables,
  type StoredInterlinearVerse,
} from '@skg/core';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, readHeader, readSectionViews } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';
import type { InterlinearEntryRecord, InterlinearStore, InterlinearVerseRecord } from './types.ts';

/** Header position of the tail offset (where the verse records begin), for `openArtefactFile`. */
export const INTERLINEAR_TAIL_OFFSET_AT = INTERLINEAR_LAYOUT.header.tailOffset;
/** More than any book's chapter count (Psalms: 150). */
const CHAPTER_STRIDE = 152;

export function loadInterlinear(artefact: ArtefactFile): InterlinearStore {
  const { head, file } = artefact;
  const header = readHeader(head, INTERLINEAR_LAYOUT, file);
  const { chapters: chapterCount, verseSlots, verses: verseCount, entries: entryCount } = header;
  const { chapterTable: table, offsets, tables } = readSectionViews(head, file, INTERLINEAR_SECTIONS, header, artefact.tailOffset);
  const shared = decodeMsgpack(head, ...tables) as StoredInterlinearTables;
  if (artefact.tailOffset + (offsets[verseSlots] ?? 0) !== artefact.bytes) throw artefactError(file, 'is truncated or malformed');
  const chapters = new Map<number, { firstVerse: number; verseCount: number }>();
  for (let row = 0; row < chapterCount; row++) {
    const at = row * CHAPTER_TABLE_WORDS;
    chapters.set((table[at + CHAPTER_TABLE.book] ?? 0) * CHAPTER_STRIDE + (table[at + CHAPTER_TABLE.chapter] ?? 0), {
      firstVerse: table[at + CHAPTER_TABLE.firstVerse] ?? 0,
      verseCount: table[at + CHAPTER_TABLE.verseCount] ?? 0,
    });
  }

  function decodeEntry([english, first, last, strongs, word, transliteration, code, morphology, language]: StoredInterlinearEntry): InterlinearEntryRecord {
    return {
      english,
      ...(first !== null && last !== null ? { first, last } : {}),
      strongs: shared.strongs[strongs] ?? '',
      ...(word !== null ? { word } : {}),
      ...(transliteration !== null ? { transliteration } : {}),
      ...(code !== null ? { morphologyCode: shared.codes[code] ?? '' } : {}),
      ...(morphology !== null ? { morphology: shared.morphology[morphology] ?? '' } : {}),
      ...(language !== null && shared.languages[language] !== undefined ? { language: shared.languages[language] } : {}),
    };
  }

  /** The verses with data among `count` slots from global index `first`, numbered from verse 1. */
  function readVerses(book: Book, chapter: number, first: number, count: number, firstVerse: number): InterlinearVerseRecord[] {
    const start = offsets[first] ?? 0;
    const end = offsets[first + count] ?? 0;
    if (end <= start) return [];
    const bytes = artefact.read(artefact.tailOffset + start, artefact.tailOffset + end);
    const verses: InterlinearVerseRecord[] = [];
    for (let i = 0; i < count; i++) {
      const from = (offsets[first + i] ?? 0) - start;
      const to = (offsets[first + i + 1] ?? 0) - start;
      if (to <= from) continue;
      const [text, licence, entries] = decodeMsgpack(bytes, from, to) as StoredInterlinearVerse;
      const verse = firstVerse + i;
      verses.push({ verse, osis: `${book.osis}.${chapter}.${verse}`, text, licence: shared.licences[licence] ?? '', entries: entries.map(decodeEntry) });
    }
    return verses;
  }

  const slotOf = (book: Book, chapter: number) => chapters.get(book.order * CHAPTER_STRIDE + chapter);

  return {
    verseCount,
    entryCount,
    getVerse(book, chapter, verse) {
      const slot = slotOf(book, chapter);
      if (!slot || !(verse >= 1 && verse <= slot.verseCount)) return undefined;
      return readVerses(book, chapter, slot.firstVerse + verse - 1, 1, verse)[0];
    },
    getChapter(book, chapter) {
      const slot = slotOf(book, chapter);
      return slot ? readVerses(book, chapter, slot.firstVerse, slot.verseCount, 1) : [];
    },
  };
}
