import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseKjvSlots } from '@skg/ingest';
import { createPeopleTable } from '../../packages/ingest/src/bibledata/people.ts';
import { createBibleDataPlaces } from '../../packages/ingest/src/bibledata/places.ts';
import { parseOsisVerse } from '../../packages/ingest/src/bibledata/reference.ts';
import { createEpochDocuments, getEpochSlugBase } from '../../packages/ingest/src/collections/epochs.ts';
import { createEventDocuments } from '../../packages/ingest/src/collections/events.ts';
import { createRelationsSchema } from '../../packages/ingest/src/collections/relations-schema.ts';
import { createPlaceTable } from '../../packages/ingest/src/geocoding/places.ts';
import { formatDuration, formatYear, groupByChapter, parseStartYear } from '../../packages/ingest/src/theographic/events.ts';
import { createMatcher, isSimilarName } from '../../packages/ingest/src/theographic/match.ts';
import { createVerseDecoder } from '../../packages/ingest/src/theographic/verses.ts';
import { PREDICATES } from '@skg/core';

const generated = { by: 'skg-ingest test', at: '2026-01-01T00:00:00.000Z' };

const slots = parseKjvSlots(
  'reference_id,book_id,usx_code,chapter,verse,verse_sequence\n' +
    [1, 2]
      .flatMap((chapter) => Array.from({ length: 4 }, (_, verse) => `GEN ${chapter}:${verse + 1},1,GEN,${chapter},${verse + 1},0`))
      .join('\n'),
);

function csvRows(header: string, lines: string[]) {
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split('|').map((value, index) => [columns[index] as string, value])));
}

const set = (...verses: string[]) => new Set(verses);

describe('createMatcher', () => {
  const matcher = createMatcher([
    { id: 'people/lucius', names: ['Lucius'], verses: set('Acts.13.1') },
    { id: 'people/lucius-2', names: ['Lucius'], verses: set('Rom.16.21') },
    { id: 'people/elizabeth', names: ['Elizabeth'], verses: set('Luke.1.5', 'Luke.1.7', 'Luke.1.13') },
    { id: 'people/zacharias', names: ['Zacharias'], verses: set('Luke.1.5', 'Luke.1.13', 'Luke.1.18', 'Luke.1.21') },
    { id: 'people/matthew', names: ['Matthew'], verses: set('Matt.9.9', 'Matt.10.3') },
    { id: 'people/james-2', names: ['James', 'Levi'], verses: set('Mark.2.14', 'Luke.5.27', 'Matt.10.3') },
    { id: 'places/migdol', names: ['Migdol'], verses: set('Exod.14.2'), lat: 30.9, lon: 32.3 },
    { id: 'places/migdol-2', names: ['Migdol'], verses: set('Exod.14.2'), lat: 30.1, lon: 32.5 },
  ]);

  it('matches a name by the verses both sides give', () => {
    assert.deepEqual(matcher.match({ names: ['Lucius'], verses: set('Rom.16.21') }), { id: 'people/lucius-2', how: 'name' });
  });

  it("tries the record's own name before its other names", () => {
    assert.deepEqual(matcher.match({ names: ['Matthew', 'Levi'], verses: set('Matt.9.9', 'Mark.2.14', 'Luke.5.27', 'Matt.10.3') }), { id: 'people/matthew', how: 'name' });
  });

  it('breaks a tie between same-named places by distance, and leaves other ties ambiguous', () => {
    assert.deepEqual(matcher.match({ names: ['Migdol'], verses: set('Exod.14.2'), lat: 30.12, lon: 32.49 }), { id: 'places/migdol-2', how: 'name-and-place' });
    assert.deepEqual(matcher.match({ names: ['Lucius'], verses: set('Acts.13.1', 'Rom.16.21') }), { why: 'ambiguous' });
  });

  it('falls back to shared verses for a similar spelling, and refuses a different name', () => {
    assert.deepEqual(matcher.match({ names: ['Elisabeth'], verses: set('Luke.1.5', 'Luke.1.7', 'Luke.1.13') }), { id: 'people/elizabeth', how: 'verses' });
    assert.deepEqual(matcher.match({ names: ['Holy Spirit'], verses: set('Luke.1.5') }), { why: 'no-candidate' });
    assert.deepEqual(matcher.match({ names: ['Lucius'], verses: set() }), { why: 'no-verses' });
  });

  it('calls names similar by spelling or by a shared word', () => {
    const cases: Array<[string, string, boolean]> = [
      ['elisabeth', 'elizabeth', true],
      ['pharez', 'perez', true],
      ['herod agrippa i', 'herod', true],
      ['holy spirit', 'simon', false],
      ['', 'simon', false],
    ];
    for (const [a, b, expected] of cases) assert.equal(isSimilarName(a, b), expected, `${a} / ${b}`);
  });
});

