// A whole translation for an offline app (GET /translations/{id}/download) on the fixture built with its
// render step: the stored codings, the checksum /translations shows as the ETag, and a download whose
// chapters are /passage's chapters.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from '@skg/compiler';
import type { H3 } from 'h3';
import { loadDataSet } from '../../packages/server/src/artefacts/dataset.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { renderBuildArtefacts } from '../../packages/server/src/render/render-responses.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { buildDist, copyFixtureBundle, createTempDir, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';
import { countZlibCalls } from '../helpers/zlib-calls.ts';

async function buildRendered(bundleDir: string): Promise<DataSet> {
  const distDir = path.join(await createTempDir('skg-dist-'), 'dist');
  const report = await build({ bundleDir, distDir, render: renderBuildArtefacts });
  assert.ok(report.ok, 'the fixture builds');
  assert.ok(report.manifest?.artefacts.downloads, 'the manifest names the downloads');
  return loadDataSet(distDir);
}

/** The download of `id` as a client without Accept-Encoding gets it, parsed. */
async function readDownload(app: H3, id: string) {
  const { status, body } = await get(app, `/translations/${id}/download`);
  assert.equal(status, 200, id);
  return body;
}

let dataSet: DataSet;
let app: H3;
before(async () => {
  dataSet = await buildRendered(FIXTURE_BUNDLE);
  app = createTestApp(dataSet);
});
after(removeTempDirs);

describe('GET /translations/{id}/download', () => {
  it('sends the stored br, gzip or uncoded JSON by Accept-Encoding, compressing nothing per request', async () => {
    const calls = countZlibCalls();
    const bodies: Record<string, Buffer> = {};
    try {
      for (const [coding, acceptEncoding] of [
        ['br', 'gzip, deflate, br'],
        ['gzip', 'gzip, deflate'],
        ['identity', ''],
      ] as const) {
        const response = await app.fetch(new Request('http://localhost/api/v1/translations/KJV/download', { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }));
        assert.equal(response.status, 200, coding);
        assert.equal(response.headers.get('content-encoding'), coding === 'identity' ? null : coding);
        assert.equal(response.headers.get('vary'), 'Accept-Encoding');
        assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
        assert.equal(response.headers.get('content-disposition'), 'attachment; filename="KJV.json"');
        assert.equal(response.headers.get('access-control-allow-origin'), '*');
        assert.match(response.headers.get('cache-control') ?? '', /max-age=/);
        bodies[coding] = Buffer.from(await response.arrayBuffer());
      }
      assert.deepEqual(calls.counted, {}, 'no zlib function called');
    } finally {
      calls.restore();
    }
    const identity = bodies.identity!.toString('utf8');
    assert.equal(brotliDecompressSync(bodies.br!).toString('utf8'), identity);
    assert.equal(gunzipSync(bodies.gzip!).toString('utf8'), identity);
    assert.ok(bodies.br!.length < bodies.identity!.length / 2, 'br is smaller');
  });

  it('is tagged with the checksum /translations shows, which is the sha256 of the JSON, with its URL and sizes there', async () => {
    const { body } = await get(app, '/translations');
    assert.deepEqual(body.translations.map((entry: { id: string }) => entry.id), ['BSB', 'KJV', 'WEB', 'RV1909']);
    for (const entry of body.translations) {
      const response = await app.fetch(new Request(`http://localhost/api/v1/translations/${entry.id}/download`));
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.equal(response.headers.get('etag'), `"${entry.checksum}"`, entry.id);
      assert.equal(entry.checksum, `sha256:${createHash('sha256').update(bytes).digest('hex')}`, entry.id);
      assert.equal(entry.download.url, `/api/v1/translations/${entry.id}/download`);
      assert.equal(entry.download.bytes.identity, bytes.length, entry.id);
      assert.ok(entry.download.bytes.br > 0 && entry.download.bytes.gzip > 0, entry.id);
    }
    assert.equal(new Set(body.translations.map((entry: { checksum: string }) => entry.checksum)).size, 4, 'one checksum per translation');
  });

  it('answers 304 to a copy still current, and takes the id in any letter case', async () => {
    const first = await get(app, '/translations/WEB/download');
    const etag = first.headers.get('etag') ?? '';
    const again = await get(app, '/translations/web/download', { 'if-none-match': etag, 'accept-encoding': 'br' });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    assert.equal(again.headers.get('etag'), etag);
    assert.equal(again.headers.get('content-encoding'), null, 'no representation metadata on a 304');
  });

  it('holds each chapter as /passage gives it in that translation: headings, verses, footnotes, supplied words, words of Jesus', async () => {
    const kjv = await readDownload(app, 'KJV');
    const john = kjv.books.find((book: { id: string }) => book.id === 'John');
    const chapter = john.chapters.find((entry: { chapter: number }) => entry.chapter === 3);
    const passage = (await get(app, '/passage/John.3?translation=KJV')).body;
    assert.deepEqual(chapter.verses, passage.verses);
    assert.deepEqual(chapter.headings, passage.headings);
    assert.equal(chapter.verses[15].text, (await get(app, '/passage/John.3.16?translation=KJV')).body.text);
    assert.ok(chapter.verses[15].wordsOfJesus, 'words of Jesus');
    const psalm = kjv.books.find((book: { id: string }) => book.id === 'Ps').chapters[0];
    assert.deepEqual(psalm.headings, (await get(app, '/passage/Ps.23?translation=KJV')).body.headings);
    assert.equal(kjv.licence.id, 'public-domain');
    assert.match(kjv.licence.notes.join(' '), /Crown/);
    const genesis = kjv.books[0].chapters[0];
    assert.deepEqual(genesis.verses, (await get(app, '/passage/Gen.1?translation=KJV')).body.verses);
    assert.ok(genesis.verses.some((verse: { footnotes?: unknown[] }) => verse.footnotes), 'footnotes');
    assert.ok(genesis.verses.some((verse: { added?: unknown[] }) => verse.added), 'supplied words');
  });

  it('gives the WEB its deuterocanonical books, flagged, and the BSB its own text with headings and speakers', async () => {
    const web = await readDownload(app, 'WEB');
    assert.deepEqual(web.books.map((book: { id: string; deuterocanonical: boolean }) => [book.id, book.deuterocanonical]), [
      ['Gen', false],
      ['Tob', true],
      ['Matt', false],
      ['John', false],
    ]);
    assert.deepEqual(web.books[1].chapters[0].verses, (await get(app, '/passage/Tob.1?translation=WEB')).body.verses);
    const bsb = await readDownload(app, 'BSB');
    const bsbJohn3 = bsb.books.find((book: { id: string }) => book.id === 'John').chapters.find((entry: { chapter: number }) => entry.chapter === 3);
    const passage = (await get(app, '/passage/John.3')).body;
    assert.deepEqual(bsbJohn3.verses, passage.verses);
    assert.deepEqual(bsbJohn3.headings, passage.headings);
    const chapters = bsb.books.reduce((sum: number, book: { chapters: unknown[] }) => sum + book.chapters.length, 0);
    const listed = (await get(app, '/translations')).body.translations[0];
    assert.equal(chapters, listed.counts.chapters);
  });

  it('answers 404 not_found for a translation this server does not serve', async () => {
    const { status, body } = await get(app, '/translations/NIV/download');
    assert.equal(status, 404);
    assert.equal(body.code, 'not_found');
    assert.match(body.error, /BSB, KJV, WEB, RV1909/);
  });
});

describe('the translations\' checksums', () => {
  it('are the same without the rendered downloads (computed from the same JSON), where the download answers 503', async () => {
    const unrendered = createTestApp(await loadDataSet((await buildDist()).distDir));
    const rendered = (await get(app, '/translations')).body.translations.map((entry: { checksum: string }) => entry.checksum);
    const { body } = await get(unrendered, '/translations');
    assert.deepEqual(body.translations.map((entry: { checksum: string }) => entry.checksum), rendered);
    assert.equal(body.translations[1].download.bytes, undefined, 'no sizes before the downloads are compiled');
    const download = await get(unrendered, '/translations/KJV/download');
    assert.equal(download.status, 503);
    assert.equal(download.body.code, 'dataset_unavailable');
    assert.ok(Number(download.headers.get('retry-after')) > 0);
  });

  it('change with a footnote, not only with the text', async () => {
    const bundle = await copyFixtureBundle();
    const file = path.join(bundle, 'translations', 'web', 'john.json');
    const source = JSON.parse(await readFile(file, 'utf8'));
    const verse = source.chapters[2].find((entry: { verse: number }) => entry.verse === 3);
    verse.footnotes[0].text = `${verse.footnotes[0].text} (edited)`;
    await writeFile(file, JSON.stringify(source));
    const edited = createTestApp(await buildRendered(bundle));
    const checksums = async (target: H3) => Object.fromEntries((await get(target, '/translations')).body.translations.map((entry: { id: string; checksum: string }) => [entry.id, entry.checksum]));
    const before = await checksums(app);
    const now = await checksums(edited);
    assert.notEqual(now.WEB, before.WEB, 'the WEB changed');
    assert.deepEqual({ ...now, WEB: undefined }, { ...before, WEB: undefined }, 'the others did not');
    const download = await readDownload(edited, 'WEB');
    assert.match(JSON.stringify(download), /\(edited\)/);
  });
});
