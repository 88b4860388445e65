// Encodes the reverse interlinear (`interlinear.bin`, an optional artefact). The layout is documented
// above its decoder, packages/server/src/artefacts/interlinear.ts.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_MAGIC } from '@skg/core';
import type { InterlinearData } from '../stages/shard-interlinear.ts';
import type { LinkedScripture } from '../stages/link.ts';
import type { EncodedArtefact } from '../stages/write.ts';
import { ByteWriter } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';
import { SharedTable } from './shared-table.ts';

/** Header bytes; the tail offset is the u32 at INTERLINEAR_TAIL_OFFSET_AT. */
const HEADER_BYTES = 32;
export const INTERLINEAR_TAIL_OFFSET_AT = 16;

export function encodeInterlinear(scripture: LinkedScripture, data: InterlinearData): Buffer {
  const verseCount = scripture.verseCount;
  const chapterTable = new Uint32Array(scripture.chapters.length * 4);
  for (const chapter of scripture.chapters) {
    chapterTable.set([chapter.book.order, chapter.chapter, chapter.firstVerse, chapter.verses.length], chapter.ordinal * 4);
  }
  const tables = { strongs: new SharedTable(), codes: new SharedTable(), morphology: new SharedTable(), languages: new SharedTable(), licences: new SharedTable() };
  const records = new Map<number, Buffer>();
  for (const verse of data.verses) {
    const entries = verse.entries.map(([english, first, last, strongs, word, transliteration, code, morphology, language]) => [
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
    records.set(verse.index, encodeMsgpack([verse.text, tables.licences.add(verse.licence), entries]));
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
  const shared = encodeMsgpack({
    strongs: tables.strongs.values,
    codes: tables.codes.values,
    morphology: tables.morphology.values,
    languages: tables.languages.values,
    licences: tables.licences.values,
  });
  const head = new ByteWriter()
    .ascii(ARTEFACT_MAGIC.interlinear)
    .u32(ARTEFACT_FORMAT_VERSION)
    .u32(scripture.chapters.length)
    .u32(verseCount)
    .u32(0) // tail offset, set below
    .u32(shared.length)
    .u32(data.verses.length)
    .u32(data.entries);
  if (head.offset !== HEADER_BYTES) throw new Error('interlinear header size changed');
  head.u32s(chapterTable).u32s(offsets).bytes(shared).align();
  const tailOffset = head.offset;
  const buffer = head.bytes(Buffer.concat(parts, at)).toBuffer();
  buffer.writeUInt32LE(tailOffset, INTERLINEAR_TAIL_OFFSET_AT);
  return buffer;
}

/** The manifest's artefact for the interlinear data: records are the verses with data. */
export function createInterlinearArtefact(scripture: LinkedScripture, data: InterlinearData): EncodedArtefact {
  return { name: 'interlinear', fileName: 'interlinear.bin', data: encodeInterlinear(scripture, data), records: data.verses.length, optional: true };
}
