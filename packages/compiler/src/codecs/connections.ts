// Encodes the connections aggregate (`connections.bin`); the layout is CONNECTIONS_LAYOUT (@skg/core
// `artefacts/connections.ts`).

import {
  CONNECTIONS_CHAPTER,
  CONNECTIONS_CHAPTER_WORDS,
  CONNECTIONS_LAYOUT,
  CONNECTIONS_PAIR_COLUMNS,
  CONNECTIONS_PAIR_SIDES,
  type StoredConnectionsMeta,
} from '@skg/core';
import type { ChapterPair, ConnectionsAggregate } from '../stages/aggregate-connections.ts';
import type { EncodedArtefact } from '../stages/write.ts';
import { ByteWriter, encodedArtefact } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

/** Pairs grouped by one end (`key`), strongest first inside a group: offsets and three columns. */
function groupPairs(pairs: readonly ChapterPair[], chapters: number, key: 'from' | 'to') {
  const other = key === 'from' ? 'to' : 'from';
  const sorted = [...pairs].sort((a, b) => a[key] - b[key] || b.votes - a.votes || b.references - a.references || a[other] - b[other]);
  const start = new Uint32Array(chapters + 1);
  for (const pair of sorted) start[pair[key] + 1] = (start[pair[key] + 1] ?? 0) + 1;
  for (let i = 0; i < chapters; i++) start[i + 1] = (start[i + 1] ?? 0) + (start[i] ?? 0);
  return {
    start,
    partner: sorted.map((pair) => pair[other]),
    references: sorted.map((pair) => pair.references),
    votes: sorted.map((pair) => pair.votes),
  };
}

export function encodeConnections(aggregate: ConnectionsAggregate): Buffer {
  const chapters = aggregate.chapters.length;
  const stored: StoredConnectionsMeta = { totals: aggregate.totals, threshold: aggregate.threshold };
  const meta = encodeMsgpack(stored);
  const sides = { outgoing: groupPairs(aggregate.pairs, chapters, 'from'), incoming: groupPairs(aggregate.pairs, chapters, 'to') };
  const table = new Uint32Array(chapters * CONNECTIONS_CHAPTER_WORDS);
  aggregate.chapters.forEach((c, ordinal) => {
    for (const column of Object.keys(CONNECTIONS_CHAPTER) as Array<keyof typeof CONNECTIONS_CHAPTER>) {
      table[ordinal * CONNECTIONS_CHAPTER_WORDS + CONNECTIONS_CHAPTER[column]] = c[column];
    }
  });
  return new ByteWriter()
    .header(CONNECTIONS_LAYOUT, {
      chapters,
      pairs: aggregate.pairs.length,
      ranked: aggregate.ranking.length,
      bookPairs: aggregate.bookPairRanking.length,
      metaBytes: meta.length,
    })
    .u32s(aggregate.chapterKeys)
    .u32s(table)
    .u32s(aggregate.ranking)
    .each(CONNECTIONS_PAIR_SIDES, (w, side) => w.u32s(sides[side].start).each(CONNECTIONS_PAIR_COLUMNS, (c, column) => c.u32s(sides[side][column])))
    .u32s(aggregate.bookReferences)
    .u32s(aggregate.bookVotes)
    .u32s(aggregate.bookPairRanking)
    .bytes(meta)
    .align()
    .toBuffer();
}

/** The optional `connections` artefact; its records are the references it aggregates. */
export function createConnectionsArtefact(aggregate: ConnectionsAggregate): EncodedArtefact {
  return encodedArtefact(CONNECTIONS_LAYOUT, encodeConnections(aggregate), aggregate.totals.references, true);
}
