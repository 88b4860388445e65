import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCanon, formatOsis } from '@skg/core';
import { convertParsedPassage, type ParsedPassage } from '../../packages/server/src/free-text/convert.ts';

// A small canon: Genesis 1-2 and 50, Exodus 1-2, John 3; everything else absent from the text.
const genesis = Array.from({ length: 50 }, (_, index) => (index === 0 ? 31 : index === 1 ? 25 : index === 49 ? 26 : 0));
const canon = createCanon({ Gen: genesis, Exod: [22, 25], John: [51, 25, 36] });

function passage(osis: string, text = osis, start = {}, end = {}): ParsedPassage {
  return { osis, start, end, indices: [0, text.length] };
}

describe('convertParsedPassage', () => {
  it('turns the parser OSIS into our shapes, full-form OSIS and a human-readable reference', () => {
    const cases: Array<[parser: string, osis: string, reference: string, parts: string]> = [
      ['John.3.16', 'John.3.16', 'John 3:16', 'John.3.16'],
      ['John.3.16-John.3.18', 'John.3.16-John.3.18', 'John 3:16-18', 'John.3.16-18'],
      ['John.3', 'John.3', 'John 3', 'John.3'],
      ['Gen.1.1-Gen.2.3', 'Gen.1.1-Gen.2.3', 'Genesis 1:1-2:3', 'Gen.1.1-Gen.2.3'],
      ['Gen.1-Gen.2', 'Gen.1-Gen.2', 'Genesis 1-2', 'Gen.1-Gen.2'],
      ['Gen.50.26-Exod.1.2', 'Gen.50.26-Exod.1.2', 'Genesis 50:26-Exodus 1:2', 'Gen.50.26|Exod.1.1-2'],
    ];
    for (const [parser, osis, reference, parts] of cases) {
      const found = convertParsedPassage(passage(parser), parser, canon);
      assert.ok(found, parser);
      assert.equal(found.osis, osis, `osis of ${parser}`);
      assert.equal(found.reference, reference, `reference of ${parser}`);
      assert.equal(found.exists, true, `${parser} exists`);
      assert.equal(found.parts.map(formatOsis).join('|'), parts, `parts of ${parser}`);
    }
  });

  it('reads a passage the parser judged invalid from its ends, and says it does not exist', () => {
    const cases: Array<[start: object, end: object, osis: string]> = [
      [{ b: 'John', c: 3, v: 99 }, { b: 'John', c: 3, v: 99 }, 'John.3.99'],
      [{ b: 'Gen', c: 51 }, { b: 'Gen', c: 51 }, 'Gen.51'],
      [{ b: 'John', c: 3, v: 18 }, { b: 'John', c: 3, v: 16 }, 'John.3.18-John.3.16'],
    ];
    for (const [start, end, osis] of cases) {
      const found = convertParsedPassage(passage('', 'text', start, end), 'text', canon);
      assert.equal(found?.osis, osis, osis);
      assert.equal(found?.exists, false, `${osis} does not exist`);
      assert.deepEqual(found?.parts, [], `${osis} has no parts`);
    }
  });

  it('says a reference does not exist when the text lacks one of its chapters', () => {
    const found = convertParsedPassage(passage('Gen.1-Gen.3'), 'Gen 1-3', canon);
    assert.equal(found?.osis, 'Gen.1-Gen.3');
    assert.equal(found?.exists, false);
  });

  it('skips what names no book of the canon', () => {
    assert.equal(convertParsedPassage(passage('', 'x', { c: 3 }, { c: 3 }), 'x', canon), undefined);
    assert.equal(convertParsedPassage(passage('Tob.1'), 'Tob.1', canon), undefined);
  });

  it('keeps the words it read and where they stand', () => {
    const text = 'see Jn 3:16 today';
    const found = convertParsedPassage({ osis: 'John.3.16', start: {}, end: {}, indices: [4, 11] }, text, canon);
    assert.equal(found?.text, 'Jn 3:16');
    assert.deepEqual(found?.indices, [4, 11]);
  });
});
