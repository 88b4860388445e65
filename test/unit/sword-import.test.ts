import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseImpLines } from '../../packages/ingest/src/translations/imp-records.ts';
import { parseOsisVerse, parseStrongsLemma } from '../../packages/ingest/src/translations/osis-verse.ts';
import { readTranslation } from '../../packages/ingest/src/translations/read-translation.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createTranslationFiles,
  createTranslationsResult,
  type TranslationBookFile,
  translationsCollection,
} from '../../packages/ingest/src/collections/translations.ts';
import { readSourcesManifest } from '../../packages/ingest/src/sources-manifest.ts';
import { SWORD_BOOKS } from '../../packages/ingest/src/translations/sword-books.ts';

const slice = (text: string, span: { start: number; end: number }): string => text.slice(span.start, span.end);

describe('parseOsisVerse', () => {
  it('strips markup to plain text with one space per whitespace run, trimmed', () => {
    const { verse } = parseOsisVerse(
      '<div sID="p1" type="x-p"/> In the <w lemma="strong:H7225">beginning</w>\t<w lemma="strong:H0430">God</w>  created &amp; made.<lb type="x-p"/>It was  <divineName>good</divineName>. ',
    );
    assert.equal(verse.text, 'In the beginning God created & made. It was good.');
  });

  it('keeps a footnote with its text and the offset where it stood, dropping its verse label', () => {
    const { verse } = parseOsisVerse(
      'the light from the darkness.<note placement="foot"><reference type="annotateRef">1.4 </reference>the light from…: Heb. <catchWord>between</catchWord> the light</note> And',
    );
    assert.equal(verse.text, 'the light from the darkness. And');
    assert.deepEqual(verse.footnotes, [{ offset: 28, text: 'the light from…: Heb. between the light', type: 'footnote' }]);
  });

  it('tells cross-reference notes from footnotes and keeps their reference text', () => {
    const { verse } = parseOsisVerse(
      'Heaven.<note type="crossReference"><reference subType="x-origin" type="annotateRef">5:3 </reference><reference>Isaiah 57:15</reference></note>',
    );
    assert.deepEqual(verse.footnotes, [{ offset: 7, text: 'Isaiah 57:15', type: 'crossReference' }]);
  });

  it('anchors a note inside a word element where it stands, and a note between two words counts as a space', () => {
    const inside = parseOsisVerse('<w lemma="strong:H3068">Yahweh’s<note placement="foot">“Yahweh” is God’s proper Name</note></w> word');
    assert.equal(inside.verse.text, 'Yahweh’s word');
    assert.equal(inside.verse.footnotes[0]?.offset, 8);
    const between = parseOsisVerse('only born<note placement="foot">The phrase “only born”</note><w lemma="strong:G5207">Son</w>, that');
    assert.equal(between.verse.text, 'only born Son, that');
    assert.equal(between.verse.footnotes[0]?.offset, 9);
    const beforePunctuation = parseOsisVerse('Amen<note placement="foot">Some add</note>.');
    assert.equal(beforePunctuation.verse.text, 'Amen.');
  });

  it('gives supplied words (transChange added) as spans of the plain text', () => {
    const { verse } = parseOsisVerse('<w>Blessed</w> <seg type="x-nested"><transChange type="added">are</transChange></seg> the poor');
    assert.equal(verse.text, 'Blessed are the poor');
    assert.deepEqual(verse.added.map((span) => slice(verse.text, span)), ['are']);
  });

  it('gives the words of Jesus of a <q who="Jesus"> container as a span', () => {
    const { verse, state } = parseOsisVerse('He said, <q marker="" who="Jesus">“Where the body is.”</q> Then');
    assert.deepEqual(verse.wordsOfJesus.map((span) => slice(verse.text, span)), ['“Where the body is.”']);
    assert.equal(verse.jesusQuotesOpened, 1);
    assert.equal(state.jesusOpen, false);
  });

  it('carries words of Jesus opened by an sID milestone into later verses until the eID', () => {
    const first = parseOsisVerse('And he said, <q sID="q1" who="Jesus"/>Follow me,');
    assert.deepEqual(first.verse.wordsOfJesus.map((span) => slice(first.verse.text, span)), ['Follow me,']);
    assert.equal(first.state.jesusOpen, true);
    const second = parseOsisVerse('and I will make you fishers of men.', first.state);
    assert.deepEqual(second.verse.wordsOfJesus, [{ start: 0, end: second.verse.text.length }]);
    const third = parseOsisVerse('of men.<q eID="q1"/> And they left', second.state);
    assert.deepEqual(third.verse.wordsOfJesus.map((span) => slice(third.verse.text, span)), ['of men.']);
    assert.equal(third.state.jesusOpen, false);
    assert.equal(first.verse.jesusQuotesOpened + second.verse.jesusQuotesOpened + third.verse.jesusQuotesOpened, 1);
  });

  it('closes, at its end tag, words of Jesus a <q> container carried in from the previous record', () => {
    const first = parseOsisVerse('He said, <q who="Jesus">Come and');
    assert.equal(first.state.jesusOpen, true);
    const second = parseOsisVerse('see.</q> And they came.', first.state);
    assert.deepEqual(second.verse.wordsOfJesus.map((span) => slice(second.verse.text, span)), ['see.']);
    assert.equal(second.verse.unclosed, 0);
    assert.equal(second.state.jesusOpen, false, 'the next record is not marked');
  });

  it('separates supplied words written against a word (RV1909), but keeps an enclitic pronoun joined to its verb', () => {
    const joined = parseOsisVerse(
      'y <w lemma="strong:H3205">engendró</w><transChange type="added">un hijo</transChange><w lemma="strong:H1823">á su semejanza</w>, <w>sáca</w><transChange type="added">lo</transChange> <w>y</w><transChange type="added">la</transChange> <w>tierra</w>',
    );
    assert.equal(joined.verse.text, 'y engendró un hijo á su semejanza, sácalo y la tierra');
    assert.deepEqual(joined.verse.added.map((span) => slice(joined.verse.text, span)), ['un hijo', 'lo', 'la']);
  });

  it('does not make a span of a quotation by someone else', () => {
    const { verse } = parseOsisVerse('<q who="Peter">Lord</q>');
    assert.deepEqual(verse.wordsOfJesus, []);
    assert.equal(verse.text, 'Lord');
  });

  it('gives each Strong-tagged word its numbers and the span of its rendered words', () => {
    const { verse } = parseOsisVerse('In the <w lemma="strong:H0430">God</w> <w lemma="strong:G4434 lemma.TR:ptwxoi">the poor</w> <w>and</w>');
    assert.deepEqual(
      verse.strongs.map((word) => [slice(verse.text, word), word.strongs]),
      [
        ['God', ['H430']],
        ['the poor', ['G4434']],
      ],
    );
  });

  it('takes Psalm titles and headings out of the text: before any text they precede this verse, after it the next', () => {
    const { verse } = parseOsisVerse(
      '<div type="x-milestone" subType="x-preverse" sID="pv1"/><title canonical="true" type="psalm">A <w lemma="strong:H4210">Psalm</w> of <w lemma="strong:H1732">David</w>.</title> <l level="1" sID="l1"/>LORD, how<l eID="l1"/> <speaker>Friends</speaker>',
    );
    assert.equal(verse.text, 'LORD, how');
    assert.deepEqual(verse.headings, [
      {
        text: 'A Psalm of David.',
        type: 'psalm',
        strongs: [
          { start: 2, end: 7, strongs: ['H4210'] },
          { start: 11, end: 16, strongs: ['H1732'] },
        ],
      },
    ]);
    assert.deepEqual(verse.trailingHeadings, [{ text: 'Friends', type: 'speaker' }]);
    assert.deepEqual(verse.strongs, [], "a title's tagged words are the title's, not the verse text's");
  });

  it('keeps a note in a Psalm title as the title’s footnote, its verse label dropped (WEB Ps 46)', () => {
    const { verse } = parseOsisVerse(
      '<title canonical="true" type="psalm">According to Alamoth.<note placement="foot"><reference type="annotateRef">46:0 </reference>Alamoth is a musical term.</note></title> God is our refuge',
    );
    assert.equal(verse.text, 'God is our refuge');
    assert.deepEqual(verse.footnotes, []);
    assert.deepEqual(verse.headings, [{ text: 'According to Alamoth.', type: 'psalm', footnotes: [{ offset: 21, text: 'Alamoth is a musical term.', type: 'footnote' }] }]);
    const inside = parseOsisVerse('<title type="psalm">though extra,<note placement="foot">or, supernumerary</note> composed when</title> I was small');
    assert.deepEqual(inside.verse.headings[0], { text: 'though extra, composed when', type: 'psalm', footnotes: [{ offset: 13, text: 'or, supernumerary', type: 'footnote' }] });
  });

  it('keeps a heading between the words of a record inside that verse (midVerse), the WEB’s speakers in Song 1:4', () => {
    const { verse } = parseOsisVerse('We will be glad. <speaker>Friends</speaker> They are right to love you. <speaker>Beloved</speaker>');
    assert.equal(verse.text, 'We will be glad. They are right to love you.');
    assert.deepEqual(verse.headings, [{ text: 'Friends', type: 'speaker', midVerse: true }]);
    assert.deepEqual(verse.trailingHeadings, [{ text: 'Beloved', type: 'speaker' }]);
  });

  it('survives the sources’ unbalanced tags, counting them', () => {
    const stray = parseOsisVerse('by my name \\nd <w lemma="strong:H3068">JEHOVAH</w></divineName> was I');
    assert.equal(stray.verse.text, 'by my name \\nd JEHOVAH was I');
    assert.equal(stray.verse.unclosed, 1);
    const open = parseOsisVerse('the LORD<note placement="foot">the <divineName>LORD: or, JEHOVAH</note> spake');
    assert.equal(open.verse.footnotes[0]?.text, 'the LORD: or, JEHOVAH');
    assert.equal(open.verse.unclosed, 1);
  });
});

