import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createScriptureDocuments, parseCharacterVerse, parseKjvSlots, parseUsfm } from '@skg/ingest';

const generated = { by: 'skg-ingest test', at: '2026-01-01T00:00:00.000Z' };

/** KJV slots for John only: 21 chapters of 3 verses, but chapter 5 has 4 (5:4 is a BSB omission). */
const slots = parseKjvSlots(
  '\uFEFFreference_id,book_id,usx_code,chapter,verse,verse_sequence\n' +
    Array.from({ length: 21 }, (_, index) => index + 1)
      .flatMap((chapter) => Array.from({ length: chapter === 5 ? 4 : 3 }, (_, verse) => `JHN ${chapter}:${verse + 1},43,JHN,${chapter},${verse + 1},0`))
      .join('\n'),
);

function createJohn(chapterThree: string): string {
  const chapters = Array.from({ length: 21 }, (_, index) => index + 1).map((chapter) =>
    chapter === 3 ? chapterThree : `\\c ${chapter}\n\\v 1 One.\n\\v 2 Two.\n\\v 3 Three.`,
  );
  return `\\id JHN - Berean Standard Bible\n${chapters.join('\n')}\n`;
}

const speakers = parseCharacterVerse('JHN\t3\t3\tJesus\t\t\tDialogue\t\t\tUnspecified\nJHN\t5\t4\tangel\t\t\tNormal\t\t\t\n');

/** The scripture documents of a John whose USFM body is `body`. */
function documentsOf(body: string) {
  return createScriptureDocuments({ books: [parseUsfm(createJohn(body))], slots, speakers }, generated);
}

describe('createScriptureDocuments', () => {
  const result = documentsOf('\\c 3\n\\s1 Jesus and Nicodemus\n\\v 1 Now there was a man.\n\\v 2 He came.\n\\v 3 Jesus replied.');
  const john3 = result.documents.find((document) => document.id === 'bible/john/3');
  const john5 = result.documents.find((document) => document.id === 'bible/john/5');

  it('writes a Chapter document with every verse slot, its headings and its certain speakers', () => {
    assert.ok(john3);
    assert.equal(john3.frontmatter.title, 'John 3');
    assert.equal(john3.frontmatter.osis, 'John.3');
    assert.equal(john3.frontmatter.verse_count, 3);
    assert.deepEqual(john3.frontmatter.headings, [{ before: 1, level: 's1', text: 'Jesus and Nicodemus' }]);
    assert.deepEqual(john3.frontmatter.verses, [
      { verse: 1, text: 'Now there was a man.' },
      { verse: 2, text: 'He came.' },
      { verse: 3, text: 'Jesus replied.', speaker: 'Jesus' },
    ]);
    assert.deepEqual(john3.frontmatter.sources, [{ resource: 'sources/bsb' }, { resource: 'sources/glyssen-speakers' }]);
    assert.equal(john3.frontmatter.trust_tier, 'machine-confirmed');
  });

  it('keeps an omitted slot as omitted: true with empty text and no speaker, citing only the BSB', () => {
    assert.ok(john5);
    assert.deepEqual(john5.frontmatter.verses, [
      { verse: 1, text: 'One.' },
      { verse: 2, text: 'Two.' },
      { verse: 3, text: 'Three.' },
      { verse: 4, text: '', omitted: true },
    ]);
    assert.deepEqual(john5.frontmatter.sources, [{ resource: 'sources/bsb' }]);
    assert.ok(result.report.skipped.some((skip) => skip.reason === 'on a verse the BSB omits' && skip.count === 1));
  });

  it('keeps a verse\'s footnotes as {offset, text} after its other keys, counts them and leaves the body without them', () => {
    const noted = documentsOf('\\c 3\n\\v 1 Now there was a man.\n\\v 2 He came.\n\\v 3 Jesus replied,\\f + \\fr 3:3 \\ft Or from above\\f* “Truly.”');
    const chapter = noted.documents.find((document) => document.id === 'bible/john/3');
    const verse = (chapter?.frontmatter.verses as Array<Record<string, unknown>> | undefined)?.[2];
    assert.deepEqual(verse, { verse: 3, text: 'Jesus replied, “Truly.”', speaker: 'Jesus', footnotes: [{ offset: 14, text: 'Or from above' }] });
    assert.deepEqual(Object.keys(verse ?? {}), ['verse', 'text', 'speaker', 'footnotes']);
    assert.equal(noted.report.counts.footnotes, 1);
    assert.equal(result.report.counts.footnotes, 0);
    assert.doesNotMatch(chapter?.body ?? '', /from above/);
  });

  it('writes the Book document linking every chapter', () => {
    const book = result.documents.find((document) => document.id === 'bible/john');
    assert.equal(book?.frontmatter.type, 'Book');
    assert.equal(book?.frontmatter.chapters, 21);
    assert.match(book?.body ?? '', /- \[John 21\]\(\/bible\/john\/21\)/);
  });

  it('reports a USFM verse outside the KJV slots and a slot without text that is not a known omission as errors', () => {
    const broken = documentsOf('\\c 3\n\\v 1 One.\n\\v 3 Three.\n\\v 4 Four.');
    assert.ok(broken.report.errors.includes('JHN 3:4 is in the USFM but outside the KJV slots'), broken.report.errors.join('\n'));
    assert.ok(broken.report.errors.some((error) => /that the BSB does not omit: JHN 3:2$/.test(error)));
    assert.ok(broken.report.errors.includes('GEN: no USFM file'));
  });
});
