// The place table: OpenBible.info's ancient places (the derived places.json: best coordinates and
// verses) with every modern candidate and its score (modern.jsonl), merged with BibleData's places
// (which add Hebrew/Greek labels, Strong's numbers and the places that have no location at all).
// Built once per ingest and shared by the places and event collections.

import type { IngestContext } from '../collections/collection.ts';
import { assignSlugs, compareText } from '../internal/assign-slugs.ts';
import type { KjvSlots } from '../kjv-slots.ts';
import { parseCsv } from '../bibledata/csv.ts';
import { type BibleDataPlace, type BibleDataPlaceMention, createBibleDataPlaces, PLACE_FILE, PLACE_LABEL_FILE, PLACE_VERSE_FILE, type PlaceLabel } from '../bibledata/places.ts';
import { compareVerseRefs, isKjvSlot, loadKjvSlots, parseOsisVerse, type VerseRef } from '../bibledata/reference.ts';

export const ANCIENT_PLACES_FILE = 'openbible-geocoding-ancient-derived/places.json';
export const MODERN_PLACES_FILE = 'openbible-geocoding/data/modern.jsonl';

/**
 * OpenBible's own threshold (readme, "Score"): a score of 500 or more is high confidence. An
 * identification whose best candidate scores less is tentative: the place is `contested`.
 */
export const CONFIDENT_SCORE = 500;

/** Modern location types that say how a point was placed, not what the place is. */
const NOT_A_FEATURE = /^probability center/;

/** One modern candidate for an ancient place. */
export interface PlaceIdentification {
  /** The modern location's name (`Barada River`). */
  readonly name: string;
  /** OpenBible modern id (`m39ac0b`). */
  readonly modernId: string;
  readonly lat: number;
  readonly lon: number;
  /** OpenBible's score, 0–1000 (time-weighted confidence of current scholarship); absent when unscored. */
  readonly score?: number;
  /** OpenBible's feature type (`settlement`, `river`, `mountain` …). */
  readonly type: string;
}

export interface PlaceRecord {
  /** `places/<slug>` */
  readonly id: string;
  readonly title: string;
  /** OpenBible ancient id, when the place is one of OpenBible's. */
  readonly openbibleId?: string;
  /** The BibleData place merged into it, if any. */
  readonly bibledata?: BibleDataPlace;
  readonly lat?: number;
  readonly lon?: number;
  /** Best first. */
  readonly identifications: readonly PlaceIdentification[];
  /** Present when the place has an identification (see `CONFIDENT_SCORE`). */
  readonly contested?: boolean;
  /** Slug of the feature type, for the tag (`river`, `settlement`, `geographic-region`). */
  readonly featureType?: string;
  /** Spellings across English translations, most frequent first (OpenBible), then BibleData's labels. */
  readonly spellings: readonly string[];
  readonly labels: readonly PlaceLabel[];
  /** OpenBible's verses for the place, canonical order, KJV slots only. */
  readonly verses: readonly VerseRef[];
}

export interface PlaceMention {
  readonly placeId: string;
  readonly ref: VerseRef;
  readonly surface?: string;
  readonly note?: string;
  /** The Source document of the upstream dataset that states it. */
  readonly source: 'sources/bibledata' | 'sources/openbible-geocoding-ancient-derived';
}

export interface PlaceTable {
  /** In id order. */
  readonly places: readonly PlaceRecord[];
  /** Canonical verse order; a verse+place that both sources give is kept once, as BibleData's. */
  readonly mentions: readonly PlaceMention[];
  readonly counts: {
    readonly openbiblePlaces: number;
    readonly bibledataMerged: number;
    readonly bibledataOnly: number;
    readonly duplicateMentions: number;
    readonly openbibleVersesOutsideSlots: number;
    readonly bibledataPlaceholderRows: number;
    readonly bibledataUnknownPlaceRows: number;
    readonly bibledataBadReferenceRows: number;
    readonly bibledataOutsideSlotsRows: number;
    readonly modernWithoutCoordinates: number;
  };
}

/** A record of the derived `places.json`. */
export interface AncientPlace {
  readonly id: string;
  readonly name: string;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly modernId: string | null;
  readonly verses?: readonly { readonly osis: string }[];
  readonly translationNames?: Readonly<Record<string, number>>;
}

/** A line of `modern.jsonl`, the keys read here. */
export interface ModernPlace {
  readonly id: string;
  readonly friendly_id: string;
  readonly type: string;
  /** `"lon,lat"` */
  readonly lonlat: string;
  readonly ancient_associations?: Readonly<Record<string, { readonly name: string; readonly score: number }>>;
}

