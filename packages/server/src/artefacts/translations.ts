// The translations beside the BSB (an optional artefact): the slot offsets, the concordance and the
// tables are held in memory; each request reads its verse's (or chapter's) records from disk by offset.
// Layout: TRANSLATIONS_LAYOUT (@skg/core `artefacts/translations.ts`).

import {
  type Book,
  type Canon,
  compareStrongs,
  createDeuterocanonicalBook,
  type Footnote,
  getBook,
  type Heading,
  type PackedVerse,
  type StoredRenderings,
  type StoredTranslationFootnote,
  type StoredTranslationTables,
  type StoredTranslationVerse,
  TRANSLATIONS_LAYOUT,
  TRANSLATIONS_SECTIONS,
  unpackVerse,
} from '@skg/core';
import type { ArtefactFile } from './artefact-file.ts';
import { alignBuffer, artefactError, lowerBoundString, readHeader, readSectionViews, stringEquals } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';
import type { RenderingRecord, TranslationBookRecord, TranslationStore, TranslationText, TranslationVerse } from './types.ts';

/** Header position of the tail offset (where the verse records begin), for `openArtefactFile`. */
export const TRANSLATIONS_TAIL_OFFSET_AT = TRANSLATIONS_LAYOUT.header.tailOffset;

/** The USFM marker a heading of each source type is served with (Heading.level): section, Psalm title, speaker. */
const HEADING_LEVELS: Readonly<Record<string, string>> = { section: 's1', psalm: 'd', speaker: 'sp' };

function pairs(flat: readonly number[] | null | undefined): Array<readonly [number, number]> | undefined {
  if (!flat || flat.length === 0) return undefined;
  const list: Array<readonly [number, number]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) list.push([flat[i] ?? 0, flat[i + 1] ?? 0]);
  return list;
}

function formatFootnote([offset, text, type]: StoredTranslationFootnote): Footnote {
  return { offset, text, type: type === 'crossReference' ? 'crossReference' : 'footnote' };
}

function decodeSlot(bytes: Buffer, from: number, to: number, osis: string, verse: number): TranslationVerse {
  const [text, empty, footnotes, headings, added, wordsOfJesus, strongs] = decodeMsgpack(bytes, from, to) as Partial<StoredTranslationVerse> & [string, 0 | 1];
  const notes = footnotes?.map(formatFootnote);
  const addedPairs = pairs(added);
  const jesusPairs = pairs(wordsOfJesus);
  const headingList: Heading[] = (headings ?? []).map(([headingText, type, , midVerse, headingNotes]) => ({
    before: verse,
    level: HEADING_LEVELS[type] ?? 's1',
    text: headingText,
    ...(midVerse === 1 ? { midVerse: true as const } : {}),
    ...(headingNotes && headingNotes.length > 0 ? { footnotes: headingNotes.map(formatFootnote) } : {}),
  }));
  const headingStrongs = (headings ?? []).flatMap(([headingText, , tagged]) =>
    (tagged ?? []).map(([start, end, ...codes]) => [headingText.slice(Number(start), Number(end)), ...codes.map(String)] as const),
  );
  return {
    verse,
    osis,
    text,
    ...(empty === 1 ? { omitted: true as const } : {}),
    ...(notes && notes.length > 0 ? { footnotes: notes } : {}),
    ...(addedPairs ? { added: addedPairs } : {}),
    ...(jesusPairs ? { wordsOfJesus: jesusPairs } : {}),
    ...(strongs && strongs.length > 0 ? { strongs: strongs as unknown as TranslationVerse['strongs'] & object } : {}),
    ...(headingList.length > 0 ? { headings: headingList } : {}),
    ...(headingStrongs.length > 0 ? { headingStrongs } : {}),
  };
}

