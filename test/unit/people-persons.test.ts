import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseKjvSlots } from '@skg/ingest';
import { attributeMention, attributeRelationship, findHolySpirit, GOD_ID, JESUS_ID } from '../../packages/ingest/src/bibledata/divine-persons.ts';
import { createDescriptions } from '../../packages/ingest/src/bibledata/descriptions.ts';
import { createPeopleTable, type PeopleInput } from '../../packages/ingest/src/bibledata/people.ts';
import { parseOsisVerse } from '../../packages/ingest/src/bibledata/reference.ts';
import { createSurfaceFinder, orderNames } from '../../packages/ingest/src/bibledata/surfaces.ts';
import { createPeopleDocuments } from '../../packages/ingest/src/collections/people.ts';
import { assignSlugs } from '../../packages/ingest/src/internal/assign-slugs.ts';

const generated = { by: 'skg-ingest test', at: '2026-01-01T00:00:00.000Z' };

describe('the persons of God', () => {
  it('attributes a YHVH_1 mention by its label and testament', () => {
    const cases: Array<[string, 'OT' | 'NT', string]> = [
      ['Jesus', 'NT', JESUS_ID],
      ['Son of Man', 'NT', JESUS_ID],
      ['The Word', 'NT', JESUS_ID],
      ['Lamb', 'NT', JESUS_ID],
      ['God', 'NT', GOD_ID],
      ['Lord', 'NT', GOD_ID],
      ['Savior', 'NT', GOD_ID],
      ['LORD', 'OT', GOD_ID],
      ['Wonderful Counselor', 'OT', GOD_ID],
      ['Son', 'OT', GOD_ID],
    ];
    for (const [label, testament, expected] of cases) assert.equal(attributeMention(label, testament), expected, `${label} in the ${testament}`);
  });

  it("gives YHVH_1's New Testament relationships to Jesus Christ and the rest to God", () => {
    assert.equal(attributeRelationship('NT'), JESUS_ID);
    assert.equal(attributeRelationship('OT'), GOD_ID);
    assert.equal(attributeRelationship(undefined), GOD_ID);
  });

  it('finds the Holy Spirit where the BSB writes Spirit with a capital', () => {
    const cases: Array<[string, string | undefined]> = [
      ['And they were all filled with the Holy Spirit and began to speak', 'Holy Spirit'],
      ['the Spirit of God was hovering over the surface of the waters', 'Spirit'],
      ['a distressing spirit from the LORD tormented him', undefined],
      ['the seven Spirits before His throne', undefined],
    ];
    for (const [text, expected] of cases) assert.equal(findHolySpirit(text), expected, text);
  });
});

describe('createSurfaceFinder', () => {
  const finder = createSurfaceFinder();

  it("finds a label or the person's other names as whole words", () => {
    const cases: Array<[string, string, string[], string | undefined, string]> = [
      ['For God so loved the world', 'God', [], 'God', 'the label as written'],
      ['In the time of Herod king of Judea', 'King of Judea', [], 'king of Judea', 'the label in another case: the verse’s own letters'],
      ['Then Abraham fell facedown', 'Abram', ['Abraham'], 'Abraham', 'another name of the person'],
      ['the light shines in the darkness', 'The Word', ['Light'], undefined, 'another name only in its own case'],
      ['the Godhead', 'God', [], undefined, 'never inside a word'],
      ['the LORD God of Israel', 'LORD God of Hosts', orderNames(['LORD', 'God of Israel', 'LORD']), 'God of Israel', 'the longest other name first'],
    ];
    for (const [text, label, others, expected, why] of cases) assert.equal(finder.findWritten(text, label, others), expected, why);
  });

  it('finds the BSB spelling of a KJV name, not another name', () => {
    const text = 'there was a priest named Zechariah, who belonged to the priestly division of Abijah';
    assert.equal(finder.findSpelling(text, 'Zacharias', new Set()), 'Zechariah');
    assert.equal(finder.findSpelling(text, 'Zacharias', new Set(['Zechariah'])), undefined, 'words another mention took');
    assert.equal(finder.findSpelling('the Jews were amazed', 'Jesus', new Set()), undefined, 'Jesus is not Jews');
    assert.equal(finder.findSpelling('Noah found favor', 'Noe', new Set()), undefined, 'labels under five letters are not guessed');
  });
});

describe('assignSlugs with alternatives', () => {
  it('tries a distinguishing name before a number', () => {
    const people = [
      { name: 'Jesus', other: ['Jesus Christ'] },
      { name: 'Jesus', other: ['Jesus Justus'] },
      { name: 'Jesus', other: [] },
    ];
    assert.deepEqual(assignSlugs(people, (p) => p.name, (p) => p.other), ['jesus', 'jesus-justus', 'jesus-3']);
  });
});

