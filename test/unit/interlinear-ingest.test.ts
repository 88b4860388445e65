// The interlinear ingest: transliteration, morphology spelled out, reading the OSHB and OpenGNT, and
// the join of the BSB's English segments to the original words.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getBook } from '@skg/core';
import { createInterlinear, type InterlinearInput } from '../../packages/ingest/src/collections/interlinear.ts';
import type { SourceEntry } from '../../packages/ingest/src/sources-manifest.ts';
import { type EditionWord, type EnglishSegment, alignWords, indexEnglishWords, joinVerse } from '../../packages/ingest/src/interlinear/join.ts';
import { parseOshm, parseRmacDictionary, spellHebrewMorphology } from '../../packages/ingest/src/interlinear/morphology.ts';
import { getLemmaStrongs, mapOshbToKjv, parseOshbBook, parseVerseMap } from '../../packages/ingest/src/interlinear/oshb.ts';
import { parseOpenGnt, parseSortValue } from '../../packages/ingest/src/interlinear/opengnt.ts';
import { formatHebrewWord, getHebrewConsonants, transliterateHebrew } from '../../packages/ingest/src/interlinear/transliterate-hebrew.ts';
import { getGreekLetters, transliterateGreek } from '../../packages/ingest/src/interlinear/transliterate-greek.ts';

/** English segments as the BSB interlinear writes them, with the spaces between. */
function segments(...pairs: [string, string | null][]): EnglishSegment[] {
  return pairs.map(([text, strongs]) => ({ text, strongs }));
}

function hebrew(text: string, strongs: string | null): EditionWord {
  return { letters: getHebrewConsonants(text), strongs };
}

function greek(text: string, strongs: string, englishOrder?: number): EditionWord {
  return { letters: getGreekLetters(text), strongs, englishOrder };
}

describe('transliterateHebrew', () => {
  it('follows the transliteration table', () => {
    const cases: [string, string][] = [
      ['בְּרֵאשִׁית', 'bereshit'], // vocal shewa first, quiescent alef, hiriq-yod
      ['בְּ/רֵאשִׁ֖ית', 'bereshit'], // morpheme slash and accent ignored
      ['אֱלֹהִים', 'elohim'],
      ['בָּרָא', 'bara'],
      ['דָּבָר', 'davar'], // spirant bet
      ['הַמֶּלֶךְ', 'hammelekh'], // dagesh forte doubles, final kaf
      ['הַשָּׁמַיִם', 'hashamayim'], // a two-letter sound is not doubled
      ['יִשְׁמְרוּ', 'yishmeru'], // silent then vocal shewa, shureq
      ['שֹׁמְרִים', 'shomerim'], // shewa after a long vowel
      ['תּוֹרָה', 'torah'], // holam male; final he after a stays
      ['מֹשֶׁה', 'moshe'], // final he after e is not written
      ['מִצְוֺת', 'mitsvot'], // consonantal vav with holam
      ['רוּחַ', 'ruah'], // furtive patah
      ['עָלָיו', 'alav'], // the suffix -ayw
      ['אֲדֹנָי', 'adonay'],
      ['יִשְׂרָאֵל', 'yisrael'], // sin
      ['נֶפֶשׁ', 'nefesh'],
      ['יְהוָה', 'YHWH'],
      ['לַיהוָה', 'laYHWH'],
    ];
    for (const [word, expected] of cases) assert.equal(transliterateHebrew(word), expected, word);
  });

  it('shows the word with its points, without accents, slashes or punctuation', () => {
    assert.equal(formatHebrewWord('בְּ/רֵאשִׁ֖ית'), 'בְּרֵאשִׁית'.normalize('NFC'));
    assert.equal(formatHebrewWord('הָאָֽרֶץ׃'), 'הָאָרֶץ'.normalize('NFC'));
    assert.equal(formatHebrewWord('אֶת־'), 'אֶת'.normalize('NFC'));
  });
});