export interface PlaceInput {
  readonly ancient: readonly AncientPlace[];
  readonly modern: readonly ModernPlace[];
  readonly bibledata: ReturnType<typeof createBibleDataPlaces>;
  readonly slots: KjvSlots;
}

/** `Bethlehem 2` → `{name: Bethlehem, number: 2}`: OpenBible numbers places that share a name. */
export function splitPlaceNumber(name: string): { name: string; number: number } {
  const match = /^(.*\S)\s+(\d+)$/.exec(name.trim());
  return match ? { name: match[1] ?? name, number: Number(match[2]) } : { name: name.trim(), number: 0 };
}

function parseLonLat(lonlat: string): { lat: number; lon: number } | undefined {
  const [lon, lat] = lonlat.split(',').map(Number);
  return lat === undefined || lon === undefined || Number.isNaN(lat) || Number.isNaN(lon) ? undefined : { lat, lon };
}

function slugType(type: string): string | undefined {
  const slug = type
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' || NOT_A_FEATURE.test(type) ? undefined : slug;
}

/** Builds the place table from the parsed sources. Pure. */
export function createPlaceTable(input: PlaceInput): PlaceTable {
  let modernWithoutCoordinates = 0;
  const candidates = new Map<string, PlaceIdentification[]>();
  const modernById = new Map<string, PlaceIdentification>();
  for (const modern of input.modern) {
    const point = parseLonLat(modern.lonlat);
    if (!point) {
      modernWithoutCoordinates++;
      continue;
    }
    const base = { name: modern.friendly_id, modernId: modern.id, lat: point.lat, lon: point.lon, type: modern.type };
    modernById.set(modern.id, base);
    for (const [ancientId, association] of Object.entries(modern.ancient_associations ?? {})) {
      let list = candidates.get(ancientId);
      if (!list) candidates.set(ancientId, (list = []));
      list.push({ ...base, score: association.score });
    }
  }
  for (const list of candidates.values()) list.sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || compareText(a.modernId, b.modernId));

  const ancientIds = new Set(input.ancient.map((place) => place.id));
  const mergedInto = new Map<string, BibleDataPlace[]>();
  const bibledataOnly: BibleDataPlace[] = [];
  for (const place of input.bibledata.places) {
    if (ancientIds.has(place.openbibleId)) {
      let list = mergedInto.get(place.openbibleId);
      if (!list) mergedInto.set(place.openbibleId, (list = []));
      list.push(place);
    } else bibledataOnly.push(place);
  }

  type Draft = Omit<PlaceRecord, 'id'> & { readonly order: readonly [number, number, number, string] };
  const drafts: Draft[] = [];
  let openbibleVersesOutsideSlots = 0;
  for (const ancient of input.ancient) {
    const { name, number } = splitPlaceNumber(ancient.name);
    const merged = mergedInto.get(ancient.id) ?? [];
    const identifications = candidates.get(ancient.id) ?? [];
    const best = identifications.find((candidate) => candidate.modernId === ancient.modernId) ?? identifications[0];
    const verses: VerseRef[] = [];
    for (const verse of ancient.verses ?? []) {
      const ref = parseOsisVerse(verse.osis);
      if (ref && isKjvSlot(input.slots, ref)) verses.push(ref);
      else openbibleVersesOutsideSlots++;
    }
    verses.sort(compareVerseRefs);
    const spellings = Object.entries(ancient.translationNames ?? {})
      .sort(([a, x], [b, y]) => y - x || compareText(a, b))
      .map(([spelling]) => spelling);
    const labels = merged.flatMap((place) => input.bibledata.labels.get(place.placeId) ?? []);
    const hasPoint = typeof ancient.lat === 'number' && typeof ancient.lon === 'number';
    drafts.push({
      order: [0, number, 0, ancient.id],
      title: name,
      openbibleId: ancient.id,
      ...(merged[0] ? { bibledata: merged[0] } : {}),
      ...(hasPoint ? { lat: ancient.lat as number, lon: ancient.lon as number } : {}),
      identifications,
      ...(best ? { contested: !((best.score ?? -1) >= CONFIDENT_SCORE) } : {}),
      ...(featureOf(best, merged[0]) ? { featureType: featureOf(best, merged[0]) as string } : {}),
      spellings: [...new Set([...spellings, ...labels.map((label) => label.english)])].filter((spelling) => spelling !== '' && spelling !== name),
      labels,
      verses,
    });
  }
  for (const place of bibledataOnly) {
    // A modern id (one row: Shiba → Bir es Seba) is BibleData's own identification, without a score.
    const modern = modernById.get(place.openbibleId);
    const labels = input.bibledata.labels.get(place.placeId) ?? [];
    drafts.push({
      order: [1, place.nameInstance, place.sequence, place.placeId],
      title: place.name,
      bibledata: place,
      ...(modern ? { lat: modern.lat, lon: modern.lon, identifications: [modern], contested: true } : { identifications: [] }),
      ...(featureOf(modern, place) ? { featureType: featureOf(modern, place) as string } : {}),
      spellings: [...new Set(labels.map((label) => label.english))].filter((spelling) => spelling !== '' && spelling !== place.name),
      labels,
      verses: [],
    });
  }

  drafts.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2] || compareText(a.order[3], b.order[3]));
  const slugs = assignSlugs(drafts, (draft) => draft.title);
  const places: PlaceRecord[] = drafts.map(({ order: _order, ...draft }, index) => ({ id: `places/${slugs[index]}`, ...draft }));
  places.sort((a, b) => compareText(a.id, b.id));

  const byBibleData = new Map<string, string>();
  for (const place of places) {
    for (const merged of place.openbibleId ? (mergedInto.get(place.openbibleId) ?? []) : place.bibledata ? [place.bibledata] : []) {
      byBibleData.set(merged.placeId, place.id);
    }
  }
  const { mentions, duplicateMentions } = mergeMentions(places, input.bibledata.mentions, byBibleData);
  const skips = input.bibledata.skips;
  return {
    places,
    mentions,
    counts: {
      openbiblePlaces: input.ancient.length,
      bibledataMerged: input.bibledata.places.length - bibledataOnly.length,
      bibledataOnly: bibledataOnly.length,
      duplicateMentions,
      openbibleVersesOutsideSlots,
      bibledataPlaceholderRows: skips.placeholder,
      bibledataUnknownPlaceRows: skips.unknownPlace,
      bibledataBadReferenceRows: skips.badReference,
      bibledataOutsideSlotsRows: skips.outsideSlots,
      modernWithoutCoordinates,
    },
  };
}

