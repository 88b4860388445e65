// Concept search: every query word must match a document's names (a title, alias or variant word it
// starts) or its description, tags, type name, collection label or path (a whole word). Ranking: exact
// names first, what is named before what merely bears the name: the title or an alias of a person,
// place or book (a person's aliases are names they go by, so they rank with titles: `jesus` finds Jesus
// Christ, alias "Jesus" and the most connected, before Jesus called Justus), then a place's or book's
// alias or a place's name variant (Sinai for Mount Sinai), then the exact title (or Strong's number) of anything else (a Nave's theme "Paul" after the
// apostle), then its alias (or Nave's subject), then name variants (named documents first); then
// documents whose names hold every query word whole, then those whose names start with every word,
// then the rest; inside each tier the best-connected document first, then title order.

import { ApiError, DOCUMENT_TYPES, type DocumentType, tokenizeConcept } from '@skg/core';
import { LruCache } from '../internal/lru.ts';
import type { ConceptIndex } from './graph-concepts.ts';
import type { GraphDocuments } from './graph-documents.ts';
import type { ConceptQuery, NodeSummaryRecord, Page } from './types.ts';

export type ConceptSearch = (query: ConceptQuery) => Page<NodeSummaryRecord>;

/** Ranked matches are cached per query and filter, so paging does not search again. */
const CACHE_ENTRIES = 256;
const CACHE_WEIGHT = 1_000_000;

/** Exact-name tiers (NAME_TIERS: 0 title, 1 alias, 2 variant), as stored. */
const TIER_TITLE = 0;
const TIER_ALIAS = 1;
const TIER_VARIANT = 2;
const NO_TIER = 0xff;
/**
 * The ranking tier of an exact name, by NAME_TIERS tier: for a named document (person, place, book),
 * then for anything else. A person's alias ranks as a title; a place's name variant (OpenBible's
 * names of it: Sinai for Mount Sinai) as an alias. A person's variants (Hebrew and Greek labels,
 * Strong's numbers) stay variants, below a lexeme's Strong's number; so does a place's Strong's number.
 */
const NAMED_TIERS = [0, 1, 4] as const;
const OTHER_TIERS = [2, 3, 5] as const;
/** The tiers below the exact names. */
const TIER_NAME_WORDS = 6;
const TIER_NAME_PREFIXES = 7;
const TIER_OTHER = 8;
/** A query that is a Strong's number (`h430`, as tokenizeConcept writes it). */
const STRONGS_NUMBER = /^[hg]\d+$/;
/** Document types whose exact names rank first: what a name names. */
const NAMED_TYPES: readonly DocumentType[] = ['Person', 'Place', 'Book'];
/** Degrees and title positions are below this in the packed sort key (tier · degree · title). */
const RANK_SCALE = 1 << 20;
/** Query words shorter than this match whole name words only, not name prefixes. */
const MIN_PREFIX = 2;
const TAGGED = 1;
const TAKEN = 2;

export interface ConceptSearchOptions {
  /** Ranked results kept for paging (default 256; 0 turns the cache off, for benchmarks). */
  readonly cacheEntries?: number;
}

