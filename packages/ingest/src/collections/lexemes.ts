// The lexemes collection: one Lexeme document per Strong's number, the whole Hebrew/Aramaic lexicon
// (BibleData's HebrewStrongs.csv) and the Greek one (Strong's Greek dictionary XML). The body holds
// the definition; roots are `derived-from` relations, the first occurrence a `first-attested-in`
// relation to its chapter anchored to the verse. Greek occurrences are counted over the Greek words
// of the BSB-publishing interlinear, since the Greek dictionary has no counts.

import { BOOKS, type Book, chapterPath, formatBookName } from '@skg/core';
import { type BundleDocument, type BundleFile, escapeMarkdown } from '../document.ts';
import type { FrontmatterValue } from '../frontmatter.ts';
import { type KjvSlots, parseKjvSlots } from '../kjv-slots.ts';
import { formatOsisVerse, isKjvSlot, parseUsxVerse } from '../naves/references.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import { selectSourceFiles } from '../sources-manifest.ts';
import { countGreekOccurrences, type GreekOccurrence } from '../strongs/greek-occurrences.ts';
import { type GreekDictionary, type GreekEntry, parseGreekStrongs } from '../strongs/greek.ts';
import { type HebrewEntry, parseHebrewStrongs } from '../strongs/hebrew.ts';
import { balanceBrackets, isBalanced, splitTopLevelClauses, startsMidSentence } from '../strongs/reading-order.ts';
import type { Collection, CollectionResult, Generated } from './collection.ts';

const HEBREW_FILE = 'bibledata/HebrewStrongs.csv';
const GREEK_FILE = 'strongs-greek/strongsgreek.xml';
const KJV_SLOTS_FILE = 'bibledata/BibleData-Reference.csv';
/** The interlinear's New Testament chapters: `display/MAT/` … `display/REV/`. */
const INTERLINEAR_NT = BOOKS.filter((book) => book.testament === 'NT').map((book) => `bsb-publishing-interlinear/display/${book.usfm}/`);
const BIBLEDATA = 'sources/bibledata';
const STRONGS_GREEK = 'sources/strongs-greek';
const INTERLINEAR = 'sources/bsb-publishing-interlinear';
const FOLDER = 'lexemes';
const STATUS = { status: 'stable', trust_tier: 'machine-confirmed', stale: false } as const;
/** Longest description before it is cut at a word. */
const DESCRIPTION_LENGTH = 160;

export const lexemesCollection: Collection = {
  name: 'lexemes',
  folder: { path: FOLDER, title: "Lexemes (Strong's Hebrew, Aramaic and Greek)" },
  needs: [HEBREW_FILE, GREEK_FILE, KJV_SLOTS_FILE, ...INTERLINEAR_NT],
  async build(context) {
    const interlinearFiles = selectSourceFiles(context.manifest, INTERLINEAR_NT);
    const [hebrew, greek, slots, chapters] = await Promise.all([
      context.readText(HEBREW_FILE).then(parseHebrewStrongs),
      context.readText(GREEK_FILE).then(parseGreekStrongs),
      context.readText(KJV_SLOTS_FILE).then(parseKjvSlots),
      Promise.all(interlinearFiles.map(async (file) => ({ path: file.path, json: await context.readText(file.path) }))),
    ]);
    const counted = countGreekOccurrences(chapters);
    const warnings = counted.unreadable.map((file) => `${file}: not an interlinear chapter with Greek words`);
    return createLexemeDocuments({ hebrew, greek, greekOccurrences: counted.occurrences, slots, warnings }, context.generated);
  },
};

export interface LexemeInput {
  readonly hebrew: readonly HebrewEntry[];
  readonly greek: GreekDictionary;
  /** Per Greek number (see `countGreekOccurrences`). */
  readonly greekOccurrences: ReadonlyMap<number, GreekOccurrence>;
  readonly slots: KjvSlots;
  /** Problems found while reading, carried into the report. */
  readonly warnings?: readonly string[];
}

/** `lexemes/h430` for `H430`. */
export function getLexemeId(strongs: string): string {
  return `${FOLDER}/${strongs.toLowerCase()}`;
}