describe('createDescriptions', () => {
  const person = (id: string, title: string, attribute: string, sex = 'male') => ({ id, title, attribute, sex, first: parseOsisVerse('Luke.3.24') });

  it('opens a shared title with the family and leaves a unique one alone', () => {
    const people = [
      person('people/joseph-9', 'Joseph', 'in the lineage of Messiah (LUK 3:24)'),
      person('people/joseph-10', 'Joseph', 'in the lineage of Messiah (LUK 3:30)'),
      person('people/mattathias', 'Mattathias', 'in the lineage of Messiah (LUK 3:25)'),
      person('people/jeremiah', 'Jeremiah', 'the prophet (2CH 36:12), son of Hilkiah (JER 1:1)'),
      person('people/jeremiah-2', 'Jeremiah', ''),
      person('people/hilkiah', 'Hilkiah', 'father of Jeremiah'),
    ];
    const descriptions = createDescriptions(people, [
      { predicate: 'parent-of', subject: 'people/mattathias', object: 'people/joseph-9', note: 'father' },
      { predicate: 'parent-of', subject: 'people/hilkiah', object: 'people/jeremiah', note: 'father' },
    ]);
    assert.equal(descriptions.get('people/joseph-9'), 'son of Mattathias; in the lineage of Messiah (LUK 3:24)');
    assert.equal(descriptions.get('people/joseph-10'), 'named in Luke 3:24; in the lineage of Messiah (LUK 3:30)');
    assert.equal(descriptions.get('people/mattathias'), 'in the lineage of Messiah (LUK 3:25)', 'a title no one else has');
    assert.equal(descriptions.get('people/jeremiah'), 'the prophet (2CH 36:12), son of Hilkiah (JER 1:1)', 'the clause is said already');
    assert.equal(descriptions.get('people/jeremiah-2'), 'named in Luke 3:24');
  });
});

describe('the people table with the BSB text', () => {
  const rows = (header: string, lines: string[]) => {
    const columns = header.split(',');
    return lines.map((line) => Object.fromEntries(line.split('|').map((value, index) => [columns[index] as string, value])));
  };
  const input: PeopleInput = {
    persons: rows('person_id,person_name,surname,unique_attribute,sex,tribe,person_notes,name_instance,person_sequence', [
      'YHVH_1|YHVH||Holy|male||||1|1',
      'YHVH_2|YHVH||Heavenly Father|male||||2|2751',
      'Zacharias_1|Zacharias||the priest (LUK 1:5)|male|||1|2700',
      'Jeremiah_1|Jeremiah||of Libnah|male|||1|1000',
      'Jeremiah_2|Jeremiah||the prophet|male|||2|1001',
    ]),
    labels: [],
    verses: rows('person_verse_id,reference_id,person_label_id,person_id,person_label,person_label_count,person_verse_sequence,person_verse_notes', [
      'a|JHN 3:16|YHVH_2_5|YHVH_2|G-d|1|1|',
      'b|JHN 3:16|YHVH_1_131|YHVH_1|Son|1|2|',
      'c|LUK 1:5|Zacharias_1_1|Zacharias_1|Zacharias|1|3|',
      'd|JER 1:1|Jeremiah_2_1|Jeremiah_2|Jeremiah|1|4|',
      'e|JER 1:2|Jeremiah_2_1|Jeremiah_2|Jeremiah|1|5|',
      'f|JER 1:3|Jeremiah_1_1|Jeremiah_1|Jeremiah|1|6|',
    ]),
    relationships: [],
    // Twenty verses to each chapter up to the ones cited.
    slots: parseKjvSlots(
      'reference_id,book_id,usx_code,chapter,verse,verse_sequence\n' +
        ([['JER', 24, 1], ['LUK', 42, 1], ['JHN', 43, 3], ['ACT', 44, 2]] as const)
          .flatMap(([code, order, chapters]) =>
            Array.from({ length: chapters * 20 }, (_, index) => {
              const [chapter, verse] = [Math.floor(index / 20) + 1, (index % 20) + 1];
              return `${code} ${chapter}:${verse},${order},${code},${chapter},${verse},0`;
            }),
          )
          .join('\n'),
    ),
    texts: {
      verses: new Map([
        ['John.3.16', 'For God so loved the world that He gave His one and only Son'],
        ['Luke.1.5', 'there was a priest named Zechariah'],
        ['Acts.2.4', 'And they were all filled with the Holy Spirit'],
        ['Jer.1.1', 'These are the words of Jeremiah'],
        ['Jer.1.2', 'The word of the LORD came to Jeremiah'],
        ['Jer.1.3', 'Jeremiah the daughter'],
      ]),
      psalmTitles: new Map(),
    },
  };
  const table = createPeopleTable(input);
  const result = createPeopleDocuments(table, new Set(), generated);
  const mentions = (osis: string) =>
    (result.chapterRelations ?? []).filter(({ relation }) => relation.from === osis).map(({ relation }) => [relation.target, relation.surface, relation.label]);

  it('names God and Jesus Christ once each in John 3:16, the Father folded into God', () => {
    assert.deepEqual(mentions('John.3.16'), [
      ['people/god', 'God', undefined],
      ['people/jesus', 'Son', undefined],
    ]);
  });

  it("finds the Holy Spirit in the verse's words", () => {
    assert.deepEqual(mentions('Acts.2.4'), [['people/holy-spirit', 'Holy Spirit', undefined]]);
    const spirit = result.chapterRelations?.find(({ relation }) => relation.target === 'people/holy-spirit');
    assert.equal(spirit?.relation.source, 'sources/bsb');
  });

  it("gives the verse's spelling as the surface and keeps BibleData's as the label and an alias", () => {
    assert.deepEqual(mentions('Luke.1.5'), [['people/zacharias', 'Zechariah', 'Zacharias']]);
    const zacharias = result.documents.find((document) => document.id === 'people/zacharias');
    assert.deepEqual(zacharias?.frontmatter.aliases, ['Zechariah']);
  });

  it('gives the plain slug to the bearer of a name most verses name', () => {
    assert.equal(table.documentIds.get('Jeremiah_2'), 'people/jeremiah');
    assert.equal(table.documentIds.get('Jeremiah_1'), 'people/jeremiah-2');
  });
});
