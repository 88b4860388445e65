import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createCommandmentDocuments,
  formatCommandmentSlug,
  parsePolarity,
} from '../../packages/ingest/src/collections/commandments.ts';
import { parseCommandments } from '../../packages/ingest/src/commandments/commandments-csv.ts';
import { cleanHebrewVerse, formatHebrewNumeral, readLeadingNumeral } from '../../packages/ingest/src/commandments/original-text.ts';
import type { KjvSlots } from '../../packages/ingest/src/kjv-slots.ts';

const GENERATED = { by: 'skg-ingest test', at: '2026-08-21T00:00:00.000Z' };
const SLOTS: KjvSlots = new Map([
  ['EXO', Array.from({ length: 40 }, () => 30)],
  ['DEU', Array.from({ length: 34 }, () => 30)],
]);

// BibleData writes this file with CRLF line ends and no BOM; `scripture_english` is NASB wording.
const CSV = [
  'commandment_number,commandment_concept,commandment_polarity,reference_id,scripture_english,scripture_hebrew,scripture_greek,scripture_parashah,sefer_hachinuch_number,mishneh_torah_book_number,mishneh_torah_book_name,mishneh_torah_category,p119f_category',
  '1,Know there is a G-d ,P,EXO 20:2,"""I am the LORD your God, who brought you out of the land of Egypt, out of the house of slavery.","ב אָנֹכִי יְהוָה אֱלֹהֶיךָ, אֲשֶׁר הוֹצֵאתִיךָ מֵאֶרֶץ מִצְרַיִם מִבֵּית עֲבָדִים: ","2 Ἐγώ εἰμι κύριος ὁ θεός σου  ",Yitro,25,1,Knowledge,The Foundations of Torah,G-d',
  '2,Do not entertain thoughts of other gods besides G-d ,N,EXO 20:3,"""You shall have no other gods before Me.","לֹא-יִהְיֶה לְךָ אֱלֹהִים אֲחֵרִים, עַל-פָּנָי.\u202C",3 οὐκ ἔσονταί σοι θεοὶ ἕτεροι πλὴν ἐμοῦ. --  ,Yitro,26,1,Knowledge,The Foundations of Torah,G-d',
  '3,Love G-d ,P,DEU 99:5,"""You shall love the LORD your God.","וְאָהַבְתָּ",καὶ ἀγαπήσεις,Vaet Chanan,418,1,Knowledge,The Foundations of Torah,G-d',
  '',
].join('\r\n');

const BSB = new Map([
  ['EXO 20:2', '“I am the LORD your God, who brought you out of the land of Egypt, out of the house of slavery.'],
  ['EXO 20:3', 'You shall have no other gods before Me.'],
]);

describe('commandment helpers', () => {
  it('writes the number on three digits and cuts the slug of the concept at a hyphen', () => {
    const cases: Array<[number, string, string]> = [
      [1, 'Know there is a God ', '001-know-there-is-a-god'],
      [2, 'Do not entertain thoughts of other gods besides G-d', '002-do-not-entertain-thoughts-of-other-gods-besides'],
      [613, 'Exterminate the descendants of Amalek', '613-exterminate-the-descendants-of-amalek'],
      [42, '', '042'],
    ];
    for (const [number, concept, slug] of cases) assert.equal(formatCommandmentSlug(number, concept), slug, concept);
  });

  it('reads polarity P and N, and nothing else', () => {
    assert.equal(parsePolarity('P'), 'positive');
    assert.equal(parsePolarity(' n '), 'negative');
    assert.equal(parsePolarity('X'), undefined);
  });

  it('writes verse numbers in Hebrew letters and strips them, and direction marks, from the verse text', () => {
    const numerals: Array<[number, string]> = [
      [2, 'ב'],
      [20, 'כ'],
      [15, 'טו'],
      [16, 'טז'],
      [118, 'קיח'],
    ];
    for (const [value, letters] of numerals) assert.equal(formatHebrewNumeral(value), letters, String(value));
    const verses: Array<[text: string, clean: string, why: string]> = [
      ['ב אָנֹכִי יְהוָה ', 'אָנֹכִי יְהוָה', 'Exodus 20:2: its own number'],
      ['ד לֹא-תִשְׁתַּחֲוֶה לָהֶם', 'לֹא-תִשְׁתַּחֲוֶה לָהֶם', 'Exodus 20:5 is Hebrew 20:4'],
      ['לז כִּי יִגְנֹב-אִישׁ', 'כִּי יִגְנֹב-אִישׁ', 'Exodus 22:1 is Hebrew 21:37'],
      ['\u202Bטו כִּי', 'כִּי', '15 is written טו, after a direction mark'],
      ['בְּכָל-לְבָבְךָ\u202C', 'בְּכָל-לְבָבְךָ', 'no numeral: a pointed word stays'],
      ['לֹא תִגְנֹב', 'לֹא תִגְנֹב', 'לֹא spells 31 but carries a vowel point: a word'],
      ['יי אֱלֹהִים', 'יי אֱלֹהִים', 'letters that are no numeral as printed (11 is יא) stay'],
    ];
    for (const [text, clean, why] of verses) assert.equal(cleanHebrewVerse(text), clean, why);
    assert.equal(readLeadingNumeral('לז כִּי'), 37);
  });

  it('reads the CSV with its CRLF line ends and quoted fields', () => {
    const rows = parseCommandments(CSV);
    assert.equal(rows.length, 3);
    assert.equal(rows[0]?.concept, 'Know there is a G-d');
    assert.equal(rows[0]?.reference, 'EXO 20:2');
    assert.equal(rows[1]?.mishnehTorahCategory, 'The Foundations of Torah');
  });
});

