// The cross-references ingest: reading OpenBible's rows, the data file that keeps them all, and the
// references at or above the vote floor materialised on chapters.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCrossReferences } from '../../packages/ingest/src/collections/cross-references.ts';
import type { ChapterSection } from '../../packages/ingest/src/collections/collection.ts';
import { mergeChapterSections } from '../../packages/ingest/src/chapter-sections.ts';
import type { BundleDocument } from '../../packages/ingest/src/document.ts';
import type { KjvSlots } from '../../packages/ingest/src/kjv-slots.ts';
import type { SourceEntry } from '../../packages/ingest/src/sources-manifest.ts';
import {
  formatCrossReferencesTsv,
  formatTargetLabel,
  parseCrossReferences,
  parseOsisTarget,
  sortRows,
} from '../../packages/ingest/src/xrefs/cross-references.ts';

const GENERATED = { by: 'skg-ingest test', at: '2026-08-21T00:00:00.000Z' };
const SOURCE: SourceEntry = {
  id: 'openbible-cross-references',
  title: 'OpenBible.info cross references',
  licence: 'CC-BY',
  attribution: 'Cross references from OpenBible.info (www.openbible.info), CC BY',
  shareAlike: false,
  repository: 'https://github.com/example/xrefs',
  commit: 'c0ffee',
  published: '2026-02-23',
  files: [],
};

/** John (21 chapters: only 1 and 3 matter), Numbers 21, Genesis 4–5, 3 John (14 verses). */
const SLOTS: KjvSlots = new Map([
  ['JHN', [51, 25, 36, 54, 47, 71, 53, 59, 41, 42, 57, 50, 38, 31, 27, 33, 26, 40, 42, 31, 25]],
  ['NUM', Array.from({ length: 36 }, (_, index) => (index === 20 ? 35 : 40))],
  ['GEN', Array.from({ length: 50 }, (_, index) => (index === 3 ? 26 : 32))],
  ['1JN', [10, 29, 24, 21, 21]],
  ['3JN', [14]],
]);

const UPSTREAM = [
  'From Verse\tTo Verse\tVotes\t#www.openbible.info CC-BY 2026-02-23',
  'John.3.16\tNum.21.9\t35',
  'John.3.16\t1John.4.9-1John.4.10\t675',
  'John.3.16\tJohn.3.36\t19',
  'John.3.14\tNum.21.8-Num.21.9\t120',
  'Gen.4.25\tJohn.3.16\t-3',
  'John.1.1\tGen.4.25-Gen.5.32\t20',
  '3John.1.15\tJohn.10.3\t200',
  'not a row',
  '',
].join('\n');

function sectionFor(sections: readonly ChapterSection[] | undefined, chapter: string): ChapterSection {
  const section = sections?.find((item) => item.chapter === chapter);
  assert.ok(section, `a section for ${chapter}`);
  return section;
}

describe('parseCrossReferences', () => {
  it('reads rows as upstream writes them, the edition from the header, and reports malformed lines', () => {
    const parsed = parseCrossReferences(UPSTREAM);
    assert.equal(parsed.rows.length, 7);
    assert.equal(parsed.edition, 'www.openbible.info CC-BY 2026-02-23');
    assert.deepEqual(parsed.rows[1], { from: 'John.3.16', to: '1John.4.9-1John.4.10', votes: 675 });
    assert.deepEqual(parsed.malformed, [9]);
  });

  it('reads OSIS targets and labels them', () => {
    const cases: [string, string | undefined][] = [
      ['Num.21.9', 'Numbers 21:9'],
      ['Num.21.8-Num.21.9', 'Numbers 21:8–9'],
      ['Gen.4.25-Gen.5.32', 'Genesis 4:25–5:32'],
      ['2John.1.1-3John.1.15', '2 John 1:1–3 John 1:15'],
      ['Ps.23.1', 'Psalm 23:1'],
      ['Psalm.23.1', undefined],
      ['John.3', undefined],
      ['John.3.16-', undefined],
    ];
    for (const [osis, label] of cases) {
      const target = parseOsisTarget(osis);
      assert.equal(target ? formatTargetLabel(target) : undefined, label, osis);
    }
  });

  it('sorts rows by from verse in Bible order, then votes, then target', () => {
    const rows = sortRows(parseCrossReferences(UPSTREAM).rows);
    assert.deepEqual(
      rows.map((row) => `${row.from} ${row.to} ${row.votes}`),
      [
        'Gen.4.25 John.3.16 -3',
        'John.1.1 Gen.4.25-Gen.5.32 20',
        'John.3.14 Num.21.8-Num.21.9 120',
        'John.3.16 1John.4.9-1John.4.10 675',
        'John.3.16 Num.21.9 35',
        'John.3.16 John.3.36 19',
        '3John.1.15 John.10.3 200',
      ],
    );
  });

  it('writes the data file as a header and one tab-separated line per row', () => {
    const tsv = formatCrossReferencesTsv([{ from: 'John.3.16', to: 'Num.21.9', votes: -2 }]);
    assert.equal(tsv, 'from\tto\tvotes\nJohn.3.16\tNum.21.9\t-2\n');
  });
});