describe('transliterateGreek', () => {
  it('follows the transliteration table', () => {
    const cases: [string, string][] = [
      ['λόγος', 'logos'],
      ['Λόγος', 'Logos'],
      ['Ἐν', 'En'],
      ['ἀρχῇ', 'archē'], // iota subscript dropped
      ['ὁ', 'ho'], // rough breathing
      ['Οὕτως', 'Houtōs'], // breathing on a diphthong
      ['αἷμα', 'haima'],
      ['υἱός', 'huios'],
      ['ἄγγελος', 'angelos'], // nasal gamma
      ['εὐαγγέλιον', 'euangelion'],
      ['Ἰησοῦς', 'Iēsous'],
      ['ῥῆμα', 'rhēma'],
      ['Χριστός', 'Christos'],
      ['ψυχή', 'psychē'],
      ['πρωΐ', 'prōi'], // diaeresis: no diphthong
      ['ἀλλ᾽', 'all'],
    ];
    for (const [word, expected] of cases) assert.equal(transliterateGreek(word), expected, word);
  });
});

describe('morphology', () => {
  const oshm = parseOshm(
    [
      '<entryFree n="HR/Ncfsa"> Hebrew: Preposition; Noun common feminine singular absolute</entryFree>',
      '<entryFree n="HC/Vqw3ms"> Hebrew: Conjunction; Verb qal sequential imperfect third person masculine singular</entryFree>',
      '<entryFree n="HAafsa"> Hebrew: Adjective adjective feminine singular absolute</entryFree>',
      '<entryFree n="HTd/Ncmpa"> Hebrew: Particle definite article; Noun common masculine plural absolute</entryFree>',
    ].join('\n'),
  );

  it('spells an OSHB code from Oshm.xml, without the language, one part per morpheme', () => {
    assert.equal(spellHebrewMorphology('HR/Ncfsa', oshm), 'Preposition; Noun common feminine singular absolute');
    assert.equal(spellHebrewMorphology('HAafsa', oshm), 'Adjective feminine singular absolute', 'the type is not named twice');
  });

  it('spells a code Oshm.xml does not list from the morphemes of those it does', () => {
    assert.equal(spellHebrewMorphology('HC/Td/Ncfsa', oshm), 'Conjunction; Particle definite article; Noun common feminine singular absolute');
    assert.equal(spellHebrewMorphology('HVhp3ms', oshm), undefined);
  });

  it('reads the RMAC dictionary', () => {
    const rmac = parseRmacDictionary('RMAC\tDescription\nN-NSM\tNoun, Nominative, Singular, Masculine\nPREP\tPREPosition\n');
    assert.equal(rmac.get('N-NSM'), 'Noun, Nominative, Singular, Masculine');
    assert.equal(rmac.size, 2);
  });
});

