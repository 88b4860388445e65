// Cleans the Hebrew verse text BibleData gives with each commandment: direction-control
// characters go, and a leading verse number goes when it is the verse's own (`ב אָנֹכִי` for verse 2,
// `2 Ἐγώ εἰμι` for verse 2); a trailing `--` goes too. Other text is kept as written.

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

/** The Hebrew verse without direction controls and without a leading numeral equal to `verse`. */
export function cleanHebrewVerse(text: string, verse: number): string {
  const clean = tidy(text);
  const numeral = formatHebrewNumeral(verse);
  return numeral && clean.startsWith(`${numeral} `) ? clean.slice(numeral.length + 1) : clean;
}
