// The chapter documents: one msgpack record per chapter, found through an offset table.

import { ARTEFACT_MAGIC, type Heading } from '@skg/core';
import { artefactError, checkHeader, viewU32 } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';

/** What chapters.bin stores about a chapter beside its verses (those live in the verse store). */
export interface ChapterDocument {
  readonly osis: string;
  readonly path: string;
  readonly title: string;
  readonly headings: readonly Heading[];
}

export interface ChapterDocuments {
  readonly count: number;
  /** Decodes one record; `ordinal` is the chapter's row in the verse store's chapter table. */
  decode(ordinal: number): ChapterDocument;
}

const HEADER_BYTES = 16;

interface StoredChapter {
  osis: string;
  path: string;
  title: string;
  headings: Array<[number, string, string]>;
}

/**
 * chapters.bin: little-endian.
 *
 *   offset  type        field
 *   0       4 × ascii   magic "SKGC"
 *   4       u32         format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32         C: chapters, canonical order (row i = row i of the verse store's chapter table)
 *   12      u32         reserved, 0
 *   16      (C+1) u32   record offsets, relative to the end of this table; record i is [off[i], off[i+1])
 *   …                   records: msgpack map per chapter, keys in this order:
 *                         osis: string, path: string (bible/john/3), title: string,
 *                         headings: [before: int, level: string, text: string][]
 *
 * A request decodes only the record it needs.
 */
export function loadChapterDocuments(buffer: Buffer, file: string): ChapterDocuments {
  checkHeader(buffer, ARTEFACT_MAGIC.chapters, file);
  const count = buffer.readUInt32LE(8);
  const offsets = viewU32(buffer, HEADER_BYTES, count + 1);
  const recordsStart = HEADER_BYTES + (count + 1) * 4;
  if (recordsStart + (offsets[count] ?? 0) !== buffer.length) throw artefactError(file, 'is truncated or malformed');
  return {
    count,
    decode(ordinal) {
      if (!(ordinal >= 0 && ordinal < count)) throw new RangeError(`no chapter record ${ordinal}`);
      const stored = decodeMsgpack(
        buffer,
        recordsStart + (offsets[ordinal] ?? 0),
        recordsStart + (offsets[ordinal + 1] ?? 0),
      ) as StoredChapter;
      return {
        osis: stored.osis,
        path: stored.path,
        title: stored.title,
        headings: stored.headings.map(([before, level, text]) => ({ before, level, text })),
      };
    },
  };
}
