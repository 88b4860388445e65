// Ordinary words the parser reads as books. The OpenBible.info parser takes any of its abbreviations
// before a number as a reference, so prose gives false ones: "That is, 60 shekels" (Isaiah 60), "10 am 3
// days" (Amos 3), "Hebrew; see verse 2" (Hebrews 1:2), "his son; see verses 33" (Song 1:33), "MT 15"
// (Matthew 15). A reference the parser found is dropped when nothing but such words marks it:
//  1. punctuation stands between the book and its number ("is, 60", "Hebrew; see verse 2"): the word
//     ends a clause, it does not name a book (any language);
//  2. the book is written as an English word or abbreviation that is not the book's name (`ORDINARY_WORDS`:
//     "is", "am", "so", "son", "Hebrew", "MT" …) and the reference has no chapter and verse written
//     `3:16` (or `3.16`): "Is 53:5" and "Am 3:2" stay references, "Is 53" and "am 3" do not.
// Measured on the BSB's own footnotes (test/acceptance/bsb-footnote-references.test.ts, docs/api-decisions.md).

import type { ReferenceLanguage } from './parse-text.ts';

/**
 * English words (lower case) the parser reads as a book's abbreviation, that prose uses as words: the
 * two-letter abbreviations that are words or common abbreviations, "son" and "so" (Song), "Hebrew"
 * (Hebrews), "MT" (the Masoretic Text, in the BSB's footnotes). Book names that are also words ("Job",
 * "Mark", "Acts", "Numbers") are not here: written before a number they are read as the book.
 */
export const ORDINARY_WORDS: ReadonlySet<string> = new Set([
  'is', 'am', 'so', 'son', 'hebrew', 'mt', 'ex', 'le', 'ne', 'es', 'ho', 'jo', 'na', 'ha', 'ma', 're', 'ro', 'ga', 'ti', 'lu',
]);

/** The words before a reference's first number after its book (`1 Cor 13` → `Cor `, `is, 60` → `is, `). */
const BOOK_PART = /^(?:\d\s*)?(\D*?)\d/;
const CHAPTER_AND_VERSE = /\d\s*[:.]\s*\d/;

/** Whether `text`, a reference the parser found, reads as ordinary words rather than a reference (module header). */
export function isOrdinaryWords(text: string, lang: ReferenceLanguage): boolean {
  const book = BOOK_PART.exec(text)?.[1] ?? '';
  if (/[;,:!?]/.test(book)) return true;
  if (lang !== 'en') return false;
  const word = book.trim().replace(/\.$/, '').toLowerCase();
  return ORDINARY_WORDS.has(word) && !CHAPTER_AND_VERSE.test(text);
}
