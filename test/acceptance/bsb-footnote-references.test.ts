// The free-text reference parser measured on the BSB's own translators' footnotes (`\f … \f*` in the
// USFM under bsb/usfm): prose full of words the parser could read as books ("That is, 60 shekels",
// "Hebrew; see verse 2", "MT 15") and of references written the BSB's way ("see Joshua 21:30",
// "Cited in Romans 11:27", "Ezekiel 20:11, 13, and 21"). A footnote holds a reference when it writes a
// book's name (BookNames.xml, "Psalm" too) before a number; the counts are in docs/api-decisions.md.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getBook } from '@skg/core';
import { findReferences } from '../../packages/server/src/free-text/parse-text.ts';
import { createKjvCanon } from '../helpers/kjv-canon.ts';
import { FULL_SOURCES, skipWithoutFullSources } from './full-sources.ts';

const skip = await skipWithoutFullSources();

const USFM = path.join(FULL_SOURCES, 'bsb/usfm');
const FOOTNOTE = /\\f \+ \\fr [^\\]*\\ft (.*?)\\f\*/g;

/** The footnotes' text, in book order. */
function readFootnotes(): string[] {
  return readdirSync(USFM)
    .filter((name) => name.endsWith('.SFM'))
    .sort()
    .flatMap((name) => [...readFileSync(path.join(USFM, name), 'utf8').matchAll(FOOTNOTE)].map((match) => match[1] ?? ''));
}

/** The BSB's book names (BookNames.xml `short`), with the singular "Psalm", each with its OSIS id. */
function readBookNames(): Map<string, string> {
  const xml = readFileSync(path.join(FULL_SOURCES, 'bsb/BookNames.xml'), 'utf8');
  const names = new Map<string, string>();
  for (const [, name = ''] of xml.matchAll(/short="([^"]+)"/g)) {
    const book = getBook(name.replace(/ /g, '-')) ?? (name === 'Song' ? getBook('Song') : undefined);
    if (book) names.set(name, book.osis);
  }
  names.set('Psalm', 'Ps');
  return names;
}

describe("references in the BSB's footnotes", { skip }, () => {
  it('finds every reference the footnotes write, as the book written, and none in a footnote that writes none', async () => {
    const notes = readFootnotes();
    const names = readBookNames();
    const written = new RegExp(`(?<![\\w])(${[...names.keys()].sort((a, b) => b.length - a.length).join('|')}) \\d`, 'g');
    const canon = createKjvCanon();
    let withReferences = 0;
    let references = 0;
    const missed: string[] = [];
    const wrongBook: string[] = [];
    const stray: string[] = [];
    for (const note of notes) {
      const books = [...note.matchAll(written)];
      const found = await findReferences(note, 'en', canon);
      if (books.length > 0) withReferences++;
      references += books.length;
      for (const book of books) {
        const at = book.index ?? 0;
        const reference = found.find((entry) => entry.indices[0] <= at && at < entry.indices[1]);
        if (!reference) missed.push(`${book[0]}… in: ${note}`);
        else if (!reference.osis.startsWith(`${names.get(book[1] ?? '')}.`)) wrongBook.push(`${reference.text} → ${reference.osis} in: ${note}`);
      }
      // Anything else found is a number continuing a written reference ("Ezekiel 20:11, 13, and 21").
      for (const entry of found) {
        const covers = books.some((book) => entry.indices[0] <= (book.index ?? 0) && (book.index ?? 0) < entry.indices[1]);
        if (!covers && (books.length === 0 || /\p{L}/u.test(entry.text))) stray.push(`${entry.text} → ${entry.osis} in: ${note}`);
      }
    }
    assert.equal(notes.length, 4853, 'the BSB has 4,853 footnotes');
    assert.equal(withReferences, 1287, 'footnotes that write a reference');
    assert.equal(references, 1632, 'references written in them');
    assert.deepEqual(missed, [], 'every written reference found');
    assert.deepEqual(wrongBook, [], 'each as the book written');
    assert.deepEqual(stray, [], 'nothing else read as a reference (3,566 footnotes write none)');
  });
});
