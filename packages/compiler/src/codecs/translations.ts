// Encodes the translations beside the BSB (`translations.bin`, an optional artefact); the layout is
// TRANSLATIONS_LAYOUT (@skg/core `artefacts/translations.ts`).

import { compareStrongs, type StoredRenderings, type StoredTranslation, type StoredTranslationTables, TRANSLATIONS_LAYOUT, TRANSLATIONS_SECTIONS } from '@skg/core';
import type { TranslationsData } from '../stages/shard-translations.ts';
import type { EncodedArtefact } from '../stages/write.ts';
import { ByteWriter, concatRecords, encodedArtefact, flattenLists } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

const align4 = (offset: number) => (offset + 3) & ~3;


/** Renderings most frequent first, ties in code-unit order. */
function sortRenderings(byWords: Map<string, number>): StoredRenderings {
  return [...byWords].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

export function encodeTranslations(data: TranslationsData): Buffer {
  const stored: StoredTranslation[] = [];
  const strongs: string[] = [];
  const concordance: number[][] = [];
  const renderings: Buffer[] = [];
  const words: Buffer[] = [];
  const postings: number[][] = [];
  const wordCounts: number[] = [];
  let firstSlot = 0;
  for (const translation of data.translations) {
    const wordFirst = words.length;
    // Sorted by UTF-8 bytes, the order the server's binary search compares in.
    const vocabulary = [...translation.postings.keys()].map((word) => Buffer.from(word, 'utf8')).sort(Buffer.compare);
    for (const word of vocabulary) {
      words.push(word);
      postings.push((translation.postings.get(word.toString('utf8')) ?? []).map((relative) => firstSlot + relative));
    }
    wordCounts.push(...translation.wordCounts.map((count) => Math.min(count, 0xffff)));
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
      wordFirst,
      wordCount: words.length - wordFirst,
      concordanceFirst,
      concordanceCount: strongs.length - concordanceFirst,
      ...(translation.spellings.length > 0 ? { spellings: translation.spellings } : {}),
    });
    firstSlot += translation.records.length;
  }
  let bsb: StoredTranslationTables['bsb'];
  if (data.bsb) {
    const concordanceFirst = strongs.length;
    for (const code of [...data.bsb.concordance.keys()].sort(compareStrongs)) {
      strongs.push(code);
      concordance.push(data.bsb.concordance.get(code) ?? []);
      renderings.push(encodeMsgpack(sortRenderings(data.bsb.renderings.get(code) ?? new Map())));
    }
    bsb = { concordanceFirst, concordanceCount: strongs.length - concordanceFirst, taggedWords: data.bsb.taggedWords };
  }
  const records = concatRecords(data.translations.flatMap((translation) => translation.records));
  const rendered = concatRecords(renderings);
  const rows = flattenLists(concordance);
  const vocabulary = concatRecords(words);
  const posted = flattenLists(postings);
  const tables: StoredTranslationTables = { translations: stored, strongs, ...(bsb ? { bsb } : {}) };
  const shared = encodeMsgpack(tables);
  const header = {
    slots: firstSlot,
    tailOffset: 0, // set below
    tableBytes: shared.length,
    concordanceRows: strongs.length,
    concordanceSlots: rows.values.length,
    renderingsAt: records.data.length,
    words: words.length,
    wordBytes: vocabulary.data.length,
    postingsAt: align4(records.data.length + rendered.data.length),
  };
  const head = new ByteWriter()
    .header(TRANSLATIONS_LAYOUT, header)
    .sections(TRANSLATIONS_SECTIONS, header, {
      offsets: records.offsets,
      concordanceStart: rows.start,
      concordanceSlots: rows.values,
      renderingOffsets: rendered.offsets,
      wordCounts,
      wordOffsets: vocabulary.offsets,
      postingStart: posted.start,
      wordBlob: vocabulary.data,
      tables: shared,
    });
  const tailOffset = head.offset;
  const padding = Buffer.alloc(header.postingsAt - records.data.length - rendered.data.length);
  const postingBytes = Buffer.from(posted.values.buffer, posted.values.byteOffset, posted.values.byteLength);
  const buffer = head.bytes(Buffer.concat([records.data, rendered.data, padding, postingBytes])).toBuffer();
  buffer.writeUInt32LE(tailOffset, TRANSLATIONS_LAYOUT.header.tailOffset);
  return buffer;
}

/** The manifest's artefact for the translations: records are their verse slots. */
export function createTranslationsArtefact(data: TranslationsData): EncodedArtefact {
  const slots = data.translations.reduce((sum, t) => sum + t.records.length, 0);
  return encodedArtefact(TRANSLATIONS_LAYOUT, encodeTranslations(data), slots, true);
}
