import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getPredicate } from '@skg/core';
import { parseKjvSlots } from '@skg/ingest';
import { createPeopleTable, type PeopleInput } from '../../packages/ingest/src/bibledata/people.ts';
import { parseBibleDataReference } from '../../packages/ingest/src/bibledata/reference.ts';
import { foldRelationships, RELATIONSHIP_WORDS, type RelationshipRow } from '../../packages/ingest/src/bibledata/relationships.ts';
import { getLexemeId, parseStrongsNumbers } from '../../packages/ingest/src/bibledata/strongs.ts';
import { createPeopleDocuments } from '../../packages/ingest/src/collections/people.ts';
import { assignSlugs } from '../../packages/ingest/src/internal/assign-slugs.ts';

const generated = { by: 'skg-ingest test', at: '2026-01-01T00:00:00.000Z' };

let sequence = 0;
function row(person1: string, word: string, person2: string, category = 'explicit', reference = 'GEN 1:1', notes = ''): RelationshipRow {
  sequence++;
  return { id: `${person1}:${person2}:${sequence}`, sequence, person1, word, person2, category, reference, notes };
}

/** The folded edges as `subject predicate object (note)` lines, for readable assertions. */
function fold(rows: RelationshipRow[]): string[] {
  return foldRelationships(rows).relations.map((edge) => `${edge.subject} ${edge.predicate} ${edge.object}${edge.note ? ` (${edge.note})` : ''}`);
}

