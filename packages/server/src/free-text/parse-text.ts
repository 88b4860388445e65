// Finding references in free text ("Jn 3:16-18; Rom 8:28", "Juan 3:16") with the OpenBible.info
// Bible Passage Reference Parser (npm `bible-passage-reference-parser`, MIT).
//
// Why this library rather than rules of our own: it is maintained, reads 50 languages' book names,
// abbreviations and misspellings, and handles what people actually type (en dashes, `1 Cor`, `III John`,
// `Song of Songs`, Psalm titles, `Phlm 2` as a verse of a one-chapter book, semicolon and comma lists),
// tested by its author on 4.7 million real-world strings. Measured here (tools/bench-references.ts):
// about 0.15 ms per reference once a language is loaded; the first use of a language costs ~40 ms and
// ~1 MB of heap, so each language loads on its first request, never at start-up.
//
// Options: KJV versification (the one our data uses; its verse counts equal ours chapter for chapter),
// one passage per reference (no combining `Matt 5, 6, 7` into a range), whole chapters kept as chapters,
// a book alone is not a reference, and passages past the end are kept so the answer can say they do not
// exist (convert.ts). Ordinary words the parser reads as books ("That is, 60 shekels") are dropped when
// nothing else marks them as a reference (ordinary-words.ts).
//
// Punctuation: English writes `John 3:16` and lists with commas. The other languages wired up write both
// `Juan 3:16` and `Juan 3,16` (comma between chapter and verse, full stop between items), and the parser
// reads one style at a time: text in those languages with a digit-comma-digit and no digit-colon-digit is
// read in the comma style, anything else in the colon style.

import { BOOKS, type BookLookup, type Canon, getBook } from '@skg/core';
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import { convertParsedPassage, type FoundReference, type ParsedPassage } from './convert.ts';
import { isOrdinaryWords } from './ordinary-words.ts';

/**
 * The languages wired up: each is one of the parser's language builds. All 50 would hold ~40 MB of
 * heap once used, more than the memory budget spares; add a code here to add a language.
 */
export const REFERENCE_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl'] as const;

export type ReferenceLanguage = (typeof REFERENCE_LANGUAGES)[number];

type LanguageModule = ConstructorParameters<typeof bcv_parser>[0];

const LOADERS: Readonly<Record<ReferenceLanguage, () => Promise<LanguageModule>>> = {
  en: () => import('bible-passage-reference-parser/esm/lang/en.js'),
  es: () => import('bible-passage-reference-parser/esm/lang/es.js'),
  fr: () => import('bible-passage-reference-parser/esm/lang/fr.js'),
  de: () => import('bible-passage-reference-parser/esm/lang/de.js'),
  pt: () => import('bible-passage-reference-parser/esm/lang/pt.js'),
  it: () => import('bible-passage-reference-parser/esm/lang/it.js'),
  nl: () => import('bible-passage-reference-parser/esm/lang/nl.js'),
};

interface LanguageParser {
  readonly parser: bcv_parser;
  /** The punctuation style the parser is set to; changed only when a text needs the other. */
  punctuation: 'us' | 'eu';
}

/** Per language, and per canon: the 66 books (`on`), or with the deuterocanon (`ona`, for a translation that holds it). */
const parsers = new Map<string, Promise<LanguageParser>>();

async function createParser(lang: ReferenceLanguage, testaments: 'on' | 'ona'): Promise<LanguageParser> {
  const parser = new bcv_parser(await LOADERS[lang]());
  parser.set_options({
    versification_system: 'kjv',
    osis_compaction_strategy: 'bc',
    sequence_combination_strategy: 'separate',
    consecutive_combination_strategy: 'separate',
    invalid_passage_strategy: 'include',
    book_alone_strategy: 'ignore',
    testaments,
    punctuation_strategy: 'us',
  });
  return { parser, punctuation: 'us' };
}

/** The parser of one language, created on first use and kept (a parser holds no request state between calls). */
function getParser(lang: ReferenceLanguage, testaments: 'on' | 'ona'): Promise<LanguageParser> {
  const key = `${lang}:${testaments}`;
  let parser = parsers.get(key);
  if (!parser) {
    parser = createParser(lang, testaments);
    parsers.set(key, parser);
    parser.catch(() => parsers.delete(key));
  }
  return parser;
}

const COMMA_VERSE = /\d\s*,\s*\d/;
const LETTER = /\p{L}/u;
const COLON_VERSE = /\d\s*:\s*\d/;

/** `eu` (`Juan 3,16`) or `us` (`Juan 3:16`), as the text writes its verses. */
function choosePunctuation(text: string, lang: ReferenceLanguage): 'us' | 'eu' {
  return lang !== 'en' && COMMA_VERSE.test(text) && !COLON_VERSE.test(text) ? 'eu' : 'us';
}

/**
 * The references written in `text`, in the order they stand, in KJV-versification OSIS, read in `canon`
 * with its `books` (a translation's: the WEB's deuterocanon, its slots). Text with none
 * gives an empty list. NFC-normalises first (the parser's patterns are NFC), so `indices` are offsets
 * into the normalised text.
 */
export async function findReferences(text: string, lang: ReferenceLanguage, canon: Canon, books: BookLookup = getBook): Promise<FoundReference[]> {
  const normalized = text.normalize('NFC');
  // The deuterocanon's names (`Tobit`, `Sir`, `Bar`) are books only in a canon that holds them (the WEB's).
  const language = await getParser(lang, canon.books.length > BOOKS.length ? 'ona' : 'on');
  // Setting, parsing and reading the result are one synchronous step: requests never see each other's state.
  const punctuation = choosePunctuation(normalized, lang);
  if (punctuation !== language.punctuation) {
    language.parser.set_options({ punctuation_strategy: punctuation });
    language.punctuation = punctuation;
  }
  const passages = language.parser.parse(normalized).parsed_entities() as unknown as ParsedPassage[];
  // A passage written as bare numbers (`34` of "see verses 33–34") continues the one before: it goes with it.
  let dropped = false;
  return passages.flatMap((passage) => {
    const written = normalized.slice(...passage.indices);
    dropped = LETTER.test(written) ? isOrdinaryWords(written, lang) : dropped;
    return dropped ? [] : (convertParsedPassage(passage, normalized, canon, books) ?? []);
  });
}
