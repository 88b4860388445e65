import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getBook, type Book } from '@skg/core';
import { Diagnostics, encodeChangelog, encodeInterlinear, runStages, shardInterlinear, type InterlinearData, type LinkedScripture } from '@skg/compiler';
import { createMemoryArtefactFile, INTERLINEAR_TAIL_OFFSET_AT, loadChangelog, loadInterlinear } from '../../packages/server/src/artefacts/index.ts';
import type { InterlinearStore } from '../../packages/server/src/artefacts/types.ts';
import { copyFixtureBundle, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

const GEN = getBook('Gen') as Book;
const JOHN = getBook('John') as Book;

/** A bundle run through the compiler up to `link`. */
async function linkBundle(bundleDir: string): Promise<LinkedScripture> {
  const { results } = await runStages({ bundleDir, until: 'link' });
  assert.ok(results.link);
  return results.link;
}

function load(buffer: Buffer): InterlinearStore {
  return loadInterlinear(createMemoryArtefactFile(buffer, 'interlinear.bin', INTERLINEAR_TAIL_OFFSET_AT));
}

describe('the interlinear shard stage', () => {
  let scripture: LinkedScripture;
  before(async () => {
    scripture = await linkBundle(FIXTURE_BUNDLE);
  });

  it('reads every book file, in verse order, at the global verse index of each verse', async () => {
    const diagnostics = new Diagnostics();
    const data = await shardInterlinear({ bundleDir: FIXTURE_BUNDLE, scripture }, diagnostics);
    assert.deepEqual(diagnostics.list, []);
    assert.ok(data);
    assert.equal(data.files, 2);
    assert.deepEqual(data.verses.map((v) => v.osis), ['Gen.1.1', 'Gen.1.2', 'John.3.16']);
    const john3 = scripture.chapters.find((c) => c.osis === 'John.3');
    assert.equal(data.verses[2]?.index, (john3?.firstVerse ?? -1) + 15);
    assert.equal(data.entries, 23);
  });

  it('returns null for a bundle without interlinear data files', async () => {
    const bundle = await copyFixtureBundle();
    await rm(path.join(bundle, 'references/interlinear'), { recursive: true });
    assert.equal(await shardInterlinear({ bundleDir: bundle, scripture }, new Diagnostics()), null);
  });

  it('reports malformed lines as errors with the file and line', async () => {
    const bundle = await copyFixtureBundle();
    const file = path.join(bundle, 'references/interlinear/genesis.jsonl');
    await appendFile(
      file,
      [
        '{not json',
        '{"osis":"Gen.1.4","licence":"CC-BY-4.0","text":"And God saw","entries":[["God",1,9,"H430",null,null,null,null,null]]}',
        '{"osis":"John.3.1","licence":"CC-BY-4.0","text":"x","entries":[]}',
        '{"osis":"Gen.1.5","licence":"CC-BY-4.0","text":"God called","entries":[["God",0,0,"Elohim",null,null,null,null,null]]}',
        '{"osis":"Gen.1.1","licence":"CC-BY-4.0","text":"In","entries":[]}',
        '',
      ].join('\n'),
    );
    const diagnostics = new Diagnostics();
    await shardInterlinear({ bundleDir: bundle, scripture }, diagnostics);
    const errors = diagnostics.list.filter((d) => d.severity === 'error').map((d) => [d.file, d.line, d.message]);
    assert.equal(errors.length, 5);
    assert.deepEqual(errors.map(([file, line]) => [file, line]), [
      ['references/interlinear/genesis.jsonl', 3],
      ['references/interlinear/genesis.jsonl', 4],
      ['references/interlinear/genesis.jsonl', 5],
      ['references/interlinear/genesis.jsonl', 6],
      ['references/interlinear/genesis.jsonl', 7],
    ]);
    assert.match(String(errors[0]?.[2]), /not JSON/);
    assert.match(String(errors[1]?.[2]), /outside the 3 words/);
    assert.match(String(errors[2]?.[2]), /not a verse of Genesis/);
    assert.match(String(errors[3]?.[2]), /not like H7225/);
    assert.match(String(errors[4]?.[2]), /second line/);
  });

  it('accepts a verse written from the edition alone (english null, no range), and refuses a null english with a range', async () => {
    const bundle = await copyFixtureBundle();
    await appendFile(
      path.join(bundle, 'references/interlinear/genesis.jsonl'),
      [
        '{"osis":"Gen.1.3","licence":"CC-BY-4.0","english":false,"text":"","entries":[[null,null,null,"H559","וַיֹּאמֶר","vayyomer","HC/Vqw3ms","conjunction; verb","hebrew"]]}',
        '{"osis":"Gen.1.4","licence":"CC-BY-4.0","text":"And God saw","entries":[[null,1,1,"H430",null,null,null,null,null]]}',
        '',
      ].join('\n'),
    );
    const diagnostics = new Diagnostics();
    const data = await shardInterlinear({ bundleDir: bundle, scripture }, diagnostics);
    assert.deepEqual(
      diagnostics.list.filter((d) => d.severity === 'error').map((d) => [d.line, d.message]),
      [[4, 'Gen.1.4 entry 0 has first/last but no english']],
    );
    const alone = data?.verses.find((verse) => verse.osis === 'Gen.1.3');
    assert.deepEqual(alone?.entries, [[null, null, null, 'H559', 'וַיֹּאמֶר', 'vayyomer', 'HC/Vqw3ms', 'conjunction; verb', 'hebrew']]);
    assert.equal(alone?.text, '');
  });

  it('leaves out, with one warning per file, verses the scripture does not hold or omits', async () => {
    const bundle = await copyFixtureBundle();
    await writeFile(
      path.join(bundle, 'references/interlinear/matthew.jsonl'),
      '{"osis":"Matt.17.21","licence":"CC-BY-SA-4.0","text":"But","entries":[]}\n' +
        '{"osis":"Matt.1.1","licence":"CC-BY-SA-4.0","text":"This","entries":[]}\n{"osis":"Matt.1.2","licence":"CC-BY-SA-4.0","text":"Abraham","entries":[]}\n',
    );
    const diagnostics = new Diagnostics();
    const data = await shardInterlinear({ bundleDir: bundle, scripture }, diagnostics);
    assert.equal(diagnostics.errorCount, 0);
    assert.deepEqual(
      diagnostics.list.map((d) => [d.severity, d.line, d.message]),
      [
        ['warning', 2, "2 line(s) name verses the bundle's scripture does not hold; left out"],
        ['warning', 1, '1 line(s) give data for verses the translation omits; left out'],
      ],
    );
    assert.equal(data?.verses.length, 3);
  });
});

describe('the interlinear codec', () => {
  let scripture: LinkedScripture;
  let data: InterlinearData;
  let store: InterlinearStore;
  before(async () => {
    scripture = await linkBundle(FIXTURE_BUNDLE);
    const shards = await shardInterlinear({ bundleDir: FIXTURE_BUNDLE, scripture }, new Diagnostics());
    assert.ok(shards);
    data = shards;
    store = load(encodeInterlinear(scripture, data));
  });

  it('round-trips every verse and entry', () => {
    assert.equal(store.verseCount, 3);
    assert.equal(store.entryCount, 23);
    for (const verse of data.verses) {
      const [bookId, chapter, number] = verse.osis.split('.');
      const read = store.getVerse(getBook(bookId ?? '') as Book, Number(chapter), Number(number));
      assert.ok(read, verse.osis);
      assert.equal(read.osis, verse.osis);
      assert.equal(read.text, verse.text);
      assert.equal(read.licence, verse.licence);
      assert.deepEqual(
        read.entries.map((e) => [e.english, e.first ?? null, e.last ?? null, e.strongs, e.word ?? null, e.transliteration ?? null, e.morphologyCode ?? null, e.morphology ?? null, e.language ?? null]),
        verse.entries,
        verse.osis,
      );
    }
  });

  it('answers undefined for a verse without data and a chapter or verse outside the table', () => {
    assert.equal(store.getVerse(GEN, 1, 3), undefined);
    assert.equal(store.getVerse(GEN, 1, 99), undefined);
    assert.equal(store.getVerse(getBook('Exod') as Book, 1, 1), undefined);
    assert.deepEqual(store.getChapter(getBook('Exod') as Book, 1), []);
  });

  it('reads a chapter as its verses with data, in order', () => {
    assert.deepEqual(store.getChapter(GEN, 1).map((v) => v.verse), [1, 2]);
    assert.deepEqual(store.getChapter(JOHN, 3).map((v) => v.osis), ['John.3.16']);
    assert.deepEqual(store.getChapter(GEN, 24), []);
  });

  it('is deterministic', () => {
    assert.deepEqual(encodeInterlinear(scripture, data), encodeInterlinear(scripture, data));
  });

  it('refuses a truncated artefact and one with another magic', () => {
    const buffer = encodeInterlinear(scripture, data);
    assert.throws(() => load(buffer.subarray(0, buffer.length - 5)), /truncated or malformed/);
    const other = Buffer.from(buffer);
    other.write('SKGX', 0, 'ascii');
    assert.throws(() => load(other), /not a SKGI artefact/);
  });
});

describe('the changelog codec', () => {
  it('round-trips the log, title and generator', async () => {
    const scripture = await linkBundle(FIXTURE_BUNDLE);
    const changelog = loadChangelog(encodeChangelog(scripture), 'changelog.bin');
    assert.equal(changelog.log, scripture.log);
    assert.match(changelog.log ?? '', /fixture bundle/);
    assert.equal(changelog.title, scripture.info.title);
  });

  it('keeps a missing log as null', async () => {
    const scripture = { ...(await linkBundle(FIXTURE_BUNDLE)), log: null };
    assert.equal(loadChangelog(encodeChangelog(scripture), 'changelog.bin').log, null);
  });

  it('refuses a truncated artefact', async () => {
    const buffer = encodeChangelog(await linkBundle(FIXTURE_BUNDLE));
    assert.throws(() => loadChangelog(buffer.subarray(0, buffer.length - 1), 'changelog.bin'), /truncated or malformed/);
  });
});