export function createConceptSearch(documents: GraphDocuments, concepts: ConceptIndex, options: ConceptSearchOptions = {}): ConceptSearch {
  const cache = new LruCache<Uint32Array>(options.cacheEntries ?? CACHE_ENTRIES, CACHE_WEIGHT);
  const count = documents.count;
  const personType = DOCUMENT_TYPES.indexOf('Person');
  const placeType = DOCUMENT_TYPES.indexOf('Place');
  const namedTypes = new Set(NAMED_TYPES.map((type) => DOCUMENT_TYPES.indexOf(type)));
  /** The ranking tier of a document whose exact name has NAME_TIERS tier `tier`. */
  const exactRank = (document: number, tier: number, strongs: boolean): number => {
    const type = documents.getTypeCode(document);
    const placeName = tier === TIER_VARIANT && type === placeType && !strongs;
    const stored = tier === TIER_ALIAS && type === personType ? TIER_TITLE : placeName ? TIER_ALIAS : tier;
    return (namedTypes.has(type) ? NAMED_TIERS : OTHER_TIERS)[stored] ?? TIER_OTHER;
  };
  if (count >= RANK_SCALE) throw new Error(`concept search ranks at most ${RANK_SCALE - 1} documents`);

  // Scratch columns reused by every search (searches run one at a time): a document's counters are
  // valid only while its stamp is the current search's, so nothing is cleared between searches.
  const stamp = new Uint32Array(count);
  const hits = new Uint16Array(count);
  const wholeHits = new Uint16Array(count);
  const prefixHits = new Uint16Array(count);
  const exactTier = new Uint8Array(count);
  const flags = new Uint8Array(count);
  const seen = new Uint32Array(count);
  const seenWhole = new Uint32Array(count);
  const seenPrefix = new Uint32Array(count);
  let smallest = new Uint32Array(count);
  let union = new Uint32Array(count);
  const keys = new Float64Array(count);
  let searches = 0;
  let termMarks = 0;

  function rank(words: readonly string[], typeCode: number, tag: number): Uint32Array {
    if (searches === 0xffffffff || termMarks > 0xffffffff - 0x10000) {
      stamp.fill(0);
      seen.fill(0);
      seenWhole.fill(0);
      seenPrefix.fill(0);
      searches = 0;
      termMarks = 0;
    }
    const current = ++searches;
    const touch = (document: number) => {
      if (stamp[document] === current) return;
      stamp[document] = current;
      hits[document] = 0;
      wholeHits[document] = 0;
      prefixHits[document] = 0;
      exactTier[document] = NO_TIER;
      flags[document] = 0;
    };
    const terms = [...new Set(words)];
    const text = concepts.getTextIndex();
    // The documents matching the rarest word so far: every match is among them.
    let smallestLength = 0;
    terms.forEach((term, t) => {
      const mark = ++termMarks;
      let unionLength = 0;
      const add = (document: number) => {
        if (seen[document] === mark) return;
        seen[document] = mark;
        touch(document);
        hits[document] = (hits[document] ?? 0) + 1;
        union[unionLength++] = document;
      };
      // A one-letter word matches whole name words only: as a prefix it would match most names.
      concepts.forEachNameWord(term, (list, whole) => {
        for (const document of list) {
          add(document);
          if (seenPrefix[document] !== mark) {
            seenPrefix[document] = mark;
            prefixHits[document] = (prefixHits[document] ?? 0) + 1;
          }
          if (whole && seenWhole[document] !== mark) {
            seenWhole[document] = mark;
            wholeHits[document] = (wholeHits[document] ?? 0) + 1;
          }
        }
      }, term.length < MIN_PREFIX);
      for (const document of text.search(term, { limit: count || 1 }) as number[]) add(document);
      if (t === 0 || unionLength < smallestLength) {
        [smallest, union] = [union, smallest];
        smallestLength = unionLength;
      }
    });

    // Exact names, best tier per document. A Strong's number is a place's variant, not a name of it.
    const strongsQuery = terms.length === 1 && STRONGS_NUMBER.test(terms[0] ?? '');
    const exact: number[] = [];
    for (const [document, tier] of concepts.getExactMatches(words.join(' '))) {
      touch(document);
      if (exactTier[document] === NO_TIER) exact.push(document);
      if (tier < (exactTier[document] ?? NO_TIER)) exactTier[document] = tier;
    }
    if (tag >= 0) {
      for (const document of documents.getTagDocuments(tag)) {
        touch(document);
        flags[document] = (flags[document] ?? 0) | TAGGED;
      }
    }

    // One sortable number per match: tier, then degree (descending), then title order; it is unique
    // (title order is), so sorting the numbers sorts the matches and the title position names each.
    let keyLength = 0;
    const consider = (document: number) => {
      if ((flags[document] ?? 0) & TAKEN) return;
      flags[document] = (flags[document] ?? 0) | TAKEN;
      if (typeCode >= 0 && documents.getTypeCode(document) !== typeCode) return;
      if (tag >= 0 && !((flags[document] ?? 0) & TAGGED)) return;
      const exactName = exactTier[document] ?? NO_TIER;
      const tier =
        exactName !== NO_TIER
          ? exactRank(document, exactName, strongsQuery)
          : wholeHits[document] === terms.length
            ? TIER_NAME_WORDS
            : prefixHits[document] === terms.length
              ? TIER_NAME_PREFIXES
              : TIER_OTHER;
      const degree = Math.min(documents.getDegree(document), RANK_SCALE - 1);
      keys[keyLength++] = (tier * RANK_SCALE + (RANK_SCALE - 1 - degree)) * RANK_SCALE + (documents.titleRank[document] ?? 0);
    };
    for (const document of exact) consider(document);
    for (let i = 0; i < smallestLength; i++) {
      const document = smallest[i] ?? 0;
      if (hits[document] === terms.length) consider(document);
    }
    const sorted = keys.subarray(0, keyLength).sort();
    const byTitle = documents.getOrder('title');
    return Uint32Array.from(sorted, (key) => byTitle[key % RANK_SCALE] ?? 0);
  }

  return (query) => {
    const words = tokenizeConcept(query.q);
    if (words.length === 0) throw new ApiError('invalid_parameter', 'the query holds no searchable word', { param: 'q' });
    const tag = query.tag === undefined ? -1 : documents.indexOfTag(query.tag);
    if (query.tag !== undefined && tag < 0) return { total: 0, items: [] };
    const typeCode = query.type === undefined ? -1 : DOCUMENT_TYPES.indexOf(query.type);
    const key = `${words.join(' ')}\u0000${typeCode}\u0000${query.tag ?? ''}`;
    let ranked = cache.get(key);
    if (!ranked) {
      ranked = rank(words, typeCode, tag);
      cache.set(key, ranked, ranked.length + 1);
    }
    const page = ranked.subarray(query.offset, query.offset + query.limit);
    return { total: ranked.length, items: Array.from(page, (document) => documents.getSummary(document)) };
  };
}
