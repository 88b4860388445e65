// Theographic's events (json/events.json) with their people and places resolved to this bundle's
// Person and Place documents, and their verses decoded. Theographic is CC BY-SA 4.0: everything built
// from it here is share-alike.

import type { PeopleTable } from '../bibledata/people.ts';
import { compareVerseRefs, type VerseRef } from '../bibledata/reference.ts';
import type { PlaceTable } from '../geocoding/places.ts';
import { createMatcher, type MatchCandidate, type Matcher, type MatchResult } from './match.ts';
import { decodeVerses } from './verses.ts';

export const THEOGRAPHIC_EVENTS_FILE = 'theographic/json/events.json';
export const THEOGRAPHIC_PEOPLE_FILE = 'theographic/json/people.2019-07-28.json';
export const THEOGRAPHIC_PLACES_FILE = 'theographic/json/places.json';

export interface TheographicEvent {
  readonly title: string;
  /** Astronomical year (`-4003`) or an ISO date (`0033-05-15`). */
  readonly startDate?: string;
  /** `6D`, `930Y`, `3M10D`, `2.5Y` */
  readonly duration?: string;
  readonly participants?: readonly string[];
  readonly verses?: readonly string[];
  readonly locations?: readonly string[];
  readonly groups?: readonly string[];
  readonly partOf?: readonly string[];
  readonly predecessor?: readonly string[];
  /** Narrative order: sorting by it lists the events in the order the story tells them. */
  readonly sortKey?: number;
  readonly eventID?: number;
  readonly notes?: string;
}

export interface TheographicPerson {
  readonly personLookup: string;
  readonly name: string;
  readonly displayTitle?: string;
  readonly 'Also Called'?: string;
  readonly verses?: readonly string[];
}

export interface TheographicPlace {
  readonly placeLookup: string;
  readonly displayTitle?: string;
  readonly kjvName?: string;
  readonly esvName?: string;
  readonly aliases?: string;
  readonly openBibleLat?: string;
  readonly openBibleLong?: string;
  readonly latitude?: string;
  readonly longitude?: string;
  readonly verses?: readonly string[];
}

/** A Theographic person or place and what it was matched to. */
export interface LinkOutcome {
  readonly lookup: string;
  readonly name: string;
  readonly result: MatchResult;
}

