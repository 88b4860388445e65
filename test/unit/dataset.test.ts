import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getBook, type Book, type Manifest } from '@skg/core';
import { checkDist, loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { buildDist, getFixtureDist, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

function book(id: string): Book {
  const found = getBook(id);
  if (!found) throw new Error(`no book ${id}`);
  return found;
}

async function readManifest(distDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')) as Manifest;
}

async function writeManifest(distDir: string, manifest: unknown): Promise<void> {
  await writeFile(path.join(distDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

async function artefactPath(distDir: string, name: string): Promise<string> {
  const entry = (await readManifest(distDir)).artefacts[name];
  if (!entry) throw new Error(`no artefact ${name}`);
  return path.join(distDir, entry.file);
}

describe('loadDataSet', () => {
  it('loads the compiled fixture with its manifest and its optional datasets built', async () => {
    const dataSet = await loadDataSet(await getFixtureDist());
    assert.equal(dataSet.manifest.okfVersion, '0.2');
    assert.deepEqual(dataSet.datasets, { interlinear: true, connections: true, translations: true });
    assert.ok(dataSet.loadedAt instanceof Date);
  });

  it('reads a verse by book, chapter and verse', async () => {
    const { scripture } = await loadDataSet(await getFixtureDist());
    assert.deepEqual(scripture.getVerse(book('John'), 3, 16), {
      verse: 16,
      osis: 'John.3.16',
      text: 'For God so loved the world that He gave His one and only Son, that everyone who believes in Him shall not perish but have eternal life.',
    });
    assert.deepEqual(scripture.getVerse(book('Matt'), 17, 21), { verse: 21, osis: 'Matt.17.21', text: '', omitted: true });
    assert.equal(scripture.getVerse(book('John'), 11, 43)?.speaker, 'Jesus');
    assert.equal(scripture.getVerse(book('John'), 3, 37), undefined, 'beyond the last verse');
    assert.equal(scripture.getVerse(book('John'), 4, 1), undefined, 'a chapter the data lacks');
    assert.equal(scripture.getVerse(book('Exod'), 1, 1), undefined, 'a book the data lacks');
  });

  it('reads a chapter with every verse slot, headings, speakers and omitted verses', async () => {
    const { scripture } = await loadDataSet(await getFixtureDist());
    const psalm = scripture.getChapter(book('Ps'), 23);
    assert.equal(psalm?.osis, 'Ps.23');
    assert.equal(psalm?.path, 'bible/psalms/23');
    assert.equal(psalm?.title, 'Psalm 23');
    assert.equal(psalm?.verses.length, 6);
    assert.deepEqual(psalm?.headings.find((h) => h.level === 'd'), { before: 1, level: 'd', text: 'A Psalm of David.' });
    const matthew = scripture.getChapter(book('Matt'), 17);
    assert.deepEqual(matthew?.omittedVerses, [21]);
    assert.deepEqual(matthew?.verses.map((v) => v.verse), Array.from({ length: 22 }, (_, i) => i + 1));
    const john = scripture.getChapter(book('John'), 11);
    assert.equal(john?.speakers[0], 'Jesus', 'speakers in order of first appearance');
    assert.equal(new Set(john?.speakers).size, john?.speakers.length);
    assert.equal(scripture.getChapter(book('John'), 4), undefined);
    assert.equal(scripture.getChapter(book('John'), 11), john, 'decoded chapters are cached');
  });

  it('gives a canon with the verse counts of the data and chapters across book boundaries', async () => {
    const { scripture } = await loadDataSet(await getFixtureDist());
    assert.equal(scripture.canon.verseCount(book('John'), 3), 36);
    assert.equal(scripture.canon.verseCount(book('Gen'), 1), 13);
    assert.equal(scripture.canon.verseCount(book('Gen'), 2), 0);
    assert.equal(scripture.canon.previousChapter(book('Matt'), 1), 'Mal.4');
  });

  it('fails to start with a clear error when manifest.json is missing', async () => {
    const { distDir } = await buildDist();
    await rm(path.join(distDir, 'manifest.json'));
    await assert.rejects(loadDataSet(distDir), /manifest\.json.*run `skg build`/s);
  });

  it('fails to start, naming the file and `skg build`, when a required artefact is missing', async () => {
    const { distDir } = await buildDist();
    const file = await artefactPath(distDir, 'verses');
    await rm(file);
    await assert.rejects(loadDataSet(distDir), (error: Error) => {
      assert.match(error.message, /verses\.bin/);
      assert.match(error.message, /required artefact 'verses' is missing/);
      assert.match(error.message, /skg build/);
      return true;
    });
  });

  it('fails to start when the manifest has another format version', async () => {
    const { distDir } = await buildDist();
    await writeManifest(distDir, { ...(await readManifest(distDir)), formatVersion: 99 });
    await assert.rejects(loadDataSet(distDir), /formatVersion is 99/);
  });

  it('fails to start when an artefact file is not what the manifest says', async () => {
    const { distDir } = await buildDist();
    const file = await artefactPath(distDir, 'chapters');
    const data = await readFile(file);
    data.write('XXXX', 0, 'ascii');
    await writeFile(file, data);
    await assert.rejects(loadDataSet(distDir), /chapters\.bin: is not a SKGC artefact; run `skg build`/);
  });

  it('marks an optional artefact whose file is missing as unbuilt instead of failing', async () => {
    const { distDir } = await buildDist();
    const manifest = await readManifest(distDir);
    const verses = manifest.artefacts.verses;
    assert.ok(verses);
    await writeManifest(distDir, {
      ...manifest,
      artefacts: {
        ...manifest.artefacts,
        interlinear: { ...verses, file: 'builds/none/interlinear.bin', optional: true },
      },
    });
    const dataSet = await loadDataSet(distDir);
    assert.deepEqual(dataSet.datasets, { interlinear: false, connections: true, translations: true });
  });
});

describe('checkDist', () => {
  it('finds nothing wrong with a fresh build, with or without checksums', async () => {
    const distDir = await getFixtureDist();
    assert.deepEqual(await checkDist(distDir, { checksums: true }), []);
    assert.deepEqual(await checkDist(distDir, { checksums: false }), []);
  });

  it('catches a checksum mismatch only when asked to hash, naming the file', async () => {
    const { distDir } = await buildDist();
    const file = await artefactPath(distDir, 'verses');
    const data = await readFile(file);
    data[data.length - 1] = (data[data.length - 1] ?? 0) ^ 1;
    await writeFile(file, data);
    assert.deepEqual(await checkDist(distDir, { checksums: false }), [], 'same size: the start-up check cannot see it');
    const problems = await checkDist(distDir, { checksums: true });
    assert.equal(problems.length, 1);
    assert.equal(problems[0]?.artefact, 'verses');
    assert.equal(problems[0]?.optional, false);
    assert.match(problems[0]?.file ?? '', /^builds\/[0-9a-f]{16}\/verses\.bin$/);
    assert.match(problems[0]?.message ?? '', /fails its checksum/);
  });

  it('catches a truncated artefact without hashing', async () => {
    const { distDir } = await buildDist();
    const file = await artefactPath(distDir, 'scripture-index');
    await writeFile(file, (await readFile(file)).subarray(0, 100));
    const problems = await checkDist(distDir, { checksums: false });
    assert.match(problems[0]?.message ?? '', /has 100 bytes, the manifest says/);
  });

  it('reports an unreadable manifest', async () => {
    const { distDir } = await buildDist();
    await writeFile(path.join(distDir, 'manifest.json'), '{ not json');
    const problems = await checkDist(distDir, { checksums: false });
    assert.equal(problems[0]?.file, 'manifest.json');
    assert.match(problems[0]?.message ?? '', /is not JSON/);
  });
});
