// Encodes the chapter documents (`chapters.bin`). The layout is documented above its decoder,
// packages/server/src/artefacts/chapters.ts.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_MAGIC } from '@skg/core';
import type { LinkedChapter, LinkedScripture } from '../stages/link.ts';
import { ByteWriter } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

/** The msgpack record of one chapter; keys in this order, always present. */
function chapterRecord(chapter: LinkedChapter): Record<string, unknown> {
  return {
    osis: chapter.osis,
    path: chapter.id,
    title: chapter.title,
    headings: chapter.headings.map((h) => [h.before, h.level, h.text]),
  };
}

export function encodeChapters(scripture: LinkedScripture): Buffer {
  const records = scripture.chapters.map((chapter) => encodeMsgpack(chapterRecord(chapter)));
  const offsets = new Uint32Array(records.length + 1);
  let at = 0;
  records.forEach((record, i) => {
    offsets[i] = at;
    at += record.length;
  });
  offsets[records.length] = at;
  const writer = new ByteWriter()
    .ascii(ARTEFACT_MAGIC.chapters)
    .u32(ARTEFACT_FORMAT_VERSION)
    .u32(records.length)
    .u32(0)
    .u32s(offsets);
  for (const record of records) writer.bytes(record);
  return writer.toBuffer();
}