describe('foldRelationships', () => {
  it('stores a father/son pair once, as parent-of on the father', () => {
    const result = foldRelationships([row('Abram_1', 'father', 'Isaac_1'), row('Isaac_1', 'son', 'Abram_1')]);
    assert.deepEqual(result.relations.map((edge) => [edge.subject, edge.predicate, edge.object]), [['Abram_1', 'parent-of', 'Isaac_1']]);
    assert.equal(result.folded, 1, 'the son row restates the father row');
  });

  it('folds each word pair to one edge in the vocabulary direction', () => {
    const cases: Array<[RelationshipRow[], string[], string]> = [
      [[row('Sarai_1', 'mother', 'Isaac_1'), row('Isaac_1', 'son', 'Sarai_1')], ['Sarai_1 parent-of Isaac_1 (mother)'], 'mother/son'],
      [[row('Dinah_1', 'daughter', 'Jacob_1')], ['Jacob_1 parent-of Dinah_1'], 'a daughter row alone is stored on the parent'],
      [[row('Aaron_1', 'ancestor', 'Ezra_1'), row('Ezra_1', 'descendant', 'Aaron_1')], ['Aaron_1 ancestor-of Ezra_1'], 'ancestor/descendant'],
      [[row('Lois_1', 'grandmother', 'Timothy_1')], ['Lois_1 ancestor-of Timothy_1 (grandmother)'], 'grandmother'],
      [[row('Adam_1', 'husband', 'Eve_1'), row('Eve_1', 'wife', 'Adam_1')], ['Adam_1 spouse-of Eve_1'], 'husband/wife'],
      [[row('Abram_1', 'concubinator', 'Hagar_1'), row('Hagar_1', 'concubine', 'Abram_1')], ['Abram_1 concubine-of Hagar_1'], 'concubine: its own predicate, not spouse-of'],
      [[row('Moses_1', 'brother', 'Aaron_1'), row('Aaron_1', 'brother', 'Moses_1')], ['Aaron_1 sibling-of Moses_1'], 'symmetric: on the smaller id'],
      [[row('Amnon_1', 'half-brother', 'Tamar_2'), row('Tamar_2', 'half-sister', 'Amnon_1')], ['Amnon_1 sibling-of Tamar_2 (half-sibling)'], 'half siblings'],
      [[row('Cain_1', 'killer', 'Abel_1'), row('Abel_1', 'killed by', 'Cain_1')], ['Cain_1 killed Abel_1'], 'killer/killed by'],
      [[row('Joab_1', 'killer', 'Abner_1'), row('Abner_1', 'victim', 'Joab_1')], ['Joab_1 killed Abner_1'], 'killer/victim'],
      [[row('Shechem_1', 'raper', 'Dinah_1'), row('Dinah_1', 'victim', 'Shechem_1')], ['Shechem_1 raped Dinah_1'], 'raper/victim'],
      [[row('Elisha_1', 'master', 'Gehazi_1'), row('Gehazi_1', 'servant', 'Elisha_1')], ['Elisha_1 master-of Gehazi_1'], 'master/servant'],
      [
        [row('YHVH_1', 'master', 'Simon_1'), row('YHVH_1', 'rabbi', 'Simon_1'), row('Simon_1', 'disciple', 'YHVH_1'), row('Simon_1', 'apostle', 'YHVH_1')],
        ['Simon_1 apostle-of YHVH_1', 'YHVH_1 teacher-of Simon_1'],
        'a master of disciples is a teacher',
      ],
      [[row('Jabin_1', 'king', 'Sisera_1'), row('Sisera_1', 'army commander', 'Jabin_1')], ['Jabin_1 superior-of Sisera_1 (army commander)'], 'king/army commander'],
      [[row('Naomi_1', 'mother-in-law', 'Ruth_1')], ['Naomi_1 parent-in-law-of Ruth_1 (mother-in-law)'], 'mother-in-law'],
      [[row('Mary_1', 'bearer', 'YHVH_1'), row('YHVH_1', 'born by', 'Mary_1')], ['Mary_1 bore YHVH_1'], 'bearer/born by'],
    ];
    for (const [rows, expected, name] of cases) assert.deepEqual(fold(rows), expected, name);
  });

  it('never stores child-of, whatever the word', () => {
    const rows = Object.keys(RELATIONSHIP_WORDS).flatMap((word) => [row('A_1', word, 'B_1'), row('B_1', word, 'A_1')]);
    const predicates = new Set(foldRelationships(rows).relations.map((edge) => edge.predicate));
    assert.ok(!predicates.has('child-of'));
    for (const predicate of predicates) assert.ok(getPredicate(predicate), `${predicate} is in the vocabulary`);
  });

  it('maps every one of the 57 relationship words of the pinned data', () => {
    assert.equal(Object.keys(RELATIONSHIP_WORDS).length, 57);
  });

  it('counts words it does not know instead of guessing', () => {
    const result = foldRelationships([row('A_1', 'godfather', 'B_1'), row('A_1', 'godfather', 'C_1')]);
    assert.deepEqual(result.relations, []);
    assert.deepEqual([...result.unmapped], [['godfather', 2]]);
  });

  it('drops ancestor-of where the same two people are parent-of, and folds repeated rows', () => {
    const result = foldRelationships([
      row('Ephraim_1', 'father', 'Ammihud_1'),
      row('Ephraim_1', 'ancestor', 'Ammihud_1'),
      row('Ammihud_1', 'descendant', 'Ephraim_1'),
      row('Uriah_2', 'father', 'Meremoth_1'),
      row('Uriah_2', 'father', 'Meremoth_1'),
    ]);
    assert.deepEqual(result.relations.map((edge) => `${edge.subject} ${edge.predicate} ${edge.object}`), ['Ephraim_1 parent-of Ammihud_1', 'Uriah_2 parent-of Meremoth_1']);
    assert.equal(result.superseded, 1);
  });

  it('cites the most certain row first and keeps the source notes', () => {
    const [edge] = foldRelationships([
      row('Judah_1', 'father', 'Er_1', 'inferred', 'GEN 38:3'),
      row('Er_1', 'son', 'Judah_1', 'explicit', 'GEN 38:6', 'the firstborn'),
    ]).relations;
    assert.equal(edge?.rows[0]?.reference, 'GEN 38:6');
    assert.equal(edge?.note, 'father; the firstborn');
  });

  it('orients symmetric edges by the sort key it is given (the document id)', () => {
    const ids = new Map([['Zeb_1', 'people/a-zeb'], ['Abe_1', 'people/z-abe']]);
    const [edge] = foldRelationships([row('Abe_1', 'wife', 'Zeb_1')], (id) => ids.get(id) ?? id).relations;
    assert.deepEqual([edge?.subject, edge?.object], ['Zeb_1', 'Abe_1']);
  });
});

