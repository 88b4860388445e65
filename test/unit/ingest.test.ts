import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOOKS } from '@skg/core';
import { formatIngestReport, ingest, IngestError, scriptureCollection, SourcesError, type SourcesManifest } from '@skg/ingest';

/** These tests exercise the ingest itself, on the scripture collection alone. */
const collections = [scriptureCollection];

/** A sources directory with every file the ingest reads, too small to make a whole Bible. */
async function writeTinySources(dir: string): Promise<SourcesManifest> {
  const files: Record<string, string> = {
    'bibledata/BibleData-Reference.csv': '\uFEFFreference_id,book_id,usx_code,chapter,verse,verse_sequence\nGEN 1:1,1,GEN,1,1,1\n',
    'glyssen-speakers/CharacterVerse.txt': 'Control File Version\t171\n',
  };
  for (const book of BOOKS) files[`bsb/usfm/${String(book.order).padStart(2, '0')}${book.usfm}BSB.SFM`] = `\\id ${book.usfm}\n\\c 1\n\\v 1 Text.\n`;
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const entry = (id: string) => ({
    id,
    title: id,
    licence: 'MIT',
    attribution: id,
    shareAlike: false,
    repository: `https://github.com/example/${id}`,
    commit: 'a'.repeat(40),
    published: '2024-05-06',
    files: Object.entries(files)
      .filter(([file]) => file.startsWith(`${id}/`))
      .map(([file, text]) => ({ path: file, url: `https://example.invalid/${file}`, sha256: createHash('sha256').update(text).digest('hex'), bytes: text.length })),
  });
  return { manifestVersion: 1, sources: [entry('bsb'), entry('bibledata'), entry('glyssen-speakers')] };
}

describe('ingest', () => {
  let work: string;
  let bundle: string;
  let manifest: SourcesManifest;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'skg-ingest-unit-'));
    bundle = path.join(work, 'bundle');
    await mkdir(bundle);
    await writeFile(path.join(bundle, 'index.md'), 'the previous bundle\n');
    manifest = await writeTinySources(path.join(work, 'sources'));
  });

  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('refuses to run without the sources, saying how to get them, and leaves the previous bundle', async () => {
    await assert.rejects(ingest({ sourcesDir: path.join(work, 'no-sources'), bundleDir: bundle, manifest, collections }), (error: Error) => {
      assert.ok(error instanceof SourcesError);
      assert.match(error.message, /^No upstream sources in .*no-sources.*SKG_SOURCES.*skg fetch/);
      return true;
    });
    assert.equal(readFileSync(path.join(bundle, 'index.md'), 'utf8'), 'the previous bundle\n');
  });

  it('stops on collection errors with the report, writing nothing and leaving the previous bundle', async () => {
    const error = await ingest({ sourcesDir: path.join(work, 'sources'), bundleDir: bundle, manifest, collections, generatedAt: '2025-01-01' }).then(
      () => assert.fail('expected an IngestError'),
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof IngestError);
    assert.equal(error.report.generated, '2025-01-01T00:00:00.000Z');
    assert.ok(error.report.collections[0]?.errors.includes('GEN: the KJV slots have 1 chapters, the canon 50'));
    assert.match(formatIngestReport(error.report), /^scripture: wrote /m);
    assert.equal(readFileSync(path.join(bundle, 'index.md'), 'utf8'), 'the previous bundle\n');
    assert.deepEqual(readdirSync(work).sort(), ['bundle', 'sources']);
  });

  it('refuses a generation time that is not a date', async () => {
    await assert.rejects(
      ingest({ sourcesDir: path.join(work, 'sources'), bundleDir: bundle, manifest, collections, generatedAt: 'last tuesday' }),
      /generatedAt must be an ISO 8601 date-time, got 'last tuesday'/,
    );
  });
});