describe('event helpers', () => {
  it('formats years, durations and start dates', () => {
    assert.equal(formatYear(-4003), '4004 BC');
    assert.equal(formatYear(33), 'AD 33');
    assert.equal(formatDuration('6D'), '6 days');
    assert.equal(formatDuration('1Y'), '1 year');
    assert.equal(formatDuration('3M10D'), '3 months 10 days');
    assert.equal(formatDuration('2.5Y'), '2.5 years');
    assert.equal(formatDuration('soon'), 'soon');
    assert.equal(parseStartYear('-4003'), -4003);
    assert.equal(parseStartYear('0033-05-15'), 33);
    assert.equal(parseStartYear(undefined), undefined);
  });

  it('groups verses by chapter, each anchored to its first verse', () => {
    const refs = ['Gen.2.3', 'Gen.1.2', 'Gen.1.1', 'Gen.2.1', 'Gen.1.1'].map((osis) => parseOsisVerse(osis)).filter((ref) => ref !== undefined);
    assert.deepEqual(
      groupByChapter(refs).map((chapter) => [chapter.chapterId, chapter.first.osis, chapter.verses.length]),
      [
        ['bible/genesis/1', 'Gen.1.1', 2],
        ['bible/genesis/2', 'Gen.2.1', 2],
      ],
    );
  });

  it('decodes Theographic verse ids by their position in the chapter', () => {
    const decoder = createVerseDecoder([{ id: 'recC', fields: { osisRef: 'Gen.1', verses: ['recA', 'recB'] } }]);
    assert.equal(decoder.get('recB')?.osis, 'Gen.1.2');
  });
});

