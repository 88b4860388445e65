import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createThemeDocuments } from '../../packages/ingest/src/collections/themes.ts';
import type { KjvSlots } from '../../packages/ingest/src/kjv-slots.ts';
import { createOutline, type OutlineContext } from '../../packages/ingest/src/naves/outline.ts';
import { type CitedGroup, type CitedRange, parseReferenceList, type ReferenceSegment } from '../../packages/ingest/src/naves/references.ts';
import { formatTopicTitle, type NavesTopic, parseNavesTopics, parseOutline } from '../../packages/ingest/src/naves/topics.ts';

const GENERATED = { by: 'skg-ingest test', at: '2026-08-21T00:00:00.000Z' };

/** Verse counts for the books the cases cite: every chapter has 40 verses (enough for the cases). */
const SLOTS: KjvSlots = new Map(
  ['GEN', 'EXO', 'LEV', 'NUM', 'JOS', '1SA', '2KI', '1CH', 'PSA', 'SNG', 'ISA', 'MAT', 'MRK', 'LUK', 'JUD', '1JN', 'REV'].map((code) => [
    code,
    Array.from({ length: code === 'MRK' ? 16 : code === 'JUD' ? 1 : 150 }, () => 40),
  ]),
);

function formatRanges(ranges: readonly CitedRange[]): string {
  const [first] = ranges;
  if (!first) return '';
  if (first.start.verse === undefined) return first.end ? `${first.start.chapter}-${first.end.chapter}` : `${first.start.chapter}`;
  const items = ranges.map((range) => {
    if (!range.end) return `${range.start.verse}`;
    if (range.end.chapter !== range.start.chapter) return `${range.start.verse}-${range.end.chapter}:${range.end.verse}`;
    return `${range.start.verse}-${range.end.verse}`;
  });
  return `${first.start.chapter}:${items.join(',')}`;
}

/** Segments as one string: references `{EXO 6:16-20}`, text `«; »`. */
function show(segments: readonly ReferenceSegment[]): string {
  return segments.map((segment) => (segment.kind === 'text' ? `«${segment.text}»` : `{${formatGroup(segment.group)}}`)).join('');
}

function formatGroup(group: CitedGroup): string {
  return `${group.book.usfm} ${formatRanges(group.ranges)}`;
}

describe("parseReferenceList (Nave's reference lists)", () => {
  it('reads books, verses, comma lists, ranges and chapters, carrying the book over after a semicolon', () => {
    const cases: Array<[string, string]> = [
      ['EXO 6:16-20; JOS 21:4,10; 1CH 6:2,3; 23:13', '{EXO 6:16-20}«; »{JOS 21:4,10}«; »{1CH 6:2,3}«; »{1CH 23:13}'],
      ['Lineage of EXO 6:16-20', '«Lineage of »{EXO 6:16-20}'],
      ['EXO 28; 29; LEV 8', '{EXO 28}«; »{EXO 29}«; »{LEV 8}'],
      ['1CH 6:3-15,50-53; 24', '{1CH 6:3-15,50-53}«; »{1CH 24}'],
      ['GEN 4:25-5:32', '{GEN 4:25-5:32}'],
      ['GEN 1-3; PSA 23', '{GEN 1-3}«; »{PSA 23}'],
      ['PSA 77:20; 105:26; MIC 6:4', '{PSA 77:20}«; »{PSA 105:26}«; »{MIC 6:4}'],
      ['EXO 6:3, 7:2', '{EXO 6:3}«, »{EXO 7:2}'],
      ['EXO 28, 29', '{EXO 28}«, »{EXO 29}'],
      ['MAT 5:3,4, LUK 6:20', '{MAT 5:3,4}«, »{LUK 6:20}'],
      ['1SA 22:20-23; with 22:6-19', '{1SA 22:20-23}«; with »{1SA 22:6-19}'],
      ['So 5:3; Jude 1:21; 1JHN 2:1', '{SNG 5:3}«; »{JUD 1:21}«; »{1JN 2:1}'],
      ['R. V., margin) Isa. 13:21; 34:14.', '«R. V., margin) »{ISA 13:21}«; »{ISA 34:14}«.»'],
      ['Hoshea to So 2KI 17:4', '«Hoshea to So »{2KI 17:4}'],
      ['See PRIEST, HIGH', '«See PRIEST, HIGH»'],
      ['Job the patriarch JOB 1:1', '«Job the patriarch »{JOB 1:1}'],
      ['UNCLASSIFIED SCRIPTURES RELATING TO JOB 5:8-20; 9:2-35', '«UNCLASSIFIED SCRIPTURES RELATING TO »{JOB 5:8-20}«; »{JOB 9:2-35}'],
      ['Of the feet GEN 18:4; 19:2; JDG 19:21', '«Of the feet »{GEN 18:4}«; »{GEN 19:2}«; »{JDG 19:21}'],
      ['Called thereafter "the city of David," 2SA 5:7,9', '«Called thereafter "the city of David," »{2SA 5:7,9}'],
    ];
    for (const [input, expected] of cases) assert.equal(show(parseReferenceList(input)), expected, input);
  });

  it('gives back the line when the segments are joined', () => {
    const line = 'Murmured against, by the people EXO 5:20,21; 16:2-10; NUM 14:2-5,10; with 16:3';
    const joined = parseReferenceList(line)
      .map((segment) => (segment.kind === 'text' ? segment.text : segment.group.source))
      .join('');
    assert.equal(joined, line);
  });
});

