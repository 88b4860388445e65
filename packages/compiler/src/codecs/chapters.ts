// Encodes the chapter documents (`chapters.bin`); the layout is CHAPTERS_LAYOUT (@skg/core
// `artefacts/chapters.ts`).

import { CHAPTER_BACKLINK_CAP, CHAPTERS_LAYOUT, CHAPTERS_SECTIONS, type StoredChapter, type StoredChapterRelation, type StoredChapterTables, type StoredHeading } from '@skg/core';
import type { LinkedChapter, LinkedScripture } from '../stages/link.ts';
import type { RelationDoc } from '../stages/validate-entity.ts';
import { ByteWriter, concatRecords } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';
import { SharedTable } from './shared-table.ts';

/** One relation as a StoredChapterRelation, trailing nils dropped. */
function relationTuple(chapter: LinkedChapter, relation: RelationDoc, tables: { predicates: SharedTable; sources: SharedTable }): StoredChapterRelation {
  const prefix = `${chapter.osis}.`;
  const verse = relation.from?.startsWith(prefix) ? Number(relation.from.slice(prefix.length)) : Number.NaN;
  const tuple: StoredChapterRelation = [
    tables.predicates.add(relation.predicate),
    relation.target,
    relation.from === undefined ? null : Number.isInteger(verse) && verse > 0 ? verse : relation.from,
    relation.surface ?? null,
    relation.note ?? null,
    relation.source === undefined ? null : tables.sources.add(relation.source),
    relation.extra ? JSON.stringify(relation.extra) : null,
  ];
  while (tuple.length > 2 && tuple[tuple.length - 1] === null) tuple.pop();
  return tuple;
}

/** The msgpack record of one chapter; keys in this order, always present. */
function chapterRecord(scripture: LinkedScripture, chapter: LinkedChapter, tables: { predicates: SharedTable; sources: SharedTable }): StoredChapter {
  const { graph } = scripture;
  const index = graph.indexOf.get(chapter.id);
  const backlinks = index === undefined ? [] : (graph.backlinks[index] ?? []);
  return {
    osis: chapter.osis,
    path: chapter.id,
    title: chapter.title,
    headings: chapter.headings.map((h): StoredHeading => {
      if (h.footnotes && h.footnotes.length > 0) return [h.before, h.level, h.text, h.midVerse ? 1 : 0, h.footnotes.map((note) => [note.offset, note.text])];
      return h.midVerse ? [h.before, h.level, h.text, 1] : [h.before, h.level, h.text];
    }),
    relations: chapter.relations.map((r) => relationTuple(chapter, r, tables)),
    backlinkCount: backlinks.length,
    backlinks: backlinks.slice(0, CHAPTER_BACKLINK_CAP).map((b) => graph.documents[b]?.id ?? ''),
  };
}

export function encodeChapters(scripture: LinkedScripture): Buffer {
  const tables = { predicates: new SharedTable(), sources: new SharedTable() };
  const records = concatRecords(scripture.chapters.map((chapter) => encodeMsgpack(chapterRecord(scripture, chapter, tables))));
  const stored: StoredChapterTables = { predicates: tables.predicates.values, sources: tables.sources.values };
  const shared = encodeMsgpack(stored);
  const header = { chapters: scripture.chapters.length, tableBytes: shared.length };
  return new ByteWriter()
    .header(CHAPTERS_LAYOUT, header)
    .sections(CHAPTERS_SECTIONS, header, { offsets: records.offsets, records: records.data, tables: shared })
    .toBuffer();
}
