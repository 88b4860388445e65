// Acceptance criteria of the translations beside the BSB (issue 18), asked of the API over the full
// data (SKG_DIST, default dist/) and compared with the bundle's translation files (SKG_BUNDLE) and, for
// the concordance, with the SWORD exports themselves (SKG_SOURCES).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FULL_BUNDLE, skipWithoutFullData, useFullDataApp } from './full-data.ts';
import { FULL_SOURCES, skipWithoutFullSources } from './full-sources.ts';

const skip = skipWithoutFullData() || (await skipWithoutFullSources());

/**
 * The verse records (`Book c:v`, v > 0) of a SWORD export whose markup tags a word with `strongs` (a
 * Psalm title's words included: the title is in its verse 1 record), read without the ingest's parser.
 */
function countSourceVersesTagged(file: string, strongs: string): number {
  const lemma = new RegExp(`lemma="[^"]*strong:${strongs.slice(0, 1)}0*${strongs.slice(1)}\\b`);
  let count = 0;
  for (const chunk of gunzipSync(readFileSync(path.join(FULL_SOURCES, 'translations', file))).toString('utf8').split(/^\$\$\$/m).slice(1)) {
    const newline = chunk.indexOf('\n');
    const verse = Number(/:(\d+)\s*$/.exec(chunk.slice(0, newline))?.[1] ?? 0);
    if (verse > 0 && lemma.test(chunk.slice(newline + 1).replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, ''))) count++;
  }
  return count;
}

interface SourceVerse {
  verse: number;
  text: string;
  empty?: true;
  footnotes?: Array<{ offset: number; text: string; type: string }>;
}
interface SourceBook {
  book: string;
  chapters: SourceVerse[][];
}

function readSource(id: string, book: string): SourceBook {
  return JSON.parse(readFileSync(path.join(FULL_BUNDLE, 'translations', id.toLowerCase(), `${book.toLowerCase()}.json`), 'utf8')) as SourceBook;
}

