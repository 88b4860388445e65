// The interlinear collection: `references/interlinear` (a Dataset document) and one data file per book
// beside it (`references/interlinear/<book_slug>.jsonl`, one line per verse): the BSB's English in
// English order, each segment joined to the Hebrew, Aramaic or Greek word it renders, with that word's
// transliteration, its morphology spelled out and its Strong's number (see `interlinear/join.ts`).
// A verse the BSB interlinear gives no English for (the verse 1 of the Psalms whose superscription it
// leaves out, Zechariah 12:1) is written from the original-language edition alone, in its word order,
// without English (`english: false` on the line).

import {
  BOOKS,
  type Book,
  INTERLINEAR_COLUMNS,
  INTERLINEAR_FOLDER,
  type InterlinearEntry,
  type InterlinearLanguage,
} from '@skg/core';
import { type BundleDocument, escapeMarkdown } from '../document.ts';
import { type KjvSlots, parseKjvSlots } from '../kjv-slots.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import { getSourceEntry, selectSourceFiles, type SourceEntry } from '../sources-manifest.ts';
import { type BsbChapter, parseBsbInterlinearChapter } from '../interlinear/bsb-interlinear.ts';
import { type AlignableWord, type EditionWord, joinVerse } from '../interlinear/join.ts';
import { getHebrewCodeLanguage, type HebrewMorphology, parseOshm, parseRmacDictionary, spellHebrewMorphology } from '../interlinear/morphology.ts';
import { mapOshbToKjv, type OshbWord, parseOshbBook, parseVerseMap, selectKjvVerseWords } from '../interlinear/oshb.ts';
import { type GreekWord, parseOpenGnt } from '../interlinear/opengnt.ts';
import { formatHebrewWord, getHebrewConsonants, transliterateHebrew } from '../interlinear/transliterate-hebrew.ts';
import { formatGreekWord, getGreekLetters, transliterateGreek } from '../interlinear/transliterate-greek.ts';
import type { Collection, CollectionResult, Generated } from './collection.ts';
import { BSB_OMITTED_VERSES } from './scripture.ts';

const DISPLAY = 'bsb-publishing-interlinear/display/';
const WLC = 'oshb-morphhb/wlc/';
const VERSE_MAP_FILE = 'oshb-morphhb/wlc/VerseMap.xml';
const OSHM_FILE = 'oshb-morphhb/parsing/Oshm.xml';
const OPENGNT = {
  verseFirstSort: 'opengnt/OpenGNT_verseFirstSort.tsv',
  wordsOnly: 'opengnt/OpenGNT_words_only.csv',
  morphology: 'opengnt/OpenGNT_morphology_English.csv',
  translationByWord: 'opengnt/OpenGNT_TranslationByWord.csv',
} as const;
const RMAC_FILE = 'opengnt/OpenGNT_DictRMAC_English.tsv';
const KJV_SLOTS_FILE = 'bibledata/BibleData-Reference.csv';
const FOLDER = 'references';
/** The Dataset document and the folder of its data files. */
export const INTERLINEAR_DATASET = { id: `${FOLDER}/interlinear`, title: 'BSB reverse interlinear' } as const;
const STATUS = { status: 'stable', trust_tier: 'machine-confirmed', stale: false } as const;

// The data-file format (entry columns, languages, folder) is core's, shared with the compiler.
export { INTERLINEAR_COLUMNS, INTERLINEAR_FOLDER, type InterlinearEntry, type InterlinearLanguage } from '@skg/core';

/** One line of a data file: one verse. */
export interface InterlinearLine {
  readonly osis: string;
  readonly licence: string;
  /**
   * Present, and false, when the BSB interlinear gives the verse no English: the entries are the
   * edition's words alone, in original order, their `english`, `first` and `last` null; `text` is empty.
   */
  readonly english?: false;
  readonly text: string;
  readonly entries: readonly InterlinearEntry[];
}

/** Why a verse has no interlinear data. */
export type InterlinearSkip = 'omitted' | 'no-english' | 'no-edition-verse' | 'not-joined';

