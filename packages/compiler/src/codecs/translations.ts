// Encodes the translations beside the BSB (`translations.bin`, an optional artefact); the layout is
// TRANSLATIONS_LAYOUT (@skg/core `artefacts/translations.ts`).

import { compareStrongs, type StoredRenderings, type StoredTranslation, type StoredTranslationTables, TRANSLATIONS_LAYOUT, TRANSLATIONS_SECTIONS } from '@skg/core';
import type { TranslationsData } from '../stages/shard-translations.ts';
import type { EncodedArtefact } from '../stages/write.ts';
import { ByteWriter, concatRecords, encodedArtefact, flattenLists } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';


/** Renderings most frequent first, ties in code-unit order. */
function sortRenderings(byWords: Map<string, number>): StoredRenderings {
  return [...byWords].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

export function encodeTranslations(data: TranslationsData): Buffer {
  const stored: StoredTranslation[] = [];
  const strongs: string[] = [];
  const concordance: number[][] = [];
  const renderings: Buffer[] = [];
  let firstSlot = 0;
  for (const translation of data.translations) {
    const concordanceFirst = strongs.length;
    for (const code of [...translation.concordance.keys()].sort(compareStrongs)) {
      strongs.push(code);
      concordance.push((translation.concordance.get(code) ?? []).map((relative) => firstSlot + relative));
      renderings.push(encodeMsgpack(sortRenderings(translation.renderings.get(code) ?? new Map())));
    }
    stored.push({
      id: translation.id,
      firstSlot,
      books: translation.books,
      counts: translation.counts,
      checksum: translation.checksum,
      concordanceFirst,
      concordanceCount: strongs.length - concordanceFirst,
    });
    firstSlot += translation.records.length;
  }
  const records = concatRecords(data.translations.flatMap((translation) => translation.records));
  const rendered = concatRecords(renderings);
  const rows = flattenLists(concordance);
  const tables: StoredTranslationTables = { translations: stored, strongs };
  const shared = encodeMsgpack(tables);
  const header = {
    slots: firstSlot,
    tailOffset: 0, // set below
    tableBytes: shared.length,
    concordanceRows: strongs.length,
    concordanceSlots: rows.values.length,
    renderingsAt: records.data.length,
  };
  const head = new ByteWriter()
    .header(TRANSLATIONS_LAYOUT, header)
    .sections(TRANSLATIONS_SECTIONS, header, {
      offsets: records.offsets,
      concordanceStart: rows.start,
      concordanceSlots: rows.values,
      renderingOffsets: rendered.offsets,
      tables: shared,
    });
  const tailOffset = head.offset;
  const buffer = head.bytes(Buffer.concat([records.data, rendered.data])).toBuffer();
  buffer.writeUInt32LE(tailOffset, TRANSLATIONS_LAYOUT.header.tailOffset);
  return buffer;
}

/** The manifest's artefact for the translations: records are their verse slots. */
export function createTranslationsArtefact(data: TranslationsData): EncodedArtefact {
  const slots = data.translations.reduce((sum, t) => sum + t.records.length, 0);
  return encodedArtefact(TRANSLATIONS_LAYOUT, encodeTranslations(data), slots, true);
}
