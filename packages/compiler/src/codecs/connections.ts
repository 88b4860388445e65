// Encodes the connections aggregate (`connections.bin`). The layout is documented above its decoder,
// packages/server/src/artefacts/connections.ts.

import { ARTEFACT_FORMAT_VERSION, CONNECTIONS_ARTEFACT, XREF_ARTEFACT_MAGIC } from '@skg/core';
import type { ChapterPair, ConnectionsAggregate } from '../stages/aggregate-connections.ts';
import type { EncodedArtefact } from '../stages/write.ts';
import { ByteWriter } from './binary.ts';
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
  const meta = encodeMsgpack({ totals: aggregate.totals, threshold: aggregate.threshold });
  const outgoing = groupPairs(aggregate.pairs, chapters, 'from');
  const incoming = groupPairs(aggregate.pairs, chapters, 'to');
  const table = aggregate.chapters.flatMap((c) => [
    c.outReferences,
    c.outVotes,
    c.inReferences,
    c.inVotes,
    c.selfReferences,
    c.selfVotes,
    c.partners,
    c.rank,
  ]);
  return new ByteWriter()
    .ascii(XREF_ARTEFACT_MAGIC.connections)
    .u32(ARTEFACT_FORMAT_VERSION)
    .u32(chapters)
    .u32(aggregate.pairs.length)
    .u32(aggregate.ranking.length)
    .u32(aggregate.bookPairRanking.length)
    .u32(meta.length)
    .u32(0)
    .u32s(aggregate.chapterKeys)
    .u32s(table)
    .u32s(aggregate.ranking)
    .u32s(outgoing.start)
    .u32s(outgoing.partner)
    .u32s(outgoing.references)
    .u32s(outgoing.votes)
    .u32s(incoming.start)
    .u32s(incoming.partner)
    .u32s(incoming.references)
    .u32s(incoming.votes)
    .u32s(aggregate.bookReferences)
    .u32s(aggregate.bookVotes)
    .u32s(aggregate.bookPairRanking)
    .bytes(meta)
    .align()
    .toBuffer();
}

/** The optional `connections` artefact; its records are the references it aggregates. */
export function createConnectionsArtefact(aggregate: ConnectionsAggregate): EncodedArtefact {
  return { name: CONNECTIONS_ARTEFACT, fileName: 'connections.bin', data: encodeConnections(aggregate), records: aggregate.totals.references, optional: true };
}
