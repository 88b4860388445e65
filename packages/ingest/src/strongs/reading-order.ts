// Strong's Greek entries in reading order. The XML splits each entry's text into
// `<strongs_derivation>` and `<strongs_def>` at the first `;`, even inside parentheses and even when
// the derivation's clause is followed by the meaning, so the two fields cannot be taken as written:
//
//   G23    derivation "from ἄγαν (much) and ἄχθος (grief;"      definition "akin to the base of G43); to be …"
//   G2316  derivation "of uncertain affinity; a deity, especially (with G3588) the supreme Divinity;"
//          definition "figuratively, a magistrate; by Hebraism, very"
//   G2048  derivation "of uncertain affinity; lonesome, i.e. …"   definition ""
//
// Here the two are read as one text and split again: the derivation is the leading run of top-level
// `;` clauses (outside parentheses) that began in the XML's derivation and speak of origin (the first
// clause always does); the definition is the rest. A parenthesis the XML opens in the derivation and
// never closes is closed where the derivation ends (G5342).

/** A top-level clause of a text: `start`…`end` excludes the `;` that ends it. */
interface Clause {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The text's clauses split at `;` outside parentheses. A `)` with no `(` open is read as text (it
 * neither opens nor closes anything), so one stray bracket does not swallow the rest of the entry.
 */
export function splitTopLevelClauses(text: string): Clause[] {
  const clauses: Clause[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ';' && depth === 0) {
      clauses.push({ start, end: i, text: text.slice(start, i).trim() });
      start = i + 1;
    }
  }
  if (start < text.length && text.slice(start).trim() !== '') clauses.push({ start, end: text.length, text: text.slice(start).trim() });
  return clauses;
}

/** Parentheses left open at the end of the text (stray `)` ignored, as above). */
export function countOpenBrackets(text: string): number {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
  }
  return depth;
}

