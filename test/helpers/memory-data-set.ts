// A tiny in-memory DataSet for endpoint tests of the server's own behaviour (middleware, parameters,
// shapes), independent of the compiler. Tests of the real artefacts use the compiled fixture instead.

import {
  ApiError,
  ARTEFACT_FORMAT_VERSION,
  type Book,
  createCanon,
  getBook,
  type Manifest,
  type Verse,
} from '@skg/core';
import type { ChapterRecord, DataSet, GraphStore, ScriptureQuery, ScriptureSearchResult } from '../../packages/server/src/artefacts/types.ts';

type ChapterText = Record<number, string | { text: string; speaker?: string } | null>;

/** verse number → text; `null` marks an omitted verse; unlisted verses up to `count` get filler text. */
const TEXT: Record<string, { count: number; verses: ChapterText }> = {
  'Gen.1': {
    count: 3,
    verses: {
      1: 'In the beginning God created the heavens and the earth.',
      2: 'Now the earth was formless and void, and darkness was over the surface of the deep.',
      3: 'And God said, “Let there be light,” and there was light.',
    },
  },
  'John.3': {
    count: 18,
    verses: {
      3: { text: 'Jesus replied, “Truly, truly, I tell you, no one can see the kingdom of God unless he is born again.”', speaker: 'Jesus' },
      16: 'For God so loved the world that He gave His one and only Son, that everyone who believes in Him shall not perish but have eternal life.',
      17: 'For God did not send His Son into the world to condemn the world, but to save the world through Him.',
      18: 'Whoever believes in Him is not condemned, but whoever does not believe has already been condemned, because he has not believed in the name of God’s one and only Son.',
    },
  },
  'John.11': { count: 35, verses: { 35: 'Jesus wept.' } },
  'Matt.17': { count: 27, verses: { 20: 'He answered, “Because you have so little faith.”', 21: null } },
};

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

function createChapters(): Map<string, ChapterRecord> {
  const chapters = new Map<string, ChapterRecord>();
  for (const [osis, { count, verses: texts }] of Object.entries(TEXT)) {
    const [bookId, chapterText] = osis.split('.');
    const book = getBook(bookId ?? '') as Book;
    const chapter = Number(chapterText);
    const verses: Verse[] = [];
    for (let n = 1; n <= count; n += 1) {
      const entry = texts[n];
      const verseOsis = `${osis}.${n}`;
      if (entry === null) verses.push({ verse: n, osis: verseOsis, text: '', omitted: true });
      else if (typeof entry === 'object') verses.push({ verse: n, osis: verseOsis, text: entry.text, ...(entry.speaker ? { speaker: entry.speaker } : {}) });
      else verses.push({ verse: n, osis: verseOsis, text: entry ?? `Filler verse ${n} of chapter ${chapter}.` });
    }
    chapters.set(osis, {
      osis,
      book,
      chapter,
      path: `bible/${book.slug}/${chapter}`,
      title: `${book.name} ${chapter}`,
      verses,
      headings: [],
      speakers: [...new Set(verses.flatMap((v) => (v.speaker ? [v.speaker] : [])))],
      omittedVerses: verses.filter((v) => v.omitted).map((v) => v.verse),
      relations: [],
      backlinkCount: 0,
      backlinks: [],
    });
  }
  return chapters;
}

