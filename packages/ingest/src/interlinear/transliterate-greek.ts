// Greek words for the interlinear: the word as shown and a deterministic SBL-style transliteration.
//
//   letters      α a  β b  γ g  δ d  ε e  ζ z  η ē  θ th  ι i  κ k  λ l  μ m  ν n  ξ x  ο o  π p  ρ r
//                σ ς s  τ t  υ y  φ ph  χ ch  ψ ps  ω ō
//   γ nasal      γ before γ, κ, ξ, χ is n (ἄγγελος angelos)
//   diphthongs   αι ai  ει ei  οι oi  αυ au  ευ eu  ηυ ēu  ου ou  υι ui (not when the second vowel has a
//                diaeresis: πρωΐ prōi)
//   breathing    rough breathing is h before the vowel or diphthong (ὁ ho, αἷμα haima, υἱός huios); ῥ is rh
//   capitals     a capital gives a capital first letter (Ἰησοῦς Iēsous, Ὁ Ho)
//   dropped      accents, smooth breathing, iota subscript, diaeresis, punctuation and elision marks

const LETTERS: ReadonlyMap<string, string> = new Map(Object.entries({
  α: 'a', β: 'b', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'ē', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n',
  ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'ph', χ: 'ch', ψ: 'ps', ω: 'ō', ϲ: 's',
}));
const DIPHTHONGS: ReadonlyMap<string, string> = new Map(Object.entries({ αι: 'ai', ει: 'ei', οι: 'oi', αυ: 'au', ευ: 'eu', ηυ: 'ēu', ου: 'ou', υι: 'ui' }));
const NASAL_BEFORE = new Set(['γ', 'κ', 'ξ', 'χ']);
const ROUGH = '\u0314';
const DIAERESIS = '\u0308';

interface Letter {
  readonly base: string;
  readonly upper: boolean;
  readonly marks: string;
}

function readLetters(word: string): Letter[] {
  const letters: { base: string; upper: boolean; marks: string }[] = [];
  for (const char of word.normalize('NFD')) {
    const lower = char.toLowerCase();
    if (LETTERS.has(lower)) letters.push({ base: lower, upper: lower !== char, marks: '' });
    else if (/\p{M}/u.test(char)) {
      const last = letters.at(-1);
      if (last) last.marks += char;
    }
  }
  return letters;
}

function capitalise(text: string): string {
  return text.slice(0, 1).toUpperCase() + text.slice(1);
}

/** The word as the interlinear shows it: as the edition writes it (elision marks kept), NFC. */
export function formatGreekWord(text: string): string {
  return text.normalize('NFC').trim();
}

/** The word's letters without marks, lower case, final sigma as σ: what two editions of a word must share. */
export function getGreekLetters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .replace(/[^α-ω]/g, '');
}

/** Transliterates one Greek word (see the module header). */
export function transliterateGreek(word: string): string {
  const letters = readLetters(word);
  let out = '';
  for (let index = 0; index < letters.length; index++) {
    const letter = letters[index] as Letter;
    const next = letters[index + 1];
    const pair = next && !next.marks.includes(DIAERESIS) ? DIPHTHONGS.get(letter.base + next.base) : undefined;
    if (pair) {
      const rough = letter.marks.includes(ROUGH) || (next?.marks.includes(ROUGH) ?? false);
      const text = `${rough ? 'h' : ''}${pair}`;
      out += letter.upper ? capitalise(text) : text;
      index++;
      continue;
    }
    let text: string;
    if (letter.base === 'γ' && next && NASAL_BEFORE.has(next.base)) text = 'n';
    else if (letter.base === 'ρ' && letter.marks.includes(ROUGH)) text = 'rh';
    else text = `${letter.marks.includes(ROUGH) ? 'h' : ''}${LETTERS.get(letter.base) ?? ''}`;
    out += letter.upper ? capitalise(text) : text;
  }
  return out;
}