describe("Nave's topics", () => {
  it('reads the CSV with multi-line quoted entries and outline depth in steps of five spaces', () => {
    const topics = parseNavesTopics(
      '\uFEFFsection,subject,entry\nA,ABDON,"-1. A judge JDG 12:13-15\n     -See ACHBOR\n          -Deeper\n-2. A city JOS 21:30"\nA,ABBA,-Father MRK 14:36\n',
    );
    assert.deepEqual(
      topics.map((topic) => topic.subject),
      ['ABDON', 'ABBA'],
    );
    assert.deepEqual(topics[0]?.lines, [
      { depth: 0, text: '1. A judge JDG 12:13-15' },
      { depth: 1, text: 'See ACHBOR' },
      { depth: 2, text: 'Deeper' },
      { depth: 0, text: '2. A city JOS 21:30' },
    ]);
    assert.deepEqual(parseOutline('-One\n\n     -Two'), [
      { depth: 0, text: 'One' },
      { depth: 1, text: 'Two' },
    ]);
  });

  it('turns subjects in capitals into readable titles', () => {
    const cases: Array<[string, string]> = [
      ['AARON', 'Aaron'],
      ['PRIEST, HIGH', 'Priest, High'],
      ['DECISION, VALLEY OF', 'Decision, Valley of'],
      ['BEN-DEKAR (R. V.)', 'Ben-Dekar (R. V.)'],
      ['ANGEL (a spirit)', 'Angel (a spirit)'],
      ["EUCHARIST (THE LORD'S SUPPER)", "Eucharist (The Lord's Supper)"],
      ['JESUS, THE CHRIST', 'Jesus, the Christ'],
    ];
    for (const [subject, title] of cases) assert.equal(formatTopicTitle(subject), title, subject);
  });
});

describe('createOutline', () => {
  const context: OutlineContext = {
    slots: SLOTS,
    self: 'themes/aaron',
    resolveSubject: (key) =>
      ({
        'PRIEST': { id: 'themes/priest', title: 'Priest' },
        'ACHBOR': { id: 'themes/achbor', title: 'Achbor' },
        'AARON': { id: 'themes/aaron', title: 'Aaron' },
      })[key],
  };

  it('links every reference to its chapter and cites the first verse of each range', () => {
    const outline = createOutline(parseOutline('-Lineage of EXO 6:16-20; 1CH 6:2,3; 23:13\n     -Later GEN 4:25-5:32'), context);
    assert.equal(
      outline.markdown,
      [
        '- Lineage of [Exodus 6:16–20](/bible/exodus/6); [1 Chronicles 6:2, 3](/bible/1-chronicles/6); [1 Chronicles 23:13](/bible/1-chronicles/23)',
        '  - Later [Genesis 4:25–5:32](/bible/genesis/4)',
      ].join('\n'),
    );
    assert.deepEqual(outline.citations, [
      { chapter: 'bible/exodus/6', from: 'Exod.6.16' },
      { chapter: 'bible/1-chronicles/6', from: '1Chr.6.2' },
      { chapter: 'bible/1-chronicles/6', from: '1Chr.6.3' },
      { chapter: 'bible/1-chronicles/23', from: '1Chr.23.13' },
      { chapter: 'bible/genesis/4', from: 'Gen.4.25' },
      { chapter: 'bible/genesis/5', from: 'Gen.5.1' },
    ]);
    assert.equal(outline.references, 4);
  });

  it('anchors a whole chapter at its first verse and spells Psalms as a psalm', () => {
    const outline = createOutline(parseOutline('-Songs PSA 23; EXO 28-29'), context);
    assert.equal(outline.markdown, '- Songs [Psalm 23](/bible/psalms/23); [Exodus 28–29](/bible/exodus/28)');
    assert.deepEqual(
      outline.citations.map((citation) => citation.from),
      ['Ps.23.1', 'Exod.28.1', 'Exod.29.1'],
    );
  });

  it('links "See X" to the theme X (or the longest leading part that is one), never to itself', () => {
    const outline = createOutline(parseOutline('-See PRIEST, HIGH\n-Also called ACHBOR\n-See AARON\n-See NOBODY'), context);
    assert.equal(
      outline.markdown,
      ['- See [Priest, High](/themes/priest)', '- Also called [Achbor](/themes/achbor)', '- See AARON', '- See NOBODY'].join('\n'),
    );
    assert.deepEqual(outline.seeAlso, ['themes/priest', 'themes/achbor']);
    assert.deepEqual(outline.unresolved, ['NOBODY']);
  });

  it('keeps references that name no chapter or verse as text and reports them', () => {
    const outline = createOutline(parseOutline('-Miracles MRK 18:42,43; JUD 1:99'), context);
    assert.equal(outline.markdown, '- Miracles MRK 18:42,43; JUD 1:99');
    assert.deepEqual(outline.citations, []);
    assert.deepEqual(outline.problems, ['MRK 18:42,43: Mark has 16 chapters', 'JUD 1:99: Jude 1 has 40 verses']);
  });

  it('escapes what markdown would read as a numbered list or a link', () => {
    const outline = createOutline(parseOutline('-1. A judge [sic] JOS 21:30'), context);
    assert.equal(outline.markdown, '- 1\\. A judge \\[sic\\] [Joshua 21:30](/bible/joshua/21)');
  });
});