function featureOf(identification: PlaceIdentification | undefined, bibledata: BibleDataPlace | undefined): string | undefined {
  return (identification && slugType(identification.type)) ?? (bibledata && bibledata.type ? slugType(bibledata.type) : undefined);
}

/** BibleData's mentions (with the words naming the place) first; OpenBible's verses where BibleData has none. */
function mergeMentions(
  places: readonly PlaceRecord[],
  bibledata: readonly BibleDataPlaceMention[],
  byBibleData: ReadonlyMap<string, string>,
): { mentions: PlaceMention[]; duplicateMentions: number } {
  const mentions: PlaceMention[] = [];
  const seen = new Set<string>();
  for (const mention of bibledata) {
    const placeId = byBibleData.get(mention.placeId);
    if (!placeId) continue;
    seen.add(`${placeId}\u0000${mention.ref.osis}`);
    mentions.push({
      placeId,
      ref: mention.ref,
      ...(mention.surface ? { surface: mention.surface } : {}),
      ...(mention.note ? { note: mention.note } : {}),
      source: 'sources/bibledata',
    });
  }
  let duplicateMentions = 0;
  for (const place of places) {
    for (const ref of place.verses) {
      if (seen.has(`${place.id}\u0000${ref.osis}`)) {
        duplicateMentions++;
        continue;
      }
      mentions.push({ placeId: place.id, ref, source: 'sources/openbible-geocoding-ancient-derived' });
    }
  }
  mentions.sort((a, b) => compareVerseRefs(a.ref, b.ref) || compareText(a.placeId, b.placeId) || compareText(a.source, b.source));
  return { mentions, duplicateMentions };
}

const tablesByContext = new WeakMap<IngestContext, Promise<PlaceTable>>();

/** The place table, read and built once per ingest (the places and event collections share it). */
export function loadPlaceTable(context: IngestContext): Promise<PlaceTable> {
  let table = tablesByContext.get(context);
  if (!table) {
    table = Promise.all([
      context.readText(ANCIENT_PLACES_FILE),
      context.readText(MODERN_PLACES_FILE),
      context.readText(PLACE_FILE),
      context.readText(PLACE_LABEL_FILE),
      context.readText(PLACE_VERSE_FILE),
      loadKjvSlots(context),
    ]).then(([ancient, modern, places, labels, verses, slots]) =>
      createPlaceTable({
        ancient: JSON.parse(ancient) as AncientPlace[],
        modern: modern
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as ModernPlace),
        bibledata: createBibleDataPlaces({ places: parseCsv(places), labels: parseCsv(labels), verses: parseCsv(verses), slots }),
        slots,
      }),
    );
    tablesByContext.set(context, table);
  }
  return table;
}
