import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkSources,
  createSourceDocuments,
  formatSourceProblems,
  getNewestPublished,
  INGEST_NEEDS,
  readSourcesManifest,
  selectSourceFiles,
  type SourcesManifest,
} from '@skg/ingest';
import { FULL_SOURCES, skipWithoutFullSources } from '../acceptance/full-sources.ts';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const manifest = await readSourcesManifest();

describe('the shipped sources manifest', () => {
  it('pins the 12 upstream folders, every published file at a raw GitHub address at a fixed commit, with hash and size', () => {
    assert.equal(manifest.sources.length, 12);
    const files = manifest.sources.flatMap((source) => source.files);
    assert.equal(files.length, 1381);
    for (const file of files.filter((entry) => entry.derived === undefined)) {
      assert.match(file.url, /^https:\/\/raw\.githubusercontent\.com\/[^/]+\/[^/]+\/[0-9a-f]{40}\//, file.path);
      assert.ok(file.bytes > 0, file.path);
    }
  });

  it('pins the SWORD exports of translations/ as derived from their Debian packages, which `skg fetch` cannot download', () => {
    const derived = manifest.sources.flatMap((source) => source.files).filter((file) => file.derived !== undefined);
    assert.deepEqual(
      derived.map((file) => file.path),
      ['engKJV2006eb.conf', 'engKJV2006eb.imp.gz', 'engWEB2015eb.conf', 'engWEB2015eb.imp.gz', 'spaRV1909eb.conf', 'spaRV1909eb.imp.gz'].map((file) => `translations/${file}`),
    );
    for (const file of derived) {
      assert.match(file.url, /^https:\/\/deb\.debian\.org\/debian\/pool\/main\/s\/sword-text-[a-z]+\/sword-text-[a-z]+_[\d.]+-1_all\.deb$/, file.path);
      assert.ok(file.bytes > 0, file.path);
    }
  });

  it('records the archive address and member of every file unpacked from a zip', () => {
    const unpacked = manifest.sources.flatMap((source) => source.files).filter((file) => file.member !== undefined);
    assert.deepEqual(
      unpacked.map((file) => [file.path, file.member, file.url.endsWith('.zip')]),
      [
        ['opengnt/OpenGNT_TranslationByWord.csv', 'OpenGNT_TranslationByWord.csv', true],
        ['opengnt/OpenGNT_interlinear_Berean.csv', 'OpenGNT_interlinear_Berean.csv', true],
        ['opengnt/OpenGNT_morphology_English.csv', 'OpenGNT_morphology_English.csv', true],
        ['openbible-cross-references/cross_references.txt', 'cross_references.txt', true],
      ],
    );
  });

  it('takes the newest published date as the default bundle generation time', () => {
    assert.equal(getNewestPublished(manifest), '2026-08-21T00:00:00.000Z');
  });

  // Every folder the manifest pins must match the mirror file for file (a folder no source pins is
  // reported, not failed).
  it('lists every file of every SHA256SUMS in the pinned folders of the mirror, with the same hash', async (t) => {
    const skip = await skipWithoutFullSources();
    if (skip) return t.skip(skip);
    const pinned = new Map(manifest.sources.flatMap((source) => source.files).map((file) => [file.path, file.sha256]));
    const pinnedFolders = new Set([...pinned.keys()].map((file) => file.split('/')[0]));
    const folders = readdirSync(FULL_SOURCES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const unpinned = folders.filter((folder) => !pinnedFolders.has(folder.name)).map((folder) => folder.name);
    if (unpinned.length > 0) t.diagnostic(`mirror folders no source pins (not read by the pipeline): ${unpinned.join(', ')}`);
    assert.equal(folders.length - unpinned.length, pinnedFolders.size, 'every pinned folder is in the mirror');
    let listed = 0;
    for (const folder of folders.filter((entry) => pinnedFolders.has(entry.name))) {
      for (const line of readFileSync(path.join(FULL_SOURCES, folder.name, 'SHA256SUMS'), 'utf8').split('\n')) {
        if (line === '') continue;
        const [hash, file] = line.split(/ [ *]/);
        assert.equal(pinned.get(`${folder.name}/${file}`), hash, `${folder.name}/${file}`);
        listed++;
      }
    }
    assert.equal(listed, pinned.size);
  });
});

describe('selectSourceFiles', () => {
  it('selects by exact path or by folder prefix, and refuses a need that matches nothing', () => {
    const cases: Array<[needs: string[], count: number]> = [
      [['bsb/usfm/'], 66],
      [['bibledata/BibleData-Reference.csv'], 1],
      [['bsb/usfm/', 'bsb/usfm/01GENBSB.SFM'], 66],
    ];
    for (const [needs, count] of cases) assert.equal(selectSourceFiles(manifest, needs).length, count, needs.join(' '));
    assert.throws(() => selectSourceFiles(manifest, ['bsb/usfm']), /no pinned source file matches 'bsb\/usfm'/);
    // Every collection's needs together select each needed file once.
    const union = new Set(INGEST_NEEDS.flatMap((need) => selectSourceFiles(manifest, [need]).map((file) => file.path)));
    assert.equal(selectSourceFiles(manifest, INGEST_NEEDS).length, union.size, 'the ingest needs, each file once');
  });
});

describe('checkSources', () => {
  const texts = { 'demo/a.txt': 'alpha\n', 'demo/sub/b.txt': 'beta\n', 'demo/c.txt': 'gamma\n' };
  const demo: SourcesManifest = {
    manifestVersion: 1,
    sources: [
      {
        id: 'demo',
        title: 'Demo',
        licence: 'MIT',
        attribution: 'demo',
        shareAlike: false,
        repository: 'https://github.com/example/demo',
        commit: 'f'.repeat(40),
        published: '2025-01-01',
        files: Object.entries(texts).map(([file, text]) => ({ path: file, url: `https://example.invalid/${file}`, sha256: sha256(text), bytes: text.length })),
      },
    ],
  };
  let dir: string;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'skg-check-'));
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds nothing wrong when every needed file is there with its pinned hash', async () => {
    const full = path.join(dir, 'full');
    for (const [file, text] of Object.entries(texts)) {
      await mkdir(path.dirname(path.join(full, file)), { recursive: true });
      await writeFile(path.join(full, file), text);
    }
    assert.deepEqual(await checkSources(full, { manifest: demo, needs: ['demo/'] }), []);
  });

  it('names each missing or altered file with its expected hash', async () => {
    const partial = path.join(dir, 'partial');
    await mkdir(partial);
    await mkdir(path.join(partial, 'demo'));
    await writeFile(path.join(partial, 'demo/a.txt'), texts['demo/a.txt']);
    await writeFile(path.join(partial, 'demo/c.txt'), 'gamma, edited\n');
    const problems = await checkSources(partial, { manifest: demo, needs: ['demo/'] });
    assert.deepEqual(problems, [
      { path: 'demo/sub/b.txt', kind: 'missing', expected: sha256('beta\n') },
      { path: 'demo/c.txt', kind: 'altered', expected: sha256('gamma\n'), actual: sha256('gamma, edited\n') },
    ]);
    const message = formatSourceProblems(problems, { sourcesDir: partial, total: 3 });
    assert.match(message, new RegExp(`demo/sub/b\\.txt: missing \\(expected sha256 ${sha256('beta\n')}\\)`));
    assert.match(message, /demo\/c\.txt: altered/);
  });

  it('says in one sentence how to get the data when none of it is there', async () => {
    const problems = await checkSources(path.join(dir, 'nothing-here'), { manifest: demo, needs: ['demo/'] });
    assert.equal(problems.length, 3);
    const message = formatSourceProblems(problems, { sourcesDir: '/nowhere', total: 3 });
    assert.doesNotMatch(message, /\n/);
    assert.match(message, /^No upstream sources in \/nowhere/);
    assert.match(message, /SKG_SOURCES/);
    assert.match(message, /skg fetch/);
  });

  it('passes on the full mirror for every file the ingest reads', async (t) => {
    const skip = await skipWithoutFullSources();
    if (skip) return t.skip(skip);
    assert.deepEqual(await checkSources(FULL_SOURCES), []);
  });
});

describe('createSourceDocuments', () => {
  it('tags a share-alike source share-alike, as every other share-alike document is', () => {
    const usage = new Map(manifest.sources.map((source) => [`sources/${source.id}`, 1]));
    const { documents } = createSourceDocuments(manifest, usage, [], { by: 'skg-ingest test', at: '2026-01-01T00:00:00.000Z' });
    const tags = Object.fromEntries(documents.map((document) => [document.id, document.frontmatter.tags]));
    assert.deepEqual(tags['sources/opengnt'], ['source', 'share-alike']);
    assert.deepEqual(tags['sources/theographic'], ['source', 'share-alike']);
    assert.deepEqual(tags['sources/bibledata'], ['source']);
    for (const document of documents) {
      assert.equal((document.frontmatter.tags as string[]).includes('share-alike'), document.frontmatter.share_alike === true, document.id);
    }
  });
});