describe('the OSHB', () => {
  it("takes a lemma's Strong's number from its numbered part", () => {
    const cases: [string, string | null][] = [['b/7225', 'H7225'], ['1254 a', 'H1254'], ['c/d/776', 'H776'], ['l', null]];
    for (const [lemma, strongs] of cases) assert.equal(getLemmaStrongs(lemma), strongs, lemma);
  });

  it('reads the qere in place of the ketiv, and leaves notes that are not words out', () => {
    const [verse] = parseOshbBook(
      '<verse osisID="1Chr.1.11">' +
        '<w lemma="853" morph="HTo" id="a">אֶת</w><seg type="x-maqqef">־</seg>' +
        '<w type="x-ketiv" lemma="3866" morph="HNp" id="b">לודיים</w>' +
        '<note type="variant"><catchWord>לודיים</catchWord><rdg type="x-qere"><w lemma="3866" morph="HNp" id="c">לוּדִ֧ים</w></rdg></note>' +
        '<w lemma="8085" morph="HVqv2ms" id="d">שְׁמַ֖<seg type="x-large">ע</seg></w>' +
        '<note type="exegesis">WLC has this word divided as <rdg>הָ/רֹאֶ֖ה</rdg>.</note>' +
        '<w type="x-ketiv" lemma="1" morph="HNcmsa" id="e">אב</w><note type="variant"><rdg type="x-qere"/></note>' +
        '</verse>',
    );
    assert.deepEqual(
      verse?.words.map((word) => [word.id, word.text, word.strongs]),
      [['a', 'אֶת', 'H853'], ['c', 'לוּדִ֧ים', 'H3866'], ['d', 'שְׁמַ֖ע', 'H8085']],
    );
  });

  it("marks the words after the WLC's own KJV note with the KJV verse they begin, the title before it unmarked", () => {
    const [three1, three2, twentyThree] = parseOshbBook(
      '<verse osisID="Ps.3.1"><w lemma="4210" morph="HNcmsa" id="a">מִזְמ֥וֹר</w><w lemma="l/1732" morph="HR/Np" id="b">לְ/דָוִ֑ד</w></verse>' +
        '<verse osisID="Ps.3.2"><note>KJV:Ps.3.1</note><w lemma="3068" morph="HNp" id="c">יְ֭הוָה</w></verse>' +
        '<verse osisID="Ps.23.1"><w lemma="4210" morph="HNcmsa" id="d">מִזְמ֥וֹר</w><w lemma="l/1732" morph="HR/Np" id="e">לְ/דָוִ֑ד</w>' +
        '<note>KJV:Ps.23.1</note><w lemma="3068" morph="HNp" id="f">יְהוָ֥ה</w><w lemma="7462 b" morph="HVqrmsc/Sp1cs" id="g">רֹ֝עִ֗/י</w></verse>',
    );
    assert.deepEqual(three1?.words.map((word) => word.kjv), [undefined, undefined]);
    assert.deepEqual(three2?.words.map((word) => word.kjv), ['Ps.3.1']);
    assert.deepEqual(twentyThree?.words.map((word) => [word.id, word.kjv]), [['d', undefined], ['e', undefined], ['f', 'Ps.23.1'], ['g', 'Ps.23.1']]);
  });

  it('maps WLC verses to the KJV: moved, split and unmapped verses', () => {
    const toKjv = parseVerseMap(
      '<verseMap><book osisID="Ps"><verse wlc="Ps.3.2" kjv="Ps.3.1" type="full"/>' +
        '<verse wlc="Ps.13.6!a" kjv="Ps.13.5" type="partial"/><verse wlc="Ps.13.6!b" kjv="Ps.13.6" type="partial"/></book>' +
        '<book osisID="1Kgs"><verse wlc="1Kgs.18.34!a" kjv="1Kgs.18.33!b" type="partial"/></book></verseMap>',
    );
    assert.deepEqual(toKjv('Ps.3.2'), ['Ps.3.1']);
    assert.deepEqual(toKjv('Ps.3.1'), ['Ps.3.1'], 'a verse the map does not name keeps its number');
    assert.deepEqual(toKjv('Ps.13.6'), ['Ps.13.5', 'Ps.13.6']);
    assert.deepEqual(toKjv('1Kgs.18.34'), ['1Kgs.18.33', '1Kgs.18.34'], 'the unnamed part keeps the number');
    const words = mapOshbToKjv(
      [[{ osis: 'Ps.3.1', words: [{ text: 'מִזְמ֥וֹר', lemma: '4210', strongs: 'H4210', morph: 'HNcmsa', id: 'x' }] }, { osis: 'Ps.3.2', words: [{ text: 'יְ֭הוָה', lemma: '3068', strongs: 'H3068', morph: 'HNp', id: 'y' }] }]],
      toKjv,
    );
    assert.deepEqual(words.get('Ps.3.1')?.map((word) => word.id), ['x', 'y']);
  });
});