describe('createThemeDocuments', () => {
  const topic = (subject: string, entry: string): NavesTopic => ({ section: subject.charAt(0), subject, lines: parseOutline(entry) });

  it('writes one Theme per subject with develops relations on the chapters it cites', () => {
    const result = createThemeDocuments(
      [
        topic('ABADDON', '-The angel of the bottomless pit REV 9:11'),
        topic('ABARIM', '-See NEBO'),
        topic('NEBO', '-A mountain DEU 32:49'),
        topic('ALPHEUS (ALPHAEUS)', '-Father of James MAT 10:3; 10:3'),
      ],
      new Map([...SLOTS, ['DEU', Array.from({ length: 34 }, () => 60)]]),
      GENERATED,
    );
    assert.deepEqual(
      result.documents.map((document) => document.id),
      ['themes/abaddon', 'themes/abarim', 'themes/alpheus-alphaeus', 'themes/nebo'],
    );
    const abaddon = result.documents[0]?.frontmatter;
    assert.equal(abaddon?.type, 'Theme');
    assert.equal(abaddon?.title, 'Abaddon');
    assert.equal(abaddon?.description, 'The angel of the bottomless pit');
    assert.deepEqual(abaddon?.sources, [{ resource: 'sources/bibledata' }]);
    assert.deepEqual(result.documents[1]?.frontmatter.tags, ['cross-reference-only']);
    assert.equal(result.documents[1]?.frontmatter.description, "Nave's Topical Bible: see Nebo");
    assert.match(result.documents[1]?.body ?? '', /See \[Nebo\]\(\/themes\/nebo\)/);
    assert.deepEqual(result.documents[2]?.frontmatter.aliases, ['Alphaeus']);
    assert.deepEqual(result.chapterRelations, [
      { chapter: 'bible/revelation/9', relation: { predicate: 'develops', target: 'themes/abaddon', from: 'Rev.9.11', source: 'sources/bibledata' } },
      { chapter: 'bible/deuteronomy/32', relation: { predicate: 'develops', target: 'themes/nebo', from: 'Deut.32.49', source: 'sources/bibledata' } },
      { chapter: 'bible/matthew/10', relation: { predicate: 'develops', target: 'themes/alpheus-alphaeus', from: 'Matt.10.3', source: 'sources/bibledata' } },
    ]);
    assert.deepEqual(result.report.written, { Theme: 4 });
  });

  it('gives a subject whose slug is a reserved file name (log.md, index.md) a slug that does not clash, in every link to it', () => {
    const result = createThemeDocuments(
      [topic('LOG', '-A measure for liquids, holding about a pint LEV 14:10'), topic('INDEX', '-A pointer GEN 1:1'), topic('OIL', '-See LOG')],
      SLOTS,
      GENERATED,
    );
    assert.deepEqual(
      result.documents.map((document) => document.id),
      ['themes/index-theme', 'themes/log-measure', 'themes/oil'],
    );
    assert.deepEqual(
      result.chapterRelations?.map(({ relation }) => relation.target),
      ['themes/log-measure', 'themes/index-theme'],
    );
    assert.match(result.documents[2]?.body ?? '', /See \[Log\]\(\/themes\/log-measure\)/);
    assert.match(result.files?.[0]?.content ?? '', /\[Log\]\(\/themes\/log-measure\)/);
  });

  it('numbers a subject whose slug an earlier subject already has', () => {
    const result = createThemeDocuments([topic('BETH-EL', '-A city GEN 12:8'), topic('BETH EL', '-Same GEN 12:8')], SLOTS, GENERATED);
    assert.deepEqual(
      result.documents.map((document) => document.id),
      ['themes/beth-el', 'themes/beth-el-2'],
    );
    assert.equal(result.report.counts['slugs given a number'], 1);
  });
});
