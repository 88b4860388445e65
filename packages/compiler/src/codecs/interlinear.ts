// Encodes the reverse interlinear (`interlinear.bin`, an optional artefact); the layout is
// INTERLINEAR_LAYOUT (@skg/core `artefacts/interlinear.ts`).

import { INTERLINEAR_LAYOUT, INTERLINEAR_SECTIONS, type InterlinearLanguage, type StoredInterlinearEntry, type StoredInterlinearTables, type StoredInterlinearVerse } from '@skg/core';
import type { InterlinearData } from '../stages/shard-interlinear.ts';
import type { LinkedScripture } from '../stages/link.ts';
import type { EncodedArtefact } from '../stages/write.ts';
import { ByteWriter, encodedArtefact } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';
import { SharedTable } from './shared-table.ts';
import { encodeChapterTable } from './verses.ts';

export function encodeInterlinear(scripture: LinkedScripture, data: InterlinearData): Buffer {
  const verseCount = scripture.verseCount;
  const tables = { strongs: new SharedTable(), codes: new SharedTable(), morphology: new SharedTable(), languages: new SharedTable<InterlinearLanguage>(), licences: new SharedTable() };
  const records = new Map<number, Buffer>();
  for (const verse of data.verses) {
    const entries = verse.entries.map(([english, first, last, strongs, word, transliteration, code, morphology, language]): StoredInterlinearEntry => [
      english,
      first,
      last,
      tables.strongs.add(strongs),
      word,
      transliteration,
      tables.codes.addOrNull(code),
      tables.morphology.addOrNull(morphology),
      tables.languages.addOrNull(language),
    ]);
    const stored: StoredInterlinearVerse = [verse.text, tables.licences.add(verse.licence), entries];
    records.set(verse.index, encodeMsgpack(stored));
  }
  const offsets = new Uint32Array(verseCount + 1);
  const parts: Buffer[] = [];
  let at = 0;
  for (let index = 0; index < verseCount; index++) {
    offsets[index] = at;
    const record = records.get(index);
    if (record) {
      parts.push(record);
      at += record.length;
    }
  }
  offsets[verseCount] = at;
  const storedTables: StoredInterlinearTables = {
    strongs: tables.strongs.values,
    codes: tables.codes.values,
    morphology: tables.morphology.values,
    languages: tables.languages.values,
    licences: tables.licences.values,
  };
  const shared = encodeMsgpack(storedTables);
  const header = {
    chapters: scripture.chapters.length,
    verseSlots: verseCount,
    tailOffset: 0, // set below
    tableBytes: shared.length,
    verses: data.verses.length,
    entries: data.entries,
  };
  const head = new ByteWriter()
    .header(INTERLINEAR_LAYOUT, header)
    .sections(INTERLINEAR_SECTIONS, header, { chapterTable: encodeChapterTable(scripture), offsets, tables: shared });
  const tailOffset = head.offset;
  const buffer = head.bytes(Buffer.concat(parts, at)).toBuffer();
  buffer.writeUInt32LE(tailOffset, INTERLINEAR_LAYOUT.header.tailOffset);
  return buffer;
}

/** The manifest's artefact for the interlinear data: records are the verses with data. */
export function createInterlinearArtefact(scripture: LinkedScripture, data: InterlinearData): EncodedArtefact {
  return encodedArtefact(INTERLINEAR_LAYOUT, encodeInterlinear(scripture, data), data.verses.length, true);
}
