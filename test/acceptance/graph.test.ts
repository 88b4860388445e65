// The knowledge graph compiled from the full bundle (`SKG_BUNDLE`, default `bundle`) and read back the
// way the routes read it: collection counts, relations read from the other side, concept search.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { CHAPTER_BACKLINK_CAP, getBook, type Book } from '@skg/core';
import { build, type BuildReport } from '@skg/compiler';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createTempDir, removeTempDirs } from '../helpers/fixture-dist.ts';
import { FULL_BUNDLE, skipWithoutFullBundle } from './full-data.ts';

function book(id: string): Book {
  const found = getBook(id);
  if (!found) throw new Error(`no book ${id}`);
  return found;
}

describe('the knowledge graph of the full bundle', { skip: skipWithoutFullBundle() }, () => {
  let report: BuildReport;
  let dataSet: DataSet;

  before(async () => {
    const distDir = path.join(await createTempDir('skg-full-graph-'), 'dist');
    report = await build({ bundleDir: FULL_BUNDLE, distDir });
    dataSet = await loadDataSet(distDir);
  });
  after(removeTempDirs);

  it('builds without errors', () => {
    assert.deepEqual(report.diagnostics.filter((d) => d.severity === 'error'), []);
    assert.equal(report.ok, true);
  });

  it('counts 613 commandments, 66 books and 1,189 chapters, and every collection has documents', () => {
    const counts = Object.fromEntries(dataSet.graph.stats().collections.map((c) => [c.type, c.count]));
    assert.equal(counts.Commandment, 613);
    assert.equal(counts.Book, 66);
    assert.equal(counts.Chapter, 1189);
    for (const [type, count] of Object.entries(counts)) assert.ok(count > 0, `${type} has documents`);
  });

  it('gives /stats-like totals that add up', () => {
    const stats = dataSet.graph.stats();
    assert.equal(stats.notes, dataSet.graph.documentCount);
    assert.equal(stats.collections.reduce((sum, c) => sum + c.count, 0), stats.notes);
    assert.ok(stats.edges > 100_000, `${stats.edges} edges`);
    assert.ok(stats.tags > 50);
    assert.ok(stats.topTags.some((t) => t.name === 'positive-commandment' || t.name === 'share-alike'));
  });

  it("gives Isaac an inbound child-of from Abraham's document, stated as parent-of", () => {
    const fromAbraham = dataSet.graph.getInbound('people/isaac').find((r) => r.source === 'people/abraham' && r.predicate === 'child-of');
    assert.equal(fromAbraham?.statedAs, 'parent-of');
    assert.ok(!dataSet.graph.getOutbound('people/isaac').some((r) => r.predicate === 'child-of'));
  });

  it('finds the patriarch first for abraham among people', async () => {
    const result = await dataSet.graph.search({ q: 'abraham', type: 'Person', limit: 5, offset: 0 });
    assert.equal(result.items[0]?.path, 'people/abraham');
  });

  it('finds lexemes/h430 for H430', async () => {
    const result = await dataSet.graph.search({ q: 'H430', limit: 5, offset: 0 });
    assert.equal(result.items[0]?.path, 'lexemes/h430');
  });

  it('gives a chapter its anchored relations and at most 100 backlinks, non-chapters first', () => {
    const chapter = dataSet.scripture.getChapter(book('Gen'), 22);
    assert.ok((chapter?.relations.length ?? 0) > 0);
    assert.ok(chapter?.relations.every((r) => r.from?.startsWith('Gen.22.')));
    assert.ok((chapter?.backlinks.length ?? 0) <= CHAPTER_BACKLINK_CAP);
    const types = chapter?.backlinks.map((b) => b.type) ?? [];
    const firstChapter = types.indexOf('Chapter');
    assert.ok(firstChapter < 0 || types.slice(firstChapter).every((t) => t === 'Chapter'), 'no non-chapter after a chapter');
  });

  it('lists the people of Genesis 22:2 in its verse context', () => {
    const context = dataSet.graph.verseContext(book('Gen'), 22, 2, 2);
    assert.ok(context.people.some((p) => p.node.path === 'people/isaac'));
  });

  it('finds places near Jerusalem, nearest first', () => {
    const near = dataSet.graph.nearby(31.776667, 35.234167, 10, 25);
    assert.equal(near.items.find((p) => p.path === 'places/jerusalem')?.distanceKm, 0);
    assert.equal(near.items[0]?.distanceKm, 0);
    assert.ok(near.items.every((p, i, all) => i === 0 || (all[i - 1]?.distanceKm ?? 0) <= p.distanceKm));
  });
});
