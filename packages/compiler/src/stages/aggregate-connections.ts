// The aggregate stage: the connections aggregate of the cross references (spec: Connections): how strongly
// each chapter and each pair of chapters and of books is connected.
//
// Definitions (docs/api-decisions.md, "/connections"):
// - a reference is one row of the whole corpus whose verses are all slots of the bundle and whose net
//   votes are not negative (no vote floor: /xrefs keeps its own); it joins the chapter of its from verse
//   to the chapter its target starts in: a directed chapter pair. Rows voted below zero are only counted
//   (`negativeReferences`);
// - `distinctPairs` counts distinct directed pairs, `selfPairs` those joining a chapter to itself,
//   `arcs` the others, `crossTestament` the arcs joining an OT chapter and an NT chapter;
// - `chapters` counts the chapters at either end of some pair;
// - a chapter's vote weight is the sum of the net votes of the references touching it (outgoing,
//   incoming, a self-reference once); chapters are ranked by weight, then references, then Bible order;
// - book pairs are directed too (citing book → cited book) and weighted by the same votes.

import { CONNECTIONS_BOOKS as BOOK_COUNT, type ConnectionTotals, packChapter } from '@skg/core';
import type { LinkedChapter, LinkedScripture } from './link.ts';
import type { CrossReferenceIndex } from './index-cross-references.ts';

export interface ConnectionsInput {
  readonly crossReferences: CrossReferenceIndex;
  readonly scripture: LinkedScripture;
}

/** One chapter's connections; references and votes are counts and sums over kept references. */
export interface ChapterConnections {
  readonly outReferences: number;
  readonly outVotes: number;
  readonly inReferences: number;
  readonly inVotes: number;
  /** References from the chapter into itself (counted in out and in as well). */
  readonly selfReferences: number;
  readonly selfVotes: number;
  /** Distinct other chapters joined to it, either way. */
  readonly partners: number;
  /** 1-based rank by weight; 0 when nothing touches the chapter. */
  readonly rank: number;
}

/** A directed chapter pair (chapter ordinals). */
export interface ChapterPair {
  readonly from: number;
  readonly to: number;
  readonly references: number;
  readonly votes: number;
}

export interface ConnectionsAggregate {
  readonly totals: ConnectionTotals;
  readonly threshold: number;
  /** By chapter ordinal (the verse store's chapter table). */
  readonly chapters: readonly ChapterConnections[];
  /** Chapter keys (`packChapter`) by ordinal, so the artefact stands alone. */
  readonly chapterKeys: readonly number[];
  /** Ordinals of the ranked chapters, strongest first. */
  readonly ranking: readonly number[];
  /** Every distinct pair: by from chapter, then votes (highest first), references, to chapter. */
  readonly pairs: readonly ChapterPair[];
  /** 66 × 66 directed book pairs, `[citing order - 1][cited order - 1]`: references and votes. */
  readonly bookReferences: Uint32Array;
  readonly bookVotes: Uint32Array;
  /** Book pair cells (`from × 66 + to`, books by order - 1) joining two different books, strongest first. */
  readonly bookPairRanking: readonly number[];
}

/** The dataset the aggregate comes from, as a site route. */
const SOURCE = '/references/cross-references';

function byStrength(votes: (i: number) => number, references: (i: number) => number) {
  return (a: number, b: number): number => votes(b) - votes(a) || references(b) - references(a) || a - b;
}

