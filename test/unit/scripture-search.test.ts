import { before, after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiError, getBook, tokenizeScripture, type Book } from '@skg/core';
import { loadDataSet, loadScriptureIndex, parseScriptureQuery } from '../../packages/server/src/artefacts/index.ts';
import type { DataSet, ScriptureSearchResult } from '../../packages/server/src/artefacts/types.ts';
import { getFixtureDist, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

function book(id: string): Book {
  const found = getBook(id);
  if (!found) throw new Error(`no book ${id}`);
  return found;
}

describe('tokenizeScripture', () => {
  it('splits text into lowercase whole words by the documented rules', () => {
    const table: Array<[string, string[]]> = [
      ['In the beginning God created', ['in', 'the', 'beginning', 'god', 'created']],
      ['God’s one and only Son', ['god', 'one', 'and', 'only', 'son']],
      ["God's", ['god']],
      ['Jesus’ feet', ['jesus', 'feet']],
      ['couldn’t', ['couldnt']],
      ['“Let there be light,”', ['let', 'there', 'be', 'light']],
      ['‘Move from here to there,’', ['move', 'from', 'here', 'to', 'there']],
      ['morning—the first day', ['morning', 'the', 'first', 'day']],
      ['seed-bearing plants', ['seed', 'bearing', 'plants']],
      ['(Mary, whose brother', ['mary', 'whose', 'brother']],
      ['naïve', ['naive']],
      ['10,000 men', ['10000', 'men']],
      ['The LORD is my shepherd;', ['the', 'lord', 'is', 'my', 'shepherd']],
      ['  …  ', []],
    ];
    for (const [text, words] of table) assert.deepEqual(tokenizeScripture(text), words, text);
  });

  it('is idempotent, so a query tokenised twice finds what the index holds', () => {
    const words = tokenizeScripture('God’s “one and only” seed-bearing 10,000');
    assert.deepEqual(tokenizeScripture(words.join(' ')), words);
  });
});

describe('parseScriptureQuery', () => {
  it('reads words, quoted phrases and hyphenated words', () => {
    const table: Array<[string, { terms: string[]; phrases: string[]; sequences: string[][] }]> = [
      ['jesus wept', { terms: ['jesus', 'wept'], phrases: [], sequences: [] }],
      ['Jesus  WEPT.', { terms: ['jesus', 'wept'], phrases: [], sequences: [] }],
      ['"only son"', { terms: ['only', 'son'], phrases: ['only son'], sequences: [['only', 'son']] }],
      ['“Only Son!”', { terms: ['only', 'son'], phrases: ['only son'], sequences: [['only', 'son']] }],
      ['love "only son" god', { terms: ['love', 'only', 'son', 'god'], phrases: ['only son'], sequences: [['only', 'son']] }],
      ['"wept"', { terms: ['wept'], phrases: ['wept'], sequences: [] }],
      ['"son of man', { terms: ['son', 'of', 'man'], phrases: ['son of man'], sequences: [['son', 'of', 'man']] }],
      ['demon-possessed', { terms: ['demon', 'possessed'], phrases: [], sequences: [['demon', 'possessed']] }],
      ['God’s son god', { terms: ['god', 'son'], phrases: [], sequences: [] }],
    ];
    for (const [q, expected] of table) {
      const parsed = parseScriptureQuery(q);
      assert.deepEqual({ terms: parsed.terms, phrases: parsed.phrases, sequences: parsed.sequences }, expected, q);
    }
  });

  it('rejects a query with no searchable word as invalid_parameter on q', () => {
    for (const q of ['', '   ', '""', '— … !']) {
      assert.throws(
        () => parseScriptureQuery(q),
        (error: unknown) => error instanceof ApiError && error.code === 'invalid_parameter' && error.param === 'q',
        JSON.stringify(q),
      );
    }
  });
});

describe('scripture search over the compiled fixture', () => {
  let dataSet: DataSet;
  before(async () => {
    dataSet = await loadDataSet(await getFixtureDist());
  });

  function search(q: string, extra: { book?: Book; testament?: 'OT' | 'NT'; limit?: number; offset?: number } = {}): Promise<ScriptureSearchResult> {
    return dataSet.scripture.search({ q, limit: extra.limit ?? 100, offset: extra.offset ?? 0, ...extra });
  }
  const osis = (result: ScriptureSearchResult): string[] => result.hits.map((h) => h.osis);

  it('ranks John 11:35 first for "jesus wept": the query is the whole verse', async () => {
    const result = await search('jesus wept');
    assert.deepEqual(osis(result), ['John.11.35', 'Luke.19.41']);
    assert.equal(result.total, 2);
    assert.equal(result.hits[0]?.text, 'Jesus wept.');
    assert.deepEqual(result.terms, ['jesus', 'wept']);
  });

  it('requires every word in the same verse', async () => {
    const result = await search('lazarus shepherd');
    assert.equal(result.total, 0);
    assert.deepEqual(result.hits, []);
  });

  it('matches a quoted phrase only where its words are adjacent and in order', async () => {
    const phrase = await search('"only son"');
    assert.deepEqual(osis(phrase).sort(), ['John.3.16', 'John.3.18']);
    assert.deepEqual(phrase.phrases, ['only son']);
    const words = await search('only son');
    assert.ok(osis(words).includes('Gen.24.8'), 'unquoted, Genesis 24:8 ("Only do not take my son") matches');
    assert.equal(words.total, 3);
    assert.equal((await search('"son only"')).total, 0, 'order matters');
  });

  it('matches hyphenated query words as adjacent words', async () => {
    assert.deepEqual(osis(await search('seed-bearing')).sort(), ['Gen.1.11', 'Gen.1.12']);
    assert.deepEqual(osis(await search('Seed-Bearing plants')).sort(), ['Gen.1.11', 'Gen.1.12']);
    assert.equal((await search('"bearing seed"')).total, 0);
  });

  it('matches whole words only: hear does not match heard', async () => {
    const hear = osis(await search('hear'));
    assert.ok(hear.includes('John.11.42'));
    assert.ok(!hear.includes('John.11.4'), 'John 11:4 has "heard", not "hear"');
  });

  it('matches god in God’s, where a reader sees the word God', async () => {
    assert.ok(osis(await search('god')).includes('John.3.18'));
    assert.ok(osis(await search('"God’s one and only Son"')).includes('John.3.18'));
  });

  it('filters by book and by testament', async () => {
    const all = await search('god');
    const genesis = await search('god', { book: book('Gen') });
    assert.ok(genesis.total > 0 && genesis.hits.every((h) => h.book.osis === 'Gen'));
    const nt = await search('god', { testament: 'NT' });
    assert.ok(nt.total > 0 && nt.hits.every((h) => h.book.testament === 'NT'));
    const ot = await search('god', { testament: 'OT' });
    assert.equal(nt.total + ot.total, all.total);
    assert.equal((await search('god', { book: book('Exod') })).total, 0, 'a book the data lacks matches nothing');
    assert.equal((await search('god', { book: book('John'), testament: 'OT' })).total, 0, 'contradictory filters match nothing');
  });

  it('counts total before paging and pages with limit and offset', async () => {
    const all = await search('god');
    assert.ok(all.total > 10);
    const page = await search('god', { limit: 5, offset: 5 });
    assert.equal(page.total, all.total);
    assert.deepEqual(osis(page), osis(all).slice(5, 10));
    assert.deepEqual((await search('god', { offset: all.total })).hits, []);
  });

  it('ranks by the share of the verse the query makes up, ties in canonical order', async () => {
    const result = await search('the');
    const counts = result.hits.map((h) => tokenizeScripture(h.text).length);
    for (let i = 1; i < counts.length; i++) {
      const [a, b] = [counts[i - 1] ?? 0, counts[i] ?? 0];
      assert.ok(a <= b, `hit ${i} (${result.hits[i]?.osis}) is longer than the one before`);
    }
    const canonical = (h: ScriptureSearchResult['hits'][number]): number => h.book.order * 1e6 + h.chapter * 1e3 + h.verse;
    for (let i = 1; i < result.hits.length; i++) {
      if (counts[i - 1] === counts[i]) assert.ok(canonical(result.hits[i - 1]!) < canonical(result.hits[i]!), `tie at ${result.hits[i]?.osis}`);
    }
  });

  it('never matches an omitted verse', async () => {
    const matthew = await search('the', { book: book('Matt') });
    assert.ok(matthew.total > 0);
    assert.ok(!osis(matthew).includes('Matt.17.21'));
    assert.equal(dataSet.scripture.getVerse(book('Matt'), 17, 21)?.omitted, true);
  });

  it('rejects a query with no word', async () => {
    await assert.rejects(search('?!'), (error: unknown) => error instanceof ApiError && error.code === 'invalid_parameter');
  });
});

describe('loadScriptureIndex', () => {
  it('imports the FlexSearch index on the first search, not at load', async () => {
    const distDir = await getFixtureDist();
    const manifest = JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8'));
    const file = path.join(distDir, manifest.artefacts['scripture-index'].file);
    const index = loadScriptureIndex(await readFile(file), file);
    assert.equal(index.isFlexIndexLoaded(), false);
    // Ids are global verse indexes: Luke 19 starts at 49, John 11 at 126 (see the link stage test).
    const johnWept = 126 + 34;
    const lukeWept = 49 + 40;
    assert.deepEqual([...(index.getFlexIndex().search('wept', { limit: 10 }) as number[])].sort((a, b) => a - b), [lukeWept, johnWept]);
    assert.equal(index.isFlexIndexLoaded(), true);
    assert.equal(index.getWordCount(johnWept), 2, 'John 11:35 has two words');
    assert.equal(index.getWordCount(27 + 20), 0, 'Matthew 17:21 is omitted and has no words');
  });
});
