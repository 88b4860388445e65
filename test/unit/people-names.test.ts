import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseKjvSlots } from '@skg/ingest';
import { createPeopleTable, type PeopleInput } from '../../packages/ingest/src/bibledata/people.ts';
import { createPeopleDocuments } from '../../packages/ingest/src/collections/people.ts';
import { assignSlugs } from '../../packages/ingest/src/internal/assign-slugs.ts';

const generated = { by: 'skg-ingest test', at: '2026-01-01T00:00:00.000Z' };

const rows = (header: string, lines: string[]) => {
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split('|').map((value, index) => [columns[index] as string, value])));
};

/** Twenty verses to each chapter of the books given. */
const slots = (books: ReadonlyArray<readonly [code: string, order: number, chapters: number]>) =>
  parseKjvSlots(
    'reference_id,book_id,usx_code,chapter,verse,verse_sequence\n' +
      books
        .flatMap(([code, order, chapters]) =>
          Array.from({ length: chapters * 20 }, (_, index) => {
            const [chapter, verse] = [Math.floor(index / 20) + 1, (index % 20) + 1];
            return `${code} ${chapter}:${verse},${order},${code},${chapter},${verse},0`;
          }),
        )
        .join('\n'),
  );

const LABEL_HEADER =
  'person_label_id,person_id,english_label,hebrew_label,hebrew_label_transliterated,hebrew_label_meaning,hebrew_strongs_number,greek_label,greek_label_transliterated,greek_label_meaning,greek_strongs_number,label_reference_id,label_type,label-given_by_god,label_notes,person_label_count,label_sequence';
const VERSE_HEADER = 'person_verse_id,reference_id,person_label_id,person_id,person_label,person_label_count,person_verse_sequence,person_verse_notes';

