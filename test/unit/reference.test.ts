import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ApiError,
  createCanon,
  formatFullOsis,
  formatOsis,
  formatReference,
  formatUrl,
  parsePassageReference,
  parseReference,
  resolvePassageReference,
  resolveReference,
} from '@skg/core';

describe('parseReference', () => {
  it('parses verses, ranges and chapters into canonical OSIS', () => {
    const cases: Array<[input: string, osis: string, human: string]> = [
      ['John.3.16', 'John.3.16', 'John 3:16'],
      ['john.3.16', 'John.3.16', 'John 3:16'],
      ['JOHN.3.16', 'John.3.16', 'John 3:16'],
      ['Gen.1', 'Gen.1', 'Genesis 1'],
      ['Ps.23', 'Ps.23', 'Psalm 23'],
      ['Ps.119.176', 'Ps.119.176', 'Psalm 119:176'],
      ['John.3.16-18', 'John.3.16-18', 'John 3:16-18'],
      ['John.3.16-John.3.18', 'John.3.16-18', 'John 3:16-18'],
      ['John.3.16-16', 'John.3.16', 'John 3:16'],
      ['1Sam.3.10', '1Sam.3.10', '1 Samuel 3:10'],
      ['song-of-solomon.2.1', 'Song.2.1', 'Song of Solomon 2:1'],
      ['  Rev.22.21 ', 'Rev.22.21', 'Revelation 22:21'],
    ];
    for (const [input, osis, human] of cases) {
      const reference = parseReference(input);
      assert.equal(formatOsis(reference), osis, `osis of ${input}`);
      assert.equal(formatReference(reference), human, `reference of ${input}`);
    }
  });

  it('rejects what does not parse with invalid_reference', () => {
    const cases = [
      'Foo.1.1', // unknown book
      '', // empty
      'John', // no chapter
      'John.3.16.1', // too many parts
      'John.0', // chapter 0
      'John.3.0', // verse 0
      'John.x.1', // not a number
      'John.3.16-14', // backwards
      'John.3.18-16', // backwards
      'John.3.16-John.4.2', // across chapters
      'John.3.16-Mark.3.18', // across books
      'John.3-4', // chapter range
      'John.3.1-2-3', // two dashes
      'Gen.51.1', // beyond the book's last chapter
      'John.3.-1',
      'John.3.1e2',
    ];
    for (const input of cases) {
      assert.throws(
        () => parseReference(input),
        (error: unknown) => error instanceof ApiError && error.code === 'invalid_reference' && error.status === 400,
        `'${input}' should be invalid_reference`,
      );
    }
  });
});

describe('resolveReference', () => {
  const canon = createCanon({ Gen: [31, 25], John: [51, 25, 36] });

  it('answers not_found for a verse the chapter does not have', () => {
    for (const input of ['Gen.1.99', 'Gen.1.30-32', 'Gen.3.1', 'Exod.1.1']) {
      assert.throws(
        () => resolveReference(input, canon),
        (error: unknown) => error instanceof ApiError && error.code === 'not_found' && error.status === 404,
        `'${input}' should be not_found`,
      );
    }
  });

  it('accepts the last verse of a chapter', () => {
    assert.equal(formatOsis(resolveReference('John.3.36', canon)), 'John.3.36');
  });

  it('links chapters across book boundaries', () => {
    const genesis50 = parseReference('Gen.50');
    assert.equal(canon.nextChapter(genesis50.book, 50), 'Exod.1');
    assert.equal(canon.previousChapter(genesis50.book, 1), null);
    const revelation = parseReference('Rev.22');
    assert.equal(canon.nextChapter(revelation.book, 22), null);
    assert.equal(canon.previousChapter(parseReference('Exod.1').book, 1), 'Gen.50');
  });

  it('builds a site route with a verse anchor', () => {
    assert.equal(formatUrl(parseReference('John.3.16')), '/bible/john/3#John.3.16');
    assert.equal(formatUrl(parseReference('John.3')), '/bible/john/3');
  });
});