/** True when every `(` has its `)` after it and no `)` comes without one. */
export function isBalanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * How a clause of Strong's derivations begins: its origin (`from`, `of Hebrew origin`, `a primary
 * verb`, `a prolonged form`, `neuter of` …), a comparison (`compare`, `akin to`, `same as`), a note on
 * the forms (`including …`, `which …`, `used only …`) or a bare number. Only clauses that the XML put in
 * the derivation are tested, so a definition that happens to begin so is never moved.
 */
const ORIGIN =
  /^\(?\s*(?:(?:probably|perhaps|apparently|possibly|prob\.?|or|and)\s+)?(?:from\b|of (?:uncertain|doubtful|\w+) (?:affinity|origin|derivation)|(?:an?|the) (?:[\w()]+ ){0,4}(?:form|forms|verb|word|particle|preposition|pronoun|root|base|adverb|conjunction|letter|derivative|compound|variation|alternate|inflections?|interjection|numeral)\b|(?:a |an |the )?(?:primary|primitive|prolonged|reduplicated|strengthened|contracted|intensive|obsolete|presumed|modified|derivative|adverb|adverbial|neuter|feminine|masculine|plural|middle|passive|active|comparative|superlative|accusative|genitive|dative|nominative|vocative|imperative|infinitive|participle|causative|diminutive|compound|variation|alternate|form)\b|compare\b|comp\.|akin\b|both\b|(?:the )?same as\b|including\b|other moods\b|which\b|used only\b|occurs only\b|corresponding\b|denoting\b|meaning\b|(?:the )?first person\b|[GH]?\d+\b|"[^"]*"\s*\)?\s*$|(?:Hebrew|Chaldee|Chaldean|Aramaic|Latin|foreign)\b)/i;

export function isOriginClause(clause: string): boolean {
  return ORIGIN.test(clause);
}

/**
 * When the XML gives no definition and the derivation has one clause, the meaning follows the origin
 * without a `;`: `from G1121. a writer`, `of Hebrew origin (H6865): Tyrus …`, `from G2288 to kill`,
 * `from G2380 (in the sense of blowing) a storm`, `of Chaldean origin (H426 …) my God`.
 */
const UNSEPARATED =
  /^((?:(?:probably|perhaps|apparently) )?(?:from (?:the same as |a derivative of |a compound of )?[GH]\d+|of \w+ origin)(?: \([^()]*\))?)(?:[.:]\s+(?=\S)|\s+(?!and\b|or\b)(?=[a-z"]))/;

/**
 * A clause the XML put at the start of the definition although it continues the derivation:
 * `and G1160` (G77), `akin to G4422 …` (G4434), `which uses δρέμω …` (G5143), `or perhaps rather of …`
 * (G5176), `of uncertain derivation` (G2359), `from an obsolete equivalent χέρης` (G5501). Definitions that
 * are meanings beginning with the same words (`and, also, even`, `and yet`, `which is`, `from above`)
 * do not match: a continuation names a number, a Greek word, a base or a derivative.
 */
const CONTINUATION =
  /^(?:and (?:[GH]\d|the base|a derivative|both as|\p{Script=Greek})|or (?:perhaps|probably|possibly)\b|akin to\b|compare\b|comp\.|which (?:uses|is used|occurs)\b|from (?:an? (?:obsolete|derivative|primary|presumed|compound)\b|the (?:base|same)\b|[GH]\d|\p{Script=Greek})|of (?:uncertain|doubtful) (?:derivation|affinity|origin)\b|of \w+ origin\b|also \S+ \S+'$)/u;

export function isContinuationClause(clause: string): boolean {
  return CONTINUATION.test(clause);
}

/**
 * A first clause that is already the meaning: `properly, to distinguish, i.e. decide` (G2919), but not
 * `properly, the genitive case of G3588` (G5120), which is still the origin.
 */
function isMeaningFirst(clause: string): boolean {
  const rest = /^(?:properly|literally),?\s+/.exec(clause);
  return rest !== null && !isOriginClause(clause.slice(rest[0].length));
}

export interface ReadingOrder {
  /** The origin clauses, without the `;` that ends them. */
  readonly derivation: string;
  /** The meaning: what the word means, first sense first, brackets balanced. */
  readonly definition: string;
  /** Text moved between the two fields. */
  readonly moved: 'none' | 'to-definition' | 'to-derivation';
  /** Brackets the upstream text leaves open or closes twice, repaired (closed where the field ends, the stray `)` dropped). */
  readonly repairedBrackets: number;
}

/** Drops each `)` that closes nothing and closes each `(` left open at the end, before final punctuation. */
export function balanceBrackets(text: string): { text: string; repaired: number } {
  let depth = 0;
  let repaired = 0;
  let out = '';
  for (const char of text) {
    if (char === '(') depth++;
    else if (char === ')') {
      if (depth === 0) {
        repaired++;
        continue;
      }
      depth--;
    }
    out += char;
  }
  if (depth > 0) {
    repaired += depth;
    const end = /[\s.;,:]*$/.exec(out)?.index ?? out.length;
    out = `${out.slice(0, end)}${')'.repeat(depth)}${out.slice(end)}`;
  }
  return { text: out.replace(/\s+([,;.)])/g, '$1').replace(/\s{2,}/g, ' ').trim(), repaired };
}

/**
 * True when a definition text begins in the middle of a sentence: with punctuation that continues one,
 * `i.e.`, a continuation of a derivation (`and G1160`, `akin to …`, `or from …`), or a `)` that closes
 * nothing within its first three words (`into Chaldea), patronymically …`, `H5135) properly …`: the
 * source cut the text inside a bracket). docs/bundle-format.md ("Lexeme") states the rule.
 */
export function startsMidSentence(text: string): boolean {
  if (/^(?:[,;:.)\]}]|i\.e\.|e\.g\.)/.test(text) || /^or from\b/.test(text) || isContinuationClause(text)) return true;
  const head = text.split(' ').slice(0, 3).join(' ');
  const close = head.indexOf(')');
  return close >= 0 && !head.slice(0, close).includes('(');
}

/** Splits a Greek entry's derivation and definition again, in reading order (see the module header). */
export function readInOrder(derivationField: string, definitionField: string): ReadingOrder {
  let derivation = derivationField.trim();
  const definition = definitionField.trim();
  let repairedBrackets = 0;
  if (derivation !== '' && countOpenBrackets(derivation) > 0 && countOpenBrackets(`${derivation} ${definition}`) > 0) {
    derivation = `${derivation.replace(/\s*;\s*$/, '')});`;
    repairedBrackets++;
  }
  const text = [derivation, definition].filter(Boolean).join(' ');
  const boundary = derivation.length;
  const clauses = splitTopLevelClauses(text);
  let end = 0;
  let index = 0;
  // The origin clauses the XML put in the derivation.
  for (; index < clauses.length; index++) {
    const clause = clauses[index] as Clause;
    if (clause.start >= boundary) break;
    if (index === 0 ? isMeaningFirst(clause.text) : !(isOriginClause(clause.text) || isContinuationClause(clause.text))) break;
    end = clause.end + 1;
  }
  // The derivation's continuation the XML put in the definition; the last clause stays the meaning.
  if (end > 0 && index < clauses.length && (clauses[index] as Clause).start >= boundary) {
    let continued = false;
    for (; index < clauses.length - 1; index++) {
      const clause = clauses[index] as Clause;
      if (!(isContinuationClause(clause.text) || (continued && isOriginClause(clause.text)))) break;
      continued = true;
      end = clause.end + 1;
    }
  }
  let origin = text.slice(0, Math.min(end, text.length)).trim().replace(/;$/, '').trim();
  let meaning = text.slice(Math.min(end, text.length)).trim();
  if (meaning === '' && clauses.length === 1) {
    const unseparated = UNSEPARATED.exec(origin);
    if (unseparated?.[1]) {
      meaning = origin.slice(unseparated[0].length).trim();
      origin = unseparated[1];
    }
  }
  meaning = meaning.replace(/^i\.e\.\s+/, '');
  const balanced = balanceBrackets(meaning);
  const before = derivationField.trim().replace(/;$/, '').trim();
  const moved = origin.length < before.length ? 'to-definition' : origin.length > before.length + 1 ? 'to-derivation' : 'none';
  return { derivation: origin, definition: balanced.text, moved, repairedBrackets: repairedBrackets + balanced.repaired };
}
