// The knowledge-graph codec contract between the compiler (encoders) and the server (decoders):
// concept-search words, FlexSearch options, the document flags and the fixed caps. The artefacts'
// layouts are declared in ./artefacts/ (documents.ts, graph.ts, concept-index.ts, bodies.ts).

/** Chapter backlinks are capped at this many in the Chapter shape (spec: Chapter `backlinks`). */
export const CHAPTER_BACKLINK_CAP = 100;

/** Stands for "no document" / "no string" in the graph artefacts' u32 columns. */
export const NONE = 0xffffffff;

/** Bits of a document's flag byte. */
export const DOCUMENT_FLAGS = Object.freeze({
  /** CC BY-SA 4.0: under `sa/`, or `share_alike: true`. */
  shareAlike: 1,
  /** A place with `lat` and `lon`. */
  coordinates: 2,
} as const);

const MARKS = /\p{M}+/gu;
const CONCEPT_WORD = /[\p{L}\p{N}]+/gu;

/**
 * Splits names, descriptions and queries into concept-search words: compatibility-decomposed, marks
 * removed (accents, Hebrew points and cantillation: `λόγος` → `λογος`, `אֱלוֹהִים` → `אלוהים`),
 * lowercased; letters and digits make words, everything else separates them (`H430` → `h430`,
 * `people/abram` → `people`, `abram`); a Strong's number loses its leading zeros (`H0430` → `h430`) and
 * `yhwh` is read as `yhvh`. The compiler indexes with it and the server queries with it.
 */
export function tokenizeConcept(text: string): string[] {
  const normal = text.normalize('NFKD').replace(MARKS, '').toLowerCase();
  return (normal.match(CONCEPT_WORD) ?? []).map(normalizeConceptWord);
}

/** A Strong's number written with leading zeros, as printed dictionaries pad it: `h0430` → `h430`, `g0026` → `g26`. */
const PADDED_STRONGS = /^([hg])0+(\d+)$/;

/**
 * Spellings of one name that concept search treats as one word, the form on the right being the one the
 * data writes: the tetragrammaton as `YHWH` (the common scholarly form) and `YHVH` (BibleData's).
 */
const NAME_FORMS: ReadonlyMap<string, string> = new Map([['yhwh', 'yhvh']]);

/** One concept word in its searchable form: Strong's numbers unpadded, name forms folded (see above). */
function normalizeConceptWord(word: string): string {
  const padded = PADDED_STRONGS.exec(word);
  if (padded) return `${padded[1]}${padded[2]}`;
  return NAME_FORMS.get(word) ?? word;
}

/** A name as exact-name matching compares it: its concept words joined by single spaces. */
export function normalizeConceptName(text: string): string {
  return tokenizeConcept(text).join(' ');
}

/**
 * FlexSearch `Index` options of the concept text index: descriptions, tags, type names, collection
 * labels and paths, by whole word, tokenised with `tokenizeConcept`. Names are not in it: they live in
 * the concept artefact's name-word table, which matches by prefix in place (see graph-concepts.ts).
 */
export const CONCEPT_TEXT_INDEX_OPTIONS = Object.freeze({
  tokenize: 'strict',
  resolution: 1,
  fastupdate: false,
  cache: false,
} as const);

/**
 * Exact-name match tiers, best first: the title or Strong's number, an alias (or Nave's subject), a
 * name variant. Concept search ranks these above documents whose names merely contain the words.
 */
export const NAME_TIERS = Object.freeze({ title: 0, alias: 1, variant: 2 } as const);