describe('parsePassageReference', () => {
  it('reads the spec shapes exactly as parseReference does', () => {
    for (const input of ['John.3.16', 'john.3.16-18', 'John.3.16-John.3.18', 'Gen.1', 'song-of-solomon.2.1', '1-samuel.3.10-12']) {
      assert.deepEqual(parsePassageReference(input), parseReference(input), input);
    }
  });

  it('reads a span across chapters of one book in full OSIS form', () => {
    const cases: Array<[input: string, osis: string, human: string, url: string]> = [
      ['Gen.1.1-Gen.2.3', 'Gen.1.1-Gen.2.3', 'Genesis 1:1-2:3', '/bible/genesis/1#Gen.1.1'],
      ['Gen.1-Gen.2', 'Gen.1-Gen.2', 'Genesis 1-2', '/bible/genesis/1#Gen.1.1'],
      ['gen.1.31-genesis.2.1', 'Gen.1.31-Gen.2.1', 'Genesis 1:31-2:1', '/bible/genesis/1#Gen.1.31'],
      ['Ps.22.1-Ps.23.6', 'Ps.22.1-Ps.23.6', 'Psalm 22:1-23:6', '/bible/psalms/22#Ps.22.1'],
      ['1-samuel.1.1-1Sam.2.1', '1Sam.1.1-1Sam.2.1', '1 Samuel 1:1-2:1', '/bible/1-samuel/1#1Sam.1.1'],
      ['Gen.1-Gen.2.3', 'Gen.1-Gen.2.3', 'Genesis 1:1-2:3', '/bible/genesis/1#Gen.1.1'],
    ];
    for (const [input, osis, human, url] of cases) {
      const reference = parsePassageReference(input);
      assert.equal(reference.kind, 'span', `kind of ${input}`);
      assert.equal(formatOsis(reference), osis, `osis of ${input}`);
      assert.equal(formatFullOsis(reference), osis, `full osis of ${input}`);
      assert.equal(formatReference(reference), human, `reference of ${input}`);
      assert.equal(formatUrl(reference), url, `url of ${input}`);
    }
  });

  it('refuses spans across books with invalid_parameter on osis: valid references a passage does not hold', () => {
    for (const input of ['Gen.1.31-Exod.1.1', 'Gen.50-Exod.1']) {
      assert.throws(
        () => parsePassageReference(input),
        (error: unknown) => error instanceof ApiError && error.code === 'invalid_parameter' && error.param === 'osis' && /inside one book/.test(error.message),
        `'${input}' should be invalid_parameter naming the rule`,
      );
    }
  });

  it('rejects spans backwards or past the book with invalid_reference', () => {
    const cases: Array<[input: string, why: RegExp]> = [
      ['Gen.2.1-Gen.1.5', /backwards/],
      ['Gen.3-Gen.2', /backwards/],
      ['Gen.49-Gen.51', /50 chapters/],
      ['Gen.1-Gen.1', /verse numbers/],
      ['Gen.1.0-Gen.2.1', /1 or more/],
      ['Gen.1.1-Foo.2.1', /usable/],
      ['Gen.1.1-2.3', /usable/],
    ];
    for (const [input, why] of cases) {
      assert.throws(
        () => parsePassageReference(input),
        (error: unknown) => error instanceof ApiError && error.code === 'invalid_reference' && why.test(error.message),
        `'${input}' should be invalid_reference matching ${why}`,
      );
    }
  });

  it('keeps parseReference refusing spans, for the routes that read one chapter', () => {
    assert.throws(() => parseReference('Gen.1.1-Gen.2.3'), /inside one chapter/);
  });
});

describe('resolvePassageReference', () => {
  const canon = createCanon({ Gen: [31, 25, 24], John: [51, 25, 36] });

  it('checks both ends of a span against the text', () => {
    for (const input of ['Gen.1.1-Gen.2.26', 'Gen.1.32-Gen.2.1', 'Gen.3-Gen.4', 'John.20.1-John.21.1']) {
      assert.throws(
        () => resolvePassageReference(input, canon),
        (error: unknown) => error instanceof ApiError && error.code === 'not_found',
        `'${input}' should be not_found`,
      );
    }
  });

  it('completes a span with a verse on one end only', () => {
    assert.equal(formatOsis(resolvePassageReference('Gen.1.5-Gen.2', canon)), 'Gen.1.5-Gen.2.25');
    assert.equal(formatOsis(resolvePassageReference('Gen.1-Gen.2.3', canon)), 'Gen.1.1-Gen.2.3');
    assert.equal(formatOsis(resolvePassageReference('Gen.1-Gen.3', canon)), 'Gen.1-Gen.3');
  });
});
