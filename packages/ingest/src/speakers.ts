// Speakers per verse from Glyssen's CharacterVerse.txt, kept only where one speaker is certain.
//
// The rule (docs/bundle-format.md, "Speakers"):
// 1. rows for verse 0 (Psalm titles) are dropped;
// 2. rows whose Quote Type is not Normal, Dialogue, Implicit or Quotation are not certain: dropped;
// 3. narrator rows (`narrator-GEN`) and `scripture` rows (quoted scripture, not a character) are
//    dropped: they do not name who speaks;
// 4. the remaining rows of a verse (a `V` range counts for each verse in it) must name exactly one
//    character: several distinct ids, an id with `/` alternatives or `Needs Review` leave the verse
//    without a speaker;
// 5. the character id is kept verbatim ("Peter (Simon)", "David (old)"): it is Glyssen's key into
//    CharacterDetail.txt, and its qualifiers tell apart characters who share a name.

export const CERTAIN_QUOTE_TYPES: ReadonlySet<string> = new Set(['Normal', 'Dialogue', 'Implicit', 'Quotation']);

/** Why a row of CharacterVerse.txt gave no speaker. */
export type SpeakerRowSkip = 'malformed' | 'psalm-title' | 'uncertain-quote-type' | 'narrator' | 'scripture';

/** Why a verse with certain rows still has no speaker. */
export type SpeakerVerseSkip = 'several-speakers' | 'alternatives' | 'needs-review';

export interface SpeakerTable {
  /** Speaker per verse, keyed `JHN 3:16` (USFM code, chapter, verse). */
  readonly speakers: ReadonlyMap<string, string>;
  readonly rows: number;
  readonly skippedRows: Readonly<Record<SpeakerRowSkip, number>>;
  readonly skippedVerses: Readonly<Record<SpeakerVerseSkip, number>>;
}

/** `JHN 3:16`: the key of a verse in a speaker table. */
export function formatVerseKey(code: string, chapter: number, verse: number): string {
  return `${code} ${chapter}:${verse}`;
}

/** Parses CharacterVerse.txt (tab-separated; `#` comments; first line `Control File Version`). */
export function parseCharacterVerse(text: string): SpeakerTable {
  const skippedRows: Record<SpeakerRowSkip, number> = { malformed: 0, 'psalm-title': 0, 'uncertain-quote-type': 0, narrator: 0, scripture: 0 };
  const skippedVerses: Record<SpeakerVerseSkip, number> = { 'several-speakers': 0, alternatives: 0, 'needs-review': 0 };
  const candidates = new Map<string, Set<string>>();
  let rows = 0;

  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (line === '' || line.startsWith('#') || line.startsWith('Control File Version')) continue;
    rows++;
    const cells = line.split('\t');
    const [code = '', chapterCell = '', verseCell = '', id = ''] = cells;
    const quoteType = cells[6] ?? '';
    const chapter = Number(chapterCell);
    const range = /^(\d+)(?:-(\d+))?$/.exec(verseCell);
    if (cells.length < 7 || !/^[1-4A-Z]{3}$/.test(code) || !Number.isInteger(chapter) || chapter < 1 || !range || id === '') {
      skippedRows.malformed++;
      continue;
    }
    const first = Number(range[1]);
    const last = Number(range[2] ?? range[1]);
    if (first === 0) {
      skippedRows['psalm-title']++;
      continue;
    }
    if (!CERTAIN_QUOTE_TYPES.has(quoteType)) {
      skippedRows['uncertain-quote-type']++;
      continue;
    }
    if (id.startsWith('narrator-')) {
      skippedRows.narrator++;
      continue;
    }
    if (id === 'scripture') {
      skippedRows.scripture++;
      continue;
    }
    for (let verse = first; verse <= last; verse++) {
      const key = formatVerseKey(code, chapter, verse);
      let ids = candidates.get(key);
      if (!ids) candidates.set(key, (ids = new Set()));
      ids.add(id);
    }
  }

  const speakers = new Map<string, string>();
  for (const [key, ids] of candidates) {
    const [id = ''] = ids;
    if (ids.size > 1) skippedVerses['several-speakers']++;
    else if (id.includes('/')) skippedVerses.alternatives++;
    else if (id === 'Needs Review') skippedVerses['needs-review']++;
    else speakers.set(key, id);
  }
  return { speakers, rows, skippedRows, skippedVerses };
}
