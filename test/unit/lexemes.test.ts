import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createLexemeDocuments,
  describeDefinition,
  removeMarks,
  simplifyTransliteration,
} from '../../packages/ingest/src/collections/lexemes.ts';
import type { KjvSlots } from '../../packages/ingest/src/kjv-slots.ts';
import { countGreekOccurrences } from '../../packages/ingest/src/strongs/greek-occurrences.ts';
import { parseGreekStrongs, splitDerivation } from '../../packages/ingest/src/strongs/greek.ts';
import { balanceBrackets, isBalanced, readInOrder } from '../../packages/ingest/src/strongs/reading-order.ts';
import { parseGloss, parseHebrewStrongs, repairTransliteration } from '../../packages/ingest/src/strongs/hebrew.ts';
import { tokenizeConcept } from '@skg/core';

const GENERATED = { by: 'skg-ingest test', at: '2026-08-21T00:00:00.000Z' };
const SLOTS: KjvSlots = new Map([
  ['GEN', [31, 25]],
  ['MAT', [25, 23, 17, 25, 48]],
  ['JHN', [51]],
]);

const HEBREW_CSV =
  '\uFEFFstrongs_number,word,gloss,language,part_of_speech,gender,occurrences,first_occurrence,root_word,word_root_occurrence,first_root_number,first_root_hebrew,second_root_number,second_root_hebrew,third_root_number,third_root_hebrew\n' +
  '430,אֱלוֹהִים,"elohiym (el-o-heem\') n-m.\n1. gods in the ordinary sense\n2. but specifically used of the supreme God\n[plural of H433]\nKJV: angels, God (gods). \nRoot(s): H433 ",H,noun,masculine,2602,GEN 1:1,אול,,433,אלוה,,,,\n' +
  '433,אֱלוֹהַּ,"elowahh (el-o\'-ah) n-m.\n1. a deity or the Deity\n[from H410]\nKJV: God, god. \nRoot(s): H410 \nCompare: H430 ",H,noun,masculine,57,GEN 2:4,,,410,אל,,,,\n' +
  '5,אֲבַגתָּא,"Abagtha\' (ab-ag-thaw\') n/p.\n1. Abagtha, a eunuch of Xerxes\n[of foreign origin]\nKJV: Abagtha. ",H,noun proper,masculine,1,EST 1:10,,,,,,,,\n' +
  '2,אַב,"ab (ab) n-m.\n1. father\n[(Aramaic) corresponding to H1]\n Root(s): H1 ",A,noun,masculine,9,EZK 99:15,אב,1414,1,אב,,,,\n' +
  '2492,חָלַם,חלם,H,verb,,29,GEN 2:3,חלם,,,,,,,\n';

const GREEK_XML = `<?xml version='1.0' encoding='utf-8'?>
<strongsdictionary><prologue>Public Domain</prologue><entries><entry strongs="00025">
 <strongs>25</strongs>   <greek BETA="A)GAPA/W" unicode="ἀγαπάω" translit="agapáō"/>   <pronunciation strongs="ag-ap-ah'-o"/>

 <strongs_derivation>perhaps from <greek BETA="A)/GAN" unicode="ἄγαν" translit="ágan"/> (much) (or compare <strongsref language="GREEK" strongs="5689"/>);</strongs_derivation><strongs_def> to love (in a social or
 moral sense)</strongs_def><kjv_def>:--(be-)love(-ed).</kjv_def> Compare <strongsref language="GREEK" strongs="3056"/>.
<see language="GREEK" strongs="5689"/>
</entry><entry strongs="02717">
 <strongs>2717</strongs>  Not Used
</entry><entry strongs="03056">
 <strongs>3056</strongs>   <greek BETA="LO/GOS" unicode="λόγος" translit="lógos"/>   <pronunciation strongs="log'-os"/>

 <strongs_derivation>from <strongsref language="GREEK" strongs="3004"/>;</strongs_derivation><strongs_def> something said (including the thought); by implication, a topic</strongs_def><kjv_def>:--account, word.</kjv_def>
</entry><entry strongs="00002">
 <strongs>2</strongs>   <greek BETA="*)AARW/N" unicode="Ἀαρών" translit="Aarṓn"/>   <pronunciation strongs="ah-ar-ohn'"/>

 <strongs_derivation>of Hebrew origin (<strongsref language="HEBREW" strongs="0175"/>);</strongs_derivation><strongs_def> Aaron, the brother of Moses</strongs_def><kjv_def>:--Aaron.</kjv_def>
</entry></entries></strongsdictionary>`;