describe('createEventDocuments', () => {
  const peopleTable = createPeopleTable({
    persons: csvRows('person_id,person_name,surname,unique_attribute,sex,tribe,person_notes,name_instance,person_sequence', ['Adam_1|Adam||first man|male|||1|2']),
    labels: [],
    verses: csvRows('person_verse_id,reference_id,person_label_id,person_id,person_label,person_label_count,person_verse_sequence,person_verse_notes', [
      'a|GEN 2:1|Adam_1_1|Adam_1|Adam|1|1|',
      'b|GEN 2:2|Adam_1_1|Adam_1|Adam|1|2|',
    ]),
    relationships: [],
    slots,
  });
  const placeTable = createPlaceTable({
    ancient: [{ id: 'a000001', name: 'Eden 1', lat: 31, lon: 47, modernId: 'm000001', verses: [{ osis: 'Gen.2.2' }] }],
    modern: [{ id: 'm000001', friendly_id: 'Eden', type: 'region', lonlat: '47,31', ancient_associations: { a000001: { name: 'Eden 1', score: 60 } } }],
    bibledata: createBibleDataPlaces({ places: [], labels: [], verses: [], slots }),
    slots,
  });
  const chapters = [
    { id: 'recCh1', fields: { osisRef: 'Gen.1', verses: ['v11', 'v12', 'v13', 'v14'] } },
    { id: 'recCh2', fields: { osisRef: 'Gen.2', verses: ['v21', 'v22', 'v23', 'v24'] } },
  ];
  const result = createEventDocuments(
    {
      events: [
        { id: 'recGarden', fields: { title: 'Adam in the garden', startDate: '-4003', duration: '1D', participants: ['recAdam', 'recNobody'], locations: ['recEden'], verses: ['v22', 'v21'], partOf: ['recCreation'], predecessor: ['recCreation'], sortKey: -4002.5, eventID: 2 } },
        { id: 'recCreation', fields: { title: 'Creation of all things', startDate: '-4003', duration: '6D', verses: ['v11', 'v12', 'v13', 'v21'], sortKey: -4002.9, eventID: 1 } },
      ],
      people: [
        { id: 'recAdam', fields: { personLookup: 'adam_78', name: 'Adam', verses: ['v21', 'v22'] } },
        { id: 'recNobody', fields: { personLookup: 'holy_spirit_7400', name: 'Holy Spirit', verses: ['v12'] } },
      ],
      places: [{ id: 'recEden', fields: { placeLookup: 'eden_369', kjvName: 'Eden', verses: ['v22'] } }],
      chapters,
      peopleTable,
      placeTable,
    },
    generated,
  );
  const doc = (id: string) => result.documents.find((document) => document.id === id)?.frontmatter;

  it('writes every event share-alike, under sa/events, tagged share-alike', () => {
    assert.deepEqual(result.documents.map((document) => document.id), ['sa/events/adam-in-the-garden', 'sa/events/creation-of-all-things']);
    for (const document of result.documents) {
      assert.equal(document.frontmatter.share_alike, true, document.id);
      assert.deepEqual(document.frontmatter.tags, ['share-alike'], document.id);
      assert.deepEqual(document.frontmatter.sources, [{ resource: 'sources/theographic' }], document.id);
    }
  });

  it('turns participants, locations, verses, partOf and predecessor into typed relations', () => {
    assert.deepEqual(doc('sa/events/adam-in-the-garden')?.relations, [
      { predicate: 'part-of', target: 'sa/events/creation-of-all-things', source: 'sources/theographic' },
      { predicate: 'follows', target: 'sa/events/creation-of-all-things', source: 'sources/theographic' },
      { predicate: 'involves', target: 'people/adam', source: 'sources/theographic' },
      { predicate: 'occurs-at', target: 'places/eden', source: 'sources/theographic' },
      { predicate: 'narrated-in', target: 'bible/genesis/2', from: 'Gen.2.1', verses: 2, source: 'sources/theographic' },
    ]);
    assert.deepEqual(
      (doc('sa/events/creation-of-all-things')?.relations as Array<Record<string, unknown>>).map((relation) => [relation.target, relation.from, relation.verses]),
      [
        ['bible/genesis/1', 'Gen.1.1', 3],
        ['bible/genesis/2', 'Gen.2.1', 1],
      ],
    );
  });

  it('keeps the narrative order and says when a participant could not be linked', () => {
    assert.equal(doc('sa/events/creation-of-all-things')?.sort_key, -4002.9);
    assert.equal(doc('sa/events/adam-in-the-garden')?.status, 'draft');
    assert.equal(doc('sa/events/creation-of-all-things')?.status, 'stable');
    assert.deepEqual(result.report.warnings, ["Theographic person 'Holy Spirit' (holy_spirit_7400): no-candidate"]);
  });
});

describe('createEpochDocuments', () => {
  const header =
    'epoch_id,epoch_name,epoch_description,epoch_type,person_id,start_year_ah,end_year_ah,period_length,start_year_calculation,start_year_offset,start_year_reference_id,end_year_calculation,end_year_reference_id,period_length_reference_id,epoch_notes';
  const rows = csvRows(header, [
    'Reign_of_Jeroboam|The reign of Jeroboam|Later king|Reign|Nobody_1|3200|3241|41||||||GEN 2:4|',
    'Life_of_Adam_1|The Life of Adam|Adam lived 930 years|Life|Adam_1|1|931|930|||GEN 1:2||GEN 2:3|GEN 2:3|',
    'Reign_of_Jeroboam|The reign of Jeroboam|First king|Reign||2990|3012|22|||||||',
  ]);
  const result = createEpochDocuments(rows, new Map([['Adam_1', 'people/adam']]), slots, generated);
  const doc = (id: string) => result.documents.find((document) => document.id === id)?.frontmatter;

  it('slugs epochs by name without the article, same names by start year', () => {
    assert.equal(getEpochSlugBase('The Life of Adam'), 'life-of-adam');
    assert.equal(doc('epochs/reign-of-jeroboam')?.start_year_ah, 2990);
    assert.equal(doc('epochs/reign-of-jeroboam-2')?.start_year_ah, 3200);
  });

  it('writes the Epoch extension fields, the epoch tag, involves and narrated-in', () => {
    const adam = doc('epochs/life-of-adam');
    assert.deepEqual([adam?.start_year_ah, adam?.end_year_ah, adam?.length_years, adam?.epoch_type, adam?.tags], [1, 931, 930, 'life', ['epoch-life']]);
    assert.deepEqual(adam?.relations, [
      { predicate: 'involves', target: 'people/adam', source: 'sources/bibledata' },
      { predicate: 'narrated-in', target: 'bible/genesis/1', from: 'Gen.1.2', note: 'start year', source: 'sources/bibledata' },
      { predicate: 'narrated-in', target: 'bible/genesis/2', from: 'Gen.2.3', note: 'end year, length', source: 'sources/bibledata' },
    ]);
    assert.ok(result.report.skipped.some((skip) => skip.what === 'person links' && skip.count === 1));
  });
});

