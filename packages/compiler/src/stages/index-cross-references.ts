// Part of stage 6, shard: reads the cross-reference data file of the bundle (every OpenBible.info row,
// `references/cross-references.tsv`) and resolves each row's verses against the verse slots of this
// bundle: the rows at or above the bundle's vote floor, in order, are the cross-reference shards; every
// resolved row with no negative net votes feeds the connections aggregate (the whole corpus).
//
// The vote floor (the spec's `threshold`) is the dataset document's `min_votes`: the floor the ingest
// materialised on the chapters, so `/xrefs`, the chapters' links and `/connections` agree. Rows below
// it are never served by /xrefs ("nothing below 20 votes exists"); /connections counts them all
// (docs/api-decisions.md, "/xrefs and /connections"). A bundle without the data file has no cross
// references: the shards are empty and the connections aggregate is not built.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BOOKS,
  type Book,
  CROSS_REFERENCES_DOCUMENT,
  CROSS_REFERENCES_FILE,
  DEFAULT_XREF_THRESHOLD,
  packChapter,
  packVerse,
} from '@skg/core';
import type { Diagnostics } from '../diagnostics.ts';
import type { LinkedChapter, LinkedScripture } from './link.ts';

export interface CrossReferencesInput {
  readonly bundleDir: string;
  readonly scripture: LinkedScripture;
}

/** One reference that resolved to verse slots of the bundle. */
export interface ResolvedCrossReference {
  /** Canonical ordinal of the from verse's chapter (the verse store's chapter row). */
  readonly fromChapter: number;
  readonly fromVerse: number;
  /** Target start and end as `packVerse` keys; `end === start` for a single verse. */
  readonly start: number;
  readonly end: number;
  /** Canonical ordinal of the chapter the target starts in. */
  readonly targetChapter: number;
  /** Net votes as the data file has them (not capped). */
  readonly votes: number;
}

/** A resolved row as the connections aggregate reads it: its chapter pair and net votes. */
export interface ChapterLink {
  readonly fromChapter: number;
  readonly targetChapter: number;
  readonly votes: number;
}

export interface CrossReferenceIndex {
  /** The data file read, relative to the bundle; null when the bundle has none. */
  readonly file: string | null;
  /** The vote floor: rows below it are left out. */
  readonly threshold: number;
  /** Data rows in the file (header and blank lines not counted, malformed lines counted). */
  readonly rows: number;
  /** Rows below the floor. */
  readonly belowThreshold: number;
  /** Rows naming a verse this bundle does not have (or not an OSIS verse), at any vote count. */
  readonly unresolved: number;
  /** Resolved rows with negative net votes: readers voted the link down; in no list. */
  readonly negative: number;
  readonly malformed: number;
  /**
   * The references kept, in shard order: by from chapter (canonical), votes (highest first), from
   * verse, then target (Bible order of its start, then of its end).
   */
  readonly references: readonly ResolvedCrossReference[];
  /** Every resolved row with no negative votes (zero included), in file order: the connections aggregate's input. */
  readonly corpus: readonly ChapterLink[];
}

const HEADER = 'from\tto\tvotes';
const INTEGER = /^-?\d+$/;
const VERSE = /^([1-3]?[A-Za-z]+)\.(\d{1,3})\.(\d{1,3})$/;
/** Individual diagnostics shown per kind before the rest are only counted. */
const SHOWN = 5;

const BOOK_BY_OSIS = new Map<string, Book>(BOOKS.map((book) => [book.osis, book]));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The dataset document's vote floor and data file, or the profile's defaults. */
function readDataset(scripture: LinkedScripture, diagnostics: Diagnostics): { threshold: number; file: string; declared: boolean } {
  const { graph } = scripture;
  const index = graph.indexOf.get(CROSS_REFERENCES_DOCUMENT);
  const document = index === undefined ? undefined : graph.documents[index];
  if (!document) return { threshold: DEFAULT_XREF_THRESHOLD, file: CROSS_REFERENCES_FILE, declared: false };
  const at = { file: document.file };
  let threshold = DEFAULT_XREF_THRESHOLD;
  const minVotes = document.extension.min_votes;
  if (typeof minVotes === 'number' && Number.isInteger(minVotes) && minVotes >= 1) threshold = minVotes;
  else {
    diagnostics.warning('shard', `min_votes is ${minVotes === undefined ? 'missing' : 'not an integer of 1 or more'}: cross references use the floor ${DEFAULT_XREF_THRESHOLD}`, at);
  }
  const dataFiles = Array.isArray(document.extension.data_files) ? document.extension.data_files : [];
  const tsv = dataFiles.find((entry): entry is { path: string } => isRecord(entry) && entry.format === 'tsv' && typeof entry.path === 'string');
  return { threshold, file: tsv ? tsv.path.replace(/^\/+/, '') : CROSS_REFERENCES_FILE, declared: true };
}