describe("Strong's Hebrew (BibleData)", () => {
  it('reads multi-line quoted glosses: transliteration, senses, etymology, KJV, roots and related numbers', () => {
    const [elohim, eloah, abagtha, ab, chalam] = parseHebrewStrongs(HEBREW_CSV);
    assert.equal(elohim?.number, 430);
    assert.equal(elohim?.word, 'אֱלוֹהִים');
    assert.equal(elohim?.transliteration, 'elohiym');
    assert.equal(elohim?.pronunciation, "el-o-heem'");
    assert.deepEqual(elohim?.senses, ['gods in the ordinary sense', 'but specifically used of the supreme God']);
    assert.equal(elohim?.etymology, 'plural of H433');
    assert.equal(elohim?.kjv, 'angels, God (gods).');
    assert.deepEqual(elohim?.roots, [433]);
    assert.equal(elohim?.firstOccurrence, 'GEN 1:1');
    assert.deepEqual(eloah?.related, [430]);
    assert.equal(abagtha?.partOfSpeech, 'noun proper');
    assert.equal(ab?.language, 'aramaic');
    assert.equal(chalam?.transliteration, '', 'a gloss of root letters only has no dictionary text');
  });

  it('reads the first gloss line without the alternative forms Strong adds in parentheses', () => {
    const gloss = parseGloss("Abner (ab-nare') (or (fully) nAbiyner {ab-ee-nare'}) n/p.\n1. Abner, an Israelite");
    assert.equal(gloss.transliteration, 'Abner');
    assert.equal(gloss.pronunciation, "ab-nare'");
  });

  it("completes a transliteration BibleData cut at its aleph's apostrophe, and leaves whole ones alone", () => {
    const cases: Array<[word: string, transliteration: string, pronunciation: string, expected: string]> = [
      ['רֵאשִׁיתּ', 'shiyth', "ray-sheeth'", "re'shiyth"],
      ['בְּאֵר', 'er', "be-ayr'", "be'er"],
      ['רִאשׁוֹנִי', 'shoniy', "ree-sho-nee'", "ri'shoniy"],
      ['רֹאשׁ', "ro'sh", 'roshe', "ro'sh"],
      ['אֱלוֹהִים', 'elohiym', "el-o-heem'", 'elohiym'],
    ];
    for (const [word, transliteration, pronunciation, expected] of cases) {
      assert.equal(repairTransliteration(word, transliteration, pronunciation), expected, `${word} ${transliteration}`);
    }
  });

  it('takes the roots from the Root(s) line and notes root columns that disagree with it', () => {
    const [entry] = parseHebrewStrongs(
      'strongs_number,word,gloss,language,part_of_speech,gender,occurrences,first_occurrence,root_word,word_root_occurrence,first_root_number,first_root_hebrew,second_root_number,second_root_hebrew,third_root_number,third_root_hebrew\n' +
        '3069,יְהוֹוִה,"Yhovih (yeh-ho-vee\') n/p.\n1. God\n Root(s): H3068, H136, H430, H3068 ",H,noun proper,,615,GEN 15:2,,,3068,,136,,3058,\n',
    );
    assert.deepEqual(entry?.roots, [3068, 136, 430]);
    assert.deepEqual(entry?.rootColumnsOnly, [3058]);
  });
});