export const interlinearCollection: Collection = {
  name: 'interlinear',
  ownThread: true,
  folder: { path: FOLDER, title: 'Datasets' },
  needs: [DISPLAY, WLC, OSHM_FILE, ...Object.values(OPENGNT), RMAC_FILE, KJV_SLOTS_FILE],
  async build(context) {
    const read = (file: string) => context.readText(file);
    const chapterFiles = selectSourceFiles(context.manifest, [DISPLAY]).filter((file) => file.path.endsWith('.json') && !file.path.endsWith('/stats.json'));
    const bookFiles = selectSourceFiles(context.manifest, [WLC]).filter((file) => file.path !== VERSE_MAP_FILE);
    const [chapters, books, verseMap, oshm, rmac, slots, gntTables] = await Promise.all([
      Promise.all(chapterFiles.map(async (file) => ({ path: file.path, chapter: parseBsbInterlinearChapter(file.path, await read(file.path)) }))),
      Promise.all(bookFiles.map(async (file) => parseOshbBook(await read(file.path)))),
      read(VERSE_MAP_FILE).then(parseVerseMap),
      read(OSHM_FILE).then(parseOshm),
      read(RMAC_FILE).then(parseRmacDictionary),
      read(KJV_SLOTS_FILE).then(parseKjvSlots),
      Promise.all([read(OPENGNT.verseFirstSort), read(OPENGNT.wordsOnly), read(OPENGNT.morphology), read(OPENGNT.translationByWord)]),
    ]);
    const [verseFirstSort, wordsOnly, morphology, translationByWord] = gntTables;
    const greek = parseOpenGnt({ verseFirstSort, wordsOnly, morphology, translationByWord });
    const warnings = chapters.filter((item) => !item.chapter).map((item) => `${item.path}: not an interlinear chapter`);
    if (greek.unreadable > 0) warnings.push(`${formatCount(greek.unreadable)} OpenGNT rows could not be read`);
    return createInterlinear(
      {
        chapters: chapters.flatMap((item) => (item.chapter ? [item.chapter] : [])),
        hebrew: mapOshbToKjv(books, verseMap),
        greek: greek.verses,
        hebrewMorphology: oshm,
        greekMorphology: rmac,
        slots,
        sources: {
          bsb: getSourceEntry(context.manifest, 'bsb-publishing-interlinear'),
          oshb: getSourceEntry(context.manifest, 'oshb-morphhb'),
          opengnt: getSourceEntry(context.manifest, 'opengnt'),
        },
        warnings,
      },
      context.generated,
    );
  },
};

export interface InterlinearInput {
  readonly chapters: readonly BsbChapter[];
  /** OSHB words per KJV verse (`Gen.1.1`). */
  readonly hebrew: ReadonlyMap<string, readonly OshbWord[]>;
  /** OpenGNT words per KJV verse (`John.1.1`). */
  readonly greek: ReadonlyMap<string, readonly GreekWord[]>;
  readonly hebrewMorphology: HebrewMorphology;
  readonly greekMorphology: ReadonlyMap<string, string>;
  readonly slots: KjvSlots;
  /** Manifest entries, for licences and attribution. */
  readonly sources: { readonly bsb: SourceEntry; readonly oshb: SourceEntry; readonly opengnt: SourceEntry };
  readonly warnings?: readonly string[];
}

/** An edition word ready to join and to describe. */
interface Edition extends EditionWord {
  readonly word: string;
  readonly transliteration: string;
  readonly code: string;
  readonly morphology: string | undefined;
  readonly language: InterlinearLanguage;
}

interface Tally {
  verses: number;
  entries: number;
  /** Verses written from the edition alone (`Ps.3.1`), their entries, and their words left out for want of a Strong's number. */
  alone: string[];
  aloneEntries: number;
  aloneUnnumbered: number;
  joined: number;
  bsbOnly: number;
  wordless: number;
  untied: number;
  unusedEditionWords: number;
  unspelled: Set<string>;
}

/** A word's shown form, letters and transliteration, made once per distinct spelling. */
interface Spelling {
  readonly word: string;
  readonly letters: string;
  readonly transliteration: string;
}

function createSpeller(language: 'hebrew' | 'greek'): (text: string) => Spelling {
  const cache = new Map<string, Spelling>();
  return (text) => {
    let spelling = cache.get(text);
    if (!spelling) {
      spelling =
        language === 'hebrew'
          ? { word: formatHebrewWord(text), letters: getHebrewConsonants(text), transliteration: transliterateHebrew(text) }
          : { word: formatGreekWord(text), letters: getGreekLetters(text), transliteration: transliterateGreek(text) };
      cache.set(text, spelling);
    }
    return spelling;
  };
}

