// The collections built in a thread of their own (`ownThread`: the interlinear, the translations) give
// what they give in the main thread, and the ingest writes the same bundle either way. On the fixture: a
// KJV export of three verses; the full data is checked by test/acceptance/ingest.test.ts (threads off
// for its second ingest, which must be byte-identical to the first).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ProgressEvent } from '@skg/core';
import { COLLECTIONS, ingest, type IngestContext } from '@skg/ingest';
import { readSourcesManifest, type SourcesManifest } from '../../packages/ingest/src/sources-manifest.ts';
import { buildCollectionInThread } from '../../packages/ingest/src/internal/collection-thread.ts';
import { translationsCollection } from '../../packages/ingest/src/collections/translations.ts';
import { SWORD_BOOKS } from '../../packages/ingest/src/translations/sword-books.ts';

const KJV = 'translations/engKJV2006eb.imp.gz';
/** Genesis 1:1–3 as the KJV export has it, and the first verse of every other book (the reader wants all 66). */
const KJV_TEXT = [
  '$$$Genesis 1:0',
  '<chapter n="1" osisID="Gen.1" sID="Gen.1"/>',
  '$$$Genesis 1:1',
  'In the <w lemma="strong:H7225">beginning</w> <w lemma="strong:H0430">God</w> <w lemma="strong:H1254">created</w> the <w lemma="strong:H8064">heaven</w> <w lemma="strong:H0853">and</w> the <w lemma="strong:H0776">earth</w>.',
  '$$$Genesis 1:2',
  'And the <w lemma="strong:H0776">earth</w> <w lemma="strong:H1961">was</w> without <w lemma="strong:H8414">form</w>, and <w lemma="strong:H0922">void</w>; and <w lemma="strong:H2822">darkness</w> <transChange type="added">was</transChange> upon the <w lemma="strong:H6440">face</w> of the <w lemma="strong:H8415">deep</w>.',
  '$$$Genesis 1:3',
  'And <w lemma="strong:H0430">God</w> <w lemma="strong:H0559">said</w>, Let there be <w lemma="strong:H0216">light</w>: and there was <w lemma="strong:H0216">light</w>.',
  ...SWORD_BOOKS.KJV
    .slice(1)
    .flatMap((book) => [`$$$${book.name} 1:1`, `The first verse of ${book.name}.`]),
  '',
].join('\n');

function hashTree(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  for (const file of walk(root).sort()) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

describe('collections in their own thread', () => {
  let work: string;
  let context: IngestContext;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'skg-ingest-threads-'));
    const sourcesDir = path.join(work, 'sources');
    const data = gzipSync(KJV_TEXT);
    await mkdir(path.join(sourcesDir, 'translations'), { recursive: true });
    await writeFile(path.join(sourcesDir, KJV), data);
    const pinned = await readSourcesManifest();
    const sha256 = createHash('sha256').update(data).digest('hex');
    const manifest: SourcesManifest = {
      ...pinned,
      sources: pinned.sources.map((source) => ({ ...source, files: source.files.map((file) => (file.path === KJV ? { ...file, sha256, bytes: data.length } : file)) })),
    };
    context = {
      sourcesDir,
      manifest,
      generated: { by: 'test', at: '2026-01-01T00:00:00.000Z' },
      xrefMinVotes: 20,
      readText: (file) => readFileSync(path.join(sourcesDir, file), 'utf8') as unknown as Promise<string>,
    };
  });

  after(() => rm(work, { recursive: true, force: true }));

  it('marks the interlinear and the translations, registered collections, as built in a thread of their own', () => {
    assert.deepEqual(
      COLLECTIONS.filter((collection) => collection.ownThread).map((collection) => collection.name),
      ['interlinear', 'translations'],
    );
  });

  it('gives in its thread what the collection gives in this one', async () => {
    const here = await translationsCollection.build(context);
    assert.equal(here.report.counts['KJV verses'], 68, 'the KJV verses were read');
    assert.deepEqual(await buildCollectionInThread('translations', context), here);
  });

  it('rejects with the error of a collection the thread cannot build', async () => {
    await assert.rejects(buildCollectionInThread('no-such-collection', context), /the no-such-collection collection \(in its own thread\): .*no registered collection is named no-such-collection/);
  });

  it('writes the same bundle, byte for byte, with the threads and without', async () => {
    const events: ProgressEvent[] = [];
    const options = { sourcesDir: context.sourcesDir, manifest: context.manifest, collections: [translationsCollection], generatedAt: '2026-01-01T00:00:00Z' };
    await ingest({ ...options, bundleDir: path.join(work, 'threaded'), onProgress: (event) => events.push(event) });
    await ingest({ ...options, bundleDir: path.join(work, 'one-thread'), threads: false });
    assert.equal(hashTree(path.join(work, 'threaded')), hashTree(path.join(work, 'one-thread')));
    assert.ok(
      events.some((event) => event.type === 'end' && event.stage === 'translations' && event.detail?.includes('in its own thread')),
      'the translations were built in their own thread',
    );
  });
});