describe("Strong's Greek (XML)", () => {
  it('strips zero padding, keeps placeholders apart and rebuilds mixed content as text', () => {
    const dictionary = parseGreekStrongs(GREEK_XML);
    assert.deepEqual(
      dictionary.entries.map((entry) => entry.number),
      [25, 3056, 2],
    );
    assert.deepEqual(dictionary.placeholders, [2717]);
    const [agapao, logos, aaron] = dictionary.entries;
    assert.equal(agapao?.word, 'ἀγαπάω');
    assert.equal(agapao?.transliteration, 'agapáō');
    assert.equal(agapao?.derivation, 'perhaps from ἄγαν (much) (or compare G5689)', 'the origin clauses, without the closing ;');
    assert.equal(agapao?.definition, 'to love (in a social or moral sense)');
    assert.equal(agapao?.kjv, '(be-)love(-ed).');
    assert.equal(agapao?.notes, 'Compare G3056.');
    assert.deepEqual(agapao?.roots, []);
    assert.deepEqual(agapao?.related, ['G5689', 'G3056']);
    assert.deepEqual(logos?.roots, ['G3004']);
    assert.deepEqual(aaron?.roots, ['H175']);
    assert.equal(aaron?.capitalised, true);
  });

  it('splits a derivation into roots and compared numbers', () => {
    const cases: Array<[string, string[], string[]]> = [
      ['from G1 (as a negative particle) and G922;', ['G1', 'G922'], []],
      ['of Hebrew origin (H175);', ['H175'], []],
      ['of foreign origin (compare H58);', [], ['H58']],
      ['perhaps from ἄγαν (much) (or compare G5689);', [], ['G5689']],
      ['from the same as G1 and G2;', [], ['G1', 'G2']],
      ['akin to G43; from G18', ['G18'], ['G43']],
    ];
    for (const [derivation, roots, related] of cases) assert.deepEqual(splitDerivation(derivation), { roots, related }, derivation);
  });

  it('reads derivation and definition in reading order, wherever the XML split them', () => {
    const cases: Array<[derivation: string, definition: string, expected: [string, string], entry: string]> = [
      ['of uncertain affinity; a deity, especially (with G3588) the supreme Divinity;', 'figuratively, a magistrate; by Hebraism, very',
        ['of uncertain affinity', 'a deity, especially (with G3588) the supreme Divinity; figuratively, a magistrate; by Hebraism, very'], 'G2316'],
      ['from ἄγαν (much) and ἄχθος (grief;', 'akin to the base of G43); to be greatly afflicted, i.e. (figuratively) indignant',
        ['from ἄγαν (much) and ἄχθος (grief; akin to the base of G43)', 'to be greatly afflicted, i.e. (figuratively) indignant'], 'G23'],
      ['from G1 (as negative particle);', 'and G1160; costless, i.e. gratuitous', ['from G1 (as negative particle); and G1160', 'costless, i.e. gratuitous'], 'G77'],
      ['of uncertain affinity; lonesome, i.e. (by implication) waste', '', ['of uncertain affinity', 'lonesome, i.e. (by implication) waste'], 'G2048'],
      ['from G2288 to kill (literally or figuratively)', '', ['from G2288', 'to kill (literally or figuratively)'], 'G2289'],
      ['of Hebrew origin (H6865): Tyrus (i.e. Tsor), a place in Palestine', '', ['of Hebrew origin (H6865)', 'Tyrus (i.e. Tsor), a place in Palestine'], 'G5184'],
      ['properly, to distinguish, i.e. decide (mentally or judicially);', 'by implication, to try, condemn, punish', ['', 'properly, to distinguish, i.e. decide (mentally or judicially); by implication, to try, condemn, punish'], 'G2919'],
      ['properly, the genitive case of G3588;', 'of this', ['properly, the genitive case of G3588', 'of this'], 'G5120-like'],
      ['a primary verb (for which other ones are used in certain tenses only; namely, οἴω; and ἐνέγκω;', 'to "bear" or carry',
        ['a primary verb (for which other ones are used in certain tenses only; namely, οἴω; and ἐνέγκω)', 'to "bear" or carry'], 'G5342'],
      ['from G2532 and G1065;', 'and at least (or even, indeed)', ['from G2532 and G1065', 'and at least (or even, indeed)'], 'G2534: a meaning that begins with "and"'],
      ['from G3056;', 'something said', ['from G3056', 'something said'], 'unchanged'],
    ];
    for (const [derivation, definition, [origin, meaning], entry] of cases) {
      const order = readInOrder(derivation, definition);
      assert.deepEqual([order.derivation, order.definition], [origin, meaning], entry);
    }
    assert.equal(readInOrder('from G1 and G5316;', 'non-apparent)').definition, 'non-apparent', 'a stray ) is dropped');
  });

  it('balances brackets: a stray ) dropped, an open ( closed before the final punctuation', () => {
    const cases: Array<[string, string, number]> = [
      ['more (in a greater degree)) or rather', 'more (in a greater degree) or rather', 1],
      ['a Colossæan, (i.e. inhabitant of Colossæ', 'a Colossæan, (i.e. inhabitant of Colossæ)', 1],
      ['a ring, i.e. round dance ("choir".', 'a ring, i.e. round dance ("choir").', 1],
      ['already (balanced)', 'already (balanced)', 0],
    ];
    for (const [input, text, repaired] of cases) assert.deepEqual(balanceBrackets(input), { text, repaired }, input);
  });

  it('describes a definition by its whole clauses, cut at a word outside brackets when the first is too long', () => {
    assert.equal(describeDefinition('something said (including the thought); by implication, a topic'), 'something said (including the thought); by implication, a topic');
    const long = `a beggar (as cringing), i.e. pauper (strictly denoting absolute or public mendicancy, although also used in a qualified or relative sense, whereas another word properly means only straitened circumstances in private), literally`;
    const cut = describeDefinition(long);
    assert.ok(cut.length <= 160 && cut.endsWith('…') && isBalanced(cut), cut);
    assert.ok(cut.startsWith('a beggar (as cringing), i.e. pauper'), cut);
    const clauses = `${'word '.repeat(25).trim()}; ${'more '.repeat(6).trim()}; ${'tail '.repeat(20).trim()}`;
    assert.equal(describeDefinition(clauses), `${'word '.repeat(25).trim()}; ${'more '.repeat(6).trim()}`, 'whole clauses that fit');
  });

  it('counts Greek words per number over the interlinear, with the first verse in canonical order', () => {
    const counted = countGreekOccurrences([
      { path: 'display/JHN/JHN1.json', json: JSON.stringify({ grk: { '1': [['Λόγος', 'G3056'], ['Λόγος', 'G3056']] } }) },
      { path: 'display/MAT/MAT5.json', json: JSON.stringify({ grk: { '37': [['λόγος', 'G3056']], '32': [['λόγου', 'G3056']] } }) },
      { path: 'display/MAT/MAT1.json', json: '{"eng": {}}' },
    ]);
    const logos = counted.occurrences.get(3056);
    assert.equal(logos?.count, 4);
    assert.deepEqual([logos?.first.book.osis, logos?.first.chapter, logos?.first.verse], ['Matt', 5, 32]);
    assert.deepEqual(counted.unreadable, ['display/MAT/MAT1.json']);
  });
});