export function loadTranslations(artefact: ArtefactFile): TranslationStore {
  const { head, file } = artefact;
  const header = readHeader(head, TRANSLATIONS_LAYOUT, file);
  const views = readSectionViews(head, file, TRANSLATIONS_SECTIONS, header, artefact.tailOffset);
  const { offsets, concordanceStart, concordanceSlots, renderingOffsets, wordCounts, wordOffsets, postingStart } = views;
  const [wordBlobStart] = views.wordBlob;
  const postingsEnd = artefact.tailOffset + header.postingsAt + 4 * (postingStart[header.words] ?? 0);
  const tables = decodeMsgpack(head, ...views.tables) as StoredTranslationTables;
  const recordsEnd = offsets[header.slots] ?? 0;
  const renderingsEnd = header.renderingsAt + (renderingOffsets[header.concordanceRows] ?? 0);
  if (recordsEnd !== header.renderingsAt || header.postingsAt !== ((renderingsEnd + 3) & ~3) || postingsEnd !== artefact.bytes) {
    throw artefactError(file, 'is truncated or malformed');
  }

  /** The row of `strongs` among rows `[first, first + count)` (sorted by compareStrongs), or -1. */
  function findConcordanceRow(first: number, count: number, strongs: string): number {
    let low = first;
    let high = first + count - 1;
    const key = strongs.toUpperCase();
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = tables.strongs[mid] ?? '';
      if (at === key) return mid;
      if (compareStrongs(at, key) < 0) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }
  const rowSlots = (row: number) => (row < 0 ? new Uint32Array(0) : concordanceSlots.subarray(concordanceStart[row] ?? 0, concordanceStart[row + 1] ?? 0));
  function rowRenderings(row: number): RenderingRecord[] {
    if (row < 0) return [];
    const base = artefact.tailOffset + header.renderingsAt;
    const bytes = artefact.read(base + (renderingOffsets[row] ?? 0), base + (renderingOffsets[row + 1] ?? 0));
    return (decodeMsgpack(bytes) as StoredRenderings).map(([text, count]) => ({ text, count }));
  }

  const translations = tables.translations.map((stored, index): TranslationText => {
    const next = tables.translations[index + 1];
    const slotCount = (next ? next.firstSlot : header.slots) - stored.firstSlot;
    const books: TranslationBookRecord[] = [];
    const byKey = new Map<string, TranslationBookRecord>();
    /** Per book (by OSIS id): the slot (relative) of each chapter's verse 1. */
    const chapterStarts = new Map<string, number[]>();
    /** Per chapter in slot order: its first slot, book and number (for locateSlot). */
    const chapterRows: Array<{ first: number; book: Book; chapter: number }> = [];
    let slot = 0;
    for (const [osis, title, deuterocanonical, verseCounts] of stored.books) {
      const canonical = getBook(osis);
      const book = canonical?.osis === osis ? canonical : createDeuterocanonicalBook(osis, verseCounts.length);
      if (!book) throw artefactError(file, `names a book '${osis}' this server does not know`);
      const record: TranslationBookRecord = { book, title, deuterocanonical: deuterocanonical === 1, verseCounts };
      books.push(record);
      byKey.set(book.osis.toLowerCase(), record);
      byKey.set(book.slug, record);
      const starts: number[] = [];
      verseCounts.forEach((count, c) => {
        starts.push(slot);
        if (count > 0) chapterRows.push({ first: slot, book, chapter: c + 1 });
        slot += count;
      });
      chapterStarts.set(book.osis, starts);
    }
    if (slot !== slotCount) throw artefactError(file, 'is truncated or malformed');
    const order = new Map(books.map((record, position) => [record.book.osis, position]));
    const findBook = (idOrSlug: string) => byKey.get(idOrSlug.toLowerCase())?.book;
    const verseCount = (book: Book, chapter: number) => (order.has(book.osis) ? (books[order.get(book.osis) ?? 0]?.verseCounts[chapter - 1] ?? 0) : 0);
    const canon: Canon = {
      books: books.map((record) => record.book),
      verseCount,
      previousChapter(book, chapter) {
        if (chapter > 1) return `${book.osis}.${chapter - 1}`;
        const prev = books[(order.get(book.osis) ?? 0) - 1];
        return prev ? `${prev.book.osis}.${prev.verseCounts.length}` : null;
      },
      nextChapter(book, chapter) {
        const position = order.get(book.osis) ?? 0;
        if (chapter < (books[position]?.verseCounts.length ?? 0)) return `${book.osis}.${chapter + 1}`;
        const next = books[position + 1];
        return next ? `${next.book.osis}.1` : null;
      },
    };

    /** Slots `[from, to)` (relative), decoded, with the chapter and verse of each. */
    function read(from: number, to: number): TranslationVerse[] {
      if (to <= from) return [];
      const base = stored.firstSlot;
      const start = offsets[base + from] ?? 0;
      const end = offsets[base + to] ?? 0;
      const bytes = artefact.read(artefact.tailOffset + start, artefact.tailOffset + end);
      const decoded: TranslationVerse[] = [];
      for (let s = from; s < to; s++) {
        const { book, chapter, verse } = locateSlot(s);
        decoded.push(decodeSlot(bytes, (offsets[base + s] ?? 0) - start, (offsets[base + s + 1] ?? 0) - start, `${book.osis}.${chapter}.${verse}`, verse));
      }
      return decoded;
    }

    function locateSlot(s: number): { book: Book; chapter: number; verse: number } {
      let low = 0;
      let high = chapterRows.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >>> 1;
        if ((chapterRows[mid]?.first ?? 0) <= s) low = mid;
        else high = mid - 1;
      }
      const row = chapterRows[low];
      if (!row) throw new RangeError(`no slot ${s}`);
      return { book: row.book, chapter: row.chapter, verse: s - row.first + 1 };
    }

    function chapterRange(book: Book, chapter: number): [number, number] | undefined {
      const first = chapterStarts.get(book.osis)?.[chapter - 1];
      if (first === undefined || verseCount(book, chapter) === 0) return undefined;
      return [first, first + verseCount(book, chapter)];
    }

    const concordanceRow = (strongs: string) => findConcordanceRow(stored.concordanceFirst, stored.concordanceCount, strongs);

    const words = wordOffsets.subarray(stored.wordFirst, stored.wordFirst + stored.wordCount + 1);

    return {
      id: stored.id,
      books,
      canon,
      findBook,
      counts: stored.counts,
      chapterCount: chapterRows.length,
      slotCount,
      hasStrongs: stored.concordanceCount > 0,
      getVerse(book, chapter, verse) {
        const range = chapterRange(book, chapter);
        if (!range || !(verse >= 1 && range[0] + verse <= range[1])) return undefined;
        return read(range[0] + verse - 1, range[0] + verse)[0];
      },
      getChapter(book, chapter) {
        const range = chapterRange(book, chapter);
        return range ? read(range[0], range[1]) : undefined;
      },
      getVerses(book, chapter, from, to) {
        const range = chapterRange(book, chapter);
        if (!range) return [];
        return read(range[0] + Math.max(1, from) - 1, Math.min(range[1], range[0] + to));
      },
      getHeadings(book, chapter) {
        const range = chapterRange(book, chapter);
        return range ? read(range[0], range[1]).flatMap((entry) => entry.headings ?? []) : [];
      },
      readSlots(from, to) {
        return read(Math.max(0, from), Math.min(slotCount, to));
      },
      locateSlot,
      concordance: (strongs) => Array.from(rowSlots(concordanceRow(strongs)), (s) => s - stored.firstSlot),
      findWord(word) {
        const key = Buffer.from(word, 'utf8');
        const row = lowerBoundString(head, wordBlobStart, words, stored.wordCount, key);
        if (row >= stored.wordCount || !stringEquals(head, wordBlobStart, words, row, key)) return new Uint32Array(0);
        const global = stored.wordFirst + row;
        const from = artefact.tailOffset + header.postingsAt + 4 * (postingStart[global] ?? 0);
        const to = artefact.tailOffset + header.postingsAt + 4 * (postingStart[global + 1] ?? 0);
        const bytes = alignBuffer(artefact.read(from, to));
        return Uint32Array.from(new Uint32Array(bytes.buffer, bytes.byteOffset, (to - from) / 4), (slot) => slot - stored.firstSlot);
      },
      wordCount: (slot) => wordCounts[stored.firstSlot + slot] ?? 0,
      spellings: new Map(stored.spellings ?? []),
      renderings: (strongs) => rowRenderings(concordanceRow(strongs)),
    };
  });
  const byId = new Map(translations.map((translation) => [translation.id, translation]));
  const { bsb } = tables;
  return {
    translations,
    get: (id) => byId.get(id),
    ...(bsb
      ? {
          bsb: {
            concordance: (strongs: string) =>
              Array.from(rowSlots(findConcordanceRow(bsb.concordanceFirst, bsb.concordanceCount, strongs)), (packed) => unpackVerse(packed)).filter(
                (verse): verse is PackedVerse => verse !== undefined,
              ),
            renderings: (strongs: string) => rowRenderings(findConcordanceRow(bsb.concordanceFirst, bsb.concordanceCount, strongs)),
            taggedWords: bsb.taggedWords ?? 0,
          },
        }
      : {}),
  };
}

