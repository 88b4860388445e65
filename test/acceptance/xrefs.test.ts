// The cross-reference routes' acceptance criteria, asked of the API over the full data and checked
// against a count made directly from the bundle's data file (every OpenBible.info row).

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Book, getBook } from '@skg/core';
import { createApp, loadDataSet } from '@skg/server';
import { FULL_BUNDLE, FULL_DIST, skipWithoutFullBundle, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData() || skipWithoutFullBundle();

/** The spec's floor: no reference below 20 votes exists. */
const FLOOR = 20;

interface Row {
  from: string;
  to: string;
  votes: number;
}

interface Reference {
  from: string;
  target: string;
  targetOsis: string;
  votes: number;
}

/** `John.3.16` → its book and chapter. */
function chapterOf(osis: string): { book: Book; key: string } {
  const [bookId = '', chapter = ''] = osis.split('.');
  const book = getBook(bookId);
  assert.ok(book, `a book id: ${osis}`);
  return { book, key: `${bookId}.${chapter}` };
}

describe('cross references and connections on the full data', { skip }, () => {
  let app: ReturnType<typeof createApp>;
  let rows: Row[];
  /** Rows whose from verse and both target ends are verses of the text: the ones /connections can place. */
  let resolved: Row[];

  before(async () => {
    const dataSet = await loadDataSet(FULL_DIST);
    const isVerse = (osis: string) => {
      const [bookId = '', chapter = '', verse = ''] = osis.split('.');
      const book = getBook(bookId);
      const count = book ? dataSet.scripture.canon.verseCount(book, Number(chapter)) : 0;
      return /^\d+$/.test(verse) && Number(verse) >= 1 && Number(verse) <= (count ?? 0);
    };
    app = createApp({ getDataSet: () => dataSet, trustProxy: true });
    const text = await readFile(path.join(FULL_BUNDLE, 'references/cross-references.tsv'), 'utf8');
    rows = text
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => {
        const [from = '', to = '', votes = ''] = line.split('\t');
        return { from, to, votes: Number(votes) };
      });
    resolved = rows.filter((row) => isVerse(row.from) && row.to.split('-').every(isVerse));
  });

  async function get(route: string) {
    const response = await app.fetch(new Request(`http://localhost/api/v1${route}`));
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  it('reads every row of the data file', () => {
    assert.equal(rows.length, 344_799);
  });

  it('/xrefs/John.3.16 lists exactly its rows with at least 20 votes, most votes first, votes saturating at 200', async () => {
    const expected = rows.filter((row) => row.from === 'John.3.16' && row.votes >= FLOOR).sort((a, b) => b.votes - a.votes);
    assert.ok(expected.length > 10);
    const { status, body } = await get('/xrefs/John.3.16?limit=500');
    assert.equal(status, 200);
    assert.equal(body.threshold, FLOOR);
    assert.equal(body.total, expected.length);
    assert.equal(body.count, expected.length);
    assert.deepEqual(
      body.references.map((r: Reference) => [r.from, r.targetOsis, r.votes]),
      expected.map((row) => [row.from, row.to, Math.min(row.votes, 200)]),
    );
    assert.equal(body.references[0].targetOsis, 'Rom.5.8', 'the most-supported: 950 votes');
    assert.equal(body.references[0].target, '/bible/romans/5#Rom.5.8');
  });

  it('minVotes=100 keeps only references with at least 100 votes', async () => {
    const expected = rows.filter((row) => row.from === 'John.3.16' && row.votes >= 100).map((row) => row.to);
    const { body } = await get('/xrefs/John.3.16?minVotes=100');
    assert.equal(body.minVotes, 100);
    assert.deepEqual(body.references.map((r: Reference) => r.targetOsis).sort(), [...expected].sort());
    assert.ok(body.references.every((r: Reference) => r.votes >= 100));
  });

  it('a chapter lists the references of all its verses, the default limit a cap with the true total', async () => {
    const expected = rows.filter((row) => row.from.startsWith('Ps.23.') && row.votes >= FLOOR);
    const { body } = await get('/xrefs/Ps.23?limit=500');
    assert.equal(body.total, expected.length);
    const votes = body.references.map((r: Reference) => r.votes);
    assert.deepEqual(votes, [...votes].sort((a: number, b: number) => b - a));
    const rom8 = await get('/xrefs/Rom.8');
    const rom8Rows = rows.filter((row) => row.from.startsWith('Rom.8.') && row.votes >= FLOOR).length;
    assert.ok(rom8Rows > 100);
    assert.equal(rom8.body.count, 100);
    assert.equal(rom8.body.total, rom8Rows);
  });

  it('refuses a range with 400', async () => {
    const { status, body } = await get('/xrefs/John.3.16-17');
    assert.equal(status, 400);
    assert.equal(body.code, 'invalid_parameter');
  });

  it('passage context.crossReferences agrees with /xrefs', async () => {
    const passage = await get('/passage/John.3.16');
    const xrefs = await get('/xrefs/John.3.16');
    assert.deepEqual(passage.body.context.crossReferences, xrefs.body.references);
  });

  it('/connections totals count every row of the corpus that resolves, negative votes apart, over 300,000', async () => {
    const kept = resolved.filter((row) => row.votes >= 0);
    const negative = resolved.filter((row) => row.votes < 0);
    const pairs = new Map<string, { from: Book; to: Book; self: boolean }>();
    for (const row of kept) {
      const from = chapterOf(row.from);
      const to = chapterOf(row.to.split('-')[0] ?? '');
      pairs.set(`${from.key}>${to.key}`, { from: from.book, to: to.book, self: from.key === to.key });
    }
    const chapters = new Set([...pairs.keys()].flatMap((key) => key.split('>')));
    const selfPairs = [...pairs.values()].filter((pair) => pair.self).length;
    const crossTestament = [...pairs.values()].filter((pair) => pair.from.testament !== pair.to.testament).length;
    const { status, body } = await get('/connections');
    assert.equal(status, 200);
    assert.deepEqual(
      { ...body.totals, generated: undefined },
      {
        references: kept.length,
        negativeReferences: negative.length,
        distinctPairs: pairs.size,
        arcs: pairs.size - selfPairs,
        selfPairs,
        crossTestament,
        chapters: chapters.size,
        generated: undefined,
        source: '/references/cross-references',
      },
    );
    assert.ok(kept.length > 300_000, `${kept.length} references`);
    assert.ok(negative.length > 0);
    assert.equal(body.threshold, 0);
    assert.ok(!Number.isNaN(Date.parse(body.totals.generated)));
    assert.equal(body.topChapters.length, 20);
    assert.equal(body.topChapters[0].rank, 1);
    assert.equal(body.topBookPairs.length, 20);
  });

  it('?book=Rom answers its outgoing and incoming rows', async () => {
    const out = resolved.filter((row) => row.votes >= 0 && row.from.startsWith('Rom.'));
    const into = resolved.filter((row) => row.votes >= 0 && row.to.startsWith('Rom.'));
    const { status, body } = await get('/connections?book=Rom&limit=200');
    assert.equal(status, 200);
    assert.equal(body.book.id, 'Rom');
    assert.equal(body.book.outgoing.references, out.length);
    assert.equal(body.book.outgoing.votes, out.reduce((sum, row) => sum + row.votes, 0));
    assert.equal(body.book.incoming.references, into.length);
    const cited = new Set(out.map((row) => row.to.split('.')[0]).filter((id) => id !== 'Rom'));
    assert.equal(body.referencesOut.length, cited.size);
    assert.ok(body.referencesIn.length > 10);
    const votes = body.referencesOut.map((r: { votes: number }) => r.votes);
    assert.deepEqual(votes, [...votes].sort((a: number, b: number) => b - a));
  });

  it('?osis=Ps.23 answers the chapter’s rank and vote weight', async () => {
    const touching = resolved.filter((row) => row.votes >= 0 && (row.from.startsWith('Ps.23.') || row.to.startsWith('Ps.23.')));
    const { status, body } = await get('/connections?osis=Ps.23');
    assert.equal(status, 200);
    assert.equal(body.chapter.osis, 'Ps.23');
    assert.equal(body.chapter.references, touching.length);
    assert.equal(body.chapter.weight, touching.reduce((sum, row) => sum + row.votes, 0));
    assert.ok(body.chapter.rank >= 1 && body.chapter.rank <= body.chapter.of);
    assert.equal(body.chapter.of, body.totals.chapters);
  });
});
