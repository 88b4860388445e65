// The scripture ingest's acceptance criteria, asked of a bundle built from the full upstream data.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';
import { ingest, type IngestReport } from '@skg/ingest';
import { FULL_SOURCES, skipWithoutFullSources } from './full-sources.ts';

const skip = await skipWithoutFullSources();

/** One hash over every file of a directory tree: sorted relative paths and their bytes. */
function hashTree(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  for (const file of walk(root).sort()) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

interface ChapterData {
  verse_count: number;
  verses: Array<{ verse: number; text: string; omitted?: boolean; speaker?: string; footnotes?: Array<{ offset: number; text: string }> }>;
  headings: Array<{ before: number; level: string; text: string; footnotes?: Array<{ offset: number; text: string }> }>;
}

describe('the scripture ingest on the full data', { skip }, () => {
  let work: string;
  let bundle: string;
  let report: IngestReport;
  const chapter = (id: string): ChapterData => matter(readFileSync(path.join(bundle, `${id}.md`), 'utf8')).data as ChapterData;
  const frontmatter = (file: string) => matter(readFileSync(path.join(bundle, file), 'utf8')).data;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'skg-ingest-'));
    bundle = path.join(work, 'bundle');
    report = await ingest({ sourcesDir: FULL_SOURCES, bundleDir: bundle });
  });

  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('writes 66 books and 1,189 chapters holding all 31,102 KJV verse slots, 16 of them omitted', () => {
    const scripture = report.collections.find((collection) => collection.collection === 'scripture');
    assert.deepEqual(scripture?.written, { Book: 66, Chapter: 1189 });
    assert.deepEqual(scripture?.errors, []);
    const books = readdirSync(path.join(bundle, 'bible')).filter((name) => name.endsWith('.md') && name !== 'index.md');
    assert.equal(books.length, 66);
    let chapters = 0;
    let slots = 0;
    const omitted: string[] = [];
    for (const book of books) {
      const slug = book.slice(0, -3);
      for (const file of readdirSync(path.join(bundle, 'bible', slug))) {
        const data = chapter(`bible/${slug}/${file.slice(0, -3)}`);
        chapters++;
        slots += data.verses.length;
        assert.equal(data.verse_count, data.verses.length, file);
        for (const verse of data.verses) if (verse.omitted) omitted.push(`${slug} ${file.slice(0, -3)}:${verse.verse}`);
      }
    }
    assert.equal(chapters, 1189);
    assert.equal(slots, 31102);
    assert.deepEqual(omitted.sort(), [
      'acts 15:34', 'acts 24:7', 'acts 28:29', 'acts 8:37', 'john 5:4', 'luke 17:36', 'luke 23:17', 'mark 11:26',
      'mark 15:28', 'mark 7:16', 'mark 9:44', 'mark 9:46', 'matthew 17:21', 'matthew 18:11', 'matthew 23:14', 'romans 16:24',
    ]);
  });

  it('writes Genesis 1:1 and John 3:16 exactly as the BSB has them, footnotes removed', () => {
    assert.deepEqual(chapter('bible/genesis/1').verses[0], { verse: 1, text: 'In the beginning God created the heavens and the earth.' });
    assert.equal(
      chapter('bible/john/3').verses[15]?.text,
      'For God so loved the world that He gave His one and only Son, that everyone who believes in Him shall not perish but have eternal life.',
    );
  });

  it('keeps every BSB footnote (\\f … \\f* in the USFM) as {offset, text}: on its verse, or on its Psalm title heading', () => {
    const usfm = path.join(FULL_SOURCES, 'bsb/usfm');
    const inSources = readdirSync(usfm)
      .filter((name) => name.endsWith('.SFM'))
      .reduce((sum, name) => sum + (readFileSync(path.join(usfm, name), 'utf8').match(/\\f \+/g)?.length ?? 0), 0);
    let onVerses = 0;
    let inTitles = 0;
    for (const book of readdirSync(path.join(bundle, 'bible'), { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      for (const file of readdirSync(path.join(bundle, 'bible', book.name))) {
        const data = chapter(`bible/${book.name}/${file.slice(0, -3)}`);
        for (const verse of data.verses) {
          for (const note of verse.footnotes ?? []) {
            onVerses++;
            assert.ok(note.offset >= 0 && note.offset <= verse.text.length && note.text !== '' && !note.text.includes('\\'), `${book.name} ${file}:${verse.verse}`);
          }
        }
        for (const heading of data.headings) {
          for (const note of heading.footnotes ?? []) {
            inTitles++;
            assert.equal(heading.level, 'd', `${book.name} ${file}: a note in a ${heading.level} heading`);
            assert.ok(note.offset >= 0 && note.offset <= heading.text.length && note.text !== '' && !note.text.includes('\\'), `${book.name} ${file}: ${heading.text}`);
          }
        }
      }
    }
    const scripture = report.collections.find((collection) => collection.collection === 'scripture');
    assert.equal(scripture?.counts.footnotes, onVerses);
    assert.equal(scripture?.counts['footnotes in headings'], inTitles);
    assert.equal(scripture?.skipped.find((skip) => skip.what === 'footnotes')?.count, 0);
    assert.equal(onVerses + inTitles, inSources);
    assert.ok(inTitles > 0 && inTitles < 50, `${inTitles} footnotes in Psalm titles`);
    const psalm7 = chapter('bible/psalms/7').headings.find((heading) => heading.level === 'd');
    assert.deepEqual(psalm7?.footnotes, [{ offset: 'A Shiggaion'.length, text: 'Shiggaion is probably a musical or liturgical term.' }]);
    const genesis1 = chapter('bible/genesis/1').verses[4];
    assert.deepEqual(genesis1?.footnotes, [{ offset: genesis1?.text.length, text: 'Literally day one' }]);
    const matthew17 = chapter('bible/matthew/17').verses[19];
    assert.match(matthew17?.footnotes?.at(-1)?.text ?? '', /^BYZ and TR include 21 But this kind does not come out except by prayer and fasting/);
    assert.equal(matthew17?.footnotes?.at(-1)?.offset, matthew17?.text.length);
  });

  it('gives Psalm 119 its 176 verses and its 22 acrostic headings', () => {
    const psalm = chapter('bible/psalms/119');
    assert.equal(psalm.verses.length, 176);
    assert.equal(psalm.headings.filter((heading) => heading.level === 'qa').length, 22);
  });

  it('writes an omitted verse with empty text and omitted: true', () => {
    assert.deepEqual(chapter('bible/john/5').verses[3], { verse: 4, text: '', omitted: true });
  });

  it('attributes certain speakers only, and cites the speaker source where it does', () => {
    const john3 = chapter('bible/john/3');
    assert.equal(john3.verses[2]?.speaker, 'Jesus');
    assert.equal(john3.verses[0]?.speaker, undefined);
    const speakers = frontmatter('sources/glyssen-speakers.md');
    assert.equal(speakers.type, 'Source');
    assert.equal(speakers.licence, 'MIT');
    assert.ok(speakers.usage_count > 0);
  });

  it('writes the root index with okf_version 0.2 and the newest pinned source date, and the source documents', () => {
    const root = frontmatter('index.md');
    assert.equal(root.okf_version, '0.2');
    assert.equal(root.generated, '2026-08-21T00:00:00.000Z');
    const bsb = frontmatter('sources/bsb.md');
    // 66 books, 1,189 chapters, the 613 commandments that quote their BSB verse, the Holy Spirit
    // (named where the BSB's text writes Spirit) and Jesus Christ (where it names Christ or the Son).
    assert.equal(bsb.usage_count, 66 + 1189 + 613 + 2);
    assert.equal(bsb.licence, 'public-domain');
    assert.match(readFileSync(path.join(bundle, 'log.md'), 'utf8'), /^# Log\n\n## 2026-08-21: /);
  });

  it('writes a byte-identical bundle when run again on the same inputs (this time every collection in one thread), replacing the old bundle whole', async () => {
    const first = hashTree(bundle);
    const again = path.join(work, 'again');
    await mkdir(again);
    await writeFile(path.join(again, 'stale.md'), 'left from an older ingest\n');
    await ingest({ sourcesDir: FULL_SOURCES, bundleDir: again, threads: false });
    assert.equal(hashTree(again), first, 'the collections built in their own threads (the first ingest) wrote what they write in one thread');
    assert.deepEqual(readdirSync(work).sort(), ['again', 'bundle'], 'no work directories left beside the bundle');
  });
});
