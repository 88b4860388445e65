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
  /** Present, and false, on a verse written from the original-language edition alone. */
  english?: false;
  text: string;
  entries: [string | null, number | null, number | null, string, string | null, string | null, string | null, string | null, string | null][];
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

  it('has no data for the BSB omissions, and says why in the report', () => {
    const lines = readdirSync(path.join(bundle, 'references/interlinear')).reduce(
      (sum, file) => sum + text(`references/interlinear/${file}`).trimEnd().split('\n').length,
      0,
    );
    const collection = report.collections.find((item) => item.collection === 'interlinear');
    assert.equal(collection?.counts['verses with interlinear'], lines);
    const skipped = Object.fromEntries((collection?.skipped ?? []).filter((item) => item.what === 'verses').map((item) => [item.reason, item.count]));
    assert.equal(skipped['the BSB omits them'], 16);
    assert.equal(lines + Object.values(skipped).reduce((a, b) => a + b, 0), 31_102, 'every verse slot is counted once');
    assert.equal(lines, 31_085, 'all but the 16 omitted verses and Nehemiah 7:68');
    assert.ok(!text('references/interlinear/matthew.jsonl').includes('"Matt.17.21"'));
  });

  it('writes the 117 verses the BSB interlinear has no English for (116 Psalm verses 1 after a superscription, Zechariah 12:1) from the OSHB alone', () => {
    const collection = report.collections.find((item) => item.collection === 'interlinear');
    assert.equal(collection?.counts['verses from the original-language edition alone (no English in the BSB interlinear)'], 117);
    const strongs = (line: Line) => line.entries.map((entry) => entry[3]);
    for (const [osis, expected] of [
      ['Ps.3.1', ['H3068', 'H4100', 'H7231', 'H6862', 'H7227', 'H6965', 'H5921']],
      ['Ps.23.1', ['H3068', 'H7462', 'H3808', 'H2637']],
      ['Ps.51.1', ['H2603', 'H430', 'H2617', 'H7230', 'H7356', 'H4229', 'H6588']],
    ] as const) {
      const line = verse('psalms', osis);
      assert.equal(line.english, false, osis);
      assert.equal(line.text, '', osis);
      assert.equal(line.licence, 'CC-BY-4.0', osis);
      assert.deepEqual(strongs(line), expected, `${osis}: the KJV verse's words in Hebrew order, the superscription's left out`);
      for (const entry of line.entries) {
        assert.deepEqual(entry.slice(0, 3), [null, null, null], osis);
        assert.ok(entry[4] && entry[5] && entry[6] && entry[7], `${osis}: word, transliteration and morphology`);
        assert.equal(entry[8], 'hebrew');
      }
    }
    assert.equal(verse('psalms', 'Ps.23.1').entries[0]?.[5], 'YHWH');
    assert.equal(verse('zechariah', 'Zech.12.1').english, false);
    assert.equal(verse('psalms', 'Ps.23.2').english, undefined, 'an aligned verse carries no flag');
    const counts = read('references/interlinear').data.counts as Record<string, number>;
    assert.equal(counts.verses_without_english_alignment, 117);
    assert.equal(counts.verses, 31_085);
  });

  it('gives each English word of a verse to at most one entry, in every verse', () => {
    const john = verse('john', 'John.1.21');
    const not = john.entries.find((entry) => entry[0] === 'not');
    const are = john.entries.find((entry) => entry[0] === 'Are');
    assert.ok(not && are);
    assert.notDeepEqual([not[1], not[2]], [are[1], are[2]]);
    assert.equal(john.text.split(' ')[are[1] ?? -1], '“Are');
    let overlaps = 0;
    const examples: string[] = [];
    for (const file of readdirSync(path.join(bundle, 'references/interlinear'))) {
      for (const item of text(`references/interlinear/${file}`).trimEnd().split('\n')) {
        const line = JSON.parse(item) as Line;
        const words = line.text === '' ? 0 : line.text.split(' ').length;
        const owner = new Map<number, number>();
        line.entries.forEach((entry, index) => {
          const [, first, last] = entry;
          if (first === null || last === null) return;
          assert.ok(first <= last && last < words, `${line.osis} entry ${index}: ${first}-${last} within ${words} words`);
          for (let word = first; word <= last; word++) {
            if (owner.has(word)) {
              overlaps++;
              if (examples.length < 5) examples.push(`${line.osis} word ${word}`);
            }
            owner.set(word, index);
          }
        });
      }
    }
    assert.equal(overlaps, 0, `shared word indexes: ${examples.join(', ')}`);
  });

  it('marks the interlinear dataset document share-alike (its New Testament data is OpenGNT), and tags it so', () => {
    const dataset = read('references/interlinear').data;
    assert.equal(dataset.share_alike, true);
    assert.ok((dataset.tags as string[]).includes('share-alike'));
    assert.ok((read('sources/opengnt').data.tags as string[]).includes('share-alike'));
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
