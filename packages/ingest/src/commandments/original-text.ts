// Cleans the Hebrew verse text BibleData gives with each commandment: direction-control
// characters go, and a leading verse number goes (`ב אָנֹכִי` for Exodus 20:2). The number is the Hebrew
// Bible's own, which is not always the KJV's (`ד לֹא-תִשְׁתַּחֲוֶה` for Exodus 20:5, Hebrew 20:4; `לז` for
// Exodus 22:1, Hebrew 21:37), so any leading numeral counts: 1–3 unpointed letters that spell a
// number the way verse numbers are printed. Scripture words carry vowel points, so none is mistaken
// for one. Other text is kept as written.

/** Unicode direction marks and embeddings (LRM, RLM, LRE … PDF, LRI … PDI). */
const DIRECTION_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const UNITS = ['', 'א', 'ב', 'ג', 'ד', 'ה', 'ו', 'ז', 'ח', 'ט'];
const TENS = ['', 'י', 'כ', 'ל', 'מ', 'נ', 'ס', 'ע', 'פ', 'צ'];
const HUNDREDS = ['', 'ק', 'ר', 'ש', 'ת'];

/** A number in Hebrew letters, as verse numbers are printed: 2 → ב, 20 → כ, 15 → טו, 16 → טז. */
export function formatHebrewNumeral(value: number): string {
  if (!Number.isInteger(value) || value < 1 || value > 499) return '';
  const hundreds = HUNDREDS[Math.floor(value / 100)] ?? '';
  const rest = value % 100;
  if (rest === 15) return `${hundreds}טו`;
  if (rest === 16) return `${hundreds}טז`;
  return `${hundreds}${TENS[Math.floor(rest / 10)] ?? ''}${UNITS[rest % 10] ?? ''}`;
}

function tidy(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '').replace(/\s+/g, ' ').trim();
}

/** Verse numbers run to 176 (Psalm 119). */
const HIGHEST_VERSE = 176;
const NUMERALS = new Map(Array.from({ length: HIGHEST_VERSE }, (_, i) => [formatHebrewNumeral(i + 1), i + 1]));

/** The verse number the text starts with (`ד לֹא-…` → 4), or undefined. */
export function readLeadingNumeral(text: string): number | undefined {
  const token = /^([\u05D0-\u05EA]{1,3}) /.exec(tidy(text))?.[1];
  return token === undefined ? undefined : NUMERALS.get(token);
}

/** The Hebrew verse without direction controls and without its leading verse numeral, whatever the number. */
export function cleanHebrewVerse(text: string): string {
  const clean = tidy(text);
  const numeral = readLeadingNumeral(clean);
  return numeral === undefined ? clean : clean.slice(formatHebrewNumeral(numeral).length + 1);
}
