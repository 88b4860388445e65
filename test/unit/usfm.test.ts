import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normaliseWhitespace, parseUsfm, readFootnote, removeCharacterMarkers, removeNotes } from '@skg/ingest';

describe('removeNotes', () => {
  it('removes footnotes and cross references with their content, keeping one space between words', () => {
    const cases: Array<[input: string, expected: string]> = [
      ['only \\f + \\fr 3:16 \\ft Or only begotten\\f* Son', 'only  Son'],
      ['day.\\f + \\fr 1:5 \\ft Literally day one\\f*', 'day.'],
      ['lies \\f + \\fr 4:2 \\ft Or false gods\\f*? ', 'lies? '],
      ['person \\f + \\fr 16:22 \\ft 2 omers\\f*—an', 'person—an'],
      ['Salt Sea \\f + \\fr 14:3 \\ft That is, the Dead Sea\\f*).', 'Salt Sea).'],
      ['man. \\f + \\fr 16:13 \\ft See LXX\\f*”', 'man.”'],
      ['web. \\f + \\fr 16:14 \\ft See LXX\\f*The', 'web. The'],
      ['light,” \\f + \\fr 1:3 \\ft Cited in 2 Corinthians 4:6\\f* and', 'light,”  and'],
      ['see \\x - \\xo 1:1 \\xt John 1:1\\x* here', 'see  here'],
      ['no notes at all', 'no notes at all'],
    ];
    for (const [input, expected] of cases) assert.equal(removeNotes(input), expected, input);
  });
});

describe('removeCharacterMarkers', () => {
  it('drops character markers and keeps the text they mark', () => {
    const cases: Array<[input: string, expected: string]> = [
      ['\\it For the choirmaster. \\it*', 'For the choirmaster. '],
      ['say \\wj Follow Me\\wj*.', 'say Follow Me.'],
      ['nested \\+nd LORD\\+nd* here', 'nested LORD here'],
      ['plain', 'plain'],
    ];
    for (const [input, expected] of cases) assert.equal(removeCharacterMarkers(input), expected, input);
  });
});

describe('normaliseWhitespace', () => {
  it('collapses runs of whitespace and trims, leaving curly quotes and dashes alone', () => {
    const cases: Array<[input: string, expected: string]> = [
      ['  a \n b\t\tc  ', 'a b c'],
      ['morning—the first day', 'morning—the first day'],
      ['“day,”  and ‘night’', '“day,” and ‘night’'],
    ];
    for (const [input, expected] of cases) assert.equal(normaliseWhitespace(input), expected, JSON.stringify(input));
  });
});

const GENESIS = [
  '\\id GEN - Berean Standard Bible',
  '\\h Genesis',
  '\\toc1 Genesis',
  '\\mt1 Genesis',
  '\\c 1',
  '\\s1 The Creation',
  '\\r (John 1:1–5; Hebrews 11:1–3)',
  '\\m',
  '\\v 1 In the beginning God created the heavens and the earth.',
  '\\b',
  '\\pmo',
  '\\v 3 And God said, “Let there be light,” \\f + \\fr 1:3 \\ft Cited in 2 Corinthians 4:6\\f* and there was light.',
  '\\b',
  '\\pmo And there was evening, and there was morning—the first day.\\f + \\fr 1:5 \\ft Literally day one\\f*',
  '\\s2 The Second Day',
  '\\b',
  '\\pmo',
  '\\v 6 And God said, “Let there be an expanse.”',
  '\\c 2',
  '\\q1',
  '\\v 1 Thus the heavens',
  '\\q2 and the earth were completed. \\v 2 And by the seventh day',
  '\\li1 God had finished.',
  '',
].join('\n');

