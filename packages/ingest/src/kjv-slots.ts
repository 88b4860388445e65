// The KJV verse slots (31,102) from BibleData-Reference.csv: how many verses each chapter has.

/** Verse count per chapter, by USFM book code: `get('JHN')[2]` is the number of verses in John 3. */
export type KjvSlots = ReadonlyMap<string, readonly number[]>;

/**
 * Parses `BibleData-Reference.csv` (`reference_id,book_id,usx_code,chapter,verse,verse_sequence`,
 * UTF-8 with a BOM). Throws when a chapter's verses are not numbered 1…n in order.
 */
export function parseKjvSlots(csv: string): KjvSlots {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line !== '');
  const header = (lines[0] ?? '').split(',');
  const column = (name: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`BibleData-Reference.csv has no '${name}' column`);
    return index;
  };
  const [codeAt, chapterAt, verseAt] = [column('usx_code'), column('chapter'), column('verse')];
  const slots = new Map<string, number[]>();
  for (let index = 1; index < lines.length; index++) {
    const cells = (lines[index] ?? '').split(',');
    const code = cells[codeAt] ?? '';
    const chapter = Number(cells[chapterAt]);
    const verse = Number(cells[verseAt]);
    let chapters = slots.get(code);
    if (!chapters) slots.set(code, (chapters = []));
    const expected = (chapters[chapter - 1] ?? 0) + 1;
    if (chapter < 1 || chapter > chapters.length + 1 || verse !== expected) {
      throw new Error(`BibleData-Reference.csv line ${index + 1}: ${code} ${chapter}:${verse} is out of order (expected verse ${expected})`);
    }
    chapters[chapter - 1] = verse;
  }
  return slots;
}
