// The wide workload's parts, shared by the benchmarks that run it (tools/bench-wide.ts, tools/bench-steps.ts),
// so that both ask for the same paths, in the same order, as the same clients.

import type { DataSet } from '@skg/server';
import { canonReferences } from './in-process.ts';

/** The Accept-Encoding each client coding sends: browsers and CDNs, Python requests and Go, curl. */
export const WIDE_CLIENTS: Readonly<Record<string, Record<string, string>>> = {
  br: { 'accept-encoding': 'gzip, deflate, br' },
  gzip: { 'accept-encoding': 'gzip, deflate' },
  identity: {},
};

/** Shuffles `list` in place (Fisher–Yates) with `random`, and returns it. */
export function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * Every verse and chapter of /passage, every document of /entity and /xrefs of every verse, in that
 * order (89,721 paths on the full data); `chapters` the chapter paths alone.
 */
export function listWidePaths(dataSet: DataSet): { paths: string[]; chapters: string[]; counts: { verses: number; chapters: number; entities: number } } {
  const { chapters, verses } = canonReferences(dataSet.scripture.canon);
  const documents = dataSet.graph.list({ sort: 'canonical', limit: Number.MAX_SAFE_INTEGER, offset: 0 }).items.map((d) => d.path);
  const encodePath = (p: string) => p.split('/').map(encodeURIComponent).join('/');
  const chapterPaths = chapters.map((osis) => `/api/v1/passage/${osis}`);
  const paths = [
    ...verses.map((osis) => `/api/v1/passage/${osis}`),
    ...chapterPaths,
    ...documents.map((p) => `/api/v1/entity/${encodePath(p)}`),
    ...verses.map((osis) => `/api/v1/xrefs/${osis}`),
  ];
  return { paths, chapters: chapterPaths, counts: { verses: verses.length, chapters: chapters.length, entities: documents.length } };
}