/** Hebrew or Greek without vowel points, accents and breathings: `אֱלוֹהִים` → `אלוהים`, `λόγος` → `λογος`. */
export function removeMarks(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/**
 * Strong's Hebrew transliteration as it is usually spelled: `iy`, `ow`, `uw` for the long vowels
 * become `i`, `o`, `u` and apostrophes go (`elohiym` → `elohim`, `Abagtha'` → `Abagtha`).
 */
export function simplifyTransliteration(text: string): string {
  return text.replace(/iy/g, 'i').replace(/ow/g, 'o').replace(/uw/g, 'u').replace(/['’`]/g, '');
}

/**
 * A document description from a definition: its whole top-level `;` clauses (outside brackets) while
 * they fit in `DESCRIPTION_LENGTH` characters; a first clause longer than that is cut at a word before
 * any bracket left open, with `…`. Brackets in a description always balance.
 */
export function describeDefinition(definition: string): string {
  const clean = definition.replace(/\s+/g, ' ').trim().replace(/[\s,;:]+$/, '');
  if (clean.length <= DESCRIPTION_LENGTH) return clean;
  let fitted = '';
  for (const clause of splitTopLevelClauses(clean)) {
    const next = fitted === '' ? clause.text : `${fitted}; ${clause.text}`;
    if (next.length > DESCRIPTION_LENGTH) break;
    fitted = next;
  }
  if (fitted !== '') return fitted.replace(/[\s,;:]+$/, '');
  let cut = clean.slice(0, DESCRIPTION_LENGTH - 1);
  cut = cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_LENGTH / 2));
  let depth = 0;
  let firstOpen = -1;
  for (let index = 0; index < cut.length; index++) {
    if (cut[index] === '(' && depth++ === 0) firstOpen = index;
    else if (cut[index] === ')' && depth > 0) depth--;
  }
  if (depth > 0) cut = firstOpen >= DESCRIPTION_LENGTH / 4 ? cut.slice(0, firstOpen) : `${cut}${')'.repeat(depth)}`;
  return `${cut.replace(/[\s,;:]+$/, '').replace(/\s+(?:i\.e\.|and|or|of|the|a|an|to)$/, '')}…`;
}

/**
 * The sense a Hebrew entry's description starts from: the first that does not begin mid-sentence
 * (BibleData's glosses are sometimes cut inside a bracket: `1. into Chaldea), patronymically …`), its
 * brackets balanced.
 */
function describeHebrewSenses(senses: readonly string[]): { description: string; skipped: boolean; balanced: boolean } | undefined {
  const first = senses.find((sense) => !startsMidSentence(sense)) ?? senses[0];
  if (first === undefined) return undefined;
  const balanced = balanceBrackets(first);
  return { description: describeDefinition(balanced.text), skipped: first !== senses[0], balanced: balanced.repaired > 0 };
}

/**
 * Name forms of the tetragrammaton (the unpointed word יהוה, which BibleData spells with the holam's
 * vav, יהווה: H3068 Yhovah, H3069 Yhovih), so a search for the name as scholars write it finds the word:
 * YHWH (and YHVH), Yahweh, and Jehovah, the KJV's rendering.
 */
const TETRAGRAMMATON = new Set(['יהוה', 'יהווה']);
const TETRAGRAMMATON_FORMS = ['YHWH', 'YHVH', 'Yahweh', 'Jehovah'];

function uniqueStrings(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value.trim() !== ''))];
}

/** Hebrew part of speech names that mark a proper name (`noun proper`, `noun location`, `noun proper time`). */
function isHebrewName(partOfSpeech: string): boolean {
  return /^noun (?:proper|location)\b/.test(partOfSpeech);
}

interface Attestation {
  readonly book: Book;
  readonly chapter: number;
  readonly verse: number;
}

/** Links `H433` / `G3004` in escaped text to their lexeme when it exists. */
function linkNumbers(text: string, exists: (strongs: string) => boolean): string {
  return escapeMarkdown(text).replace(/\b([GH])(\d+)\b/g, (whole) => (exists(whole) ? `[${whole}](/${getLexemeId(whole)})` : whole));
}

function formatAttestation(occurrences: number, first: Attestation | undefined, where: string): string {
  const times = occurrences === 1 ? 'once' : `${formatCount(occurrences)} times`;
  const firstText = first ? `; first in ${formatBookName(first.book)} ${first.chapter}:${first.verse}` : '';
  return `Occurs ${times} ${where}${firstText}.`;
}

function createRelations(roots: readonly string[], first: Attestation | undefined): FrontmatterValue[] {
  return [
    ...roots.map((root): FrontmatterValue => ({ predicate: 'derived-from', target: getLexemeId(root) })),
    ...(first
      ? [{ predicate: 'first-attested-in', target: chapterPath(first.book, first.chapter), from: formatOsisVerse(first.book, first.chapter, first.verse) }]
      : []),
  ];
}