describe('createLexemeDocuments', () => {
  const hebrew = parseHebrewStrongs(HEBREW_CSV);
  const greek = parseGreekStrongs(GREEK_XML);
  const greekOccurrences = countGreekOccurrences([
    { path: 'MAT5.json', json: JSON.stringify({ grk: { '32': [['λόγου', 'G3056']] } }) },
  ]).occurrences;
  const result = createLexemeDocuments({ hebrew, greek, greekOccurrences, slots: SLOTS }, GENERATED);
  const document = (id: string) => result.documents.find((item) => item.id === id);

  it('writes lexemes/h430 with its Strong number, word, counts, roots and first attestation', () => {
    const h430 = document('lexemes/h430');
    assert.ok(h430);
    assert.equal(h430.frontmatter.type, 'Lexeme');
    assert.equal(h430.frontmatter.title, 'אֱלוֹהִים (elohiym)');
    assert.equal(h430.frontmatter.description, 'gods in the ordinary sense');
    assert.equal(h430.frontmatter.strongs, 'H430');
    assert.equal(h430.frontmatter.word, 'אֱלוֹהִים');
    assert.equal(h430.frontmatter.part_of_speech, 'noun');
    assert.equal(h430.frontmatter.occurrences, 2602);
    assert.equal(h430.frontmatter.first_occurrence, 'Gen.1.1');
    assert.deepEqual(h430.frontmatter.aliases, ['elohiym', 'elohim', 'אֱלוֹהִים', 'אלוהים', 'H430', 'h430']);
    assert.deepEqual(h430.frontmatter.tags, ['hebrew', 'noun']);
    assert.deepEqual(h430.frontmatter.relations, [
      { predicate: 'derived-from', target: 'lexemes/h433' },
      { predicate: 'first-attested-in', target: 'bible/genesis/1', from: 'Gen.1.1' },
    ]);
    assert.match(h430.body, /^# אֱלוֹהִים \(elohiym\)\n\nStrong's H430 · Hebrew · noun, masculine/);
    assert.match(h430.body, /\n1\. gods in the ordinary sense\n2\. but specifically used of the supreme God\n/);
    assert.match(h430.body, /Etymology: plural of \[H433\]\(\/lexemes\/h433\)/);
  });

  it('tags the name words and the Aramaic ones', () => {
    assert.deepEqual(document('lexemes/h5')?.frontmatter.tags, ['hebrew', 'noun-proper', 'name']);
    assert.deepEqual(document('lexemes/h2')?.frontmatter.tags, ['aramaic', 'noun']);
    assert.deepEqual(document('lexemes/g2')?.frontmatter.tags, ['greek', 'name']);
  });

  it('leaves out a first occurrence that is no KJV verse and a root that is not in the lexicon, and reports both', () => {
    assert.equal(document('lexemes/h2')?.frontmatter.first_occurrence, undefined);
    assert.deepEqual(document('lexemes/h2')?.frontmatter.relations, []);
    assert.deepEqual(document('lexemes/h433')?.frontmatter.relations, [{ predicate: 'first-attested-in', target: 'bible/genesis/2', from: 'Gen.2.4' }]);
    const skipped = Object.fromEntries(result.report.skipped.map((skip) => [`${skip.what}: ${skip.reason}`, skip.count]));
    assert.equal(skipped['first occurrences: not a KJV verse'], 2);
    assert.equal(skipped['roots: not in the lexicon'], 4);
  });

  it('writes lexemes/g3056 (λόγος) with occurrences from the interlinear, and no document for a placeholder', () => {
    const g3056 = document('lexemes/g3056');
    assert.equal(g3056?.frontmatter.title, 'λόγος (lógos)');
    assert.equal(g3056?.frontmatter.strongs, 'G3056');
    assert.equal(g3056?.frontmatter.description, 'something said (including the thought); by implication, a topic');
    assert.equal(g3056?.frontmatter.occurrences, 1);
    assert.equal(g3056?.frontmatter.first_occurrence, 'Matt.5.32');
    assert.deepEqual(g3056?.frontmatter.sources, [{ resource: 'sources/strongs-greek' }, { resource: 'sources/bsb-publishing-interlinear' }]);
    assert.deepEqual(g3056?.frontmatter.aliases, ['lógos', 'logos', 'λόγος', 'λογος', 'G3056', 'g3056']);
    assert.equal(document('lexemes/g25')?.frontmatter.occurrences, 0);
    assert.equal(document('lexemes/g2717'), undefined);
    assert.deepEqual(result.report.written, { Lexeme: 8 });
  });

  it('simplifies transliterations and removes marks for search variants', () => {
    const cases: Array<[string, string]> = [
      ['elohiym', 'elohim'],
      ['abaddown', 'abaddon'],
      ["Abagtha'", 'Abagtha'],
    ];
    for (const [input, expected] of cases) assert.equal(simplifyTransliteration(input), expected, input);
    assert.equal(removeMarks('אֱלוֹהִים'), 'אלוהים');
    assert.equal(removeMarks('ἀγαπάω'), 'αγαπαω');
  });
});

describe('concept search words', () => {
  it("reads Strong's numbers without their leading zeros and YHWH as the data's YHVH", () => {
    const cases: Array<[string, string[]]> = [
      ['H0430', ['h430']],
      ['G0026', ['g26']],
      ['h430', ['h430']],
      ['YHWH', ['yhvh']],
      ['the 0430 h', ['the', '0430', 'h']],
    ];
    for (const [text, words] of cases) assert.deepEqual(tokenizeConcept(text), words, text);
  });
});
