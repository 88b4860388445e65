// Encodes the chapter documents (`chapters.bin`). The layout is documented above its decoder,
// packages/server/src/artefacts/chapters.ts.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_MAGIC, CHAPTER_BACKLINK_CAP } from '@skg/core';
import type { LinkedChapter, LinkedScripture } from '../stages/link.ts';
import type { RelationDoc } from '../stages/validate-entity.ts';
import { ByteWriter, concatRecords } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';
import { SharedTable } from './shared-table.ts';

/**
 * One relation as `[predicate, target, from, surface, note, source, extra]`, trailing nils dropped:
 * predicate and source are positions in the shared tables; `from` is the verse number when it is a
 * verse of this chapter, the OSIS string otherwise; `extra` is the JSON of any other keys.
 */
function relationTuple(chapter: LinkedChapter, relation: RelationDoc, tables: { predicates: SharedTable; sources: SharedTable }): unknown[] {
  const prefix = `${chapter.osis}.`;
  const verse = relation.from?.startsWith(prefix) ? Number(relation.from.slice(prefix.length)) : Number.NaN;
  const tuple: unknown[] = [
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
function chapterRecord(scripture: LinkedScripture, chapter: LinkedChapter, tables: { predicates: SharedTable; sources: SharedTable }): Record<string, unknown> {
  const { graph } = scripture;
  const index = graph.indexOf.get(chapter.id);
  const backlinks = index === undefined ? [] : (graph.backlinks[index] ?? []);
  return {
    osis: chapter.osis,
    path: chapter.id,
    title: chapter.title,
    headings: chapter.headings.map((h) => (h.midVerse ? [h.before, h.level, h.text, 1] : [h.before, h.level, h.text])),
    relations: chapter.relations.map((r) => relationTuple(chapter, r, tables)),
    backlinkCount: backlinks.length,
    backlinks: backlinks.slice(0, CHAPTER_BACKLINK_CAP).map((b) => graph.documents[b]?.id ?? ''),
  };
}

export function encodeChapters(scripture: LinkedScripture): Buffer {
  const tables = { predicates: new SharedTable(), sources: new SharedTable() };
  const records = concatRecords(scripture.chapters.map((chapter) => encodeMsgpack(chapterRecord(scripture, chapter, tables))));
  const shared = encodeMsgpack({ predicates: tables.predicates.values, sources: tables.sources.values });
  return new ByteWriter()
    .ascii(ARTEFACT_MAGIC.chapters)
    .u32(ARTEFACT_FORMAT_VERSION)
    .u32(scripture.chapters.length)
    .u32(shared.length)
    .u32s(records.offsets)
    .bytes(records.data)
    .align()
    .bytes(shared)
    .toBuffer();
}