describe('assignSlugs', () => {
  it('gives repeated names -2, -3 … in the order given, the first the plain slug', () => {
    const cases: Array<[string[], string[], string]> = [
      [['Adam'], ['adam'], 'a single name'],
      [['Jacob', 'Jacob', 'Jacob'], ['jacob', 'jacob-2', 'jacob-3'], 'three of one name'],
      [['Obed-edom', 'Obed edom'], ['obed-edom', 'obed-edom-2'], 'names that slug alike'],
      [['Judah', 'Judah 2', 'Judah'], ['judah', 'judah-2', 'judah-3'], 'a suffix another name owns is skipped'],
      [['the captain of the host of the LORD'], ['the-captain-of-the-host-of-the-lord'], 'long names'],
      [['???'], ['unnamed'], 'nothing sluggable'],
    ];
    for (const [names, expected, name] of cases) assert.deepEqual(assignSlugs(names, (item) => item), expected, name);
  });
});

describe('BibleData references and Strong numbers', () => {
  it('parses references, the first of a list, and known book-code typos', () => {
    const cases: Array<[string, string | undefined]> = [
      ['GEN 1:1', 'Gen.1.1'],
      ['1SA 3:10', '1Sam.3.10'],
      ['EXO 6:18, NUM 26:58', 'Exod.6.18'],
      ['NAH 1:1', 'Nah.1.1'],
      ['PSA 3:0', 'Ps.3.0'],
      ['XYZ 1:1', undefined],
      ['', undefined],
    ];
    for (const [text, osis] of cases) assert.equal(parseBibleDataReference(text)?.osis, osis, text);
  });

  it("reads Strong's numbers from label cells and points at lowercase lexeme ids", () => {
    assert.deepEqual(parseStrongsNumbers('H4428, H3063'), ['H4428', 'H3063']);
    assert.deepEqual(parseStrongsNumbers('H3068 H430'), ['H3068', 'H430']);
    assert.deepEqual(parseStrongsNumbers('none'), []);
    assert.deepEqual(parseStrongsNumbers('G0025'), ['G25']);
    assert.equal(getLexemeId('H430'), 'lexemes/h430');
    assert.equal(getLexemeId('H5867a'), 'lexemes/h5867');
    assert.equal(getLexemeId('G2316'), 'lexemes/g2316');
  });
});

const PERSON_HEADER = 'person_id,person_name,surname,unique_attribute,sex,tribe,person_notes,name_instance,person_sequence';

function createInput(): PeopleInput {
  const csvRows = (header: string, lines: string[]) => {
    const columns = header.split(',');
    return lines.map((line) => Object.fromEntries(line.split('|').map((value, index) => [columns[index] as string, value])));
  };
  return {
    persons: csvRows(PERSON_HEADER, [
      'YHVH_1|YHVH||Holy|male||||1|1',
      'Abram_1|Abram||son of Terah|male|||1|103',
      'Sarai_1|Sarai||wife of Abram|female|||1|107',
      'Isaac_1|Isaac||son of Abraham and Sarah|male|||1|128',
      'Isaac_2|Isaac||a second Isaac, for the test|male|Levi||2|900',
    ]),
    labels: csvRows(
      'person_label_id,person_id,english_label,hebrew_label,hebrew_label_transliterated,hebrew_label_meaning,hebrew_strongs_number,greek_label,greek_label_transliterated,greek_label_meaning,greek_strongs_number,label_reference_id,label_type,label-given_by_god,label_notes,person_label_count,label_sequence',
      [
        'Abram_1_1|Abram_1|Abram|אַבְרָ֔ם|avəram|exalted father|H87|Αβραμ|Abram||none|GEN 11:27|proper name||||1',
        'Abram_1_2|Abram_1|Abraham|אַבְרָהָ֔ם|avəraham|father of many|H85|Αβρααμ|Abraam||G11|GEN 17:5|proper name||||2',
        'YHVH_1_1|YHVH_1|G-d|אֱלֹהִים|elohiym|rulers|H430|θεός|THeos||G2316|GEN 1:1|title||||3',
      ],
    ),
    verses: csvRows('person_verse_id,reference_id,person_label_id,person_id,person_label,person_label_count,person_verse_sequence,person_verse_notes', [
      'a|GEN 1:1|Yhvh_1_1|Yhvh_1|G-d|1|1|',
      'b|GEN 1:2|NA|NA||0|2|',
      'c|GEN 1:3|Abram_1_1|Abram_1|Abram|1|3|',
      'd|PSA 3:0|Abram_1_2|Abram_1|Abraham|1|4|',
      'e|GEN 1:9|Abram_1_1|Abram_1|Abram|1|5|',
    ]),
    relationships: csvRows('person_relationship_id,person_relationship_sequence,person_id_1,relationship_type,person_id_2,relationship_category,reference_id,relationship_notes', [
      'r1|1|Abram_1|father|Isaac_1|explicit|GEN 17:19|',
      'r2|2|Isaac_1|son|Abram_1|explicit|GEN 17:19|',
      'r3|3|Sarai_1|mother|Isaac_1|explicit|GEN 17:19|',
      'r4|4|Isaac_1|son|Sarai_1|explicit|GEN 17:19|',
    ]),
    slots: parseKjvSlots(
      'reference_id,book_id,usx_code,chapter,verse,verse_sequence\n' +
        [
          ...Array.from({ length: 3 }, (_, verse) => `GEN 1:${verse + 1},1,GEN,1,${verse + 1},0`),
          // Genesis 2–17: 30 verses each (the labels and relationships cite 11:27, 17:5 and 17:19).
          ...Array.from({ length: 16 * 30 }, (_, index) => `GEN ${2 + Math.floor(index / 30)}:${(index % 30) + 1},1,GEN,${2 + Math.floor(index / 30)},${(index % 30) + 1},0`),
          'PSA 1:1,19,PSA,1,1,0',
          'PSA 2:1,19,PSA,2,1,0',
          'PSA 3:1,19,PSA,3,1,0',
        ].join('\n'),
    ),
  };
}