describe('the translations on the full data', { skip }, () => {
  const { dataSet, get } = useFullDataApp();

  it('lists BSB, KJV, WEB and RV1909 with their licences, counts and books', async () => {
    const { status, body } = await get('/translations');
    assert.equal(status, 200);
    assert.deepEqual(
      body.translations.map((t: { id: string }) => t.id),
      ['BSB', 'KJV', 'WEB', 'RV1909'],
    );
    const byId = Object.fromEntries(body.translations.map((t: { id: string }) => [t.id, t]));
    assert.equal(byId.BSB.counts.verses, 31102);
    assert.equal(byId.KJV.counts.verses, 31102);
    assert.equal(byId.RV1909.counts.emptyVerses, 18);
    // 37,791 slots in the export, less PrAzar, Sus and Bel (68 + 64 + 42 slots, none with text): not listed.
    assert.equal(byId.WEB.counts.verses, 37791 - 174);
    assert.equal(byId.WEB.counts.emptyVerses, 334 - 174);
    for (const id of ['PrAzar', 'Sus', 'Bel']) assert.equal(byId.WEB.books.some((book: { id: string }) => book.id === id), false, id);
    assert.equal(byId.RV1909.language, 'es');
    assert.match(byId.KJV.licence.notes.join(' '), /United Kingdom/);
    assert.match(byId.WEB.licence.notes.join(' '), /trademark/);
    const tobit = byId.WEB.books.find((book: { id: string }) => book.id === 'Tob');
    assert.equal(tobit.deuterocanonical, true);
    assert.equal(byId.WEB.books.filter((book: { deuterocanonical: boolean }) => book.deuterocanonical).length, 14);
    assert.ok(byId.KJV.features.includes('strongs') && !byId.WEB.features.includes('strongs') && !byId.RV1909.features.includes('strongs'));
    for (const t of body.translations) assert.match(t.checksum, /^sha256:[0-9a-f]{64}$/);
  });

  it("lists strongs for the BSB, counting its tagged words (the interlinear's English segments) as the KJV's count its tagged words", async () => {
    const { body } = await get('/translations');
    const [bsb, kjv] = body.translations;
    assert.ok(bsb.features.includes('strongs'), JSON.stringify(bsb.features));
    const folder = path.join(FULL_BUNDLE, 'references', 'interlinear');
    let segments = 0;
    for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.jsonl'))) {
      for (const line of readFileSync(path.join(folder, name), 'utf8').split('\n')) {
        if (line === '') continue;
        for (const [english, first] of (JSON.parse(line) as { entries: Array<[string | null, number | null]> }).entries) if (english !== null && first !== null) segments++;
      }
    }
    assert.equal(bsb.counts.strongs, segments);
    assert.equal(bsb.counts.strongs, 380629);
    // The KJV's: every word its source tags (about 349,000 in the issue), the Psalm titles' included.
    assert.ok(kjv.counts.strongs > 340000 && kjv.counts.strongs < 360000, String(kjv.counts.strongs));
  });

  it('serves John 3:16 in the KJV as its source has it, and names the KJV in licence.text', async () => {
    const { status, body } = await get('/passage/John.3.16?translation=KJV');
    assert.equal(status, 200);
    assert.equal(body.text, readSource('KJV', 'John').chapters[2]?.[15]?.text);
    assert.match(body.text, /For God so loved the world, that he gave his only begotten Son/);
    assert.equal(body.translation, 'KJV');
    assert.match(body.licence.text, /King James Version/);
    assert.deepEqual(body.verses[0].wordsOfJesus, [[0, body.text.length]]);
  });

  it('has Matthew 17:21 in the KJV while the BSB omits it', async () => {
    const kjv = await get('/passage/Matt.17.21?translation=KJV');
    assert.match(kjv.body.text, /prayer and fasting/);
    assert.equal(kjv.body.omitted, undefined);
    const bsb = await get('/passage/Matt.17.21');
    assert.equal(bsb.body.omitted, true);
  });

  it('answers Tobit under the WEB and as an unknown book under the others', async () => {
    const web = await get('/passage/Tob.1.1?translation=WEB');
    assert.equal(web.status, 200);
    assert.match(web.body.text, /^The book of the words of Tobit/);
    assert.equal(web.body.book.id, 'Tob');
    const chapter = await get('/passage/Tob.1?translation=web');
    assert.equal(chapter.body.kind, 'chapter');
    assert.equal(chapter.body.versification, 'nrsva');
    assert.equal(chapter.body.previous, 'Mal.4');
    for (const route of ['/passage/Tob.1.1', '/passage/Tob.1.1?translation=KJV']) {
      const other = await get(route);
      assert.equal(other.status, 400);
      assert.equal(other.body.code, 'invalid_reference');
      assert.match(other.body.error, /Tobit is in the WEB: add \?translation=WEB/);
    }
    const parallel = await get('/passage/Tob.1.1?translation=BSB,WEB');
    assert.match(parallel.body.error, /Tobit is in the WEB: a parallel answer follows the first translation's books: ask \?translation=WEB,BSB/);
    assert.match(parallel.body.docs, /\/passage\/Tob\.1\.1\?translation=WEB,BSB$/);
  });

  it('serves a heading inside a verse (WEB Song 1:4) and the notes of a Psalm title (WEB Ps 46) as the BSB’s are', async () => {
    const song = await get('/passage/Song.1.4?translation=WEB');
    assert.deepEqual(song.body.headings.map((heading: { text: string; midVerse?: true }) => [heading.text, heading.midVerse]), [['Friends', true], ['Beloved', true]]);
    const psalm = await get('/passage/Ps.46.1?translation=WEB');
    assert.deepEqual(psalm.body.headings[0].footnotes, [{ offset: psalm.body.headings[0].text.length, text: 'Alamoth is a musical term.', type: 'footnote' }]);
  });

  it('links an error to the translation asked for: free text read in its books, a span across books to /references in it', async () => {
    const kjv = await get('/passage/John%203:16?translation=KJV');
    assert.equal(kjv.body.code, 'invalid_reference');
    assert.match(kjv.body.docs, /\/passage\/John\.3\.16\?translation=KJV$/);
    const tobit = await get('/passage/Tobit%201:1?translation=WEB');
    assert.match(tobit.body.docs, /\/passage\/Tob\.1\.1\?translation=WEB$/);
    const span = await get('/passage/Tob.1.1-Jdt.1.1?translation=WEB');
    assert.equal(span.body.code, 'invalid_parameter');
    const followed = await get(span.body.docs.slice(span.body.docs.indexOf('/references')));
    assert.equal(followed.status, 200);
    assert.equal(followed.body.count, 1, span.body.docs);
  });

  it('starts the WEB’s Genesis with Genesis, not its preface (left out, in the ingest report)', async () => {
    const { body } = await get('/passage/Gen.1?translation=WEB');
    assert.equal(body.verses[0].osis, 'Gen.1.1');
    const headings = JSON.stringify(body.verses[0].headings ?? []);
    assert.doesNotMatch(headings, /Holy Bible|MT, TR, and NU|More Information/);
    const list = await get('/translations');
    const web = list.body.translations.find((t: { id: string }) => t.id === 'WEB');
    assert.equal(web.books.find((book: { id: string }) => book.id === 'Gen').title, 'The First Book of Moses, Commonly Called Genesis');
  });

  it('answers an empty slot like an omitted verse, with the footnote that says why', async () => {
    const { body } = await get('/passage/Acts.8.37?translation=WEB');
    assert.equal(body.omitted, true);
    assert.equal(body.text, '');
    const source = readSource('WEB', 'Acts').chapters[7]?.[36];
    assert.equal(source?.empty, true);
    assert.deepEqual(body.verses[0].footnotes?.map((note: { text: string }) => note.text), source?.footnotes?.map((note) => note.text));
  });

  it('refuses an unknown translation with the ones available', async () => {
    const { status, body } = await get('/passage/John.3.16?translation=NIV');
    assert.equal(status, 400);
    assert.equal(body.code, 'unknown_value');
    assert.deepEqual(body.available, ['BSB', 'KJV', 'WEB', 'RV1909']);
  });

  it('answers translation=BSB exactly as the default', async () => {
    for (const route of ['/passage/John.3.16', '/passage/Ps.23', '/passage/Gen.1.1-Gen.2.3', '/passage/Rom.8.28-30']) {
      const plain = await get(route);
      const bsb = await get(`${route}?translation=BSB`);
      assert.deepEqual(bsb.body, plain.body, route);
    }
  });

  it('serves every verse of every translation as its source file has it', () => {
    const store = dataSet().translations;
    assert.ok(store);
    let compared = 0;
    for (const translation of store.translations) {
      const folder = path.join(FULL_BUNDLE, 'translations', translation.id.toLowerCase());
      const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
      assert.equal(files.length, translation.books.length, translation.id);
      for (const record of translation.books) {
        const source = readSource(translation.id, record.book.osis);
        source.chapters.forEach((verses, c) => {
          const served = translation.getChapter(record.book, c + 1) ?? [];
          assert.equal(served.length, verses.length, `${translation.id} ${record.book.osis} ${c + 1}`);
          verses.forEach((verse, v) => {
            const got = served[v];
            if (got?.text !== verse.text || (got.omitted === true) !== (verse.empty === true)) {
              assert.fail(`${translation.id} ${record.book.osis}.${c + 1}.${v + 1}: ${JSON.stringify(got?.text)} ≠ ${JSON.stringify(verse.text)}`);
            }
            compared++;
          });
        });
      }
    }
    assert.equal(compared, 31102 + (37791 - 174) + 31102, "the WEB less its 174 slots of PrAzar, Sus and Bel (no text)");
  });
});