describe('OpenGNT', () => {
  it('reads sort values with a letter as a fraction', () => {
    assert.equal(parseSortValue('63099'), 63099);
    assert.equal(parseSortValue('1612a'), 1612.01);
    assert.equal(parseSortValue(''), undefined);
  });

  it('puts each word in the last verse starting at or before it, and folds 3 John 1:15 into 1:14', () => {
    const gnt = parseOpenGnt({
      verseFirstSort: 'Book\tChapter\tVerse\tOGNTsort\tBGBsort\n43\t1\t1\t000001\t1\n64\t1\t14\t000003\t3\n64\t1\t15\t000004\t4\n',
      wordsOnly: 'OGNTsort\tOGNTa\n000001\tἘν\n000002\tἀρχῇ\n000003\tἐλπίζω\n000004\tΕἰρήνη\n',
      morphology: 'OGNTsort\textendedStrNo\tRMAC\tEnglishDescription\n000001\tG1722\tPREP\tx\n000002\tG746\tN-DSF\tx\n000003\tG1679\tV-PAI-1S\tx\n000004\tG1515\tN-NSF\tx\n',
      translationByWord: 'OGNTsort\tFEATURESsort1\tLevinsohnClauseID\t〔BGBsortI｜LTsortI｜STsortI〕\t〔IT｜LT｜ST〕\n000001\t1\tc1\t〔1｜1｜1〕\t〔In｜In｜In〕\n000002\t2\tc1\t〔2｜2｜2a〕\t〔x｜x｜x〕\n000003\t3\tc2\t〔3｜3｜3〕\t〔x｜x｜x〕\n000004\t4\tc3\t〔4｜4｜4〕\t〔x｜x｜x〕\n',
    });
    assert.deepEqual(gnt.verses.get('John.1.1')?.map((word) => [word.text, word.strongs, word.rmac, word.englishOrder]), [
      ['Ἐν', 'G1722', 'PREP', 1],
      ['ἀρχῇ', 'G746', 'N-DSF', 2.01],
    ]);
    assert.deepEqual(gnt.verses.get('3John.1.14')?.map((word) => word.text), ['ἐλπίζω', 'Εἰρήνη']);
    assert.equal(gnt.verses.has('3John.1.15'), false);
  });
});

describe('indexEnglishWords', () => {
  it('gives each segment the range of words it produced, markers none', () => {
    const { text, ranges } = indexEnglishWords(
      segments(['In the beginning', 'H7225'], [' ', null], ['God', 'H430'], [' ', null], ['-', 'H853'], [' ', null], ['the earth', 'H776'], ['.', null]),
    );
    assert.equal(text, 'In the beginning God the earth.');
    assert.deepEqual(ranges, [[0, 2], undefined, [3, 3], undefined, undefined, undefined, [4, 5], undefined]);
  });
});

