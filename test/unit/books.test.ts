import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKS, getBook, getBookByUsfm, slugify } from '@skg/core';

describe('book table', () => {
  it('holds the 66 books, 39 OT then 27 NT, 1,189 chapters in all', () => {
    assert.equal(BOOKS.length, 66);
    assert.equal(BOOKS.filter((b) => b.testament === 'OT').length, 39);
    assert.equal(BOOKS.reduce((sum, b) => sum + b.chapters, 0), 1189);
    assert.deepEqual(BOOKS.map((b) => b.order), Array.from({ length: 66 }, (_, i) => i + 1));
  });

  it('finds books by OSIS id in any case, by slug and by USFM code', () => {
    const cases: Array<[key: string, osis: string]> = [
      ['Gen', 'Gen'], ['gen', 'Gen'], ['genesis', 'Gen'], ['1-samuel', '1Sam'], ['song-of-solomon', 'Song'],
      ['psalms', 'Ps'], ['PHLM', 'Phlm'], ['3john', '3John'], ['3-john', '3John'],
    ];
    for (const [key, osis] of cases) assert.equal(getBook(key)?.osis, osis, key);
    assert.equal(getBook('Foo'), undefined);
    assert.equal(getBookByUsfm('JHN')?.osis, 'John');
    assert.equal(getBookByUsfm('EZK')?.slug, 'ezekiel');
  });

  it('slugifies names to lowercase hyphenated ASCII', () => {
    const cases: Array<[string, string]> = [
      ['1 Samuel', '1-samuel'], ['Song of Solomon', 'song-of-solomon'], ['  Bēth-el! ', 'beth-el'], ["Jacob's well", 'jacob-s-well'],
    ];
    for (const [input, slug] of cases) assert.equal(slugify(input), slug, input);
  });
});