describe('parallel passages, search and the concordance on the full data', { skip }, () => {
  const { get } = useFullDataApp();

  it('gives Romans 8:28 in all four translations, in the order asked', async () => {
    const { status, body } = await get('/passage/Rom.8.28?translation=BSB,KJV,WEB,RV1909');
    assert.equal(status, 200);
    assert.deepEqual(body.translations, ['BSB', 'KJV', 'WEB', 'RV1909']);
    const parallel = body.verses[0].parallel;
    assert.deepEqual(parallel.map((p: { translation: string }) => p.translation), ['BSB', 'KJV', 'WEB', 'RV1909']);
    assert.equal(parallel[0].text, body.text);
    assert.match(parallel[1].text, /all things work together for good/);
    assert.equal(parallel[1].text, readSource('KJV', 'Rom').chapters[7]?.[27]?.text);
    assert.match(parallel[3].text, /todas las cosas/);
    for (const name of ['BSB', 'KJV', 'WEB', 'RV1909']) assert.ok(body.licence.text.includes(`(${name}`), name);
  });

  it("keeps a chapter's speakers when the BSB leads a parallel answer", async () => {
    const plain = await get('/passage/John.3');
    const { body } = await get('/passage/John.3?translation=BSB,KJV');
    assert.ok(plain.body.speakers.length > 0);
    assert.deepEqual(body.speakers, plain.body.speakers);
    const named = new Set(body.verses.flatMap((verse: { speaker?: string }) => (verse.speaker ? [verse.speaker] : [])));
    assert.deepEqual([...named].sort(), [...body.speakers].sort());
    assert.deepEqual((await get('/passage/John.3?translation=KJV,BSB')).body.speakers, []);
  });

  it("gives every translation's Psalm title in a parallel answer", async () => {
    const { body } = await get('/passage/Ps.3.1?translation=BSB,KJV,WEB,RV1909');
    // The RV1909's source prints no Psalm titles (its entry has none today): only the other three are held to one.
    for (const entry of body.verses[0].parallel.slice(0, 3)) {
      const titles = (entry.headings ?? []).filter((heading: { level: string }) => heading.level === 'd');
      assert.equal(titles.length, 1, entry.translation);
      assert.equal(titles[0].before, 'Ps.3.1');
    }
    assert.match(body.verses[0].parallel[1].headings.find((heading: { level: string }) => heading.level === 'd').text, /Absalom/);
  });

  it('marks a slot one translation lacks as absent (WEB 3 John 1:15 beside the KJV)', async () => {
    const { body } = await get('/passage/3John.1.15?translation=WEB,KJV');
    // The WEB has the slot (empty: its text is in 1:14) where the KJV has none.
    assert.equal(body.verses[0].parallel[0].translation, 'WEB');
    assert.equal(body.verses[0].parallel[0].omitted, true);
    assert.deepEqual(body.verses[0].parallel[1], { translation: 'KJV', text: '', absent: true });
  });

  it('gives /references?passages=true in the translation asked', async () => {
    const { body } = await get('/references?q=John%203%3A16&passages=true&translation=RV1909');
    assert.equal(body.references[0].passages[0].translation, 'RV1909');
    assert.match(body.references[0].passages[0].text, /de tal manera amó Dios al mundo/);
  });

  it('finds deuterocanonical references under the WEB, checked against its slots', async () => {
    const { status, body } = await get('/references?q=Tobit%201:1&passages=true&translation=WEB');
    assert.equal(status, 200);
    assert.equal(body.references.length, 1);
    assert.equal(body.references[0].osis, 'Tob.1.1');
    assert.equal(body.references[0].exists, true);
    assert.match(body.references[0].passages[0].text, /^The book of the words of Tobit/);
    // The BSB has no Tobit: not a reference there, as before.
    assert.deepEqual((await get('/references?q=Tobit%201:1')).body.references, []);
    // The WEB has a slot 3 John 1:15 (empty: its text is in 1:14); the BSB and the KJV have none.
    const web = await get('/references?q=3%20John%201:15&translation=WEB');
    assert.equal(web.body.references[0].exists, true);
    const kjv = await get('/references?q=3%20John%201:15&translation=KJV');
    assert.equal(kjv.body.references[0].exists, false);
    // A range across books keeps the canon's order under the WEB.
    const across = await get('/references?q=Jude%201:25-Rev%201:1&translation=WEB');
    assert.equal(across.body.references[0].exists, true);
  });

  it('searches the RV1909 without accents or case (Gen 1:1 spells it "crió")', async () => {
    const { body } = await get('/scripture?q=principio%20crio&translation=RV1909');
    assert.equal(body.translation, 'RV1909');
    assert.equal(body.hits[0]?.osis, 'Gen.1.1');
    const accented = await get('/scripture?q=principio%20cri%C3%B3&translation=rv1909&book=Gen');
    assert.equal(accented.body.hits[0]?.osis, 'Gen.1.1');
    const creo = await get('/scripture?q=creo&translation=RV1909');
    assert.ok(creo.body.total > 0);
    assert.ok(creo.body.hits.some((hit: { text: string }) => /cre[oó]\b/i.test(hit.text)));
    const phrase = await get('/scripture?q=%22only%20begotten%20son%22&translation=KJV');
    assert.ok(phrase.body.hits.some((hit: { osis: string }) => hit.osis === 'John.3.16'));
  });

  it("filters a WEB search to a deuterocanonical book, listing the WEB's books when the book is unknown", async () => {
    const { status, body } = await get('/scripture?q=tobit&translation=WEB&book=Tob');
    assert.equal(status, 200);
    assert.ok(body.total > 0);
    assert.ok(body.hits.every((hit: { osis: string }) => hit.osis.startsWith('Tob.')));
    const unknown = await get('/scripture?q=tobit&translation=WEB&book=Nope');
    assert.equal(unknown.status, 400);
    assert.ok(unknown.body.available.includes('Tob') && unknown.body.available.includes('John'));
    const kjv = await get('/scripture?q=tobit&translation=KJV&book=Tob');
    assert.equal(kjv.status, 400);
    assert.ok(!kjv.body.available.includes('Tob'));
  });

  it('never matches an empty slot', async () => {
    const { body } = await get('/scripture?q=eunuch%20believe&translation=WEB&book=Acts');
    assert.ok(!body.hits.some((hit: { osis: string }) => hit.osis === 'Acts.8.37'));
  });

  it('counts every KJV verse with a word tagged H430 in the source (its Psalm title included), with the words rendering it', async () => {
    const { status, body } = await get('/scripture?strongs=h0430&translation=KJV&limit=3');
    assert.equal(status, 200);
    assert.equal(body.strongs, 'H430');
    assert.equal(body.total, countSourceVersesTagged('engKJV2006eb.imp.gz', 'H430'));
    assert.equal(body.hits[0].osis, 'Gen.1.1');
    assert.deepEqual(body.hits[0].words, ['God']);
    const web = await get('/scripture?strongs=H430&translation=WEB');
    assert.equal(web.status, 400, "the WEB's machine-spread tags are not served");
    assert.deepEqual([web.body.code, web.body.param, web.body.available], ['unknown_value', 'translation', ['BSB', 'KJV']]);
    const bsb = await get('/scripture?strongs=H430&limit=1');
    assert.equal(bsb.body.translation, 'BSB');
    assert.ok(bsb.body.total > 2000);
    assert.deepEqual([bsb.body.hits[0].osis, bsb.body.hits[0].words], ['Gen.1.1', ['God']]);
  });

  it('counts the 57 KJV Psalm titles with "Psalm" tagged H4210 for their verse 1, as the source tags them', async () => {
    const { body } = await get('/scripture?strongs=H4210&translation=KJV&limit=100');
    assert.equal(body.total, countSourceVersesTagged('engKJV2006eb.imp.gz', 'H4210'));
    const titled = body.hits.filter((hit: { osis: string; words: string[] }) => /^Ps\.\d+\.1$/.test(hit.osis) && hit.words.includes('Psalm'));
    assert.equal(titled.length, 57);
    const psalm3 = await get('/passage/Ps.3.1?translation=KJV');
    assert.deepEqual(psalm3.body.headings.map((heading: { text: string }) => heading.text), ['A Psalm of David, when he fled from Absalom his son.']);
    assert.doesNotMatch(psalm3.body.text, /Psalm/, 'the title stays a heading, out of the verse text');
    const lexeme = await get('/entity/lexemes/h4210');
    const kjv = lexeme.body.renderings.find((entry: { translation: string }) => entry.translation === 'KJV');
    assert.equal(kjv.words[0].text, 'Psalm');
    assert.equal(kjv.verses, body.total);
  });

  it('lists "God" first among the KJV renderings of lexemes/h430', async () => {
    const { body } = await get('/entity/lexemes/h430');
    assert.deepEqual(body.renderings.map((entry: { translation: string }) => entry.translation), ['BSB', 'KJV']);
    // The BSB's segments are phrases of its interlinear: "your God" (a suffixed form) is among its commonest.
    assert.ok(body.renderings[0].words.slice(0, 3).some((word: { text: string }) => word.text === 'God'));
    const kjv = body.renderings.find((entry: { translation: string }) => entry.translation === 'KJV');
    assert.equal(kjv.words[0].text, 'God');
    assert.ok(kjv.words.some((word: { text: string }) => word.text === 'judges'));
    assert.ok(kjv.verses > 2000);
  });
});
