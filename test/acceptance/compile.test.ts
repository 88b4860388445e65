// Compiling the full bundle: every verse slot, chapter and omitted verse arrives in dist/, and the
// server reads it back. The bundle is `SKG_BUNDLE` (default `bundle`).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { getBook, type Book } from '@skg/core';
import { build, type BuildReport } from '@skg/compiler';
import { checkDist, loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createTempDir, removeTempDirs } from '../helpers/fixture-dist.ts';

const FULL_BUNDLE = path.resolve(process.env.SKG_BUNDLE ?? 'bundle');

/** `false` when the full bundle is there; the reason to skip otherwise; under CI its absence fails. */
function skipWithoutFullBundle(): string | false {
  if (existsSync(path.join(FULL_BUNDLE, 'index.md'))) return false;
  const reason = `no full bundle in ${FULL_BUNDLE} (run: SKG_SOURCES=../shared/upstream npm run skg -- ingest, or set SKG_BUNDLE)`;
  if (process.env.CI) throw new Error(`CI: ${reason}`);
  return reason;
}

const OMITTED = [
  'Matt.17.21', 'Matt.18.11', 'Matt.23.14', 'Mark.7.16', 'Mark.9.44', 'Mark.9.46', 'Mark.11.26', 'Mark.15.28',
  'Luke.17.36', 'Luke.23.17', 'John.5.4', 'Acts.8.37', 'Acts.15.34', 'Acts.24.7', 'Acts.28.29', 'Rom.16.24',
];

function book(id: string): Book {
  const found = getBook(id);
  if (!found) throw new Error(`no book ${id}`);
  return found;
}

describe('compiling the full bundle', { skip: skipWithoutFullBundle() }, () => {
  let report: BuildReport;
  let distDir: string;
  let dataSet: DataSet;

  before(async () => {
    distDir = path.join(await createTempDir('skg-full-dist-'), 'dist');
    report = await build({ bundleDir: FULL_BUNDLE, distDir });
    dataSet = await loadDataSet(distDir);
  });
  after(removeTempDirs);

  it('builds without errors: 31,102 verse slots in 1,189 chapters of 66 books, 16 omitted', () => {
    assert.deepEqual(report.diagnostics.filter((d) => d.severity === 'error'), []);
    assert.equal(report.ok, true);
    assert.equal(report.counts.books, 66);
    assert.equal(report.counts.chapters, 1189);
    assert.equal(report.counts.verses, 31102);
    assert.equal(report.counts.omitted, 16);
    assert.equal(report.counts.indexedVerses, 31102 - 16);
    assert.equal(report.manifest?.artefacts.verses?.records, 31102);
    assert.equal(report.manifest?.artefacts.chapters?.records, 1189);
  });

  it('writes a dist that verifies with checksums', async () => {
    assert.deepEqual(await checkDist(distDir, { checksums: true }), []);
  });

  it('reads back every omitted verse as omitted with empty text', () => {
    for (const osis of OMITTED) {
      const [id, chapter, verse] = osis.split('.');
      const read = dataSet.scripture.getVerse(book(id ?? ''), Number(chapter), Number(verse));
      assert.deepEqual(read, { verse: Number(verse), osis, text: '', omitted: true }, osis);
    }
  });

  it('reads back Genesis 1:1, Psalm 119 and Revelation 22:21', () => {
    assert.equal(dataSet.scripture.getVerse(book('Gen'), 1, 1)?.text, 'In the beginning God created the heavens and the earth.');
    assert.equal(dataSet.scripture.getChapter(book('Ps'), 119)?.verses.length, 176);
    assert.equal(dataSet.scripture.canon.verseCount(book('Rev'), 22), 21);
  });

  it('ranks John 11:35 first for "jesus wept"', async () => {
    const result = await dataSet.scripture.search({ q: 'jesus wept', limit: 5, offset: 0 });
    assert.equal(result.hits[0]?.osis, 'John.11.35');
  });

  it('gives the same data version when built again', async () => {
    const again = await build({ bundleDir: FULL_BUNDLE, distDir: path.join(await createTempDir('skg-full-dist-'), 'dist') });
    assert.equal(again.manifest?.dataVersion, report.manifest?.dataVersion);
  });
});
