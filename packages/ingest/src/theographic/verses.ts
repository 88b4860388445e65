// Theographic's verse record ids (`rec…`), decoded through chapters.json: the n-th id of a chapter's
// ordered `verses` list is verse n of that chapter (SOURCES.md, section 7).

import { parseOsisVerse, type VerseRef } from '../bibledata/reference.ts';

export const THEOGRAPHIC_CHAPTERS_FILE = 'theographic/json/chapters.json';

/** An Airtable record as the Theographic JSON exports hold them. */
export interface TheographicRecord<Fields> {
  readonly id: string;
  readonly fields: Fields;
}

export interface TheographicChapter {
  readonly osisRef: string;
  readonly verses?: readonly string[];
}

/** Verse record id → verse. A chapter whose `osisRef` is not a canonical chapter is left out. */
export function createVerseDecoder(chapters: readonly TheographicRecord<TheographicChapter>[]): ReadonlyMap<string, VerseRef> {
  const verses = new Map<string, VerseRef>();
  for (const chapter of chapters) {
    (chapter.fields.verses ?? []).forEach((id, index) => {
      const ref = parseOsisVerse(`${chapter.fields.osisRef}.${index + 1}`);
      if (ref) verses.set(id, ref);
    });
  }
  return verses;
}

/** Decodes a list of verse record ids; ids the decoder does not know are counted in `unknown`. */
export function decodeVerses(ids: readonly string[] | undefined, decoder: ReadonlyMap<string, VerseRef>): { verses: VerseRef[]; unknown: number } {
  const verses: VerseRef[] = [];
  let unknown = 0;
  for (const id of ids ?? []) {
    const ref = decoder.get(id);
    if (ref) verses.push(ref);
    else unknown++;
  }
  return { verses, unknown };
}