function search(chapters: Map<string, ChapterRecord>, query: ScriptureQuery): ScriptureSearchResult {
  const phrases = [...query.q.matchAll(/"([^"]*)"/g)].map((m) => words(m[1] ?? '').join(' ')).filter((p) => p !== '');
  const terms = words(query.q);
  if (terms.length === 0) throw new ApiError('invalid_parameter', 'the query holds no searchable word', { param: 'q' });
  const matches: Array<{ verse: Verse; record: ChapterRecord; score: number }> = [];
  for (const record of chapters.values()) {
    if (query.book && record.book !== query.book) continue;
    if (query.testament && record.book.testament !== query.testament) continue;
    for (const verse of record.verses) {
      if (verse.omitted) continue;
      const verseWords = words(verse.text);
      const joined = ` ${verseWords.join(' ')} `;
      if (!terms.every((t) => verseWords.includes(t))) continue;
      if (!phrases.every((p) => joined.includes(` ${p} `))) continue;
      matches.push({ verse, record, score: terms.length / verseWords.length });
    }
  }
  matches.sort((a, b) => b.score - a.score || a.record.book.order - b.record.book.order || a.record.chapter - b.record.chapter || a.verse.verse - b.verse.verse);
  return {
    terms,
    phrases,
    total: matches.length,
    hits: matches.slice(query.offset, query.offset + query.limit).map(({ verse, record }) => ({
      osis: verse.osis,
      book: record.book,
      chapter: record.chapter,
      verse: verse.verse,
      text: verse.text,
    })),
  };
}

/** A graph with no documents: the memory data set tests the server's own behaviour, not the graph. */
function createEmptyGraph(): GraphStore {
  const none = { total: 0, items: [] };
  return {
    documentCount: 0,
    isConceptIndexLoaded: () => true,
    getDocument: () => undefined,
    getSummary: () => undefined,
    getBody: () => undefined,
    getOutbound: () => [],
    getInbound: () => [],
    getRelationCounts: () => ({ outbound: 0, inbound: 0 }),
    getLinks: () => none,
    getBacklinks: () => none,
    getEdges: () => [],
    list: () => none,
    soleType: () => undefined,
    search: async () => none,
    tags: () => none,
    hasTag: () => false,
    stats: () => ({ notes: 0, edges: 0, tags: 0, words: 0, orphans: 0, brokenLinks: 0, collections: [], topTags: [] }),
    nearby: () => none,
    predicates: () => ({ declared: [], undeclared: [] }),
    verseContext: () => ({ people: [], places: [], themes: [], referencedBy: [] }),
  };
}

export interface MemoryDataSetOptions {
  readonly dataVersion?: string;
  readonly datasets?: Record<string, boolean>;
}

export function createMemoryDataSet(options: MemoryDataSetOptions = {}): DataSet {
  const chapters = createChapters();
  const counts: Record<string, number[]> = {};
  for (const record of chapters.values()) {
    const list = (counts[record.book.osis] ??= []);
    while (list.length < record.chapter) list.push(0);
    list[record.chapter - 1] = record.verses.length;
  }
  const canon = createCanon(counts);
  const manifest: Manifest = {
    formatVersion: ARTEFACT_FORMAT_VERSION,
    okfVersion: '0.2',
    bundleGenerated: '2026-01-01T00:00:00.000Z',
    compiler: { name: 'memory', version: '0' },
    dataVersion: options.dataVersion ?? 'memory-v1',
    artefacts: {},
    optionalArtefacts: Object.fromEntries(
      Object.entries(options.datasets ?? { interlinear: false, connections: false }).map(([name, built]) => [name, built ? { built } : { built, reason: 'excluded' as const }]),
    ),
  };
  return {
    dir: '(memory)',
    manifest,
    datasets: options.datasets ?? { interlinear: false, connections: false },
    loadedAt: new Date('2026-01-01T00:00:00.000Z'),
    changelog: { log: '# Log\n\n## 2026-01-01: memory data set\n\nNothing was ingested.\n' },
    graph: createEmptyGraph(),
    xrefs: { threshold: 20, count: 0, find: () => ({ total: 0, items: [] }) },
    scripture: {
      canon,
      getChapter: (book, chapter) => chapters.get(`${book.osis}.${chapter}`),
      getVerse: (book, chapter, verse) => chapters.get(`${book.osis}.${chapter}`)?.verses[verse - 1],
      getHeadings: (book, chapter) => chapters.get(`${book.osis}.${chapter}`)?.headings ?? [],
      search: async (query) => search(chapters, query),
    },
  };
}