/** Resolves an OSIS verse (`John.3.16`, exact book id) against the bundle's chapters. */
function createVerseResolver(chapters: readonly LinkedChapter[]) {
  const byKey = new Map<number, LinkedChapter>();
  for (const chapter of chapters) byKey.set(packChapter(chapter.book, chapter.chapter), chapter);
  return (text: string): { chapter: LinkedChapter; verse: number; key: number } | undefined => {
    const match = VERSE.exec(text);
    const book = match ? BOOK_BY_OSIS.get(match[1] ?? '') : undefined;
    if (!match || !book) return undefined;
    const chapterNumber = Number(match[2]);
    const verse = Number(match[3]);
    const chapter = chapterNumber >= 1 ? byKey.get(packChapter(book, chapterNumber)) : undefined;
    if (!chapter || verse < 1 || verse > chapter.verses.length) return undefined;
    return { chapter, verse, key: packVerse(book, chapterNumber, verse) };
  };
}

function compareReferences(a: ResolvedCrossReference, b: ResolvedCrossReference): number {
  return a.fromChapter - b.fromChapter || b.votes - a.votes || a.fromVerse - b.fromVerse || a.start - b.start || a.end - b.end;
}

/** Reads and resolves the cross references; never throws for problems in the data (see diagnostics). */
export async function indexCrossReferences(input: CrossReferencesInput, diagnostics: Diagnostics): Promise<CrossReferenceIndex> {
  const { threshold, file, declared } = readDataset(input.scripture, diagnostics);
  let text: string;
  try {
    text = await readFile(path.join(input.bundleDir, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (declared) {
      diagnostics.error('shard', `the cross-reference data file ${file} is missing (named by ${CROSS_REFERENCES_DOCUMENT}.md)`, { file });
    }
    return { file: null, threshold, rows: 0, belowThreshold: 0, unresolved: 0, negative: 0, malformed: 0, references: [], corpus: [] };
  }
  if (!declared) {
    diagnostics.warning('shard', `${file} has no dataset document ${CROSS_REFERENCES_DOCUMENT}.md: using the vote floor ${threshold}`, { file });
  }

  const resolve = createVerseResolver(input.scripture.chapters);
  const references: ResolvedCrossReference[] = [];
  const corpus: ChapterLink[] = [];
  let negative = 0;
  let rows = 0;
  let belowThreshold = 0;
  let unresolved = 0;
  let malformed = 0;
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') return;
    if (index === 0) {
      if (line === HEADER) return;
      diagnostics.warning('shard', `the first line is not the header 'from<TAB>to<TAB>votes'`, { file, line: 1 });
    }
    rows++;
    const cells = line.split('\t');
    const votesText = cells[2] ?? '';
    if (cells.length !== 3 || !INTEGER.test(votesText)) {
      if (malformed++ < SHOWN) diagnostics.warning('shard', `not 'from<TAB>to<TAB>votes' with integer votes`, { file, line: index + 1 });
      return;
    }
    const votes = Number(votesText);
    if (votes < threshold) belowThreshold++;
    const [fromText = '', toText = ''] = cells;
    const [startText = '', endText, extra] = toText.split('-');
    const from = resolve(fromText);
    const start = resolve(startText);
    const end = endText === undefined ? start : resolve(endText);
    if (!from || !start || !end || extra !== undefined || end.key < start.key) {
      if (unresolved++ < SHOWN) {
        diagnostics.warning('shard', `${fromText} → ${toText} names a verse this bundle does not have: left out of /xrefs and /connections`, {
          file,
          line: index + 1,
        });
      }
      return;
    }
    if (votes < 0) negative++;
    else corpus.push({ fromChapter: from.chapter.ordinal, targetChapter: start.chapter.ordinal, votes });
    if (votes < threshold) return;
    references.push({
      fromChapter: from.chapter.ordinal,
      fromVerse: from.verse,
      start: start.key,
      end: end.key,
      targetChapter: start.chapter.ordinal,
      votes,
    });
  });
  if (malformed > SHOWN) diagnostics.warning('shard', `${malformed} malformed lines in all (the first ${SHOWN} are listed)`, { file });
  if (unresolved > SHOWN) diagnostics.warning('shard', `${unresolved} rows in all name verses this bundle does not have`, { file });
  references.sort(compareReferences);
  return { file, threshold, rows, belowThreshold, unresolved, negative, malformed, references, corpus };
}
