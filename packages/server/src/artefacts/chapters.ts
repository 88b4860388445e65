// The chapter documents: one msgpack record per chapter, found through an offset table (layout:
// CHAPTERS_LAYOUT, @skg/core `artefacts/chapters.ts`). A request decodes only the record it needs.

import { CHAPTERS_LAYOUT, CHAPTERS_SECTIONS, type Heading, type StoredChapter, type StoredChapterTables } from '@skg/core';
import { readHeader, readSectionViews } from './binary.ts';
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

export function loadChapterDocuments(buffer: Buffer, file: string): ChapterDocuments {
  const header = readHeader(buffer, CHAPTERS_LAYOUT, file);
  const count = header.chapters;
  const { offsets, records, tables: sharedRange } = readSectionViews(buffer, file, CHAPTERS_SECTIONS, header);
  const [recordsStart] = records;
  let shared: StoredChapterTables | undefined;
  return {
    count,
    decode(ordinal) {
      if (!(ordinal >= 0 && ordinal < count)) throw new RangeError(`no chapter record ${ordinal}`);
      shared ??= decodeMsgpack(buffer, ...sharedRange) as StoredChapterTables;
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
        headings: stored.headings.map(([before, level, text, midVerse, footnotes]) => ({
          before,
          level,
          text,
          ...(midVerse === 1 ? { midVerse: true as const } : {}),
          ...(footnotes && footnotes.length > 0 ? { footnotes: footnotes.map(([offset, note]) => ({ offset, text: note, type: 'footnote' as const })) } : {}),
        })),
        relations,
        backlinkCount: stored.backlinkCount,
        backlinks: stored.backlinks,
      };
    },
  };
}
