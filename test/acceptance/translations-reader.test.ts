// The SWORD import-format reader on the three pinned exports (SOURCES.md §10): the counts of issue 18,
// and every verse's plain text against the source stripped of markup by an independent simple method.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { BOOKS, TRANSLATION_FACTS } from '@skg/core';
import { checkSources, parseKjvSlots, readTranslationSource, TRANSLATION_SOURCES, type TranslationText } from '@skg/ingest';
import { FULL_SOURCES } from './full-sources.ts';

const problems = await checkSources(FULL_SOURCES, { needs: ['translations/', 'bibledata/BibleData-Reference.csv'] });
if (problems.length > 0 && process.env.CI) throw new Error(`CI: ${problems.length} translation source file(s) missing or altered in ${FULL_SOURCES}`);
const skip = problems.length > 0 ? `${problems.length} translation source file(s) missing or altered in ${FULL_SOURCES}` : false;

/** The source's records `Book c:v` → body, split without the reader's record parser. */
function readRawRecords(file: string): Map<string, string> {
  const records = new Map<string, string>();
  for (const chunk of gunzipSync(readFileSync(file)).toString('utf8').split(/^\$\$\$/m).slice(1)) {
    const newline = chunk.indexOf('\n');
    records.set(newline < 0 ? chunk : chunk.slice(0, newline), newline < 0 ? '' : chunk.slice(newline + 1));
  }
  return records;
}

/** RV1909's supplied enclitic pronouns (`sáca<transChange>lo</transChange>`), and the non-verbs they do not join. */
const ENCLITIC = '(?:lo|la|le|los|las|les|se|me|te|nos|os)\u0000';
const NOT_VERBS = 'y|que|no|como|os|ellos|gentes|cuánto|dios|jehová|josué';