describe('parseStrongsLemma', () => {
  it('normalises Strong’s numbers and ignores other lemma values', () => {
    const table: Array<[string, string[]]> = [
      ['strong:H0430', ['H430']],
      ['strong:G0025', ['G25']],
      ['strong:H7225', ['H7225']],
      ['strong:H0853 strong:H0430', ['H853', 'H430']],
      ['lemma.TR:λογος', []],
    ];
    for (const [lemma, expected] of table) assert.deepEqual(parseStrongsLemma(lemma), expected, lemma);
  });
});

describe('parseImpLines', () => {
  it('splits $$$ keys and bodies, with the heading keys unparsed and empty bodies kept', async () => {
    const records = [];
    for await (const record of parseImpLines(['$$$[ Module Heading ]', '', '$$$Genesis 0:0', '<div/>', '$$$III John 1:15', '', '$$$Revelation of John 22:21', 'Amen.'])) {
      records.push(record);
    }
    assert.deepEqual(records, [
      { key: '[ Module Heading ]', body: '' },
      { key: 'Genesis 0:0', reference: { book: 'Genesis', chapter: 0, verse: 0 }, body: '<div/>' },
      { key: 'III John 1:15', reference: { book: 'III John', chapter: 1, verse: 15 }, body: '' },
      { key: 'Revelation of John 22:21', reference: { book: 'Revelation of John', chapter: 22, verse: 21 }, body: 'Amen.' },
    ]);
  });
});