describe('createCrossReferences', () => {
  const result = createCrossReferences({ parsed: parseCrossReferences(UPSTREAM), slots: SLOTS, minVotes: 20, source: SOURCE }, GENERATED);

  it('keeps every row in the data file, whatever its votes or verses', () => {
    const [file] = result.files;
    assert.equal(file?.path, 'references/cross-references.tsv');
    const lines = file?.content.trimEnd().split('\n') ?? [];
    assert.equal(lines.length, 1 + 7);
    assert.ok(lines.includes('Gen.4.25\tJohn.3.16\t-3'), 'a voted-down row is kept');
    assert.ok(lines.includes('3John.1.15\tJohn.10.3\t200'), 'a row outside the KJV slots is kept');
  });

  it('counts rows, negative votes, range targets and rows outside the KJV slots on the dataset document', () => {
    const [document] = result.documents;
    assert.equal(document?.id, 'references/cross-references');
    assert.equal(document?.frontmatter.type, 'Dataset');
    assert.equal(document?.frontmatter.licence, 'CC-BY');
    assert.equal(document?.frontmatter.min_votes, 20);
    assert.deepEqual(document?.frontmatter.counts, {
      rows: 7,
      negative_votes: 1,
      zero_votes: 0,
      range_targets: 3,
      outside_kjv: 1,
      unreadable: 0,
      min_votes_seen: -3,
      max_votes_seen: 675,
      materialised: 4,
      materialised_same_chapter: 0,
      chapters_with_references: 2,
    });
  });

  it('materialises only references with at least the floor whose verses are KJV slots, strongest first per verse', () => {
    const john3 = sectionFor(result.chapterSections, 'bible/john/3');
    assert.equal(john3.field, 'cross_references');
    assert.deepEqual(john3.value, [
      { from: 'John.3.14', to: 'Num.21.8-Num.21.9', votes: 120 },
      { from: 'John.3.16', to: '1John.4.9-1John.4.10', votes: 675 },
      { from: 'John.3.16', to: 'Num.21.9', votes: 35 },
    ]);
    assert.deepEqual(john3.sources, ['sources/openbible-cross-references']);
    assert.equal(result.chapterSections?.some((section) => section.chapter === 'bible/3-john/1'), false, '3 John 1:15 is not a KJV verse');
  });

  it('writes the references as markdown links to the target chapters, a range to the chapter it starts in', () => {
    const john3 = sectionFor(result.chapterSections, 'bible/john/3');
    assert.match(john3.body, /^## Cross references\n/);
    assert.ok(john3.body.includes('- [John 3:16 → 1 John 4:9–10](/bible/1-john/4) · 675 votes'));
    assert.ok(john3.body.indexOf('1 John 4:9–10') < john3.body.indexOf('Numbers 21:9]'), 'strongest first');
    assert.ok(sectionFor(result.chapterSections, 'bible/john/1').body.includes('[John 1:1 → Genesis 4:25–5:32](/bible/genesis/4) · 20 votes'));
  });

  it('moves the floor with the option', () => {
    const higher = createCrossReferences({ parsed: parseCrossReferences(UPSTREAM), slots: SLOTS, minVotes: 100, source: SOURCE }, GENERATED);
    const john3 = sectionFor(higher.chapterSections, 'bible/john/3');
    assert.deepEqual((john3.value as readonly { votes: number }[]).map((reference) => reference.votes), [120, 675]);
    assert.equal(higher.files[0]?.content, result.files[0]?.content, 'the data file does not depend on the floor');
  });
});

describe('mergeChapterSections', () => {
  const chapter: BundleDocument = {
    id: 'bible/john/3',
    frontmatter: { type: 'Chapter', title: 'John 3', sources: [{ resource: 'sources/bsb' }], relations: [] },
    body: '# John 3\n\n**16** For God so loved the world …',
  };
  const section: ChapterSection = {
    chapter: 'bible/john/3',
    field: 'cross_references',
    value: [{ from: 'John.3.16', to: 'Num.21.9', votes: 35 }],
    body: '## Cross references\n\n- [John 3:16 → Numbers 21:9](/bible/numbers/21) · 35 votes',
    sources: ['sources/openbible-cross-references'],
  };

  it('adds the field after the existing keys, the section after the body and the section sources to the chapter', () => {
    const [merged] = mergeChapterSections([chapter], [section]);
    assert.deepEqual(Object.keys(merged?.frontmatter ?? {}), ['type', 'title', 'sources', 'relations', 'cross_references']);
    assert.deepEqual(merged?.frontmatter.sources, [{ resource: 'sources/bsb' }, { resource: 'sources/openbible-cross-references' }]);
    assert.equal(merged?.body, `${chapter.body}\n\n${section.body}`);
  });

  it('leaves documents without sections alone and refuses a field written twice', () => {
    const other: BundleDocument = { ...chapter, id: 'bible/john/4' };
    assert.equal(mergeChapterSections([other], [section])[0], other);
    assert.throws(() => mergeChapterSections([chapter], [section, section]), /two sections write the field 'cross_references'/);
  });
});
