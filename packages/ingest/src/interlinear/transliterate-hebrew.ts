// Hebrew and Aramaic words for the interlinear: the word as shown (points kept, accents dropped) and a
// deterministic transliteration in a simple SBL-like general-purpose style.
//
// The transliteration reads the pointed word letter by letter (a letter and the marks after it):
//
//   consonants  א – (not written)  בּ b  ב v  ג g  ד d  ה h  ו v  ז z  ח h  ט t  י y  כּ k  כ kh  ל l
//               מ m  נ n  ס s  ע – (not written)  פּ p  פ f  צ ts  ק q  ר r  שׁ sh  שׂ s  ת t
//               (final forms as their letters; ש without a dot as שׁ)
//   vowels      ַ ָ ֲ a   ֶ ֵ ֱ e   ִ i   ֹ ֺ ֳ ׇ o   ֻ u   וֹ o   וּ u
//   shewa       vocal: e; silent: nothing. Vocal under a word's first letter, after another shewa, under a
//               doubled letter, and after a long vowel (ָ ֵ ֹ, וֹ, וּ, hiriq-yod); silent at the word's end and
//               otherwise
//   dagesh      in בגדכפת without a vowel before it: the hard sound (b, k, p); after a vowel (dagesh
//               forte) a one-letter consonant is written twice (הַמֶּלֶךְ hammelekh)
//   matres      י without a vowel after ִ ֵ ֶ is not written (בְּרֵאשִׁית bereshit); in the suffix ָיו the
//               י is not written (עָלָיו alav); ה at the end of a word is not written after e or o
//               (מֹשֶׁה moshe) and stays h after a (תּוֹרָה torah)
//   furtive     patah under a final ח, ע or הּ is read before it (רוּחַ ruah)
//   the name    the letters יהוה are written YHWH, whatever their points (לַיהוָה laYHWH)
//
// Accents (U+0591–U+05AF), meteg, rafe, the upper and lower dots, morpheme slashes and punctuation
// (maqaf, paseq, sof pasuq) are ignored.

const ALEF = 0x05d0;
const TAV = 0x05ea;

const SHEVA = '\u05B0';
const HATAF_SEGOL = '\u05B1';
const HATAF_PATAH = '\u05B2';
const HATAF_QAMATS = '\u05B3';
const HIRIQ = '\u05B4';
const TSERE = '\u05B5';
const SEGOL = '\u05B6';
const PATAH = '\u05B7';
const QAMATS = '\u05B8';
const HOLAM = '\u05B9';
const HOLAM_HASER = '\u05BA';
const QUBUTS = '\u05BB';
const DAGESH = '\u05BC';
const SHIN_DOT = '\u05C1';
const SIN_DOT = '\u05C2';
const QAMATS_QATAN = '\u05C7';

const VOWELS: ReadonlyMap<string, string> = new Map(Object.entries({
  [HATAF_SEGOL]: 'e',
  [HATAF_PATAH]: 'a',
  [HATAF_QAMATS]: 'o',
  [HIRIQ]: 'i',
  [TSERE]: 'e',
  [SEGOL]: 'e',
  [PATAH]: 'a',
  [QAMATS]: 'a',
  [HOLAM]: 'o',
  [HOLAM_HASER]: 'o',
  [QUBUTS]: 'u',
  [QAMATS_QATAN]: 'o',
}));

/** Hard (with dagesh) and soft sounds of the letters; one sound when both are the same. */
const CONSONANTS: ReadonlyMap<string, readonly [string, string]> = new Map(Object.entries({
  'א': ['', ''], 'ב': ['b', 'v'], 'ג': ['g', 'g'], 'ד': ['d', 'd'], 'ה': ['h', 'h'], 'ו': ['v', 'v'],
  'ז': ['z', 'z'], 'ח': ['h', 'h'], 'ט': ['t', 't'], 'י': ['y', 'y'], 'כ': ['k', 'kh'], 'ך': ['k', 'kh'],
  'ל': ['l', 'l'], 'מ': ['m', 'm'], 'ם': ['m', 'm'], 'נ': ['n', 'n'], 'ן': ['n', 'n'], 'ס': ['s', 's'],
  'ע': ['', ''], 'פ': ['p', 'f'], 'ף': ['p', 'f'], 'צ': ['ts', 'ts'], 'ץ': ['ts', 'ts'], 'ק': ['q', 'q'],
  'ר': ['r', 'r'], 'ש': ['sh', 'sh'], 'ת': ['t', 't'],
}));

/** Marks the shown word drops: accents, meteg, rafe, upper and lower dots. */
const DROPPED_MARKS = /[\u0591-\u05AF\u05BD\u05BF\u05C4\u05C5]/g;

/**
 * The word as the interlinear shows it: points kept; accents, meteg, morpheme slashes, maqaf, paseq,
 * sof pasuq and other punctuation removed; NFC.
 */
export function formatHebrewWord(text: string): string {
  return text
    .normalize('NFD')
    .replace(DROPPED_MARKS, '')
    .replace(/[^\u05B0-\u05BC\u05C1\u05C2\u05C7\u05D0-\u05EA]/g, '')
    .normalize('NFC');
}

/** The word's letters without any mark (final forms kept): what two editions of a word must share. */
export function getHebrewConsonants(text: string): string {
  return text.replace(/[^\u05D0-\u05EA]/g, '');
}

interface Cluster {
  readonly letter: string;
  readonly marks: string;
}

function isLetter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code >= ALEF && code <= TAV;
}

