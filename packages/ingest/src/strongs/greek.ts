// Strong's Greek dictionary, XML edition 1.4 (`strongsgreek.xml`, Open Scriptures): one `<entry>` per
// number, zero-padded (`strongs="00025"`), with mixed content:
//
//   <entry strongs="00025"><strongs>25</strongs> <greek BETA="…" unicode="ἀγαπάω" translit="agapáō"/>
//     <pronunciation strongs="ag-ap-ah'-o"/> [or <greek …/> …]
//     <strongs_derivation>perhaps from <greek … unicode="ἄγαν"/> (much) (or compare <strongsref
//       language="GREEK" strongs="5689"/>);</strongs_derivation><strongs_def> to love …</strongs_def>
//     <kjv_def>:--(be-)love(-ed).</kjv_def> Compare <strongsref … strongs="5368"/>. <see …/></entry>
//
// The two text fields are split again in reading order (`reading-order.ts`): the XML cuts them at the
// first `;`, wherever it falls.
//
// Numbers Strong left unused hold only `<strongs>2717</strongs> Not Used`: they are placeholders.
// Text is rebuilt from the mixed content: a `<strongsref>` becomes `G5689` / `H175` (zero padding
// dropped), a `<greek>` its Unicode word, a `<latin>` its text; `<see>` repeats the strongsrefs and
// `<pronunciation>` inside text is dropped.

import { readInOrder } from './reading-order.ts';

export interface GreekEntry {
  readonly number: number;
  /** The headword in Unicode Greek: `λόγος`. */
  readonly word: string;
  /** SBL-style: `lógos`. */
  readonly transliteration: string;
  readonly pronunciation: string;
  /** Other spellings the entry gives (`or ἀπώθομαι`), Unicode and transliteration. */
  readonly variants: readonly { readonly word: string; readonly transliteration: string }[];
  /** Written with a capital: a proper name (`Ἀαρών`), or one of the letters Α and Ω. */
  readonly capitalised: boolean;
  /** The derivation as text, strongsrefs written `G3004` / `H175`: the origin clauses only (`reading-order.ts`). */
  readonly derivation: string;
  /** The meaning, first sense first (`reading-order.ts`). */
  readonly definition: string;
  /** Text the XML put in the wrong one of derivation and definition, moved (`reading-order.ts`). */
  readonly moved: 'none' | 'to-definition' | 'to-derivation';
  /** Brackets of the XML text left open or closed twice, repaired. */
  readonly repairedBrackets: number;
  /** KJV renderings, without the leading `:--`. */
  readonly kjv: string;
  /** Text after the KJV renderings (`Compare G5368.`). */
  readonly notes: string;
  /** Numbers the word is derived from: the derivation's strongsrefs not introduced by "compare", "akin to" or "same as". */
  readonly roots: readonly string[];
  /** The other strongsrefs of the entry (derivation and notes), `G5368` / `H58`. */
  readonly related: readonly string[];
}

export interface GreekDictionary {
  readonly entries: readonly GreekEntry[];
  /** Numbers Strong left unused (`Not Used` placeholder entries). */
  readonly placeholders: readonly number[];
  /** Entries that are neither a word nor a placeholder. */
  readonly malformed: readonly number[];
}

/** An attribute's value, NFC-normalised (the file writes accents as oxia, U+1F79 `ό`; NFC gives the tonos `ό` keyboards type). */
function readAttribute(tag: string, name: string): string {
  return (new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? '').normalize('NFC');
}

/** `G3004` or `H175` from a `<strongsref>` or `<see>` tag. */
function formatStrongsRef(tag: string): string {
  const prefix = readAttribute(tag, 'language').toUpperCase() === 'HEBREW' ? 'H' : 'G';
  return `${prefix}${Number(readAttribute(tag, 'strongs'))}`;
}

