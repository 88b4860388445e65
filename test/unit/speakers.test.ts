import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseCharacterVerse } from '@skg/ingest';

const HEADER = 'Control File Version\t171\n#\tC\tV\tCharacter ID\tDelivery\tAlias\tQuote Type\tDefault Character\tParallel Passage\tQuote Position\n';

/** One CharacterVerse row: book, chapter, verse(s), character id, quote type. */
const row = (book: string, chapter: number, verse: string, id: string, quoteType: string): string =>
  `${book}\t${chapter}\t${verse}\t${id}\t\t\t${quoteType}\t\t\tUnspecified`;

describe('parseCharacterVerse', () => {
  it('gives a verse the one character its certain rows name, id verbatim', () => {
    const table = parseCharacterVerse(
      HEADER +
        [
          row('JHN', 3, '3', 'Jesus', 'Dialogue'),
          row('GEN', 1, '3', 'God', 'Normal'),
          row('GEN', 12, '1', 'God', 'Implicit'),
          row('GEN', 12, '1', 'God', 'Normal'),
          row('MAT', 14, '28', 'Peter (Simon)', 'Normal'),
          row('ISA', 1, '2', 'God', 'Quotation'),
        ].join('\n'),
    );
    assert.deepEqual(Object.fromEntries(table.speakers), {
      'JHN 3:3': 'Jesus',
      'GEN 1:3': 'God',
      'GEN 12:1': 'God',
      'MAT 14:28': 'Peter (Simon)',
      'ISA 1:2': 'God',
    });
    assert.equal(table.rows, 6);
  });

  it('spreads a verse range over every verse in it', () => {
    const table = parseCharacterVerse(HEADER + row('DEU', 1, '6-8', 'Moses', 'Normal'));
    assert.deepEqual([...table.speakers.keys()], ['DEU 1:6', 'DEU 1:7', 'DEU 1:8']);
  });

  it('drops Psalm titles, uncertain quote types, narrators and quoted scripture, counting each reason', () => {
    const table = parseCharacterVerse(
      HEADER +
        [
          row('PSA', 52, '0', 'David', 'Normal'),
          row('GEN', 3, '1', 'serpent', 'Potential'),
          row('GEN', 3, '2', 'Eve', 'Alternate'),
          row('GEN', 3, '3', 'Eve', 'Hypothetical'),
          row('GEN', 3, '4', 'Eve', 'Rare'),
          row('GEN', 3, '5', 'Eve', 'Indirect'),
          row('GEN', 1, '5', 'narrator-GEN', 'Quotation'),
          row('MAT', 1, '23', 'scripture', 'Quotation'),
          'GEN\tx\t1\tGod',
        ].join('\n'),
    );
    assert.equal(table.speakers.size, 0);
    assert.deepEqual(table.skippedRows, { malformed: 1, 'psalm-title': 1, 'uncertain-quote-type': 5, narrator: 1, scripture: 1 });
  });

  it('gives no speaker where certain rows name several characters, alternatives or Needs Review', () => {
    const table = parseCharacterVerse(
      HEADER +
        [
          row('GEN', 21, '22', 'Abimelech 1, king of the Philistines (in Gerar)/Phicol', 'Normal'),
          row('GEN', 21, '24', 'Abraham (Abram)', 'Dialogue'),
          row('GEN', 21, '24', 'Abimelech 1, king of the Philistines (in Gerar)/Phicol', 'Dialogue'),
          row('JHN', 9, '9', 'neighbours', 'Normal'),
          row('JHN', 9, '9', 'blind man', 'Normal'),
          row('ACT', 2, '13', 'Needs Review', 'Normal'),
          row('MAT', 4, '4', 'Jesus', 'Normal'),
          row('MAT', 4, '4', 'scripture', 'Quotation'),
        ].join('\n'),
    );
    assert.deepEqual(Object.fromEntries(table.speakers), { 'MAT 4:4': 'Jesus' });
    assert.deepEqual(table.skippedVerses, { 'several-speakers': 2, alternatives: 1, 'needs-review': 1 });
  });
});