describe('createPeopleTable and createPeopleDocuments', () => {
  const table = createPeopleTable(createInput());
  const result = createPeopleDocuments(table, new Set(['lexemes/h87', 'lexemes/h85', 'lexemes/g11']), generated);
  const doc = (id: string) => result.documents.find((document) => document.id === id);

  it('slugs people by name, the second of a name getting -2, and the persons of God by theirs', () => {
    assert.deepEqual([...table.documentIds], [
      ['YHVH_1', 'people/god'],
      ['YHVH_1:Jesus', 'people/jesus'],
      ['Holy_Spirit', 'people/holy-spirit'],
      ['Abram_1', 'people/abram'],
      ['Sarai_1', 'people/sarai'],
      ['Isaac_1', 'people/isaac'],
      ['Isaac_2', 'people/isaac-2'],
    ]);
  });

  it('stores parent-of on each parent and nothing on the child', () => {
    assert.deepEqual(doc('people/abram')?.frontmatter.relations, [
      { predicate: 'parent-of', target: 'people/isaac', from: 'Gen.17.19', note: 'father', source: 'sources/bibledata' },
      { predicate: 'named-by', target: 'lexemes/h87', from: 'Gen.11.27', note: 'Abram', source: 'sources/bibledata' },
      { predicate: 'named-by', target: 'lexemes/h85', from: 'Gen.17.5', note: 'Abraham', source: 'sources/bibledata' },
      { predicate: 'named-by', target: 'lexemes/g11', from: 'Gen.17.5', note: 'Abraham', source: 'sources/bibledata' },
    ]);
    assert.deepEqual(doc('people/sarai')?.frontmatter.relations, [
      { predicate: 'parent-of', target: 'people/isaac', from: 'Gen.17.19', note: 'mother', source: 'sources/bibledata' },
    ]);
    assert.deepEqual(doc('people/isaac')?.frontmatter.relations, []);
  });

  it('writes the Person extension fields, aliases and name variants', () => {
    const abram = doc('people/abram')?.frontmatter;
    assert.equal(abram?.type, 'Person');
    assert.equal(abram?.sex, 'male');
    assert.equal(abram?.verse_count, 2);
    assert.equal(abram?.first_reference, 'Gen.1.3');
    assert.equal(abram?.last_reference, 'Ps.3.1');
    assert.equal(abram?.bibledata_id, 'Abram_1');
    assert.deepEqual(abram?.aliases, ['Abraham']);
    assert.deepEqual(abram?.name_variants, ['אַבְרָם', 'avəram', 'Αβραμ', 'Abram', 'H87', 'אַבְרָהָם', 'avəraham', 'Αβρααμ', 'Abraam', 'H85', 'G11']);
    assert.deepEqual(doc('people/isaac-2')?.frontmatter.tags, ['male', 'tribe-levi']);
  });

  it('anchors a mention to its verse, a Psalm title to verse 1, and resolves ids case-insensitively', () => {
    assert.deepEqual(
      result.chapterRelations?.map(({ chapter, relation }) => [chapter, relation.target, relation.from, relation.surface, relation.note]),
      [
        ['bible/genesis/1', 'people/god', 'Gen.1.1', 'God', undefined],
        ['bible/genesis/1', 'people/abram', 'Gen.1.3', 'Abram', undefined],
        ['bible/psalms/3', 'people/abram', 'Ps.3.1', 'Abraham', 'Psalm title'],
      ],
    );
    assert.ok(result.report.skipped.some((skip) => skip.reason.includes('placeholder') && skip.count === 1));
    assert.ok(result.report.skipped.some((skip) => skip.reason === 'verse outside the KJV slots' && skip.count === 1), 'GEN 1:9 is not a slot here');
  });
});