describe('parseUsfm', () => {
  it('reads the book code and running head', () => {
    const book = parseUsfm(GENESIS);
    assert.equal(book.code, 'GEN');
    assert.equal(book.title, 'Genesis');
    assert.deepEqual(book.problems, []);
  });

  it('collects a verse up to the next verse or chapter across lines and paragraph markers', () => {
    const [first, second] = parseUsfm(GENESIS).chapters;
    assert.deepEqual(first?.verses, [
      { verse: 1, text: 'In the beginning God created the heavens and the earth.' },
      {
        verse: 3,
        text: 'And God said, “Let there be light,” and there was light. And there was evening, and there was morning—the first day.',
        footnotes: [
          { offset: 35, text: 'Cited in 2 Corinthians 4:6' }, // after “light,”
          { offset: 116, text: 'Literally day one' }, // after day.
        ],
      },
      { verse: 6, text: 'And God said, “Let there be an expanse.”' },
    ]);
    assert.deepEqual(second?.verses, [
      { verse: 1, text: 'Thus the heavens and the earth were completed.' },
      { verse: 2, text: 'And by the seventh day God had finished.' },
    ]);
  });

  it('turns heading lines into headings placed before the next verse, never into verse text', () => {
    const [first] = parseUsfm(GENESIS).chapters;
    assert.deepEqual(first?.headings, [
      { before: 1, level: 's1', text: 'The Creation' },
      { before: 1, level: 'r', text: '(John 1:1–5; Hebrews 11:1–3)' },
      { before: 6, level: 's2', text: 'The Second Day' },
    ]);
  });

  it('places a Psalm superscription (\\d) and an acrostic heading (\\qa) before verse 1, the title keeping its footnote', () => {
    const psalm = parseUsfm(
      '\\id PSA\n\\c 7\n\\ms BOOK I\n\\d A Shiggaion \\f + \\fr 7:0 \\ft Shiggaion is probably a musical or liturgical term.\\f* of David.\n' +
        '\\qa ALEPH\n\\q1\n\\v 1 O LORD my God\n',
    );
    assert.deepEqual(psalm.chapters[0]?.headings, [
      { before: 1, level: 'ms', text: 'BOOK I' },
      { before: 1, level: 'd', text: 'A Shiggaion of David.', footnotes: [{ offset: 11, text: 'Shiggaion is probably a musical or liturgical term.' }] },
      { before: 1, level: 'qa', text: 'ALEPH' },
    ]);
    assert.deepEqual(psalm.chapters[0]?.verses, [{ verse: 1, text: 'O LORD my God' }]);
    assert.equal(psalm.headingFootnotes, 1, 'the note in the \\d line is kept on the title, not placed on a verse');
    assert.equal(psalm.droppedFootnotes, 0);
    const outside = parseUsfm('\\id PSA\n\\h Psalms\\f + \\ft a note on the running head\\f*\n\\c 1\n\\v 1 Blessed\n');
    assert.deepEqual([outside.headingFootnotes, outside.droppedFootnotes], [0, 1], 'a note in a book line is dropped and counted');
  });

  it('keeps a verse\'s \\f footnotes with their offset in the plain text, the text unchanged; \\x notes go', () => {
    const source =
      '\\id GEN\n\\c 1\n\\v 5 And there was morning—the first day.\\f + \\fr 1:5 \\ft Literally day one\\f*\n' +
      '\\v 6 a canopy \\f + \\fr 1:6 \\ft Or a \\fq firmament\\fq* \\ft or a vault\\f* between\\x - \\xo 1:6 \\xt Job 37:18\\x* the waters,\n' +
      '\\q1 “light,” \\f + \\fr 1:6 \\ft Cited in 2 Corinthians 4:6\\f* and\n\\v 7 No notes here.\n';
    const verses = parseUsfm(source).chapters[0]?.verses;
    const text6 = 'a canopy between the waters, “light,” and';
    assert.deepEqual(verses, [
      { verse: 5, text: 'And there was morning—the first day.', footnotes: [{ offset: 36, text: 'Literally day one' }] },
      {
        verse: 6,
        text: text6,
        footnotes: [
          { offset: text6.indexOf(' between'), text: 'Or a firmament or a vault' },
          { offset: text6.indexOf(' and'), text: 'Cited in 2 Corinthians 4:6' },
        ],
      },
      { verse: 7, text: 'No notes here.' },
    ]);
    // The text is what removing the notes gives.
    assert.deepEqual(
      verses?.map((verse) => verse.text),
      parseUsfm(removeNotes(source)).chapters[0]?.verses.map((verse) => verse.text),
    );
  });

  it('reads a footnote\'s words without its caller, reference and markers', () => {
    assert.equal(readFootnote('\\f + \\fr 1:5 \\ft Literally day one\\f*'), 'Literally day one');
    assert.equal(readFootnote('\\f + \\fr 3:16 \\ft Or \\fq only begotten\\fq* \\ft Son\\f*'), 'Or only begotten Son');
    assert.equal(readFootnote('\\f + \\fr 2:4 \\fqa hosts\\fqa*\\f*'), 'hosts');
  });

  it('marks a heading that falls inside a verse as mid-verse (Song 6:13)', () => {
    const song = parseUsfm('\\id SNG\n\\c 6\n\\v 13 Come back, O Shulammite!\n\\s2 The Bridegroom\n\\b\n\\q1 Why do you look?\n');
    assert.deepEqual(song.chapters[0]?.headings, [{ before: 13, level: 's2', text: 'The Bridegroom', midVerse: true }]);
    assert.equal(song.chapters[0]?.verses[0]?.text, 'Come back, O Shulammite! Why do you look?');
  });

  it('keeps the text of character markers (\\pc \\it … \\it*)', () => {
    const habakkuk = parseUsfm('\\id HAB\n\\c 3\n\\v 19 He makes me walk upon the heights!\n\\pc \\it For the choirmaster. \\it*\n');
    assert.equal(habakkuk.chapters[0]?.verses[0]?.text, 'He makes me walk upon the heights! For the choirmaster.');
  });

  it('accepts CRLF line ends and a byte-order mark', () => {
    const book = parseUsfm('\uFEFF\\id JHN\r\n\\c 3\r\n\\v 16 For God so loved\r\n\\q1 the world.\r\n');
    assert.equal(book.code, 'JHN');
    assert.equal(book.chapters[0]?.verses[0]?.text, 'For God so loved the world.');
  });

  it('reports what it cannot place, with its line, instead of throwing', () => {
    const book = parseUsfm('\\id TST\n\\v 1 early\n\\c 1\n\\m stray words\n\\zz odd\n\\v 2-3 a range\n');
    assert.deepEqual(book.problems, [
      'line 2: \\v 1 before any \\c',
      'line 2: text outside a verse: "early"',
      'line 4: text outside a verse: "stray words"',
      'line 5: unknown marker \\zz, its text kept as verse text',
      'line 5: text outside a verse: "odd"',
      'line 6: verse range \\v 2-3 (kept as verse 2)',
    ]);
    assert.deepEqual(book.chapters[0]?.verses, [{ verse: 2, text: 'a range' }]);
  });
});
