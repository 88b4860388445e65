// The chapter documents: one msgpack record per chapter, found through an offset table.

import { ARTEFACT_MAGIC, type Heading } from '@skg/core';
import { align4, artefactError, checkHeader, viewU32 } from './binary.ts';
import { decodeMsgpack } from './msgpack.ts';

/** A chapter's typed relation as chapters.bin stores it (targets unresolved: the graph resolves them). */
export interface ChapterRelation {
  readonly predicate: string;
  readonly target: string;
  readonly from?: string;
  readonly surface?: string;
  readonly note?: string;
  readonly source?: string;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** What chapters.bin stores about a chapter beside its verses (those live in the verse store). */
export interface ChapterDocument {
  readonly osis: string;
  readonly path: string;
  readonly title: string;
  readonly headings: readonly Heading[];
  readonly relations: readonly ChapterRelation[];
  readonly backlinkCount: number;
  /** Paths of the first CHAPTER_BACKLINK_CAP backlinks, in backlink order. */
  readonly backlinks: readonly string[];
}

export interface ChapterDocuments {
  readonly count: number;
  /** Decodes one record; `ordinal` is the chapter's row in the verse store's chapter table. */
  decode(ordinal: number): ChapterDocument;
}

const HEADER_BYTES = 16;

type StoredRelation = [number, string, (number | string | null)?, (string | null)?, (string | null)?, (number | null)?, (string | null)?];

interface StoredChapter {
  osis: string;
  path: string;
  title: string;
  headings: Array<[number, string, string, 1?]>;
  relations: StoredRelation[];
  backlinkCount: number;
  backlinks: string[];
}

interface SharedTables {
  predicates: string[];
  sources: string[];
}

/**
 * chapters.bin: little-endian.
 *
 *   offset  type        field
 *   0       4 × ascii   magic "SKGC"
 *   4       u32         format version (ARTEFACT_FORMAT_VERSION)
 *   8       u32         C: chapters, canonical order (row i = row i of the verse store's chapter table)
 *   12      u32         T: bytes of the shared table
 *   16      (C+1) u32   record offsets, relative to the end of this table; record i is [off[i], off[i+1])
 *   …                   records: msgpack map per chapter, keys in this order:
 *                         osis: string, path: string (bible/john/3), title: string,
 *                         headings: [before: int, level: string, text: string, midVerse?: 1][]
 *                                   (text order; the 4th member only on a heading inside its verse),
 *                         relations: [predicate: int, target: string, from?: int | string | nil,
 *                                     surface?: string | nil, note?: string | nil, source?: int | nil,
 *                                     extra?: JSON string | nil][]   (trailing nils dropped; `from` is
 *                                     the verse number when the verse is in this chapter, else OSIS),
 *                         backlinkCount: int (true total),
 *                         backlinks: string[] (paths of the first 100, non-chapters first)
 *   …       (pad to 4)
 *   …       T bytes     msgpack map {predicates: string[], sources: string[]}: what the relation
 *                       tuples' `predicate` and `source` positions name
 *
 * A request decodes only the record it needs.
 */
export function loadChapterDocuments(buffer: Buffer, file: string): ChapterDocuments {
  checkHeader(buffer, ARTEFACT_MAGIC.chapters, file);
  const count = buffer.readUInt32LE(8);
  const sharedBytes = buffer.readUInt32LE(12);
  const offsets = viewU32(buffer, HEADER_BYTES, count + 1);
  const recordsStart = HEADER_BYTES + (count + 1) * 4;
  const sharedStart = align4(recordsStart + (offsets[count] ?? 0));
  if (sharedStart + sharedBytes !== buffer.length) throw artefactError(file, 'is truncated or malformed');
  let shared: SharedTables | undefined;
  return {
    count,
    decode(ordinal) {
      if (!(ordinal >= 0 && ordinal < count)) throw new RangeError(`no chapter record ${ordinal}`);
      shared ??= decodeMsgpack(buffer, sharedStart, sharedStart + sharedBytes) as SharedTables;
      const tables = shared;
      const stored = decodeMsgpack(
        buffer,
        recordsStart + (offsets[ordinal] ?? 0),
        recordsStart + (offsets[ordinal + 1] ?? 0),
      ) as StoredChapter;
      const relations = stored.relations.map(([predicate, target, from, surface, note, source, extra]): ChapterRelation => ({
        predicate: tables.predicates[predicate] ?? String(predicate),
        target,
        ...(typeof from === 'number' ? { from: `${stored.osis}.${from}` } : typeof from === 'string' ? { from } : {}),
        ...(typeof surface === 'string' ? { surface } : {}),
        ...(typeof note === 'string' ? { note } : {}),
        ...(typeof source === 'number' ? { source: tables.sources[source] ?? '' } : {}),
        ...(typeof extra === 'string' ? { extra: JSON.parse(extra) as Record<string, unknown> } : {}),
      }));
      return {
        osis: stored.osis,
        path: stored.path,
        title: stored.title,
        headings: stored.headings.map(([before, level, text, midVerse]) =>
          midVerse === 1 ? { before, level, text, midVerse: true as const } : { before, level, text },
        ),
        relations,
        backlinkCount: stored.backlinkCount,
        backlinks: stored.backlinks,
      };
    },
  };
}
