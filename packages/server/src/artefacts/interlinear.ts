// The reverse interlinear (an optional artefact): per verse, the English in English order, each
// segment with the original word it renders. Only the tables are held in memory; each request reads
// its verse's (or chapter's) records from disk by offset.

import { ARTEFACT_MAGIC, type Book } from '@skg/core';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, checkHeader, readSections, SectionReader } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';
import type { InterlinearEntryRecord, InterlinearLanguage, InterlinearStore, InterlinearVerseRecord } from './types.ts';

const HEADER_BYTES = 32;
/** Header position of the tail offset (where the verse records begin). */
export const INTERLINEAR_TAIL_OFFSET_AT = 16;
/** More than any book's chapter count (Psalms: 150). */
const CHAPTER_STRIDE = 152;

type StoredEntry = [
  english: string | null,
  first: number | null,
  last: number | null,
  strongs: number,
  word: string | null,
  transliteration: string | null,
  code: number | null,
  morphology: number | null,
  language: number | null,
];
type StoredVerse = [text: string, licence: number, entries: StoredEntry[]];

interface SharedTables {
  strongs: string[];
  codes: string[];
  morphology: string[];
  languages: InterlinearLanguage[];
  licences: string[];
}

/**
 * interlinear.bin: little-endian; sections 4-byte aligned.
 *
 *   offset  type          field
 *   0       4 × ascii     magic "SKGI"
 *   4       u32           format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32           C: chapters (rows of the verse store's chapter table)
 *   12      u32           V: verse slots (global verse index 0…V-1, as in verses.bin)
 *   16      u32           tail offset: where the verse records begin
 *   20      u32           T: bytes of the shared tables
 *   24      u32           R: verses with data
 *   28      u32           E: entries of all verses
 *   32      C × 4 u32     chapter table, canonical order: book order (1…66), chapter, first verse index, verse count
 *   …       (V+1) u32     record offsets, relative to the tail; verse i's record is [off[i], off[i+1]),
 *                         empty when the verse has no data
 *   …       T bytes       msgpack map {strongs, codes, morphology, languages, licences}: string arrays
 *                         the records name by position                         (padded to 4)
 *   tail    …             one msgpack array per verse with data, in verse order:
 *                           [text: string, licence: int,
 *                            entries: [english: string, first: int | nil, last: int | nil, strongs: int,
 *                                      word: string | nil, transliteration: string | nil,
 *                                      morphologyCode: int | nil, morphology: int | nil,
 *                                      language: int | nil][]]
 *
 * The head (about 0.6 MB on the full data) is held in memory; the tail (about 20 MB) stays on disk,
 * and a chapter's records are one contiguous read.
 */
export function loadInterlinear(artefact: ArtefactFile): InterlinearStore {
  const { head, file } = artefact;
  checkHeader(head, ARTEFACT_MAGIC.interlinear, file);
  if (head.length < HEADER_BYTES) throw artefactError(file, 'is truncated or malformed');
  const chapterCount = head.readUInt32LE(8);
  const verseSlots = head.readUInt32LE(12);
  const sharedBytes = head.readUInt32LE(20);
  const verseCount = head.readUInt32LE(24);
  const entryCount = head.readUInt32LE(28);
  const { table, offsets, shared } = readSections(file, () => {
    const reader = new SectionReader(head, HEADER_BYTES);
    const table = reader.u32s(chapterCount * 4);
    const offsets = reader.u32s(verseSlots + 1);
    const [start, end] = reader.bytes(sharedBytes);
    reader.align();
    if (reader.offset !== artefact.tailOffset) throw new RangeError('tables do not end at the tail');
    return { table, offsets, shared: decodeMsgpack(head, start, end) as SharedTables };
  });
  if (artefact.tailOffset + (offsets[verseSlots] ?? 0) !== artefact.bytes) throw artefactError(file, 'is truncated or malformed');
  const chapters = new Map<number, { firstVerse: number; verseCount: number }>();
  for (let row = 0; row < chapterCount; row++) {
    const at = row * 4;
    chapters.set((table[at] ?? 0) * CHAPTER_STRIDE + (table[at + 1] ?? 0), { firstVerse: table[at + 2] ?? 0, verseCount: table[at + 3] ?? 0 });
  }

  function decodeEntry([english, first, last, strongs, word, transliteration, code, morphology, language]: StoredEntry): InterlinearEntryRecord {
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
      const [text, licence, entries] = decodeMsgpack(bytes, from, to) as StoredVerse;
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