describe("people's names as readers know them", () => {
  const input: PeopleInput = {
    persons: rows('person_id,person_name,surname,unique_attribute,sex,tribe,person_notes,name_instance,person_sequence', [
      'Abram_1|Abram||son of Terah|male|||1|1',
      'Jacob_1|Jacob||son of Isaac|male|||1|2',
      'Nun_1|Nun||father of Joshua|male|||1|3',
      'John_1|John||the baptist|male|||1|4',
      'John_2|John||son of Zebedee|male|||2|5',
      'Judas_1|Judas||Iscariot|male|||1|6',
      'Judas_2|Judas||brother of James|male|||2|7',
    ]),
    labels: rows(LABEL_HEADER, [
      'Abram_1_1|Abram_1|Abram|||||||||GEN 1:1|proper name|||1|1',
      'Abram_1_2|Abram_1|Abraham|||||||||GEN 1:2|proper name|||2|2',
      'Abram_1_3|Abram_1|Abraham our father|||||||||GEN 1:3|title|||3|3',
      'Jacob_1_1|Jacob_1|Jacob|||||||||GEN 1:4|proper name|||1|4',
      'Jacob_1_2|Jacob_1|Israel|||||||||GEN 1:5|proper name|||2|5',
      'Jacob_1_3|Jacob_1|Jacob My servant|||||||||GEN 1:6|title|||3|6',
      'Nun_1_1|Nun_1|Nun|||||||||GEN 1:7|proper name|||1|7',
      'Nun_1_2|Nun_1|Non|||||||||GEN 1:8|proper name|||2|8',
      'John_1_1|John_1|John|||||||||MAT 1:1|proper name|||1|9',
      'John_1_2|John_1|John the Baptist|||||||||MAT 1:2|title|||2|10',
      'Judas_1_1|Judas_1|Judas|||||||||MAT 1:3|proper name|||1|11',
      'Judas_1_2|Judas_1|Judas Iscariot|||||||||MAT 1:3|proper name|||2|12',
    ]),
    verses: rows(VERSE_HEADER, [
      // Abraham: named so in two verses (one "of Abraham", which does not count), Abram in one.
      'a|GEN 1:1|Abram_1_1|Abram_1|Abram|1|1|',
      'b|GEN 1:2|Abram_1_2|Abram_1|Abraham|1|2|',
      'c|GEN 1:3|Abram_1_2|Abram_1|Abraham|1|3|',
      'd|GEN 1:9|Abram_1_2|Abram_1|Abraham|1|4|',
      // Jacob: Israel only as "of Israel" in the New Testament, Jacob twice.
      'e|MAT 1:4|Jacob_1_1|Jacob_1|Jacob|1|5|',
      'f|MAT 1:5|Jacob_1_1|Jacob_1|Jacob|1|6|',
      'g|MAT 1:6|Jacob_1_2|Jacob_1|Israel|1|7|',
      'h|MAT 1:7|Jacob_1_2|Jacob_1|Israel|1|8|',
      'i|MAT 1:8|Jacob_1_2|Jacob_1|Israel|1|9|',
      'i2|GEN 1:10|Jacob_1_3|Jacob_1|Jacob My servant|1|10|',
      // Nun: "son of Nun" twice, Non once.
      'j|GEN 1:7|Nun_1_1|Nun_1|Nun|1|11|',
      'k|GEN 1:11|Nun_1_1|Nun_1|Nun|1|12|',
      'l|GEN 1:8|Nun_1_2|Nun_1|Non|1|13|',
      // John the Baptist: the most named John, "John the Baptist" once; John son of Zebedee once.
      'm|MAT 1:1|John_1_1|John_1|John|1|14|',
      'n|MAT 1:2|John_1_2|John_1|John the Baptist|1|15|',
      'o|MAT 1:9|John_1_1|John_1|John|1|16|',
      'p|MAT 1:10|John_2_1|John_2|John|1|17|',
      'q|MAT 1:3|Judas_1_2|Judas_1|Judas Iscariot|1|18|',
      'r|MAT 1:11|Judas_1_1|Judas_1|Judas|1|19|',
      's|MAT 1:12|Judas_2_1|Judas_2|Judas|1|20|',
    ]),
    relationships: [],
    slots: slots([
      ['GEN', 1, 1],
      ['MAT', 40, 1],
    ]),
    texts: {
      verses: new Map([
        ['Gen.1.1', 'The LORD said to Abram'],
        ['Gen.1.2', 'your name will be Abraham'],
        ['Gen.1.3', 'the God of Abraham'],
        ['Gen.1.9', 'Abraham rose early'],
        ['Matt.1.4', 'Isaac the father of Jacob'],
        ['Matt.1.5', 'Jacob went down to Egypt'],
        ['Matt.1.6', 'the people of Israel'],
        ['Matt.1.7', 'the tribes of Israel'],
        ['Matt.1.8', 'the God of Israel'],
        ['Gen.1.10', 'Jacob My servant'],
        ['Gen.1.7', 'Joshua son of Nun'],
        ['Gen.1.11', 'Joshua son of Nun'],
        ['Gen.1.8', 'Non his son'],
        ['Matt.1.1', 'John came'],
        ['Matt.1.2', 'John the Baptist came'],
        ['Matt.1.9', 'John said'],
        ['Matt.1.10', 'James and John'],
        ['Matt.1.3', 'Judas Iscariot'],
        ['Matt.1.11', 'Judas said'],
        ['Matt.1.12', 'Judas the brother of James'],
      ]),
      psalmTitles: new Map(),
    },
  };
  const table = createPeopleTable(input);
  const documents = createPeopleDocuments(table, new Set(), generated).documents;
  const byBibleData = (id: string) => documents.find((document) => document.frontmatter.bibledata_id === id);

  it('titles a person by the name more verses use than BibleData’s, not counting “of <name>”', () => {
    assert.equal(byBibleData('Abram_1')?.id, 'people/abraham');
    assert.equal(byBibleData('Abram_1')?.frontmatter.title, 'Abraham');
    assert.ok((byBibleData('Abram_1')?.frontmatter.aliases as string[]).includes('Abram'), 'the other name an alias');
    assert.equal(byBibleData('Jacob_1')?.frontmatter.title, 'Jacob', 'Israel only as "of Israel"');
    assert.equal(byBibleData('Nun_1')?.frontmatter.title, 'Nun', 'Non in fewer verses than Nun in all');
  });

  it('titles the bearers of a shared name by a longer label the verses use, never an address', () => {
    assert.equal(byBibleData('John_1')?.id, 'people/john-the-baptist');
    assert.equal(byBibleData('John_1')?.frontmatter.title, 'John the Baptist');
    assert.equal(byBibleData('Judas_1')?.frontmatter.title, 'Judas Iscariot');
    assert.equal(byBibleData('John_2')?.frontmatter.title, 'John');
  });

  it('keeps the id served before as an alias id that nobody else takes', () => {
    assert.deepEqual(byBibleData('Abram_1')?.frontmatter.alias_ids, ['people/abram']);
    assert.deepEqual(byBibleData('John_1')?.frontmatter.alias_ids, ['people/john']);
    assert.equal(byBibleData('John_2')?.id, 'people/john-2', 'the plain slug stays John the Baptist’s');
    assert.deepEqual(byBibleData('Judas_1')?.frontmatter.alias_ids, ['people/judas']);
  });

  it("gives another proper name's slug as an alias id when no one else has it", () => {
    assert.deepEqual(byBibleData('Jacob_1')?.frontmatter.alias_ids, ['people/israel']);
    assert.deepEqual(byBibleData('Nun_1')?.frontmatter.alias_ids, ['people/non']);
  });
});

describe('assignSlugs with slugs kept for their owner', () => {
  it('gives no one a slug kept for another', () => {
    const people = ['John the Baptist', 'John', 'John'];
    const kept = new Map([['john', 'John the Baptist']]);
    assert.deepEqual(
      assignSlugs(people, (p) => p, undefined, (slug) => kept.get(slug)),
      ['john-the-baptist', 'john-2', 'john-3'],
    );
  });
});