describe('indexEnglishWords on punctuation glued between segments', () => {
  it('breaks a closing and an opening quote apart, so that no word belongs to two segments', () => {
    // John 1:21: `… I am not.”“Are you the Prophet?”`
    const { text, ranges } = indexEnglishWords(segments(['I am', 'G1510'], [' ', null], ['not', 'G3756'], ['.”“', null], ['Are', 'G1510'], [' ', null], ['you', 'G4771'], ['?”', null]));
    assert.equal(text, 'I am not.” “Are you?”');
    assert.deepEqual(ranges, [[0, 1], undefined, [2, 2], undefined, [3, 3], undefined, [4, 4], undefined]);
  });

  it('breaks after a colon or comma before an opening quote, and between words glued with no punctuation', () => {
    const cases: [EnglishSegment[], string, ([number, number] | undefined)[]][] = [
      [segments(['and said', 'H559'], [':“', null], ['May You', 'H859']), 'and said: “May You', [[0, 1], undefined, [2, 3]]],
      [segments(['among the nations', 'H1471'], [',‘', null], ['The LORD', 'H3068']), 'among the nations, ‘The LORD', [[0, 2], undefined, [3, 4]]],
      [segments(['to You', 'H0'], ['.', null], ['Yours', 'H1']), 'to You. Yours', [[0, 1], undefined, [2, 2]]],
      [segments(['I will do', 'H6213'], ['to you, ', null], ['Israel', 'H3478']), 'I will do to you, Israel', [[0, 2], [3, 4], [5, 5]]],
      [segments(['said', 'H559'], [':“', null], ['[Give]', 'H0'], [' ', null], ['You', 'H1']), 'said: “[Give] You', [[0, 0], undefined, [1, 1], undefined, [2, 2]]],
      [segments(['In the beginning', 'H7225'], ['.', null]), 'In the beginning.', [[0, 2], undefined]],
      [segments(['Jacob’s', 'H3290'], [' ', null], ['sons', 'H1121']), 'Jacob’s sons', [[0, 0], undefined, [1, 1]]],
    ];
    for (const [input, expectedText, expectedRanges] of cases) {
      const { text, ranges } = indexEnglishWords(input);
      assert.equal(text, expectedText);
      assert.deepEqual(ranges, expectedRanges, expectedText);
    }
  });
});

describe('joinVerse', () => {
  it("joins Genesis 1:1 by Strong's number, repeated numbers taking the words in original order", () => {
    const english = segments(
      ['In the beginning', 'H7225'], [' ', null], ['God', 'H430'], [' ', null], ['-', 'H853'], [' ', null], ['created', 'H1254'],
      [' ', null], ['the heavens', 'H8064'], [' ', null], ['and', 'H853'], [' ', null], ['the earth', 'H776'], ['.', null],
    );
    const edition = [
      hebrew('בְּ/רֵאשִׁ֖ית', 'H7225'), hebrew('בָּרָ֣א', 'H1254'), hebrew('אֱלֹהִ֑ים', 'H430'), hebrew('אֵ֥ת', 'H853'),
      hebrew('הַ/שָּׁמַ֖יִם', 'H8064'), hebrew('וְ/אֵ֥ת', 'H853'), hebrew('הָ/אָֽרֶץ', 'H776'),
    ];
    const joined = joinVerse(english, edition);
    assert.equal(joined.text, 'In the beginning God created the heavens and the earth.');
    assert.deepEqual(
      joined.segments.map((segment) => [segment.english, segment.words, segment.editionWord]),
      [['In the beginning', [0, 2], 0], ['God', [3, 3], 2], ['-', undefined, 3], ['created', [4, 4], 1], ['the heavens', [5, 6], 4], ['and', [7, 7], 5], ['the earth', [8, 9], 6]],
    );
    assert.equal(joined.unusedEditionWords, 0);
  });

  it("takes repeated Greek numbers in the edition's English order, not in Greek order", () => {
    // τὸν Υἱὸν τὸν μονογενῆ: "[His] - one and only Son"; the second article (untranslated) comes first in Greek order only by chance.
    const english = segments(['the', 'G3588'], [' ', null], ['Son', 'G5207'], [' ', null], ['-', 'G3588'], [' ', null], ['only', 'G3439']);
    const edition = [greek('τὸν', 'G3588', 20), greek('μονογενῆ', 'G3439', 22), greek('τὸν', 'G3588', 10), greek('Υἱὸν', 'G5207', 11)];
    const joined = joinVerse(english, edition);
    assert.deepEqual(joined.segments.map((segment) => segment.editionWord), [2, 3, 0, 1]);
  });

  it("joins through the BSB's own words when the editions number a word differently", () => {
    const english = segments(['to see', 'G3708'], [' ', null], ['a prophet', 'G4396']);
    const bsbWords = [{ letters: getGreekLetters('ἰδεῖν'), strongs: 'G3708' }, { letters: getGreekLetters('προφήτην'), strongs: 'G4396' }];
    const edition = [greek('ἰδεῖν', 'G1492'), greek('προφήτην', 'G4396')];
    assert.deepEqual(joinVerse(english, edition).segments.map((segment) => segment.editionWord), [undefined, 1], "by Strong's number alone G3708 finds nothing");
    assert.deepEqual(joinVerse(english, edition, bsbWords).segments.map((segment) => segment.editionWord), [0, 1]);
  });

  it('takes a word the edition puts in the next verse from there', () => {
    const english = segments(['Grace', 'G5485'], [' ', null], ['Amen', 'G281']);
    const bsbWords = [{ letters: getGreekLetters('χάρις'), strongs: 'G5485' }, { letters: getGreekLetters('Ἀμήν'), strongs: 'G281' }];
    const edition = [greek('χάρις', 'G5485'), { ...greek('Ἀμήν', 'G281'), neighbour: true }, { ...greek('Παῦλος', 'G3972'), neighbour: true }];
    const joined = joinVerse(english, edition, bsbWords);
    assert.deepEqual(joined.segments.map((segment) => segment.editionWord), [0, 1]);
    assert.equal(joined.unusedEditionWords, 0, "a neighbour's unused words are not counted");
    assert.deepEqual(joinVerse(english, edition).segments.map((segment) => segment.editionWord), [0, undefined], 'without the BSB words, neighbours are not used');
  });

  it("aligns two editions by letters and Strong's numbers, pairing leftovers of equal count around aligned words in order", () => {
    const a = [hebrew('אֶת', 'H853'), hebrew('לוּדִיִּים', 'H3866'), hebrew('אַנְשֵׁי', 'H582')];
    const b = [hebrew('אֶת', 'H853'), hebrew('לוּדִים', 'H3866'), hebrew('אַנְשֵׁי', 'H376')];
    assert.deepEqual(alignWords(a, b), [0, 1, 2]);
    assert.deepEqual(alignWords([hebrew('א', 'H1'), hebrew('ב', 'H2')], [hebrew('ג', 'H3'), hebrew('א', 'H1'), hebrew('ב', 'H2')]), [1, 2]);
  });
});