/** A module in the KJV order whose books each have one verse, with `extra` records spliced in. */
function kjvModule(bodies: Record<string, string[]>): string[] {
  return [
    '$$$[ Module Heading ]',
    '',
    ...SWORD_BOOKS.KJV.flatMap((book) => bodies[book.name] ?? [`$$$${book.name} 1:1`, `${book.osis} text.`]),
  ];
}

describe('readTranslation', () => {
  it('maps SWORD’s English book names to OSIS ids by the versification’s order', async () => {
    const { books, verses } = await readTranslation(parseImpLines(kjvModule({})), { id: 'T', versification: 'KJV', keepStrongs: false });
    assert.equal(books.length, 66);
    const byName = new Map(books.map((book) => [book.name, book.osis]));
    assert.equal(byName.get('I Samuel'), '1Sam');
    assert.equal(byName.get('Song of Solomon'), 'Song');
    assert.equal(byName.get('III John'), '3John');
    assert.equal(byName.get('Revelation of John'), 'Rev');
    assert.equal(verses.find((verse) => verse.book === '1Sam')?.osis, '1Sam.1.1');
  });

  it('names the deuterocanon of NRSVA with standard OSIS ids, flagged', () => {
    const deuterocanon = SWORD_BOOKS.NRSVA.filter((book) => book.deuterocanonical);
    assert.equal(deuterocanon.length, 17);
    assert.deepEqual(deuterocanon.slice(0, 5).map((book) => book.osis), ['Tob', 'Jdt', 'EsthGr', 'Wis', 'Sir']);
    assert.ok(deuterocanon.some((book) => book.name === 'I Maccabees' && book.osis === '1Macc'));
    assert.equal(SWORD_BOOKS.NRSVA.indexOf(deuterocanon[0] as never), 39, 'after Malachi');
  });

  it('refuses a module whose books are not in the versification’s order', async () => {
    const lines = kjvModule({ Exodus: ['$$$Leviticus 1:1', 'x'] });
    await assert.rejects(readTranslation(parseImpLines(lines), { id: 'T', versification: 'KJV', keepStrongs: false }), /book 'Leviticus' where the KJV order has 'Exodus'/);
  });

  it('refuses a book whose <div type="book"> names another book, and leaves out a book stuffed in an intro record', async () => {
    const lines = kjvModule({
      Genesis: ['$$$Genesis 0:0', '<div osisID="Gen" sID="b1" type="book"/><title type="main">The First Book of Moses</title>', '$$$Genesis 1:0', '<chapter osisID="Gen.1" sID="Gen.1"/><title>Creation</title>', '$$$Genesis 1:1', 'In the beginning'],
      Hosea: ['$$$Hosea 0:0', '<div osisID="DanGr" sID="b2" type="book"/>In the third year', '$$$Hosea 1:1', 'The word'],
    });
    const { books, verses, report } = await readTranslation(parseImpLines(lines), { id: 'T', versification: 'KJV', keepStrongs: false });
    assert.equal(books[0]?.title, 'The First Book of Moses');
    assert.deepEqual(verses[0]?.headings, [{ text: 'Creation', type: 'section' }], 'a c:0 heading precedes verse 1');
    assert.equal(verses.find((verse) => verse.book === 'Hos')?.text, 'The word');
    assert.match(report.leftOut.map((entry) => entry.reason).join('\n'), /Hosea 0:0 holds the book DanGr/);
  });

  it('leaves out front matter before a book’s <div type="book"> (the WEB’s preface in Genesis 0:0), reporting it', async () => {
    const lines = kjvModule({
      Genesis: [
        '$$$Genesis 0:0',
        '<div sID="f1" type="front"/><title level="1" type="main">Preface to the World English Bible</title> <div sID="f2" type="introduction"/><title type="x-introduction">What is the Holy Bible?</title> The Holy Bible is a collection.<note placement="foot">“Christ” means “Anointed One”.</note> <title type="x-introduction">More Information</title> See the site.<div eID="f2" type="introduction"/><div eID="f1" type="front"/> <div canonical="true" osisID="Gen" sID="b1" type="book"/><title level="2" type="main">The First Book of Moses,</title> <title level="3" type="main">Commonly Called</title> <title level="1" type="main">Genesis</title>',
        '$$$Genesis 1:0',
        '<chapter osisID="Gen.1" sID="Gen.1"/>',
        '$$$Genesis 1:1',
        'In the beginning',
      ],
    });
    const { books, verses, report } = await readTranslation(parseImpLines(lines), { id: 'WEB', versification: 'KJV', keepStrongs: false });
    assert.equal(books[0]?.title, 'The First Book of Moses, Commonly Called Genesis');
    assert.deepEqual(verses[0]?.headings, [], 'no preface heading before Gen.1.1');
    const front = report.leftOut.find((entry) => entry.what === 'front matter');
    assert.match(front?.reason ?? '', /Genesis 0:0 before the book's <div type="book">: 'Preface to the World English Bible' \(2 headings, 1 footnotes/);
    assert.equal(report.leftOut.some((entry) => entry.reason.startsWith('in an introduction record')), false, 'the preface footnote is counted with the front matter');
  });

  it('leaves out back matter after a book’s closing div (the WEB’s glossary) and headings after its last verse (the KJV’s subscriptions), reporting both', async () => {
    const lines = kjvModule({
      Romans: ['$$$Romans 1:1', 'Amen. <chapter eID="Rom.1"/> <title>Written to the Romans from Corinthus.</title> <div canonical="true" eID="b6" osisID="Rom" type="book"/>'],
      'Revelation of John': [
        '$$$Revelation of John 1:1',
        'Amen. <chapter eID="Rev.1"/> <div canonical="true" eID="b66" osisID="Rev" type="book"/> <div sID="g1" type="glossary"/><title type="main">World English Bible Glossary</title> Abaddon is Hebrew for destruction.',
      ],
    });
    const { verses, report } = await readTranslation(parseImpLines(lines), { id: 'T', versification: 'KJV', keepStrongs: false });
    assert.equal(verses.find((verse) => verse.osis === 'Rev.1.1')?.text, 'Amen.');
    assert.deepEqual(verses.find((verse) => verse.osis === '1Cor.1.1')?.headings, [], 'a subscription does not head the next book');
    const reasons = report.leftOut.map((entry) => entry.reason).join('\n');
    assert.match(reasons, /Revelation of John 1:1 after the book's closing <div type="book">: 'World English Bible Glossary' \(0 headings, 0 footnotes, 34 characters\)/);
    assert.match(reasons, /after a book's last verse, no verse follows them: Rom 'Written to the Romans from Corinthus\.'/);
  });

  it('records an empty slot as empty with the footnote that says why', async () => {
    const lines = kjvModule({
      Luke: ['$$$Luke 17:35', 'One taken.', '$$$Luke 17:36', '<note placement="foot"><reference type="annotateRef">17:36 </reference>Some Greek manuscripts add: “Two will be in the field.”</note>', '$$$Luke 17:37', ''],
    });
    const { verses, report, books } = await readTranslation(parseImpLines(lines), { id: 'T', versification: 'KJV', keepStrongs: false });
    const luke = verses.filter((verse) => verse.book === 'Luke');
    assert.deepEqual(luke.map((verse) => [verse.verse, verse.empty]), [[35, false], [36, true], [37, true]]);
    assert.deepEqual(luke[1]?.footnotes, [{ offset: 0, text: 'Some Greek manuscripts add: “Two will be in the field.”', type: 'footnote' }]);
    assert.equal(report.empty, 2);
    assert.equal(books.find((book) => book.osis === 'Luke')?.empty, 2);
  });

  it('keeps Strong’s numbers only when told to, counting the dropped ones', async () => {
    const lines = kjvModule({ Genesis: ['$$$Genesis 1:1', 'In <w lemma="strong:H0430">God</w> <w lemma="strong:H1254">created</w>'] });
    const kept = await readTranslation(parseImpLines(lines), { id: 'KJV', versification: 'KJV', keepStrongs: true });
    assert.deepEqual(kept.verses[0]?.strongs.map((word) => word.strongs[0]), ['H430', 'H1254']);
    assert.equal(kept.report.strongsWords, 2);
    const dropped = await readTranslation(parseImpLines(lines), { id: 'WEB', versification: 'KJV', keepStrongs: false });
    assert.deepEqual(dropped.verses[0]?.strongs, []);
    assert.equal(dropped.report.strongsDropped, 2);
    assert.deepEqual(
      dropped.report.leftOut.map((entry) => [entry.what, entry.count]),
      [["Strong's-tagged words", 2]],
    );
  });
});

describe('the translations collection', () => {
  it('writes one JSON file per book under translations/<id>/, verses by chapter, empty fields left out', async () => {
    const lines = kjvModule({
      Genesis: ['$$$Genesis 0:0', '<div osisID="Gen" sID="b1" type="book"/><title type="main">Genesis</title>', '$$$Genesis 1:1', 'In <w lemma="strong:H0430">God</w> <transChange type="added">was</transChange>', '$$$Genesis 2:1', 'Thus.'],
    });
    const text = await readTranslation(parseImpLines(lines), { id: 'KJV', versification: 'KJV', keepStrongs: true });
    const read = createTranslationFiles(text, 'public-domain');
    assert.equal(read.files.length, 66);
    assert.equal(read.files[0]?.path, 'translations/kjv/gen.json');
    assert.equal(read.files.find((file) => file.path.endsWith('/1sam.json'))?.path, 'translations/kjv/1sam.json');
    const genesis = JSON.parse(read.files[0]?.content ?? '') as TranslationBookFile;
    assert.deepEqual(genesis, {
      translation: 'KJV',
      book: 'Gen',
      name: 'Genesis',
      title: 'Genesis',
      deuterocanonical: false,
      licence: 'public-domain',
      chapters: [[{ verse: 1, text: 'In God was', added: [[7, 10]], strongs: [[3, 6, 'H430']] }], [{ verse: 1, text: 'Thus.' }]],
    });
  });

  it('writes no file for a book with no text, reports it and the empty chapters of a book that has text, and counts what remains', async () => {
    const lines = kjvModule({
      Esther: ['$$$Esther 1:1', 'Now it came to pass.', '$$$Esther 2:1', '', '$$$Esther 3:1', '', '$$$Esther 3:2', ''],
      Jude: ['$$$Jude 1:1', '', '$$$Jude 1:2', ''],
    });
    const text = await readTranslation(parseImpLines(lines), { id: 'WEB', versification: 'KJV', keepStrongs: false });
    const read = createTranslationFiles(text, 'public-domain');
    assert.equal(read.books, 65);
    assert.equal(read.files.some((file) => file.path.endsWith('/jude.json')), false);
    assert.ok(read.files.some((file) => file.path.endsWith('/esth.json')));
    assert.deepEqual([read.report.verses, read.report.empty], [text.report.verses - 2, text.report.empty - 2]);
    assert.deepEqual(
      read.report.leftOut.map((entry) => [entry.what, entry.count, entry.reason]),
      [
        ['books', 1, 'no text in any slot, not served: Jude (2 empty slots)'],
        ['chapters', 2, 'no text in any slot, kept as empty slots: Esth 2–3'],
      ],
    );
  });

  it('reports per translation what it read and left out, and a missing export as a skipped translation', async () => {
    const text = await readTranslation(parseImpLines(kjvModule({})), { id: 'RV1909', versification: 'KJV', keepStrongs: false });
    const result = createTranslationsResult([createTranslationFiles(text, 'public-domain')], [{ what: 'translation', reason: 'WEB: translations/engWEB2015eb.imp.gz missing', count: 1 }]);
    assert.deepEqual(result.documents, []);
    assert.equal(result.files.at(-1)?.path, 'translations/index.md');
    assert.deepEqual(result.report.counts, { 'RV1909 verses': 66, 'RV1909 empty': 0, 'RV1909 footnotes': 0 });
    assert.deepEqual(result.report.warnings.map((warning) => warning.slice(0, 60)), ['RV1909: 20 chapters off their slots (Num.12 Num.13 Num.29 Nu']);
    assert.deepEqual(result.report.skipped, [{ what: 'translation', reason: 'WEB: translations/engWEB2015eb.imp.gz missing', count: 1 }]);
  });

  it('skips, with the reason, each translation whose export is not in the sources directory, without failing the ingest', async () => {
    const sourcesDir = await mkdtemp(path.join(tmpdir(), 'skg-no-translations-'));
    try {
      const manifest = await readSourcesManifest();
      const context = { sourcesDir, manifest, generated: { by: 'test', at: '2026-01-01T00:00:00.000Z' }, xrefMinVotes: 20, readText: async () => '' };
      const result = await translationsCollection.build(context);
      assert.deepEqual(result.files.map((file) => file.path), ['translations/index.md']);
      assert.deepEqual(
        result.report.skipped.map((skip) => skip.reason),
        [
          'KJV: translations/engKJV2006eb.imp.gz missing (a derived file: only a mirror has it)',
          'WEB: translations/engWEB2015eb.imp.gz missing (a derived file: only a mirror has it)',
          'RV1909: translations/spaRV1909eb.imp.gz missing (a derived file: only a mirror has it)',
        ],
      );
      assert.deepEqual(result.report.errors, []);
    } finally {
      await rm(sourcesDir, { recursive: true, force: true });
    }
  });
});
