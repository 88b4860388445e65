// Linking Theographic's people and places to this bundle's Person and Place documents. The id schemes
// are unrelated (`aaron_1` vs `Aaron_1`), so a record is matched by name and by the verses both sides
// say name it (SOURCES.md, section 7).

import { editDistance } from '../internal/edit-distance.ts';
import { compareText } from '../internal/assign-slugs.ts';

/** One side of a match: a document with the names it goes by and the verses (OSIS) that name it. */
export interface MatchCandidate {
  readonly id: string;
  readonly names: readonly string[];
  readonly verses: ReadonlySet<string>;
  /** For places: coordinates, to break a tie between same-named places. */
  readonly lat?: number;
  readonly lon?: number;
}

export interface MatchQuery {
  readonly names: readonly string[];
  readonly verses: ReadonlySet<string>;
  readonly lat?: number;
  readonly lon?: number;
}

export type MatchResult =
  | { readonly id: string; readonly how: 'name' | 'name-and-place' | 'verses' }
  | { readonly id?: undefined; readonly why: 'no-verses' | 'no-candidate' | 'ambiguous' };

/** Lowercase, accents and apostrophes removed, runs of anything else one space. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Whether two normalised names are spellings of one name: an edit distance of at most half the longer
 * (`Elisabeth`/`Elizabeth`, `Pharez`/`Perez`), or a shared word of three letters or more (`Herod
 * Agrippa I`/`Herod`).
 */
export function isSimilarName(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  if (editDistance(a, b) <= Math.max(a.length, b.length) / 2) return true;
  const words = new Set(a.split(' ').filter((word) => word.length >= 3));
  return b.split(' ').some((word) => words.has(word));
}

/** The least Jaccard overlap of verse lists for a match made on verses with a similar name. */
export const MIN_VERSE_OVERLAP = 0.3;

function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export interface Matcher {
  match(query: MatchQuery): MatchResult;
}

/**
 * A matcher over `candidates`:
 * 1. candidates going by the query's first name (or, when none of them shares a verse, by one of its
 *    other names): the one sharing the most verses (at least one); a tie goes to the nearest by
 *    coordinates when both sides have them, else stays ambiguous;
 * 2. otherwise, candidates sharing verses whose name is similar (`isSimilarName`): the one with the
 *    largest Jaccard overlap, at least `MIN_VERSE_OVERLAP`; a tie is ambiguous.
 */
export function createMatcher(candidates: readonly MatchCandidate[]): Matcher {
  const byName = new Map<string, MatchCandidate[]>();
  const byVerse = new Map<string, MatchCandidate[]>();
  const names = new Map<string, string[]>();
  for (const candidate of [...candidates].sort((a, b) => compareText(a.id, b.id))) {
    const normalised = [...new Set(candidate.names.map(normaliseName).filter((name) => name !== ''))];
    names.set(candidate.id, normalised);
    for (const name of normalised) {
      let list = byName.get(name);
      if (!list) byName.set(name, (list = []));
      list.push(candidate);
    }
    for (const verse of candidate.verses) {
      let list = byVerse.get(verse);
      if (!list) byVerse.set(verse, (list = []));
      list.push(candidate);
    }
  }
  const overlap = (candidate: MatchCandidate, verses: ReadonlySet<string>) => {
    let shared = 0;
    for (const verse of verses) if (candidate.verses.has(verse)) shared++;
    return shared;
  };

  return {
    match(query) {
      if (query.verses.size === 0) return { why: 'no-verses' };
      const queryNames = [...new Set(query.names.map(normaliseName).filter((name) => name !== ''))];
      // The record's own name first; its other names only when that finds nobody.
      const tiers = [queryNames.slice(0, 1), queryNames.slice(1)];
      for (const tier of tiers) {
        const named = [...new Set(tier.flatMap((name) => byName.get(name) ?? []))];
        const scored = named.map((candidate) => ({ candidate, shared: overlap(candidate, query.verses) })).filter((entry) => entry.shared > 0);
        if (scored.length === 0) continue;
        const most = Math.max(...scored.map((entry) => entry.shared));
        const best = scored.filter((entry) => entry.shared === most);
        if (best.length === 1) return { id: (best[0] as (typeof best)[number]).candidate.id, how: 'name' };
        const { lat, lon } = query;
        if (lat !== undefined && lon !== undefined && best.every((entry) => entry.candidate.lat !== undefined && entry.candidate.lon !== undefined)) {
          const distances = best
            .map((entry) => ({ id: entry.candidate.id, km: haversineKm({ lat, lon }, { lat: entry.candidate.lat as number, lon: entry.candidate.lon as number }) }))
            .sort((a, b) => a.km - b.km);
          const [first, second] = distances;
          if (first && second && second.km - first.km > 1) return { id: first.id, how: 'name-and-place' };
        }
        return { why: 'ambiguous' };
      }

      const sharing = new Map<MatchCandidate, number>();
      for (const verse of query.verses) for (const candidate of byVerse.get(verse) ?? []) sharing.set(candidate, (sharing.get(candidate) ?? 0) + 1);
      const similar = [...sharing]
        .filter(([candidate]) => (names.get(candidate.id) ?? []).some((name) => queryNames.some((queryName) => isSimilarName(name, queryName))))
        .map(([candidate, shared]) => ({ candidate, jaccard: shared / (candidate.verses.size + query.verses.size - shared) }))
        .filter((entry) => entry.jaccard >= MIN_VERSE_OVERLAP)
        .sort((a, b) => b.jaccard - a.jaccard);
      const [first, second] = similar;
      if (!first) return { why: 'no-candidate' };
      if (second && second.jaccard === first.jaccard) return { why: 'ambiguous' };
      return { id: first.candidate.id, how: 'verses' };
    },
  };
}