/** The morphology code in words, lower case; each distinct code spelled once. */
function createMorphologySpeller(spell: (code: string) => string | undefined, tally: Tally): (code: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (code) => {
    if (cache.has(code)) return cache.get(code);
    const words = spell(code)?.toLowerCase();
    if (words === undefined) tally.unspelled.add(code);
    cache.set(code, words);
    return words;
  };
}

function asNeighbour(word: Edition): Edition {
  return { ...word, neighbour: true };
}

/** Builds the Dataset document and the per-book data files. Pure. */
export function createInterlinear(input: InterlinearInput, generated: Generated): CollectionResult {
  const { sources } = input;
  const omitted = new Set(BSB_OMITTED_VERSES);
  const chapters = new Map(input.chapters.map((chapter) => [`${chapter.book.osis}.${chapter.chapter}`, chapter]));
  const tally: Tally = { verses: 0, entries: 0, alone: [], aloneEntries: 0, aloneUnnumbered: 0, joined: 0, bsbOnly: 0, wordless: 0, untied: 0, unusedEditionWords: 0, unspelled: new Set() };
  const skipped: Record<InterlinearSkip, string[]> = { omitted: [], 'no-english': [], 'no-edition-verse': [], 'not-joined': [] };
  const files: { path: string; content: string }[] = [];
  const spellHebrew = createSpeller('hebrew');
  const spellGreek = createSpeller('greek');
  const hebrewMorphology = createMorphologySpeller((code) => spellHebrewMorphology(code, input.hebrewMorphology), tally);
  const greekMorphology = createMorphologySpeller((code) => input.greekMorphology.get(code), tally);
  const prepareHebrew = (word: OshbWord): Edition => {
    const spelling = spellHebrew(word.text);
    return {
      word: spelling.word,
      letters: spelling.letters,
      transliteration: spelling.transliteration,
      strongs: word.strongs,
      code: word.morph,
      morphology: hebrewMorphology(word.morph),
      language: getHebrewCodeLanguage(word.morph) ?? 'hebrew',
    };
  };
  const prepareGreek = (word: GreekWord): Edition => {
    const spelling = spellGreek(word.text);
    return {
      word: spelling.word,
      letters: spelling.letters,
      transliteration: spelling.transliteration,
      strongs: word.strongs,
      englishOrder: word.englishOrder,
      code: word.rmac,
      morphology: greekMorphology(word.rmac),
      language: 'greek',
    };
  };
  const dataFiles: { book: Book; path: string; verses: number; licence: string; shareAlike: boolean }[] = [];
  const byTestament = { OT: 0, NT: 0 };

  for (const book of BOOKS) {
    const greekBook = book.testament === 'NT';
    const licence = greekBook ? sources.opengnt.licence : sources.oshb.licence;
    const lines: string[] = [];
    const chapterCount = input.slots.get(book.usfm)?.length ?? 0;
    for (let chapter = 1; chapter <= chapterCount; chapter++) {
      const verseCount = input.slots.get(book.usfm)?.[chapter - 1] ?? 0;
      const bsb = chapters.get(`${book.osis}.${chapter}`);
      // Each verse's edition words are prepared once per chapter, as its own and as a neighbour's.
      const ownWords = new Map<number, Edition[]>();
      const neighbourWords = new Map<number, Edition[]>();
      const editionVerse = (number: number): Edition[] => {
        let words = ownWords.get(number);
        if (!words) {
          const key = `${book.osis}.${chapter}.${number}`;
          words = greekBook ? (input.greek.get(key) ?? []).map(prepareGreek) : (input.hebrew.get(key) ?? []).map(prepareHebrew);
          ownWords.set(number, words);
        }
        return words;
      };
      const neighbourVerse = (number: number): Edition[] => {
        let words = neighbourWords.get(number);
        if (!words) neighbourWords.set(number, (words = editionVerse(number).map(asNeighbour)));
        return words;
      };
      for (let verse = 1; verse <= verseCount; verse++) {
        const osis = `${book.osis}.${chapter}.${verse}`;
        if (omitted.has(`${book.usfm} ${chapter}:${verse}`)) {
          skipped.omitted.push(osis);
          continue;
        }
        const bsbVerse = bsb?.verses.get(verse);
        if (!bsbVerse?.english) {
          // No English to align: the edition's words alone, in original order (a Psalm's superscription left out).
          const alone = greekBook
            ? (input.greek.get(osis) ?? []).map(prepareGreek)
            : selectKjvVerseWords(osis, input.hebrew.get(osis) ?? []).map(prepareHebrew);
          const entries = alone.flatMap((word): InterlinearEntry[] =>
            word.strongs === null ? [] : [[null, null, null, word.strongs, word.word, word.transliteration, word.code, word.morphology ?? null, word.language]],
          );
          tally.aloneUnnumbered += alone.length - entries.length;
          if (entries.length === 0) {
            skipped['no-english'].push(osis);
            continue;
          }
          tally.verses++;
          tally.alone.push(osis);
          byTestament[book.testament]++;
          tally.entries += entries.length;
          tally.aloneEntries += entries.length;
          const line: InterlinearLine = { osis, licence, english: false, text: '', entries };
          lines.push(JSON.stringify(line));
          continue;
        }
        const own = editionVerse(verse);
        if (own.length === 0) {
          skipped['no-edition-verse'].push(osis);
          continue;
        }
        // With the BSB's own words to align, the verses around may lend words the editions number differently.
        const edition: Edition[] = bsbVerse.original
          ? [...neighbourVerse(verse - 1), ...own, ...neighbourVerse(verse + 1)]
          : own;
        const bsbWords: AlignableWord[] | undefined = bsbVerse.original?.map((word) => ({
          letters: (greekBook ? spellGreek : spellHebrew)(word.text).letters,
          strongs: word.strongs,
        }));
        const joined = joinVerse(bsbVerse.english, edition, bsbWords);
        // For a word only the BSB interlinear has: the verse's language (Aramaic only when no word is Hebrew).
        const verseLanguage = greekBook ? 'greek' : own.some((word) => word.language === 'hebrew') ? 'hebrew' : 'aramaic';
        const entries = joined.segments.map((segment): InterlinearEntry => {
          const first = segment.words ? segment.words[0] : null;
          const last = segment.words ? segment.words[1] : null;
          const word = segment.editionWord === undefined ? undefined : edition[segment.editionWord];
          if (word) {
            return [segment.english, first, last, segment.strongs, word.word, word.transliteration, word.code, word.morphology ?? null, word.language];
          }
          const bsbWord = segment.bsbWord === undefined ? undefined : bsbVerse.original?.[segment.bsbWord];
          if (bsbWord) {
            const spelling = (greekBook ? spellGreek : spellHebrew)(bsbWord.text);
            return [segment.english, first, last, segment.strongs, spelling.word, spelling.transliteration, null, null, verseLanguage];
          }
          return [segment.english, first, last, segment.strongs, null, null, null, null, null];
        });
        const joinedCount = joined.segments.filter((segment) => segment.editionWord !== undefined).length;
        const bsbOnly = joined.segments.filter((segment) => segment.editionWord === undefined && segment.bsbWord !== undefined).length;
        if (joinedCount + bsbOnly === 0) {
          skipped['not-joined'].push(osis);
          continue;
        }
        tally.verses++;
        byTestament[book.testament]++;
        tally.entries += entries.length;
        tally.joined += joinedCount;
        tally.bsbOnly += bsbOnly;
        tally.wordless += entries.length - joinedCount - bsbOnly;
        tally.untied += joined.untiedSegments;
        tally.unusedEditionWords += joined.unusedEditionWords;
        const line: InterlinearLine = { osis, licence, text: joined.text, entries };
        lines.push(JSON.stringify(line));
      }
    }
    if (lines.length === 0) continue;
    const path = `${INTERLINEAR_FOLDER}/${book.slug}.jsonl`;
    files.push({ path, content: `${lines.join('\n')}\n` });
    dataFiles.push({ book, path, verses: lines.length, licence, shareAlike: greekBook && sources.opengnt.shareAlike });
  }

  const warnings = [...(input.warnings ?? [])];
  if (tally.unspelled.size > 0) warnings.push(`morphology codes not spelled out: ${[...tally.unspelled].sort().join(', ')}`);
  const report: CollectionReport = {
    collection: 'interlinear',
    written: { Dataset: 1 },
    counts: {
      'verses with interlinear': tally.verses,
      'Old Testament': byTestament.OT,
      'New Testament': byTestament.NT,
      entries: tally.entries,
      'entries joined to the OSHB/OpenGNT word': tally.joined,
      'verses from the original-language edition alone (no English in the BSB interlinear)': tally.alone.length,
    },
    skipped: [
      { what: 'verses', reason: 'the BSB omits them', count: skipped.omitted.length },
      { what: 'verses', reason: "no English segments in the BSB interlinear and no original word with a Strong's number", count: skipped['no-english'].length },
      { what: 'verses', reason: 'not in the original-language edition', count: skipped['no-edition-verse'].length },
      { what: 'verses', reason: 'no English segment joins an original word', count: skipped['not-joined'].length },
      { what: 'entries', reason: "no OSHB/OpenGNT word with their Strong's number: the BSB interlinear word, without morphology", count: tally.bsbOnly },
      { what: 'entries', reason: "no original word with their Strong's number: English and Strong's number only", count: tally.wordless },
      { what: 'English segments', reason: "words tied to no Strong's number: in the verse text, in no entry", count: tally.untied },
      { what: 'original words', reason: 'rendered by no English segment', count: tally.unusedEditionWords },
      { what: 'original words', reason: "no Strong's number, left out of a verse written from the edition alone", count: tally.aloneUnnumbered },
    ],
    warnings: [
      ...warnings,
      ...skipped['no-edition-verse'].map((osis) => `${osis}: not in the original-language edition, no interlinear data`),
      ...skipped['not-joined'].map((osis) => `${osis}: no English segment joins an original word, no interlinear data`),
    ],
    errors: [],
  };
  return {
    documents: [createDatasetDocument(tally, skipped, dataFiles, byTestament, input.sources, generated)],
    files,
    report,
  };
}

