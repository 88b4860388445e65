// The translations' downloads on the full data (issue 18, item 10): `skg build` rendered them, each is
// what /passage answers in that translation, and each is tagged with the checksum /translations shows.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import type { H3 } from 'h3';
import { createTestApp } from '../helpers/app.ts';
import { skipWithoutFullData, useFullDataApp } from './full-data.ts';

interface DownloadVerse {
  verse: number;
  osis: string;
  text: string;
  footnotes?: unknown[];
}
interface Download {
  id: string;
  books: Array<{ id: string; deuterocanonical: boolean; chapters: Array<{ chapter: number; osis: string; headings: unknown[]; verses: DownloadVerse[] }> }>;
}

function findVerse(download: Download, osis: string): DownloadVerse | undefined {
  const [book, chapter, verse] = osis.split('.');
  return download.books.find((entry) => entry.id === book)?.chapters.find((entry) => entry.chapter === Number(chapter))?.verses[Number(verse) - 1];
}

describe('the translations\' downloads on the full data', { skip: skipWithoutFullData() }, () => {
  const { dataSet, get } = useFullDataApp();
  let server: H3 | undefined;
  const app = () => (server ??= createTestApp(dataSet()));

  /** A download as a client without Accept-Encoding gets it: its bytes, ETag and parsed body. */
  async function fetchDownload(id: string, acceptEncoding?: string) {
    const response = await app().fetch(new Request(`http://localhost/api/v1/translations/${id}/download`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }));
    assert.equal(response.status, 200, id);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { bytes, etag: response.headers.get('etag'), encoding: response.headers.get('content-encoding') };
  }

  it('are rendered for every translation served, with their sizes on /translations', async () => {
    assert.ok(dataSet().downloads, 'skg build rendered downloads.bin');
    const { body } = await get('/translations');
    for (const entry of body.translations) {
      assert.ok(entry.download.bytes.br > 0 && entry.download.bytes.br < entry.download.bytes.identity, entry.id);
      assert.equal(entry.download.url, `/api/v1/translations/${entry.id}/download`);
    }
  });

  it("gives the KJV's John 3:16 as /passage/John.3.16?translation=KJV does, under the checksum /translations shows", async () => {
    const { bytes, etag } = await fetchDownload('KJV');
    const kjv = JSON.parse(bytes.toString('utf8')) as Download;
    const passage = (await get('/passage/John.3.16?translation=KJV')).body;
    assert.deepEqual(findVerse(kjv, 'John.3.16'), passage.verses[0]);
    assert.match(findVerse(kjv, 'John.3.16')?.text ?? '', /For God so loved the world, that he gave his only begotten Son/);
    const listed = (await get('/translations')).body.translations.find((entry: { id: string }) => entry.id === 'KJV');
    assert.equal(etag, `"${listed.checksum}"`);
    assert.equal(listed.checksum, `sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    assert.equal(bytes.length, listed.download.bytes.identity);
    const chapter = (await get('/passage/Gen.1?translation=KJV')).body;
    assert.deepEqual(kjv.books[0]?.chapters[0]?.verses, chapter.verses, 'a chapter with footnotes and supplied words');
    assert.deepEqual(kjv.books[0]?.chapters[0]?.headings, chapter.headings);
    const verses = kjv.books.reduce((sum, book) => sum + book.chapters.reduce((n, entry) => n + entry.verses.length, 0), 0);
    assert.equal(verses, listed.counts.verses);
    const br = await fetchDownload('KJV', 'gzip, deflate, br');
    assert.equal(br.encoding, 'br');
    assert.ok(brotliDecompressSync(br.bytes).equals(bytes), 'the br body decodes to the same JSON');
  });

  it('gives each translation whole: the WEB with its deuterocanon and own slots, the BSB and the RV1909 in every slot', async () => {
    const { body } = await get('/translations');
    const counts = Object.fromEntries(body.translations.map((entry: { id: string; counts: { verses: number; chapters: number } }) => [entry.id, entry.counts]));
    for (const id of ['BSB', 'WEB', 'RV1909']) {
      const download = JSON.parse((await fetchDownload(id)).bytes.toString('utf8')) as Download;
      const chapters = download.books.reduce((sum, book) => sum + book.chapters.length, 0);
      const verses = download.books.reduce((sum, book) => sum + book.chapters.reduce((n, entry) => n + entry.verses.length, 0), 0);
      assert.deepEqual([chapters, verses], [counts[id].chapters, counts[id].verses], id);
      if (id === 'WEB') {
        assert.equal(findVerse(download, 'Tob.1.1')?.text, (await get('/passage/Tob.1.1?translation=WEB')).body.text);
        assert.ok(findVerse(download, '3John.1.15'), 'the WEB has 3 John 1:15');
        assert.ok(download.books.find((book) => book.id === 'Tob')?.deuterocanonical);
      }
      if (id === 'BSB') assert.equal(findVerse(download, 'Matt.17.21')?.text, '', 'the BSB omits Matt 17:21');
    }
  });
});