/** Mixed content as plain text (see the module header), whitespace collapsed. */
export function formatMixedContent(xml: string): string {
  return xml
    .replace(/<strongsref\b[^>]*\/>/g, (tag) => formatStrongsRef(tag))
    .replace(/<greek\b[^>]*\/>/g, (tag) => readAttribute(tag, 'unicode'))
    .replace(/<\/?latin>/g, '')
    .replace(/<pronunciation\b[^>]*\/>/g, '')
    .replace(/<see\b[^>]*\/>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ([;,.:)])/g, '$1')
    .trim()
    .normalize('NFC');
}

function readElement(xml: string, name: string): string {
  return new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? '';
}

/**
 * The derivation's numbers split into roots and related ones: a number belongs to the clause it
 * closes (text since the last `;`, `(` or number); a clause saying "compare", "akin to" or "same as"
 * makes it related, not a root.
 */
export function splitDerivation(derivation: string): { roots: string[]; related: string[] } {
  const roots: string[] = [];
  const related: string[] = [];
  let clause = '';
  let last = 0;
  for (const match of derivation.matchAll(/\b([GH]\d+)\b/g)) {
    const before = derivation.slice(last, match.index);
    const open = Math.max(before.lastIndexOf(';'), before.lastIndexOf('('));
    clause = open >= 0 ? before.slice(open) : clause + before;
    const list = /\b(?:compare|akin to|same as)\b/i.test(clause) ? related : roots;
    const number = match[1] ?? '';
    if (!list.includes(number)) list.push(number);
    last = (match.index ?? 0) + number.length;
  }
  return { roots, related: related.filter((number) => !roots.includes(number)) };
}

/** Parses `strongsgreek.xml`. */
export function parseGreekStrongs(xml: string): GreekDictionary {
  const entries: GreekEntry[] = [];
  const placeholders: number[] = [];
  const malformed: number[] = [];
  for (const match of xml.matchAll(/<entry strongs="(\d+)">([\s\S]*?)<\/entry>/g)) {
    const number = Number(match[1]);
    const body = match[2] ?? '';
    const afterNumber = body.replace(/^\s*<strongs>\d+<\/strongs>/, '');
    if (/^\s*Not Used\s*$/.test(afterNumber)) {
      placeholders.push(number);
      continue;
    }
    const headEnd = afterNumber.search(/<strongs_derivation>|<strongs_def>|<kjv_def>/);
    const head = headEnd < 0 ? afterNumber : afterNumber.slice(0, headEnd);
    const forms = [...head.matchAll(/<greek\b[^>]*\/>/g)].map((tag) => ({
      word: readAttribute(tag[0], 'unicode'),
      transliteration: readAttribute(tag[0], 'translit'),
      beta: readAttribute(tag[0], 'BETA'),
    }));
    const [main, ...variants] = forms;
    if (!main || main.word === '') {
      malformed.push(number);
      continue;
    }
    const order = readInOrder(
      formatMixedContent(readElement(afterNumber, 'strongs_derivation')),
      formatMixedContent(readElement(afterNumber, 'strongs_def')),
    );
    const derivation = order.derivation;
    const lastClose = Math.max(
      ...['</strongs_derivation>', '</strongs_def>', '</kjv_def>'].map((tag) => {
        const at = afterNumber.lastIndexOf(tag);
        return at < 0 ? -1 : at + tag.length;
      }),
    );
    const notes = lastClose < 0 ? '' : formatMixedContent(afterNumber.slice(lastClose));
    const { roots, related } = splitDerivation(derivation);
    for (const other of (notes.match(/\b[GH]\d+\b/g) ?? [])) if (!roots.includes(other) && !related.includes(other)) related.push(other);
    entries.push({
      number,
      word: main.word,
      transliteration: main.transliteration,
      pronunciation: readAttribute(/<pronunciation\b[^>]*\/>/.exec(head)?.[0] ?? '', 'strongs'),
      variants: variants.map(({ word, transliteration }) => ({ word, transliteration })),
      capitalised: main.beta.startsWith('*'),
      derivation,
      definition: order.definition,
      moved: order.moved,
      repairedBrackets: order.repairedBrackets,
      kjv: formatMixedContent(readElement(afterNumber, 'kjv_def')).replace(/^:?\s*--\s*/, ''),
      notes,
      roots,
      related,
    });
  }
  return { entries, placeholders, malformed };
}