describe('createInterlinear', () => {
  const source = (id: string, licence: string, shareAlike: boolean): SourceEntry => ({
    id,
    title: id,
    licence,
    attribution: `${id} attribution`,
    shareAlike,
    repository: `https://github.com/example/${id}`,
    commit: '0'.repeat(40),
    published: '2025-01-01',
    files: [],
  });
  const word = (text: string, lemma: string, morph: string, id: string, kjv?: string) => ({ text, lemma, strongs: getLemmaStrongs(lemma), morph, id, ...(kjv ? { kjv } : {}) });
  const psalms = getBook('Ps');
  const zechariah = getBook('Zech');
  assert.ok(psalms && zechariah);
  const input: InterlinearInput = {
    chapters: [
      {
        book: psalms,
        chapter: 3,
        // The BSB interlinear has no verse 1 (the superscription verse).
        verses: new Map([[2, { english: segments(['Many', 'H7227'], [' ', null], ['say', 'H559']), original: [{ text: 'רַבִּים', strongs: 'H7227' }, { text: 'אֹמְרִים', strongs: 'H559' }] }]]),
      },
      { book: zechariah, chapter: 12, verses: new Map() },
    ],
    hebrew: new Map([
      [
        'Ps.3.1',
        [
          // WLC Ps.3.1, the title, then WLC Ps.3.2, which the WLC's note says is KJV Ps.3.1.
          word('מִזְמ֥וֹר', '4210', 'HNcmsa', 't1'),
          word('לְ/דָוִ֑ד', 'l/1732', 'HR/Np', 't2'),
          word('יְ֭הוָה', '3068', 'HNp', 'v1', 'Ps.3.1'),
          word('מָֽה', '4100', 'HTi', 'v2', 'Ps.3.1'),
          word('עָלָֽ/י', 'l', 'HR/Sp1cs', 'v3', 'Ps.3.1'),
        ],
      ],
      ['Ps.3.2', [word('רַבִּים֮', '7227 a', 'HAampa', 'w1', 'Ps.3.2'), word('אֹמְרִ֪ים', '559', 'HVqrmpa', 'w2', 'Ps.3.2')]],
      ['Zech.12.1', [word('מַשָּׂ֥א', '4853 a', 'HNcmsc', 'z1'), word('דְבַר', '1697', 'HNcmsc', 'z2')]],
    ]),
    greek: new Map(),
    hebrewMorphology: parseOshm(
      [
        '<entryFree n="HNp"> Hebrew: Noun proper name</entryFree>',
        '<entryFree n="HTi"> Hebrew: Particle interrogative</entryFree>',
        '<entryFree n="HAampa"> Hebrew: Adjective adjective masculine plural absolute</entryFree>',
        '<entryFree n="HVqrmpa"> Hebrew: Verb qal participle active masculine plural absolute</entryFree>',
        '<entryFree n="HNcmsc"> Hebrew: Noun common masculine singular construct</entryFree>',
      ].join('\n'),
    ),
    greekMorphology: new Map(),
    slots: new Map([
      ['PSA', [0, 0, 2]],
      ['ZEC', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
    ]),
    sources: { bsb: source('bsb-publishing-interlinear', 'CC0-1.0', false), oshb: source('oshb-morphhb', 'CC-BY-4.0', false), opengnt: source('opengnt', 'CC-BY-SA-4.0', true) },
  };
  const result = createInterlinear(input, { by: 'skg-ingest test', at: '2026-01-01T00:00:00.000Z' });
  const lines = (result.files ?? []).flatMap((file) => file.content.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>));
  const line = (osis: string) => lines.find((item) => item.osis === osis);

  it('writes a verse the BSB interlinear has no English for from the OSHB alone, in Hebrew order, without the superscription', () => {
    assert.deepEqual(line('Ps.3.1'), {
      osis: 'Ps.3.1',
      licence: 'CC-BY-4.0',
      english: false,
      text: '',
      entries: [
        [null, null, null, 'H3068', 'יְהוָה'.normalize('NFC'), 'YHWH', 'HNp', 'noun proper name', 'hebrew'],
        [null, null, null, 'H4100', 'מָה'.normalize('NFC'), 'mah', 'HTi', 'particle interrogative', 'hebrew'],
      ],
    });
    assert.deepEqual(
      (line('Zech.12.1')?.entries as unknown[][]).map((entry) => [entry[0], entry[3]]),
      [[null, 'H4853'], [null, 'H1697']],
      'a verse without a KJV note is taken whole',
    );
    assert.equal(line('Ps.3.2')?.english, undefined, 'an aligned verse has no english flag');
  });

  it('counts those verses in the report and the dataset document', () => {
    assert.equal(result.report.counts['verses with interlinear'], 3);
    assert.equal(result.report.counts['verses from the original-language edition alone (no English in the BSB interlinear)'], 2);
    const skipped = Object.fromEntries(result.report.skipped.map((item) => [`${item.what}: ${item.reason}`, item.count]));
    assert.equal(skipped["original words: no Strong's number, left out of a verse written from the edition alone"], 1);
    const counts = result.documents[0]?.frontmatter.counts as Record<string, number>;
    assert.equal(counts.verses, 3);
    assert.equal(counts.verses_without_english_alignment, 2);
    assert.equal(counts.entries_without_english, 4);
    assert.equal(counts.verses_without_english, 0);
  });

  it('marks the dataset document share-alike, since its New Testament data is', () => {
    const document = result.documents[0];
    assert.equal(document?.frontmatter.share_alike, true);
    assert.ok((document?.frontmatter.tags as string[]).includes('share-alike'));
  });
});
