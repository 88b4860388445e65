// Morphology codes spelled out in words: the OSHB's Hebrew and Aramaic codes (`parsing/Oshm.xml`) and
// the Robinson (RMAC) codes of OpenGNT (`OpenGNT_DictRMAC_English.tsv`).
//
// An OSHB code is a language letter (`H` Hebrew, `A` Aramaic) and one code per morpheme, `/`-separated:
// `HR/Ncfsa` is a Hebrew preposition and a common noun, feminine singular absolute. `Oshm.xml` lists
// the codes the text uses, each with its description (`Hebrew: Preposition; Noun common feminine
// singular absolute`, one `;`-part per morpheme). A code it does not list is spelled morpheme by
// morpheme from the parts of the codes it does.

export interface HebrewMorphology {
  /** Full code → description without the language (`HR/Ncfsa` → `Preposition; Noun common feminine singular absolute`). */
  readonly codes: ReadonlyMap<string, string>;
  /** Language letter + one morpheme code → its description (`HNcfsa` → `Noun common feminine singular absolute`). */
  readonly morphemes: ReadonlyMap<string, string>;
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A morpheme's description tidied: `Adjective adjective …` (type named twice) → `Adjective …`. */
function tidy(description: string): string {
  return description.replace(/\s+/g, ' ').trim().replace(/^(\w+) (\w+)\b/, (whole, a: string, b: string) => (a.toLowerCase() === b.toLowerCase() ? a : whole));
}

/** Reads `Oshm.xml` (`<entryFree n="HR/Ncfsa"> Hebrew: Preposition; Noun common …</entryFree>`). */
export function parseOshm(xml: string): HebrewMorphology {
  const codes = new Map<string, string>();
  const morphemes = new Map<string, string>();
  for (const match of xml.matchAll(/<entryFree n="([^"]+)">([^<]*)<\/entryFree>/g)) {
    const code = decodeXml(match[1] ?? '');
    const description = decodeXml(match[2] ?? '').trim().replace(/^(?:Hebrew|Aramaic):\s*/, '');
    const parts = description.split(';').map(tidy);
    codes.set(code, parts.join('; '));
    const language = code.slice(0, 1);
    const codeParts = code.slice(1).split('/');
    if (codeParts.length !== parts.length) continue;
    codeParts.forEach((part, index) => {
      const key = `${language}${part}`;
      if (!morphemes.has(key)) morphemes.set(key, parts[index] ?? '');
    });
  }
  return { codes, morphemes };
}

/** `hebrew` or `aramaic` from an OSHB code's first letter; undefined for another letter. */
export function getHebrewCodeLanguage(code: string): 'hebrew' | 'aramaic' | undefined {
  return code.startsWith('H') ? 'hebrew' : code.startsWith('A') ? 'aramaic' : undefined;
}

/** The code in words (`Preposition; Noun common feminine singular absolute`); undefined when a morpheme is unknown. */
export function spellHebrewMorphology(code: string, table: HebrewMorphology): string | undefined {
  const known = table.codes.get(code);
  if (known !== undefined) return known;
  const language = code.slice(0, 1);
  const parts = code.slice(1).split('/').map((part) => table.morphemes.get(`${language}${part}`));
  return parts.every((part) => part !== undefined) && parts.length > 0 ? parts.join('; ') : undefined;
}

/** Reads `OpenGNT_DictRMAC_English.tsv` (`RMAC<TAB>Description`, a header line): code → description. */
export function parseRmacDictionary(tsv: string): ReadonlyMap<string, string> {
  const table = new Map<string, string>();
  for (const line of tsv.replace(/^\uFEFF/, '').split(/\r?\n/).slice(1)) {
    const [code = '', description = ''] = line.split('\t');
    if (code.trim() !== '' && description.trim() !== '') table.set(code.trim(), description.trim());
  }
  return table;
}