/** The spacing rules of osis-verse.ts, as a few regular expressions over the whole fragment. */
function stripMarkup(body: string): string {
  return body
    .replace(/<div\b[^>]*\beID="[^"]*"[^>]*\btype="book"[^>]*\/>[\s\S]*$/, '')
    .replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, '\u0000')
    .replace(/<\/transChange>/g, '\u0000')
    .replace(new RegExp(`(?<![\\p{L}\\p{M}])(${NOT_VERBS})((?:</[a-zA-Z]+>)*)(<transChange\\b[^>]*>)(?=${ENCLITIC})`, 'giu'), '$1$2\u0000$3')
    .replace(new RegExp(`([\\p{L}\\p{M}])((?:</[a-zA-Z]+>)*)(<transChange\\b[^>]*>)(?!${ENCLITIC})`, 'gu'), '$1$2\u0000$3')
    .replace(/<(title|speaker)\b[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<\/?(?:l|lg|lb|div|chapter|p|list|item)\b[^>]*>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/(\S)\u0000+(?=[\p{L}\p{N}“‘])/gu, '$1 ')
    .replace(/\u0000/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const texts = new Map<string, TranslationText>();
const source = (id: string) => TRANSLATION_SOURCES.find((entry) => entry.id === id) ?? assert.fail(id);
const get = (id: string): TranslationText => texts.get(id) ?? assert.fail(`${id} not read`);

describe('the SWORD exports read by our reader', { skip }, () => {
  let kjvSlots: Set<string>;

  before(async () => {
    for (const entry of TRANSLATION_SOURCES) texts.set(entry.id, await readTranslationSource(FULL_SOURCES, entry));
    // Our slots (the BSB's, the KJV's versification), from BibleData as the scripture collection reads them.
    const slots = parseKjvSlots(readFileSync(path.join(FULL_SOURCES, 'bibledata/BibleData-Reference.csv'), 'utf8'));
    kjvSlots = new Set(
      BOOKS.flatMap((book) => (slots.get(book.usfm) ?? []).flatMap((count, index) => Array.from({ length: count }, (_, verse) => `${book.osis}.${index + 1}.${verse + 1}`))),
    );
    assert.equal(kjvSlots.size, 31_102);
  });

  it('KJV: 31,102 slots (the BSB’s), about 349,000 Strong’s-tagged words, 6,959 footnotes, 2,038 words of Jesus', () => {
    const { report, books } = get('KJV');
    assert.equal(books.length, 66);
    assert.deepEqual([report.verses, report.empty], [31_102, 0]);
    assert.ok(report.strongsWords > 348_000 && report.strongsWords < 350_000, `${report.strongsWords} tagged words`);
    assert.equal(report.footnotes, 6_959);
    assert.equal(report.jesusQuotes, 2_038);
    const john316 = get('KJV').verses.find((verse) => verse.osis === 'John.3.16');
    assert.match(john316?.text ?? '', /For God so loved the world, that he gave his only begotten Son/);
    const god = get('KJV').verses.find((verse) => verse.osis === 'Gen.1.1')?.strongs.find((word) => word.strongs.includes('H430'));
    assert.equal(god && get('KJV').verses[0]?.text.slice(god.start, god.end), 'God');
  });

  it('KJV and RV1909: exactly our slots, in our order of books', () => {
    for (const id of ['KJV', 'RV1909']) {
      const osis = get(id).verses.map((verse) => verse.osis);
      assert.deepEqual(osis, [...kjvSlots], id);
    }
  });

  it('WEB: the 66 books in the KJV slots plus 3 John 1:15 and Rev 12:18, 9 of them empty, each with its footnote where the source has one', () => {
    const { verses, books } = get('WEB');
    const canonical = new Set(books.filter((book) => !book.deuterocanonical).map((book) => book.osis));
    assert.equal(canonical.size, 66);
    const protocanon = verses.filter((verse) => canonical.has(verse.book));
    const extra = protocanon.filter((verse) => !kjvSlots.has(verse.osis)).map((verse) => verse.osis);
    assert.deepEqual(extra, ['3John.1.15', 'Rev.12.18']);
    assert.equal(protocanon.length, 31_104, 'every KJV slot is there');
    const empty = protocanon.filter((verse) => verse.empty);
    assert.deepEqual(
      empty.map((verse) => verse.osis),
      ['Matt.17.21', 'Matt.18.11', 'Mark.9.44', 'Mark.9.46', 'Mark.11.26', 'Mark.15.28', 'Luke.17.36', 'Luke.23.17', 'Acts.8.37', 'Acts.15.34', 'Acts.24.7', 'Acts.28.29', 'Rom.16.25', 'Rom.16.26', 'Rom.16.27', '3John.1.15', 'Rev.12.18'].filter((osis) =>
        empty.some((verse) => verse.osis === osis),
      ),
    );
    assert.equal(empty.length, 9);
    assert.match(empty.find((verse) => verse.osis === 'Luke.17.36')?.footnotes[0]?.text ?? '', /Some Greek manuscripts add/);
  });

  it('WEB: 17 deuterocanonical books with standard OSIS ids, 6,687 slots and 325 empty (the seven of the Catholic canon: 4,117 and 53)', () => {
    const { books } = get('WEB');
    const deuterocanon = books.filter((book) => book.deuterocanonical);
    assert.deepEqual(
      deuterocanon.map((book) => book.osis),
      ['Tob', 'Jdt', 'EsthGr', 'Wis', 'Sir', 'Bar', 'PrAzar', 'Sus', 'Bel', '1Macc', '2Macc', '1Esd', 'PrMan', 'AddPs', '3Macc', '2Esd', '4Macc'],
    );
    const sum = (list: typeof deuterocanon, key: 'verses' | 'empty'): number => list.reduce((total, book) => total + book[key], 0);
    assert.deepEqual([sum(deuterocanon, 'verses'), sum(deuterocanon, 'empty')], [6_687, 325]);
    const catholic = deuterocanon.filter((book) => ['Tob', 'Jdt', 'Wis', 'Sir', 'Bar', '1Macc', '2Macc'].includes(book.osis));
    assert.deepEqual([sum(catholic, 'verses'), sum(catholic, 'empty')], [4_117, 53]);
    // Prayer of Azariah, Susanna and Bel are empty: the export put the whole of Greek Daniel in Hosea 0:0.
    for (const osis of ['PrAzar', 'Sus', 'Bel']) {
      const book = deuterocanon.find((entry) => entry.osis === osis);
      assert.equal(book?.empty, book?.verses, osis);
    }
    assert.match(get('WEB').report.leftOut.map((entry) => entry.reason).join('\n'), /Hosea 0:0 holds the book DanGr/);
  });

  it('WEB: the preface before Genesis’s <div type="book"> is left out, not read into Genesis', () => {
    const { books, verses, report } = get('WEB');
    assert.equal(books[0]?.title, 'The First Book of Moses, Commonly Called Genesis');
    assert.equal(verses[0]?.osis, 'Gen.1.1');
    assert.ok(verses[0]?.headings.every((heading) => !/Holy Bible|MT, TR, and NU/.test(heading.text)), JSON.stringify(verses[0]?.headings));
    assert.match(report.leftOut.find((entry) => entry.what === 'front matter')?.reason ?? '', /^Genesis 0:0 .*'Preface to the World English Bible' \(7 headings/);
  });

  it('WEB: the glossary after Revelation’s closing <div type="book"> is left out, not read into Rev 22:21; the speakers inside Song 1:4 stay in it', () => {
    const { verses, report } = get('WEB');
    const osis = (id: string) => verses.find((verse) => verse.osis === id);
    assert.equal(osis('Rev.22.21')?.text, 'The grace of the Lord Jesus Christ be with all the saints. Amen.');
    assert.match(report.leftOut.find((entry) => entry.what === 'back matter')?.reason ?? '', /^Revelation of John 22:21 .*'World English Bible Glossary'/);
    assert.deepEqual(osis('Song.1.4')?.headings.map(({ text, midVerse }) => [text, midVerse]), [['Friends', true], ['Beloved', true]]);
    assert.deepEqual(osis('Song.1.5')?.headings, []);
    const alamoth = osis('Ps.46.1')?.headings[0];
    assert.equal(alamoth?.text, 'For the Chief Musician. By the sons of Korah. According to Alamoth.');
    assert.deepEqual(alamoth?.footnotes, [{ offset: alamoth?.text.length, text: 'Alamoth is a musical term.', type: 'footnote' }]);
    // Every note inside a title is kept on its heading, but those of Greek Daniel (in Hosea 0:0, left out).
    const titleNotes = (body: string) => body.match(/<title\b[^>]*>[^<]*(?:<(?!\/title)[^<]*)*?<note\b/g)?.length ?? 0;
    const records = readRawRecords(path.join(FULL_SOURCES, source('WEB').file));
    const expected = [...records].reduce((sum, [key, body]) => sum + (key === 'Hosea 0:0' ? 0 : titleNotes(body)), 0);
    assert.equal(report.headingFootnotes, expected);
  });

  it('KJV: the 14 subscriptions after the epistles’ last verses are reported, not read into the next book', () => {
    const { verses, report } = get('KJV');
    assert.deepEqual(verses.find((verse) => verse.osis === '1Cor.1.1')?.headings, []);
    const left = report.leftOut.find((entry) => entry.reason.startsWith("after a book's last verse"));
    assert.equal(left?.count, 14);
    assert.match(left?.reason ?? '', /Rom 'Written to the Romans from Corinthus, and sent by Phebe/);
  });

  it('RV1909: supplied words written against a word are a word of their own, an enclitic pronoun stays joined', () => {
    const { verses } = get('RV1909');
    const text = (id: string) => verses.find((verse) => verse.osis === id)?.text ?? '';
    assert.match(text('Gen.5.3'), /engendró un hijo á su semejanza/);
    assert.match(text('1Chr.7.4'), /mil hombres de guerra/);
  });

  it('WEB: 2,218 notes in the export, 2,205 of them on verses (1,842 footnotes, 363 cross references), 2,289 words of Jesus, no Strong’s kept', () => {
    const raw = gunzipSync(readFileSync(path.join(FULL_SOURCES, source('WEB').file))).toString('utf8');
    assert.equal(raw.match(/<note\b/g)?.length, 2_218);
    const { report, verses } = get('WEB');
    assert.deepEqual([report.footnotes, report.crossReferenceNotes], [1_842, 363]);
    assert.equal(report.jesusQuotes, 2_289);
    assert.ok(report.strongsDropped > 690_000, `${report.strongsDropped} dropped`);
    assert.ok(verses.every((verse) => verse.strongs.length === 0));
  });

  it('RV1909: the chapters off the KJV slots, found from the data, are the ones its versificationNotes list', async () => {
    // Strong's numbers are dropped from the served RV1909, but they tell where its text sits: a slot whose
    // numbers match a KJV slot up to three away better than its own holds that slot's text.
    const rv = await readTranslationSource(FULL_SOURCES, { ...source('RV1909'), keepStrongs: true });
    const numbers = (verse: TranslationText['verses'][number]): Set<string> => new Set(verse.strongs.flatMap((word) => word.strongs));
    const kjv = get('KJV').verses.map(numbers);
    const overlap = (a: Set<string>, b: Set<string> | undefined): number => {
      if (!b || a.size === 0 || b.size === 0) return 0;
      let shared = 0;
      for (const code of a) if (b.has(code)) shared++;
      return shared / Math.min(a.size, b.size);
    };
    const off = new Map<string, number>();
    rv.verses.forEach((verse, i) => {
      const chapter = `${verse.book}.${verse.chapter}`;
      const own = verse.empty ? undefined : overlap(numbers(verse), kjv[i]);
      const moved = own === undefined || [-3, -2, -1, 1, 2, 3].some((d) => overlap(numbers(verse), kjv[i + d]) > own + 0.2);
      if (moved) off.set(chapter, (off.get(chapter) ?? 0) + (verse.empty ? 3 : 1));
    });
    const found = [...off].filter(([, count]) => count >= 3).map(([chapter]) => chapter);
    assert.deepEqual(found, TRANSLATION_FACTS.RV1909.versificationNotes?.chapters);
    assert.equal(TRANSLATION_FACTS.KJV.versificationNotes, undefined);
  });

  it('RV1909: 31,102 slots, 18 empty where the text was merged into a neighbour, no Strong’s kept', () => {
    const { report, verses } = get('RV1909');
    assert.deepEqual([report.verses, report.empty], [31_102, 18]);
    const empty = verses.filter((verse) => verse.empty).map((verse) => verse.osis);
    assert.ok(['Job.38.39', 'Job.38.40', 'Job.38.41', 'Jonah.1.17'].every((osis) => empty.includes(osis)), empty.join(' '));
    assert.ok(report.strongsDropped > 390_000 && verses.every((verse) => verse.strongs.length === 0));
  });

  it('every verse of every translation: the plain text equals the source with markup removed by regular expressions', () => {
    for (const entry of TRANSLATION_SOURCES) {
      const raw = readRawRecords(path.join(FULL_SOURCES, entry.file));
      const { verses, books } = get(entry.id);
      const nameOf = new Map(books.map((book) => [book.osis, book.name]));
      const mismatches: string[] = [];
      for (const verse of verses) {
        const body = raw.get(`${nameOf.get(verse.book)} ${verse.chapter}:${verse.verse}`);
        assert.notEqual(body, undefined, `${entry.id} ${verse.osis} has a record`);
        const expected = stripMarkup(body ?? '');
        if (verse.text !== expected) mismatches.push(`${verse.osis}: ${JSON.stringify(verse.text)} ≠ ${JSON.stringify(expected)}`);
      }
      assert.deepEqual(mismatches.slice(0, 5), [], `${entry.id}: ${mismatches.length} verses differ`);
      assert.equal(verses.length, [...raw.keys()].filter((key) => /\d+:[1-9]\d*$/.test(key)).length, `${entry.id}: every verse record read`);
    }
  });

  it('every span and footnote offset lies inside its verse’s text, spans never on a space', () => {
    for (const [id, { verses }] of texts) {
      for (const verse of verses) {
        for (const span of [...verse.added, ...verse.wordsOfJesus, ...verse.strongs]) {
          assert.ok(span.start >= 0 && span.start < span.end && span.end <= verse.text.length, `${id} ${verse.osis} ${JSON.stringify(span)}`);
          assert.ok(verse.text[span.start] !== ' ' && verse.text[span.end - 1] !== ' ', `${id} ${verse.osis} ${JSON.stringify(span)}`);
        }
        for (const note of verse.footnotes) assert.ok(note.offset >= 0 && note.offset <= verse.text.length, `${id} ${verse.osis} note at ${note.offset}`);
      }
    }
  });
});