/** `the verse 1 of 116 Psalms (after the superscription) and Zech.12.1`: the verses written from the edition alone. */
function describeAlone(osis: readonly string[]): string {
  const psalm = (item: string) => /^Ps\.\d+\.1$/.test(item);
  const psalms = osis.filter(psalm).length;
  const others = osis.filter((item) => !psalm(item));
  const parts = [
    ...(psalms > 0 ? [`the verse 1 of ${formatCount(psalms)} ${psalms === 1 ? 'Psalm' : 'Psalms'} (after the superscription)`] : []),
    ...(others.length === 0 ? [] : [others.length <= 20 ? others.join(', ') : `${formatCount(others.length)} other verses`]),
  ];
  return parts.length === 0 ? 'none' : parts.join(' and ');
}

function createDatasetDocument(
  tally: Tally,
  skipped: Record<InterlinearSkip, readonly string[]>,
  dataFiles: readonly { book: Book; path: string; verses: number; licence: string; shareAlike: boolean }[],
  byTestament: { OT: number; NT: number },
  sources: InterlinearInput['sources'],
  generated: Generated,
): BundleDocument {
  const { bsb, oshb, opengnt } = sources;
  const verses = (count: number) => `${formatCount(count)} ${count === 1 ? 'verse' : 'verses'}`;
  const list = (osis: readonly string[]) => (osis.length === 0 ? 'none' : osis.length <= 20 ? osis.join(', ') : `${formatCount(osis.length)} verses`);
  return {
    id: INTERLINEAR_DATASET.id,
    frontmatter: {
      type: 'Dataset',
      title: INTERLINEAR_DATASET.title,
      description:
        `The BSB's English word by word in English order, joined to the Hebrew, Aramaic and Greek it renders: ${formatCount(tally.verses)} verses` +
        (tally.alone.length > 0 ? ` (${formatCount(tally.alone.length)} of them the original words alone, without English)` : ''),
      resource: 'https://github.com/BSB-publishing/bsb-interlinear',
      licence: `${oshb.licence} AND ${opengnt.licence}`,
      // What is built from the OpenGNT half stays CC BY-SA 4.0: the document as a whole is share-alike.
      ...(opengnt.shareAlike ? { share_alike: true } : {}),
      attribution: `${bsb.attribution}; ${oshb.attribution}; ${opengnt.attribution}`,
      columns: [...INTERLINEAR_COLUMNS],
      data_files: dataFiles.map((file) => ({
        path: file.path,
        format: 'jsonl',
        book: file.book.osis,
        verses: file.verses,
        licence: file.licence,
        ...(file.shareAlike ? { share_alike: true } : {}),
      })),
      counts: {
        verses: tally.verses,
        old_testament_verses: byTestament.OT,
        new_testament_verses: byTestament.NT,
        entries: tally.entries,
        entries_joined: tally.joined,
        entries_bsb_word_only: tally.bsbOnly,
        entries_without_word: tally.wordless,
        verses_without_english_alignment: tally.alone.length,
        entries_without_english: tally.aloneEntries,
        verses_omitted: skipped.omitted.length,
        verses_without_english: skipped['no-english'].length,
        verses_not_in_edition: skipped['no-edition-verse'].length,
        verses_not_joined: skipped['not-joined'].length,
      },
      ...STATUS,
      generated: { ...generated },
      sources: [{ resource: `sources/${bsb.id}` }, { resource: `sources/${oshb.id}` }, { resource: `sources/${opengnt.id}` }],
      tags: ['dataset', 'interlinear', ...(opengnt.shareAlike ? ['share-alike'] : [])],
    },
    body: [
      `# ${INTERLINEAR_DATASET.title}`,
      "A reverse interlinear: each verse's Berean Standard Bible English in English order, segment by segment, each segment joined to the " +
        "original word it renders, with a transliteration, the morphology spelled out and the Strong's number.",
      [
        `- English segments and their Strong's numbers: the BSB-publishing interlinear (${bsb.licence}).`,
        `- Hebrew and Aramaic words, lemmas and morphology: the Open Scriptures Hebrew Bible (${oshb.licence}; the Westminster Leningrad Codex text is public domain), ` +
          'in its own verse numbering mapped to the KJV with its `VerseMap.xml`; morphology spelled out from its `Oshm.xml`.',
        `- Greek words, Strong's numbers and Robinson morphology codes: the Open Greek New Testament (${opengnt.licence}), spelled out from its RMAC dictionary; ` +
          "its Berean Study Bible word order decides which of a verse's repeated words (the article, καί) a segment renders.",
        '- Transliterations are made by the ingest, word by word, in a simple SBL-like style (`bereshit`, `logos`).',
      ].join('\n'),
      `One file per book beside this document (\`interlinear/<book>.jsonl\`), one JSON line per verse: \`{osis, licence, text, entries}\`, ` +
        `each entry an array \`[${INTERLINEAR_COLUMNS.join(', ')}]\` in English order; \`first\` and \`last\` index the words of \`text\` the segment produced, ` +
        'and no word of `text` belongs to two entries. A verse the BSB interlinear gives no English for is written from the original-language edition alone: ' +
        "the line has `english: false` and an empty `text`, and one entry per original word with a Strong's number, in original order, its `english`, `first` and `last` null; " +
        "in the Psalms the superscription's words (those before the WLC's own note naming the KJV verse) are left out, as the KJV's verse 1 follows the superscription. " +
        `The ${formatCount(byTestament.OT)} Old Testament verses are ${oshb.licence}; the ${formatCount(byTestament.NT)} New Testament verses are ` +
        `${opengnt.licence}${opengnt.shareAlike ? ' (share-alike: what is built from them stays CC BY-SA 4.0)' : ''}. Each line names its licence.`,
      [
        `- ${formatCount(tally.verses)} verses have data: ${formatCount(tally.entries)} entries, ${formatCount(tally.joined)} joined to their OSHB or OpenGNT word; ` +
          `${formatCount(tally.bsbOnly)} carry only the BSB interlinear's word (no morphology) and ${formatCount(tally.wordless)} only the English and the Strong's number.`,
        `- ${verses(tally.alone.length)} the BSB interlinear gives no English for are written from the OSHB or OpenGNT alone (${formatCount(tally.aloneEntries)} entries): ` +
          `${describeAlone(tally.alone)}.`,
        `- No data for ${verses(skipped.omitted.length)} the BSB omits, ${verses(skipped['no-english'].length)} without English or an original word with a Strong's number, ` +
          `${verses(skipped['no-edition-verse'].length)} the original-language edition lacks (${list(skipped['no-edition-verse'])}) ` +
          `and ${verses(skipped['not-joined'].length)} where no segment joins (${list(skipped['not-joined'])}).`,
      ].join('\n'),
      `Licences: ${escapeMarkdown(bsb.attribution)}; ${escapeMarkdown(oshb.attribution)}; ${escapeMarkdown(opengnt.attribution)}.`,
    ].join('\n\n'),
  };
}