function readClusters(word: string): Cluster[] {
  const clusters: { letter: string; marks: string }[] = [];
  for (const char of formatHebrewWord(word).normalize('NFD')) {
    if (isLetter(char)) clusters.push({ letter: char, marks: '' });
    else {
      const last = clusters.at(-1);
      if (last) last.marks += char;
    }
  }
  return clusters;
}

function getVowel(cluster: Cluster): string | undefined {
  for (const mark of cluster.marks) if (VOWELS.has(mark) || mark === SHEVA) return mark;
  return undefined;
}

const LONG_VOWELS = new Set([QAMATS, TSERE, HOLAM, HOLAM_HASER]);
const FURTIVE_LETTERS = new Set(['ח', 'ע', 'ה']);
const BEGADKEFAT = new Set(['ב', 'ג', 'ד', 'כ', 'ך', 'פ', 'ף', 'ת']);

/** How one letter was read, as far as the next letter's reading depends on it. */
interface Reading {
  /** The vowel written for it; for a vowel letter (וֹ, וּ) the vowel it writes. */
  readonly vowel: string;
  /** Whether it ends in a long vowel (a shewa after it is vocal). */
  readonly long: boolean;
  /** Whether it carries a full vowel (a dagesh after it doubles). */
  readonly voiced: boolean;
  /** Its shewa, if it has one. */
  readonly shewa?: 'vocal' | 'silent' | undefined;
}

/** Transliterates one pointed Hebrew or Aramaic word (see the module header). Empty for an empty word. */
export function transliterateHebrew(word: string): string {
  const clusters = readClusters(word);
  const letters = clusters.map((cluster) => cluster.letter).join('');
  const name = letters.indexOf('יהוה');
  if (name >= 0 && name + 4 === clusters.length) {
    return transliterateClusters(clusters.slice(0, name)) + 'YHWH';
  }
  return transliterateClusters(clusters);
}

function transliterateClusters(clusters: readonly Cluster[]): string {
  const readings: Reading[] = [];
  let out = '';
  for (let index = 0; index < clusters.length; index++) {
    const cluster = clusters[index] as Cluster;
    const previous = readings[index - 1];
    const next = clusters[index + 1];
    const isLast = index === clusters.length - 1;
    const vowel = getVowel(cluster);
    const dagesh = cluster.marks.includes(DAGESH);
    const { letter } = cluster;

    // Vowel letters: holam male and shureq write the vowel of the letter before them.
    if (letter === 'ו' && vowel === HOLAM && !dagesh) {
      const open = previous === undefined || (!previous.voiced && previous.shewa === undefined);
      if (open) {
        readings.push({ vowel: 'o', long: true, voiced: true });
        out += 'o';
        continue;
      }
    }
    if (letter === 'ו' && dagesh && vowel === undefined) {
      readings.push({ vowel: 'u', long: true, voiced: true });
      out += 'u';
      continue;
    }
    // Silent yod after i/e, and in the suffix ָיו.
    if (letter === 'י' && vowel === undefined && !dagesh && previous) {
      const before = clusters[index - 1] as Cluster;
      const beforeVowel = getVowel(before);
      if (beforeVowel === HIRIQ || beforeVowel === TSERE || beforeVowel === SEGOL) {
        readings.push({ vowel: '', long: beforeVowel === HIRIQ || beforeVowel === TSERE, voiced: true });
        continue;
      }
      if (beforeVowel === QAMATS && next?.letter === 'ו' && index + 1 === clusters.length - 1 && getVowel(next) === undefined) {
        readings.push({ vowel: '', long: true, voiced: true });
        continue;
      }
    }
    // Final he after e or o is a vowel letter, not written (מֹשֶׁה moshe); after a it stays h (תּוֹרָה torah).
    if (letter === 'ה' && isLast && vowel === undefined && !dagesh && previous !== undefined && (previous.vowel === 'e' || previous.vowel === 'o')) {
      readings.push({ vowel: '', long: true, voiced: true });
      continue;
    }
    // Quiescent alef: no vowel, nothing written.
    if (letter === 'א' && (vowel === undefined || vowel === SHEVA)) {
      readings.push({ vowel: '', long: previous?.long ?? false, voiced: previous?.voiced ?? false });
      continue;
    }

    const sounds = CONSONANTS.get(letter) ?? ['', ''];
    let consonant: string;
    if (letter === 'ש') consonant = cluster.marks.includes(SIN_DOT) ? 's' : cluster.marks.includes(SHIN_DOT) ? 'sh' : 'sh';
    else consonant = BEGADKEFAT.has(letter) ? (dagesh ? sounds[0] : sounds[1]) : sounds[0];
    const afterVowel = previous !== undefined && previous.voiced;
    const doubled = dagesh && afterVowel && letter !== 'ה' && consonant.length === 1;
    if (doubled) consonant += consonant;

    let vowelText = '';
    let shewa: Reading['shewa'];
    if (vowel === SHEVA) {
      const vocal = !isLast && (index === 0 || doubled || previous?.shewa === 'silent' || previous?.long === true);
      shewa = vocal ? 'vocal' : 'silent';
      vowelText = vocal ? 'e' : '';
    } else if (vowel !== undefined) {
      vowelText = VOWELS.get(vowel) ?? '';
    }

    const furtive = isLast && vowel === PATAH && FURTIVE_LETTERS.has(letter) && (letter !== 'ה' || dagesh) && index > 0;
    out += furtive ? `${vowelText}${consonant}` : `${consonant}${vowelText}`;
    readings.push({ vowel: vowelText, long: vowel !== undefined && LONG_VOWELS.has(vowel), voiced: vowel !== undefined && vowel !== SHEVA, shewa });
  }
  return out;
}
