// The knowledge-graph ingest of the text collections (themes, lexemes, commandments, datasets),
// asked of a bundle built from the full upstream data.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';
import { ingest, type IngestReport } from '@skg/ingest';
import { FULL_SOURCES, skipWithoutFullSources } from './full-sources.ts';

const skip = await skipWithoutFullSources();

interface Relation {
  predicate: string;
  target: string;
  from?: string;
}

describe('the text collections of the knowledge graph on the full data', { skip }, () => {
  let work: string;
  let bundle: string;
  let report: IngestReport;
  const read = (id: string) => matter(readFileSync(path.join(bundle, `${id}.md`), 'utf8'));
  const documentsOf = (folder: string) =>
    readdirSync(path.join(bundle, folder))
      .filter((name) => name.endsWith('.md') && name !== 'index.md')
      .map((name) => read(`${folder}/${name.slice(0, -3)}`));
  const collection = (name: string) => report.collections.find((item) => item.collection === name);

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'skg-kg-texts-'));
    bundle = path.join(work, 'bundle');
    report = await ingest({ sourcesDir: FULL_SOURCES, bundleDir: bundle });
  });

  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('writes the 613 commandments, 248 positive and 365 negative, each stated in the chapter of its verse', () => {
    const commandments = documentsOf('commandments');
    assert.equal(commandments.length, 613);
    assert.deepEqual(collection('commandments')?.errors, []);
    const tagged = (tag: string) => commandments.filter((document) => (document.data.tags as string[]).includes(tag)).length;
    assert.equal(tagged('positive-commandment'), 248);
    assert.equal(tagged('negative-commandment'), 365);
    const numbers = commandments.map((document) => document.data.commandment_number as number).sort((a, b) => a - b);
    assert.deepEqual(numbers, Array.from({ length: 613 }, (_, index) => index + 1));
    for (const document of commandments) {
      const relations = document.data.relations as Relation[];
      const statedIn = relations.filter((relation) => relation.predicate === 'stated-in');
      assert.equal(statedIn.length, 1, `commandment ${document.data.commandment_number} has one stated-in relation`);
      assert.match(statedIn[0]?.target ?? '', /^bible\/[a-z0-9-]+\/\d+$/);
      assert.equal(statedIn[0]?.from, document.data.osis);
    }
    const first = read('commandments/001-know-there-is-a-god');
    assert.equal(first.data.title, 'Know there is a God');
    assert.equal(first.data.osis, 'Exod.20.2');
    assert.equal(first.data.polarity, 'positive');
    assert.match(first.content, /## Hebrew\n\nאָנֹכִי/);
  });

  it('writes the whole Hebrew and Greek lexicon: lexemes/h430 (H430) and lexemes/g3056 (λόγος)', () => {
    assert.deepEqual(collection('lexemes')?.written, { Lexeme: 8674 + 5523 });
    const elohim = read('lexemes/h430').data;
    assert.equal(elohim.type, 'Lexeme');
    assert.equal(elohim.strongs, 'H430');
    assert.equal(elohim.first_occurrence, 'Gen.1.1');
    assert.ok((elohim.relations as Relation[]).some((relation) => relation.predicate === 'first-attested-in' && relation.target === 'bible/genesis/1'));
    const logos = read('lexemes/g3056').data;
    assert.equal(logos.strongs, 'G3056');
    assert.equal(logos.word, 'λόγος');
    assert.ok((logos.occurrences as number) > 300);
    assert.equal(readdirSync(path.join(bundle, 'lexemes')).includes('g2717.md'), false, "Strong's unused numbers get no document");
    assert.ok((read('lexemes/h5').data.tags as string[]).includes('name'));
  });

  it("writes a Theme for each of Nave's 5,319 subjects and stores develops relations on the chapters", () => {
    assert.deepEqual(collection('themes')?.written, { Theme: 5319 });
    const aaron = read('themes/aaron');
    assert.equal(aaron.data.title, 'Aaron');
    assert.match(aaron.content, /\[Exodus 6:16–20\]\(\/bible\/exodus\/6\)/);
    const exodus6 = read('bible/exodus/6').data.relations as Relation[];
    assert.ok(exodus6.some((relation) => relation.predicate === 'develops' && relation.target === 'themes/aaron' && relation.from === 'Exod.6.16'));
    assert.ok((collection('themes')?.counts['develops relations'] ?? 0) > 50_000);
  });

  it('writes the geocoding and speaker datasets and cites the sources the collections use', () => {
    assert.equal(read('references/geocoding').data.type, 'Dataset');
    assert.equal(read('references/speakers').data.licence, 'MIT');
    for (const source of ['bibledata', 'strongs-greek', 'bsb-publishing-interlinear', 'openbible-geocoding', 'glyssen-speakers']) {
      assert.ok((read(`sources/${source}`).data.usage_count as number) > 0, source);
    }
  });
});