/** Builds every Lexeme document and `lexemes/index.md` from parsed inputs. Pure. */
export function createLexemeDocuments(input: LexemeInput, generated: Generated): CollectionResult {
  const warnings = [...(input.warnings ?? [])];
  const errors: string[] = [];
  const known = new Set<string>([...input.hebrew.map((entry) => `H${entry.number}`), ...input.greek.entries.map((entry) => `G${entry.number}`)]);
  const exists = (strongs: string) => known.has(strongs);
  const documents: BundleDocument[] = [];
  let missingRoots = 0;
  let selfRoots = 0;
  let noFirst = 0;
  let badFirst = 0;
  let rootColumnsDisagree = 0;
  let noGloss = 0;
  let names = 0;
  let derivedFrom = 0;
  let attested = 0;
  let hebrewMidSentence = 0;
  let hebrewBrackets = 0;
  let hebrewSensesUnbalanced = 0;

  const keepRoots = (strongs: string, roots: readonly string[]): string[] =>
    roots.filter((root) => {
      if (root === strongs) {
        selfRoots++;
        return false;
      }
      if (!exists(root)) {
        missingRoots++;
        warnings.push(`${strongs}: root ${root} is not in the lexicon`);
        return false;
      }
      return true;
    });

  for (const entry of input.hebrew) {
    const strongs = `H${entry.number}`;
    const reference = parseUsxVerse(entry.firstOccurrence);
    let first: Attestation | undefined;
    if (reference && isKjvSlot(input.slots, reference.book, reference.chapter, reference.verse)) first = reference;
    else if (entry.firstOccurrence === '') noFirst++;
    else {
      badFirst++;
      warnings.push(`${strongs}: first occurrence '${entry.firstOccurrence}' is not a KJV verse`);
    }
    if (entry.rootColumnsOnly.length > 0) rootColumnsDisagree++;
    if (entry.senses.length === 0 && entry.transliteration === '') noGloss++;
    const roots = keepRoots(strongs, entry.roots.map((root) => `H${root}`));
    const isName = isHebrewName(entry.partOfSpeech);
    if (isName) names++;
    derivedFrom += roots.length;
    if (first) attested++;
    const language = entry.language === 'aramaic' ? 'Aramaic' : 'Hebrew';
    const title = entry.transliteration ? `${entry.word} (${entry.transliteration})` : entry.word;
    const grammar = [entry.partOfSpeech, entry.gender].filter(Boolean).join(', ');
    const body = [
      `# ${escapeMarkdown(title)}`,
      [`Strong's ${strongs}`, language, grammar, entry.pronunciation ? `pronounced *${escapeMarkdown(entry.pronunciation)}*` : '']
        .filter(Boolean)
        .join(' · '),
      entry.senses.length > 0 ? entry.senses.map((sense, index) => `${index + 1}. ${linkNumbers(sense, exists)}`).join('\n') : 'BibleData gives no definition for this entry.',
      ...entry.notes.map((note) => `*${linkNumbers(note, exists)}*`),
      entry.etymology ? `Etymology: ${linkNumbers(entry.etymology, exists)}` : '',
      entry.kjv ? `KJV: ${escapeMarkdown(entry.kjv)}` : '',
      roots.length > 0 ? `Roots: ${roots.map((root) => `[${root}](/${getLexemeId(root)})`).join(', ')}` : '',
      entry.related.length > 0 ? `Compare: ${linkNumbers(entry.related.map((number) => `H${number}`).join(', '), exists)}` : '',
      ...entry.other.map((line) => linkNumbers(line, exists)),
      formatAttestation(entry.occurrences, first, 'in the Hebrew Bible (BibleData)'),
    ].filter((block) => block !== '');
    const description = describeHebrewSenses(entry.senses);
    if (description?.skipped) hebrewMidSentence++;
    if (description?.balanced) hebrewBrackets++;
    if (entry.senses.some((sense) => !isBalanced(sense))) hebrewSensesUnbalanced++;
    const transliterations = entry.transliteration ? [entry.transliteration, simplifyTransliteration(entry.transliteration)] : [];
    documents.push({
      id: getLexemeId(strongs),
      frontmatter: {
        type: 'Lexeme',
        title,
        ...(description ? { description: description.description } : {}),
        strongs,
        word: entry.word,
        ...(entry.transliteration ? { transliteration: entry.transliteration } : {}),
        ...(entry.pronunciation ? { pronunciation: entry.pronunciation } : {}),
        language: entry.language,
        ...(entry.partOfSpeech ? { part_of_speech: entry.partOfSpeech } : {}),
        ...(entry.gender ? { gender: entry.gender } : {}),
        occurrences: entry.occurrences,
        ...(first ? { first_occurrence: formatOsisVerse(first.book, first.chapter, first.verse) } : {}),
        aliases: uniqueStrings([
          ...transliterations,
          entry.word,
          removeMarks(entry.word),
          ...(TETRAGRAMMATON.has(removeMarks(entry.word)) ? TETRAGRAMMATON_FORMS : []),
          strongs,
          strongs.toLowerCase(),
        ]),
        ...STATUS,
        generated: { ...generated },
        sources: [{ resource: BIBLEDATA }],
        tags: uniqueStrings([entry.language, entry.partOfSpeech.replace(/\s+/g, '-'), ...(isName ? ['name'] : [])]),
        relations: createRelations(roots, first),
      },
      body: body.join('\n\n'),
    });
  }

  let greekCounted = 0;
  let movedToDefinition = 0;
  let movedToDerivation = 0;
  let repairedBrackets = 0;
  for (const entry of input.greek.entries) {
    const strongs = `G${entry.number}`;
    const occurrence = input.greekOccurrences.get(entry.number);
    const first = occurrence && isKjvSlot(input.slots, occurrence.first.book, occurrence.first.chapter, occurrence.first.verse) ? occurrence.first : undefined;
    if (occurrence && !first) {
      badFirst++;
      warnings.push(`${strongs}: first occurrence ${occurrence.first.book.osis}.${occurrence.first.chapter}.${occurrence.first.verse} is not a KJV verse`);
    }
    if (occurrence) greekCounted++;
    else noFirst++;
    if (entry.moved === 'to-definition') movedToDefinition++;
    if (entry.moved === 'to-derivation') movedToDerivation++;
    repairedBrackets += entry.repairedBrackets;
    const roots = keepRoots(strongs, entry.roots);
    // Capitalised headwords are names, except the letters Alpha and Omega.
    const isName = entry.capitalised && [...removeMarks(entry.word)].length > 1;
    if (isName) names++;
    derivedFrom += roots.length;
    if (first) attested++;
    const title = `${entry.word} (${entry.transliteration})`;
    const gloss = describeDefinition(entry.definition || entry.kjv.replace(/\.$/, ''));
    const body = [
      `# ${escapeMarkdown(title)}`,
      [`Strong's ${strongs}`, 'Greek', entry.pronunciation ? `pronounced *${escapeMarkdown(entry.pronunciation)}*` : ''].filter(Boolean).join(' · '),
      entry.variants.length > 0 ? `Also spelled ${entry.variants.map((variant) => `${variant.word} (${escapeMarkdown(variant.transliteration)})`).join(', ')}.` : '',
      entry.definition ? linkNumbers(entry.definition, exists) : '',
      entry.derivation ? `Derivation: ${linkNumbers(entry.derivation, exists)}` : '',
      entry.kjv ? `KJV: ${linkNumbers(entry.kjv, exists)}` : '',
      entry.notes ? linkNumbers(entry.notes, exists) : '',
      formatAttestation(occurrence?.count ?? 0, first, 'in the Greek New Testament (counted over the BSB interlinear)'),
    ].filter((block) => block !== '');
    const variants = entry.variants.flatMap((variant) => [variant.word, variant.transliteration, removeMarks(variant.transliteration)]);
    documents.push({
      id: getLexemeId(strongs),
      frontmatter: {
        type: 'Lexeme',
        title,
        ...(gloss ? { description: gloss } : {}),
        strongs,
        word: entry.word,
        transliteration: entry.transliteration,
        ...(entry.pronunciation ? { pronunciation: entry.pronunciation } : {}),
        language: 'greek',
        occurrences: occurrence?.count ?? 0,
        ...(first ? { first_occurrence: formatOsisVerse(first.book, first.chapter, first.verse) } : {}),
        aliases: uniqueStrings([
          entry.transliteration,
          removeMarks(entry.transliteration),
          entry.word,
          removeMarks(entry.word),
          ...variants,
          strongs,
          strongs.toLowerCase(),
        ]),
        ...STATUS,
        generated: { ...generated },
        sources: occurrence ? [{ resource: STRONGS_GREEK }, { resource: INTERLINEAR }] : [{ resource: STRONGS_GREEK }],
        tags: ['greek', ...(isName ? ['name'] : [])],
        relations: createRelations(roots, first),
      },
      body: body.join('\n\n'),
    });
  }

  const hebrewCount = input.hebrew.filter((entry) => entry.language === 'hebrew').length;
  const report: CollectionReport = {
    collection: 'lexemes',
    written: { Lexeme: documents.length },
    counts: {
      hebrew: hebrewCount,
      aramaic: input.hebrew.length - hebrewCount,
      greek: input.greek.entries.length,
      'name words': names,
      'derived-from relations': derivedFrom,
      'first-attested-in relations': attested,
      'greek lexemes found in the interlinear': greekCounted,
    },
    skipped: [
      { what: 'Greek numbers', reason: "Strong's left them unused (placeholder entries)", count: input.greek.placeholders.length },
      { what: 'Greek entries', reason: 'no headword', count: input.greek.malformed.length },
      { what: 'Hebrew glosses', reason: 'hold only the root letters: written without a definition', count: noGloss },
      { what: 'roots', reason: 'name the word itself', count: selfRoots },
      { what: 'roots', reason: 'not in the lexicon', count: missingRoots },
      { what: 'root columns', reason: "differ from the gloss's Root(s) line, which is used", count: rootColumnsDisagree },
      { what: 'first occurrences', reason: 'none given (Greek words absent from the interlinear)', count: noFirst },
      { what: 'first occurrences', reason: 'not a KJV verse', count: badFirst },
    ],
    warnings,
    errors,
    upstream: [
      {
        source: 'bibledata',
        problem: "Hebrew transliterations cut at their aleph's apostrophe (H7225 \"shiyth\" for re'shiyth)",
        action: 'corrected',
        how: "completed from the word's first consonant and the pronunciation's first vowel",
        count: input.hebrew.filter((entry) => entry.transliterationRepaired).length,
      },
      {
        source: 'bibledata',
        problem: 'Hebrew glosses whose first sense begins inside a bracket cut off before it (H3778: "into Chaldea), patronymically …")',
        action: 'corrected',
        how: 'the description starts from the first whole sense',
        count: hebrewMidSentence,
      },
      {
        source: 'bibledata',
        problem: 'Hebrew descriptions with a bracket the gloss leaves open or closes twice (H123: "red (see Gen. 25")',
        action: 'corrected',
        how: 'balanced in the description (closed where the text ends, the stray ")" dropped)',
        count: hebrewBrackets,
      },
      {
        source: 'bibledata',
        problem: 'Hebrew entries with a sense cut inside a bracket (the text after a ":" lost upstream)',
        action: 'left',
        how: 'the body lists the senses as BibleData has them',
        count: hebrewSensesUnbalanced,
      },
      {
        source: 'strongs-greek',
        problem: 'entries whose derivation field runs on into the meaning (θεός: "of uncertain affinity; a deity …")',
        action: 'corrected',
        how: 'the meaning moved to the definition (derivation and definition read as one text, split after the origin clauses)',
        count: movedToDefinition,
      },
      {
        source: 'strongs-greek',
        problem: 'entries split at a ";" inside brackets, or before the rest of the derivation (ἀγανακτέω: "(grief;" | "akin to …); to be …")',
        action: 'corrected',
        how: 'the derivation completed from the definition field',
        count: movedToDerivation,
      },
      {
        source: 'strongs-greek',
        problem: 'brackets left open or closed twice in a definition',
        action: 'corrected',
        how: 'closed where the text ends, or the stray ")" dropped',
        count: repairedBrackets,
      },
      {
        source: 'strongs-greek',
        problem: 'entries with no meaning apart from the derivation',
        action: 'left',
        how: 'the body keeps the derivation; the description is the KJV renderings',
        count: input.greek.entries.filter((entry) => entry.definition === '').length,
      },
    ],
  };
  documents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { documents, files: [createLexemesIndex(input)], report };
}

function createLexemesIndex(input: LexemeInput): BundleFile {
  const hebrew = input.hebrew.map((entry) => `- [H${entry.number}](/${getLexemeId(`H${entry.number}`)}) ${entry.word}${entry.transliteration ? ` (${escapeMarkdown(entry.transliteration)})` : ''}`);
  const greek = input.greek.entries.map((entry) => `- [G${entry.number}](/${getLexemeId(`G${entry.number}`)}) ${entry.word} (${escapeMarkdown(entry.transliteration)})`);
  const content = [
    '# Lexemes',
    `Strong's dictionaries: ${formatCount(input.hebrew.length)} Hebrew and Aramaic words (BibleData) and ${formatCount(input.greek.entries.length)} Greek words (Strong's Greek Dictionary, Open Scriptures).`,
    '## Hebrew and Aramaic',
    hebrew.join('\n'),
    '## Greek',
    greek.join('\n'),
  ].join('\n\n');
  return { path: `${FOLDER}/index.md`, content: `${content}\n` };
}