describe('references outside the KJV verse slots', () => {
  const input = createInput();
  const labelColumns = Object.keys(input.labels[0] ?? {});
  const label = (values: string) => Object.fromEntries(values.split('|').map((value, index) => [labelColumns[index] as string, value]));
  const relationColumns = Object.keys(input.relationships[0] ?? {});
  const relation = (values: string) => Object.fromEntries(values.split('|').map((value, index) => [relationColumns[index] as string, value]));
  const table = createPeopleTable({
    ...input,
    labels: [
      ...input.labels,
      // BibleData's Artaxerxes_1_5 cites EZR 13:6 (Ezra has 10 chapters; the verse is Nehemiah 13:6).
      label('Isaac_1_1|Isaac_1|King of Babylon|מֶלֶךְ בָּבֶל|melek bavel|king of Babel|H4428, H894|||||GEN 40:6|title||||4'),
      label('Isaac_1_2|Isaac_1|Isaac|יִצְחָק|yitschaq|he laughs|H3327|||||GEN 17:45|proper name||||5'),
      label('Isaac_1_3|Isaac_1|Singer|שִׁיר|shir|song|H7891|||||PSA 3:0|title||||6'),
    ],
    relationships: [...input.relationships, relation('r5|5|Abram_1|husband|Sarai_1|explicit|GEN 45:52|')],
  });
  const result = createPeopleDocuments(table, new Set(['lexemes/h3327']), generated);
  const doc = (id: string) => result.documents.find((document) => document.id === id);

  it('drops a label reference that names no KJV verse, and anchors a Psalm title (verse 0) to verse 1', () => {
    const labels = table.labels.get('Isaac_1') ?? [];
    assert.deepEqual(labels.map((item) => item.reference?.osis), [undefined, undefined, 'Ps.3.1']);
    assert.doesNotMatch(doc('people/isaac')?.body ?? '', /genesis\/40|genesis\/17\b.*Genesis 17:45/);
    assert.doesNotMatch(doc('people/isaac')?.body ?? '', /Genesis 40:6/);
    assert.deepEqual(
      (doc('people/isaac')?.frontmatter.relations as { from?: string }[]).map((item) => item.from),
      [undefined],
      'the named-by link has no verse',
    );
  });

  it('drops a relationship reference that names no KJV verse', () => {
    const spouse = (doc('people/abram')?.frontmatter.relations as { predicate: string; from?: string }[]).find((item) => item.predicate === 'spouse-of');
    assert.ok(spouse);
    assert.equal(spouse.from, undefined);
  });

  it('says so in the report', () => {
    const skipped = Object.fromEntries(result.report.skipped.map((item) => [`${item.what}: ${item.reason}`, item.count]));
    assert.equal(skipped['label references: verse outside the KJV slots'], 2);
    assert.equal(skipped['relationship references: verse outside the KJV slots'], 1);
    assert.ok(result.report.warnings.some((warning) => warning.includes('GEN 40:6')));
    assert.ok(result.report.warnings.some((warning) => warning.includes('GEN 45:52')));
  });
});
