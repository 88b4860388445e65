// Encodes the connections aggregate (`connections.bin`); the layout is CONNECTIONS_LAYOUT (@skg/core
// `artefacts/connections.ts`).

import {
  CONNECTIONS_CHAPTER,
  CONNECTIONS_CHAPTER_WORDS,
  CONNECTIONS_LAYOUT,
  CONNECTIONS_SECTIONS,
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
  const outgoing = groupPairs(aggregate.pairs, chapters, 'from');
  const incoming = groupPairs(aggregate.pairs, chapters, 'to');
  const table = new Uint32Array(chapters * CONNECTIONS_CHAPTER_WORDS);
  aggregate.chapters.forEach((c, ordinal) => {
    for (const column of Object.keys(CONNECTIONS_CHAPTER) as Array<keyof typeof CONNECTIONS_CHAPTER>) {
      table[ordinal * CONNECTIONS_CHAPTER_WORDS + CONNECTIONS_CHAPTER[column]] = c[column];
    }
  });
  const header = {
    chapters,
    pairs: aggregate.pairs.length,
    ranked: aggregate.ranking.length,
    bookPairs: aggregate.bookPairRanking.length,
    metaBytes: meta.length,
  };
  return new ByteWriter()
    .header(CONNECTIONS_LAYOUT, header)
    .sections(CONNECTIONS_SECTIONS, header, {
      keys: aggregate.chapterKeys,
      table,
      ranking: aggregate.ranking,
      outgoingStart: outgoing.start,
      outgoingPartner: outgoing.partner,
      outgoingReferences: outgoing.references,
      outgoingVotes: outgoing.votes,
      incomingStart: incoming.start,
      incomingPartner: incoming.partner,
      incomingReferences: incoming.references,
      incomingVotes: incoming.votes,
      bookReferences: aggregate.bookReferences,
      bookVotes: aggregate.bookVotes,
      bookRanking: aggregate.bookPairRanking,
      meta,
    })
    .toBuffer();
}

/** The optional `connections` artefact; its records are the references it aggregates. */
export function createConnectionsArtefact(aggregate: ConnectionsAggregate): EncodedArtefact {
  return encodedArtefact(CONNECTIONS_LAYOUT, encodeConnections(aggregate), aggregate.totals.references, true);
}
