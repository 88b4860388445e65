// The cross-references and interlinear ingest's acceptance criteria, asked of a bundle built from the
// full upstream data: every OpenBible row kept, the references at the vote floor on the chapters, and
// the reverse interlinear of Genesis 1:1 and John 1:1.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';
import { ingest, type IngestReport, scriptureCollection } from '@skg/ingest';
import { crossReferencesCollection } from '../../packages/ingest/src/collections/cross-references.ts';
import { interlinearCollection } from '../../packages/ingest/src/collections/interlinear.ts';
import { FULL_SOURCES, skipWithoutFullSources } from './full-sources.ts';

const skip = await skipWithoutFullSources();

interface CrossReference {
  from: string;
  to: string;
  votes: number;
}

interface Line {
  osis: string;
  licence: string;
  text: string;
  entries: [string, number | null, number | null, string, string | null, string | null, string | null, string | null, string | null][];
}

describe('the cross-references and interlinear ingest on the full data', { skip }, () => {
  let work: string;
  let bundle: string;
  let report: IngestReport;
  const text = (file: string, root = bundle) => readFileSync(path.join(root, file), 'utf8');
  const read = (id: string) => matter(text(`${id}.md`));
  const verse = (book: string, osis: string): Line => {
    const line = text(`references/interlinear/${book}.jsonl`).split('\n').find((item) => item.startsWith(`{"osis":"${osis}",`));
    assert.ok(line, `${osis} has a line`);
    return JSON.parse(line) as Line;
  };

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'skg-x4-ingest-'));
    bundle = path.join(work, 'bundle');
    report = await ingest({ sourcesDir: FULL_SOURCES, bundleDir: bundle });
  });

  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('keeps all 344,799 OpenBible rows in the data file beside the dataset document', () => {
    const lines = text('references/cross-references.tsv').trimEnd().split('\n');
    assert.equal(lines[0], 'from\tto\tvotes');
    assert.equal(lines.length - 1, 344_799);
    assert.ok(lines.includes('John.3.16\t1John.4.9-1John.4.10\t675'));
    const dataset = read('references/cross-references').data;
    assert.equal(dataset.type, 'Dataset');
    assert.equal(dataset.licence, 'CC-BY');
    assert.equal(dataset.min_votes, 20);
    assert.deepEqual(
      [dataset.counts.rows, dataset.counts.negative_votes, dataset.counts.range_targets, dataset.counts.outside_kjv],
      [344_799, 1_236, 88_150, 5],
    );
    const collection = report.collections.find((item) => item.collection === 'cross-references');
    assert.equal(collection?.counts['rows kept'], 344_799);
    assert.deepEqual(collection?.errors, []);
  });

  it("materialises John 3:16's references with at least 20 votes on John 3, strongest first, as links to their chapters", () => {
    const chapter = read('bible/john/3');
    const references = (chapter.data.cross_references as CrossReference[]).filter((reference) => reference.from === 'John.3.16');
    assert.ok(references.length > 0);
    assert.ok(references.every((reference) => reference.votes >= 20), 'every reference has 20 votes or more');
    assert.deepEqual(references.map((reference) => reference.votes), references.map((reference) => reference.votes).sort((a, b) => b - a));
    assert.deepEqual(references[0], { from: 'John.3.16', to: 'Rom.5.8', votes: 950 });
    assert.ok(references.some((reference) => reference.to === '1John.4.9-1John.4.10' && reference.votes === 675));
    const rows = text('references/cross-references.tsv').split('\n').filter((line) => line.startsWith('John.3.16\t') && Number(line.split('\t')[2]) >= 20);
    assert.equal(references.length, rows.length, 'all of them');
    assert.ok(chapter.content.includes('## Cross references'));
    assert.ok(chapter.content.includes('- [John 3:16 → 1 John 4:9–10](/bible/1-john/4) · 675 votes'));
    assert.ok((chapter.data.sources as { resource: string }[]).some((source) => source.resource === 'sources/openbible-cross-references'));
  });

  it('gives Genesis 1:1 first "In the beginning", rendering בְּרֵאשִׁית (H7225), its morphology in words', () => {
    const line = verse('genesis', 'Gen.1.1');
    assert.equal(line.licence, 'CC-BY-4.0');
    assert.equal(line.text, 'In the beginning God created the heavens and the earth.');
    const [english, first, last, strongs, word, transliteration, code, morphology, language] = line.entries[0] ?? [];
    assert.deepEqual([english, first, last, strongs], ['In the beginning', 0, 2, 'H7225']);
    assert.equal(word, 'בְּרֵאשִׁית'.normalize('NFC'));
    assert.equal(transliteration, 'bereshit');
    assert.equal(code, 'HR/Ncfsa');
    assert.match(morphology ?? '', /^preposition; noun .*feminine singular absolute$/);
    assert.equal(language, 'hebrew');
  });

  it('gives John 1:1 λόγος (G3056), under the share-alike licence', () => {
    const line = verse('john', 'John.1.1');
    assert.equal(line.licence, 'CC-BY-SA-4.0');
    const logos = line.entries.find((entry) => entry[3] === 'G3056');
    assert.ok(logos, 'an entry renders G3056');
    assert.equal(logos[0], 'Word');
    assert.equal(logos[4]?.toLowerCase(), 'λόγος'.normalize('NFC'));
    assert.equal(logos[5], 'Logos');
    assert.equal(logos[8], 'greek');
    const dataset = read('references/interlinear').data;
    const john = (dataset.data_files as { path: string; licence: string; share_alike?: boolean }[]).find((file) => file.path === 'references/interlinear/john.jsonl');
    assert.deepEqual([john?.licence, john?.share_alike], ['CC-BY-SA-4.0', true]);
    assert.equal(read('sources/opengnt').data.share_alike, true);
  });

  it('has no data for the BSB omissions and the Psalm superscriptions, and says why in the report', () => {
    const lines = readdirSync(path.join(bundle, 'references/interlinear')).reduce(
      (sum, file) => sum + text(`references/interlinear/${file}`).trimEnd().split('\n').length,
      0,
    );
    const collection = report.collections.find((item) => item.collection === 'interlinear');
    assert.equal(collection?.counts['verses with interlinear'], lines);
    const skipped = Object.fromEntries((collection?.skipped ?? []).filter((item) => item.what === 'verses').map((item) => [item.reason, item.count]));
    assert.equal(skipped['the BSB omits them'], 16);
    assert.equal(skipped['no English segments in the BSB interlinear (Psalm superscription verses)'], 117);
    assert.equal(lines + Object.values(skipped).reduce((a, b) => a + b, 0), 31_102, 'every verse slot is counted once');
    assert.ok(!text('references/interlinear/matthew.jsonl').includes('"Matt.17.21"'));
  });

  it('writes the same data files on a second run', async () => {
    const again = path.join(work, 'again');
    await ingest({ sourcesDir: FULL_SOURCES, bundleDir: again, collections: [scriptureCollection, crossReferencesCollection, interlinearCollection] });
    for (const file of ['references/cross-references.tsv', 'references/cross-references.md', 'references/interlinear.md']) {
      assert.equal(text(file, again), text(file), file);
    }
    for (const file of readdirSync(path.join(bundle, 'references/interlinear'))) {
      assert.equal(text(`references/interlinear/${file}`, again), text(`references/interlinear/${file}`), file);
    }
  });
});