describe('createEpochDocuments: corrections', () => {
  const header =
    'epoch_id,epoch_name,epoch_description,epoch_type,person_id,start_year_ah,end_year_ah,period_length,start_year_calculation,start_year_offset,start_year_reference_id,end_year_calculation,end_year_reference_id,period_length_reference_id,epoch_notes';
  const rows = csvRows(header, [
    'Reign_of_Ahaziah|The reign of Ahaziah|Ahaziah the son of Ahab became king over Israel (1KI 22:51)|Reign|Ahaziah_1|3109|3110|1|||1KI 22:51||1KI 22:51||',
    'Reign_of_Ahaziah|The reign of Ahaziah|Ahaziah the son of Jehoram king of Judah began to reign. (2KI 8:25)|Reign|Ahaziah_1|3109|3110|1|||1KI 22:51||1KI 22:51||',
    "Creation|The Creation|All of Creation was formed by G-d's spoken word. (GEN 1:1-31)|Unique|||||||||||",
  ]);
  const people = new Map([['Ahaziah_1', 'people/ahaziah'], ['Ahaziah_2', 'people/ahaziah-2']]);
  const result = createEpochDocuments(rows, people, slots, generated);
  const doc = (id: string) => result.documents.find((document) => document.id === id);

  it("gives Ahaziah of Judah his own reign, not a copy of Ahaziah of Israel's, so no narrated-in is stated twice", () => {
    assert.deepEqual(result.documents.map((document) => document.id).filter((id) => id.includes('ahaziah')), ['epochs/reign-of-ahaziah', 'epochs/reign-of-ahaziah-of-judah']);
    const judah = doc('epochs/reign-of-ahaziah-of-judah')?.frontmatter;
    assert.deepEqual([judah?.title, judah?.start_year_ah, judah?.end_year_ah, judah?.length_years], ['The reign of Ahaziah of Judah', 3121, 3121, 1]);
    assert.deepEqual((judah?.relations as Array<{ predicate: string; target: string }>)[0], { predicate: 'involves', target: 'people/ahaziah-2', source: 'sources/bibledata' });
    const israel = doc('epochs/reign-of-ahaziah')?.frontmatter;
    assert.equal((israel?.relations as Array<{ target: string }>)[0]?.target, 'people/ahaziah');
    const upstream = result.report.upstream?.find((finding) => finding.problem.startsWith('epoch rows repeating'));
    assert.equal(upstream?.count, 1);
  });

  it('writes God where BibleData writes G-d', () => {
    assert.match(doc('epochs/creation')?.body ?? '', /formed by God's spoken word/);
  });
});

describe('createRelationsSchema', () => {
  it('lists every predicate of the closed set with its inverse, symmetry, domain and range', () => {
    const [schema] = createRelationsSchema(PREDICATES, generated).documents;
    assert.equal(schema?.id, 'schema/relations');
    assert.equal(schema?.frontmatter.type, 'Relation Vocabulary');
    const listed = schema?.frontmatter.predicates as Array<Record<string, unknown>>;
    assert.deepEqual(listed.map((entry) => entry.id), PREDICATES.map((predicate) => predicate.id));
    assert.deepEqual(listed[0], {
      id: 'parent-of',
      heading: 'parent of',
      inverse: 'child-of',
      symmetric: false,
      domain: ['Person'],
      range: ['Person'],
      description: PREDICATES[0]?.description,
    });
    assert.match(schema?.body ?? '', /\| `parent-of` \| parent of \| `child-of` \| no \|/);
  });
});