export function aggregateConnections(input: ConnectionsInput): ConnectionsAggregate {
  const { crossReferences, scripture } = input;
  const chapters: readonly LinkedChapter[] = scripture.chapters;
  const count = chapters.length;
  const outReferences = new Array<number>(count).fill(0);
  const outVotes = new Array<number>(count).fill(0);
  const inReferences = new Array<number>(count).fill(0);
  const inVotes = new Array<number>(count).fill(0);
  const selfReferences = new Array<number>(count).fill(0);
  const selfVotes = new Array<number>(count).fill(0);
  const bookReferences = new Uint32Array(BOOK_COUNT * BOOK_COUNT);
  const bookVotes = new Uint32Array(BOOK_COUNT * BOOK_COUNT);
  const pairMap = new Map<number, { references: number; votes: number }>();

  for (const reference of crossReferences.corpus) {
    const { fromChapter: from, targetChapter: to, votes } = reference;
    outReferences[from] = (outReferences[from] ?? 0) + 1;
    outVotes[from] = (outVotes[from] ?? 0) + votes;
    inReferences[to] = (inReferences[to] ?? 0) + 1;
    inVotes[to] = (inVotes[to] ?? 0) + votes;
    if (from === to) {
      selfReferences[from] = (selfReferences[from] ?? 0) + 1;
      selfVotes[from] = (selfVotes[from] ?? 0) + votes;
    }
    const key = from * count + to;
    const pair = pairMap.get(key);
    if (pair) {
      pair.references++;
      pair.votes += votes;
    } else pairMap.set(key, { references: 1, votes });
    const fromBook = chapters[from]?.book.order ?? 1;
    const toBook = chapters[to]?.book.order ?? 1;
    const cell = (fromBook - 1) * BOOK_COUNT + (toBook - 1);
    bookReferences[cell] = (bookReferences[cell] ?? 0) + 1;
    bookVotes[cell] = (bookVotes[cell] ?? 0) + votes;
  }

  const pairs: ChapterPair[] = [...pairMap].map(([key, value]) => ({ from: Math.floor(key / count), to: key % count, ...value }));
  pairs.sort((a, b) => a.from - b.from || b.votes - a.votes || b.references - a.references || a.to - b.to);

  const partnerSets = chapters.map(() => new Set<number>());
  const touched = new Set<number>();
  let selfPairs = 0;
  let crossTestament = 0;
  for (const pair of pairs) {
    touched.add(pair.from).add(pair.to);
    if (pair.from === pair.to) {
      selfPairs++;
      continue;
    }
    partnerSets[pair.from]?.add(pair.to);
    partnerSets[pair.to]?.add(pair.from);
    if (chapters[pair.from]?.book.testament !== chapters[pair.to]?.book.testament) crossTestament++;
  }

  const weight = (i: number): number => (outVotes[i] ?? 0) + (inVotes[i] ?? 0) - (selfVotes[i] ?? 0);
  const touching = (i: number): number => (outReferences[i] ?? 0) + (inReferences[i] ?? 0) - (selfReferences[i] ?? 0);
  const ranking = chapters.map((_, i) => i).filter((i) => touching(i) > 0);
  ranking.sort(byStrength(weight, touching));
  const rank = new Array<number>(count).fill(0);
  ranking.forEach((ordinal, i) => (rank[ordinal] = i + 1));

  const bookPairRanking: number[] = [];
  for (let cell = 0; cell < BOOK_COUNT * BOOK_COUNT; cell++) {
    if ((bookReferences[cell] ?? 0) > 0 && Math.floor(cell / BOOK_COUNT) !== cell % BOOK_COUNT) bookPairRanking.push(cell);
  }
  bookPairRanking.sort(byStrength((c) => bookVotes[c] ?? 0, (c) => bookReferences[c] ?? 0));

  return {
    totals: {
      references: crossReferences.corpus.length,
      negativeReferences: crossReferences.negative,
      distinctPairs: pairs.length,
      arcs: pairs.length - selfPairs,
      selfPairs,
      crossTestament,
      chapters: touched.size,
      generated: scripture.info.generated,
      source: SOURCE,
    },
    threshold: 0,
    chapters: chapters.map((_, i) => ({
      outReferences: outReferences[i] ?? 0,
      outVotes: outVotes[i] ?? 0,
      inReferences: inReferences[i] ?? 0,
      inVotes: inVotes[i] ?? 0,
      selfReferences: selfReferences[i] ?? 0,
      selfVotes: selfVotes[i] ?? 0,
      partners: partnerSets[i]?.size ?? 0,
      rank: rank[i] ?? 0,
    })),
    chapterKeys: chapters.map((chapter) => packChapter(chapter.book, chapter.chapter)),
    ranking,
    pairs,
    bookReferences,
    bookVotes,
    bookPairRanking,
  };
}