const split = (list: string | undefined): string[] => (list ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');

const candidatesByTable = new WeakMap<PeopleTable, readonly MatchCandidate[]>();
const matchersByCandidates = new WeakMap<readonly MatchCandidate[], Matcher>();

/** One matcher per candidate list: the people and event collections link against the same people. */
function getMatcher(candidates: readonly MatchCandidate[]): Matcher {
  let matcher = matchersByCandidates.get(candidates);
  if (!matcher) matchersByCandidates.set(candidates, (matcher = createMatcher(candidates)));
  return matcher;
}

/** The people of the table as match candidates: every name and label, and the verses naming them (built once per table). */
export function createPersonCandidates(table: PeopleTable): readonly MatchCandidate[] {
  let candidates = candidatesByTable.get(table);
  if (!candidates) candidatesByTable.set(table, (candidates = buildPersonCandidates(table)));
  return candidates;
}

function buildPersonCandidates(table: PeopleTable): MatchCandidate[] {
  const verses = new Map<string, Set<string>>();
  for (const mention of table.mentions) {
    let set = verses.get(mention.personId);
    if (!set) verses.set(mention.personId, (set = new Set()));
    set.add(mention.ref.osis);
  }
  return table.people.map((person) => ({
    id: table.documentIds.get(person.personId) as string,
    names: [
      person.name,
      ...(person.surname ? [`${person.name} ${person.surname}`, person.surname] : []),
      ...(table.labels.get(person.personId) ?? []).map((label) => label.english),
    ],
    verses: verses.get(person.personId) ?? new Set(),
  }));
}

/** The places of the table as match candidates: title, spellings and the verses naming them. */
export function createPlaceCandidates(table: PlaceTable): MatchCandidate[] {
  const verses = new Map<string, Set<string>>();
  for (const mention of table.mentions) {
    let set = verses.get(mention.placeId);
    if (!set) verses.set(mention.placeId, (set = new Set()));
    set.add(mention.ref.osis);
  }
  return table.places.map((place) => ({
    id: place.id,
    names: [place.title, ...place.spellings],
    verses: verses.get(place.id) ?? new Set(),
    ...(place.lat !== undefined && place.lon !== undefined ? { lat: place.lat, lon: place.lon } : {}),
  }));
}

/** Matches each Theographic person record to a Person document (see `createMatcher`). */
export function linkPeople(
  records: ReadonlyMap<string, TheographicPerson>,
  ids: Iterable<string>,
  candidates: readonly MatchCandidate[],
  decoder: ReadonlyMap<string, VerseRef>,
): Map<string, LinkOutcome> {
  const matcher = getMatcher(candidates);
  const outcomes = new Map<string, LinkOutcome>();
  for (const id of ids) {
    const person = records.get(id);
    if (!person) {
      outcomes.set(id, { lookup: id, name: id, result: { why: 'no-candidate' } });
      continue;
    }
    const verses = new Set(decodeVerses(person.verses, decoder).verses.map((ref) => ref.osis));
    const names = [person.name, ...split(person['Also Called'])];
    outcomes.set(id, { lookup: person.personLookup, name: person.name, result: matcher.match({ names, verses }) });
  }
  return outcomes;
}

/** Matches each Theographic place record to a Place document, using OpenBible's coordinates for ties. */
export function linkPlaces(
  records: ReadonlyMap<string, TheographicPlace>,
  ids: Iterable<string>,
  candidates: readonly MatchCandidate[],
  decoder: ReadonlyMap<string, VerseRef>,
): Map<string, LinkOutcome> {
  const matcher = createMatcher(candidates);
  const outcomes = new Map<string, LinkOutcome>();
  for (const id of ids) {
    const place = records.get(id);
    if (!place) {
      outcomes.set(id, { lookup: id, name: id, result: { why: 'no-candidate' } });
      continue;
    }
    const verses = new Set(decodeVerses(place.verses, decoder).verses.map((ref) => ref.osis));
    const names = [place.kjvName, place.esvName, place.displayTitle, ...split(place.aliases)].filter((name): name is string => Boolean(name));
    const [rawLat, rawLon] = [place.openBibleLat ?? place.latitude, place.openBibleLong ?? place.longitude];
    const [lat, lon] = [Number(rawLat), Number(rawLon)];
    const hasPoint = rawLat !== undefined && rawLon !== undefined && Number.isFinite(lat) && Number.isFinite(lon);
    const query = { names, verses, ...(hasPoint ? { lat, lon } : {}) };
    outcomes.set(id, { lookup: place.placeLookup, name: place.displayTitle ?? place.kjvName ?? id, result: matcher.match(query) });
  }
  return outcomes;
}

/** A chapter an event is narrated in: its first verse there and how many of its verses. */
export interface NarratedChapter {
  readonly chapterId: string;
  readonly first: VerseRef;
  readonly verses: readonly VerseRef[];
}

/** The event's verses grouped by chapter, in canonical order. */
export function groupByChapter(verses: readonly VerseRef[]): NarratedChapter[] {
  const chapters = new Map<string, VerseRef[]>();
  for (const ref of [...verses].sort(compareVerseRefs)) {
    let list = chapters.get(ref.chapterId);
    if (!list) chapters.set(ref.chapterId, (list = []));
    if (!list.some((other) => other.verse === ref.verse)) list.push(ref);
  }
  return [...chapters].map(([chapterId, list]) => ({ chapterId, first: list[0] as VerseRef, verses: list }));
}

/** `-4003` → `4004 BC`, `0033-05-15` → `AD 33`: an astronomical year in the usual era notation. */
export function formatYear(year: number): string {
  return year <= 0 ? `${1 - year} BC` : `AD ${year}`;
}

/** The year of a Theographic `startDate`, astronomical (`-4003`); undefined when there is none. */
export function parseStartYear(startDate: string | undefined): number | undefined {
  const match = /^(-?\d+)/.exec(startDate ?? '');
  return match ? Number(match[1]) : undefined;
}

const UNITS: ReadonlyMap<string, string> = new Map([['Y', 'year'], ['M', 'month'], ['W', 'week'], ['D', 'day']]);

/** `6D` → `6 days`, `3M10D` → `3 months 10 days`, `1Y` → `1 year`; the code itself when it does not parse. */
export function formatDuration(code: string): string {
  const parts = [...code.matchAll(/(\d+(?:\.\d+)?)([YMWD])/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== code) return code;
  return parts.map(([, amount, unit]) => `${amount} ${UNITS.get(unit ?? '') ?? unit}${amount === '1' ? '' : 's'}`).join(' ');
}