describe('createCommandmentDocuments', () => {
  const result = createCommandmentDocuments(parseCommandments(CSV), { slots: SLOTS, verses: BSB }, GENERATED);
  const [first, second, third] = result.documents;

  it('writes a Commandment per row with number, polarity, OSIS verse and parashah', () => {
    assert.equal(first?.id, 'commandments/001-know-there-is-a-god', 'G-d written God in the slug');
    assert.equal(first?.frontmatter.type, 'Commandment');
    assert.equal(first?.frontmatter.title, 'Know there is a God');
    assert.equal(first?.frontmatter.commandment_number, 1);
    assert.equal(first?.frontmatter.polarity, 'positive');
    assert.equal(first?.frontmatter.osis, 'Exod.20.2');
    assert.equal(first?.frontmatter.parashah, 'Yitro');
    assert.equal(first?.frontmatter.sefer_hachinuch_number, 25);
    assert.deepEqual(first?.frontmatter.tags, ['positive-commandment', 'mishneh-torah-knowledge']);
    assert.deepEqual(second?.frontmatter.tags, ['negative-commandment', 'mishneh-torah-knowledge']);
    assert.deepEqual(first?.frontmatter.sources, [{ resource: 'sources/bibledata' }, { resource: 'sources/bsb' }]);
  });

  it('states each commandment in its chapter, anchored to its verse', () => {
    assert.deepEqual(first?.frontmatter.relations, [{ predicate: 'stated-in', target: 'bible/exodus/20', from: 'Exod.20.2' }]);
    assert.deepEqual(second?.frontmatter.relations, [{ predicate: 'stated-in', target: 'bible/exodus/20', from: 'Exod.20.3' }]);
  });

  it('puts the BSB verse and the Hebrew text in the body, never the NASB wording nor the Septuagint', () => {
    assert.equal(
      first?.body,
      [
        '# Know there is a God',
        'Positive commandment 1 of the 613 · Exodus 20:2 · parashah Yitro · Sefer HaChinuch 25 · Mishneh Torah, book 1 (Knowledge): The Foundations of Torah',
        '## Exodus 20:2 (BSB)',
        '“I am the LORD your God, who brought you out of the land of Egypt, out of the house of slavery.',
        '## Hebrew',
        'אָנֹכִי יְהוָה אֱלֹהֶיךָ, אֲשֶׁר הוֹצֵאתִיךָ מֵאֶרֶץ מִצְרַיִם מִבֵּית עֲבָדִים:',
      ].join('\n\n'),
    );
    assert.doesNotMatch(first?.body ?? '', /"I am the LORD/);
    assert.doesNotMatch(first?.body ?? '', /Ἐγώ/);
  });

  it('writes a commandment whose reference is no KJV verse without osis or relation, and reports it', () => {
    assert.equal(third?.frontmatter.osis, undefined);
    assert.deepEqual(third?.frontmatter.relations, []);
    assert.deepEqual(third?.frontmatter.sources, [{ resource: 'sources/bibledata' }]);
    assert.deepEqual(result.report.counts, { positive: 2, negative: 1, 'stated-in relations': 2 });
    assert.match(result.report.warnings.join('\n'), /commandment 3: reference 'DEU 99:5' is not a KJV verse/);
  });
});
