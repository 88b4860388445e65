// BibleData's places (Place.csv, marked "in progress" upstream: Genesis and Exodus so far) with their
// labels (PlaceLabel.csv) and verse mentions (PlaceVerse.csv).

import type { KjvSlots } from '../kjv-slots.ts';
import type { CsvRow } from './csv.ts';
import { undoReverentialSpelling } from './people.ts';
import { isKjvSlot, parseBibleDataReference, parseKjvReference, type VerseRef } from './reference.ts';
import { parseStrongsNumbers, removeCantillation } from './strongs.ts';

export const PLACE_FILE = 'bibledata/BibleData-Place.csv';
export const PLACE_LABEL_FILE = 'bibledata/BibleData-PlaceLabel.csv';
export const PLACE_VERSE_FILE = 'bibledata/BibleData-PlaceVerse.csv';

export interface BibleDataPlace {
  /** `heaven_1`, `The Garden_1` */
  readonly placeId: string;
  readonly name: string;
  readonly type: string;
  readonly modernEquivalent: string;
  readonly notes: string;
  /** OpenBible ancient id (`a15257a`), modern id (`m14a95e`) or empty. */
  readonly openbibleId: string;
  readonly nameInstance: number;
  readonly sequence: number;
}

/** A label's reference; one naming no KJV verse is left out, as the people's labels' are (none in the pinned data). */
function readLabelReference(text: string, slots: KjvSlots): VerseRef | undefined {
  const reference = parseKjvReference(text, slots);
  return reference === 'outside' ? undefined : reference;
}

export interface PlaceLabel {
  readonly placeId: string;
  readonly english: string;
  /** Hebrew and Greek forms and transliterations, cantillation removed. */
  readonly variants: readonly string[];
  readonly strongs: readonly string[];
  readonly reference: VerseRef | undefined;
  /** `proper name`, `name` or `description`. */
  readonly type: string;
}

export interface BibleDataPlaceMention {
  readonly placeId: string;
  readonly surface: string;
  readonly ref: VerseRef;
  readonly note: string;
}

export interface BibleDataPlaces {
  readonly places: readonly BibleDataPlace[];
  readonly labels: ReadonlyMap<string, readonly PlaceLabel[]>;
  readonly mentions: readonly BibleDataPlaceMention[];
  readonly skips: { readonly placeholder: number; readonly unknownPlace: number; readonly badReference: number; readonly outsideSlots: number };
}

const clean = (value: string | undefined): string => {
  const text = (value ?? '').trim();
  return text === 'none' ? '' : text;
};

/** Parses BibleData's place rows. Pure. */
export function createBibleDataPlaces(input: {
  readonly places: readonly CsvRow[];
  readonly labels: readonly CsvRow[];
  readonly verses: readonly CsvRow[];
  readonly slots: KjvSlots;
}): BibleDataPlaces {
  const places = input.places.map(
    (row): BibleDataPlace => ({
      placeId: clean(row.place_id),
      name: clean(row.place_name),
      type: clean(row.place_type),
      modernEquivalent: clean(row.modern_equivalent),
      notes: clean(row.place_notes),
      openbibleId: clean(row.openbible_id),
      nameInstance: Number(row.name_instance) || 0,
      sequence: Number(row.place_sequence) || 0,
    }),
  );
  const known = new Set(places.map((place) => place.placeId));
  const labels = new Map<string, PlaceLabel[]>();
  for (const row of [...input.labels].sort((a, b) => Number(a.label_sequence) - Number(b.label_sequence))) {
    const placeId = clean(row.place_id);
    if (!known.has(placeId)) continue;
    let list = labels.get(placeId);
    if (!list) labels.set(placeId, (list = []));
    list.push({
      placeId,
      english: undoReverentialSpelling(clean(row.english_label)),
      variants: [removeCantillation(clean(row.hebrew_label)), clean(row.hebrew_label_transliterated), clean(row.greek_label), clean(row.greek_label_transliterated)].filter(
        (variant) => variant !== '',
      ),
      strongs: [...new Set([...parseStrongsNumbers(row.hebrew_strongs_number ?? ''), ...parseStrongsNumbers(row.greek_strongs_number ?? '')])],
      reference: readLabelReference(row.label_reference_id ?? '', input.slots),
      type: clean(row.label_type),
    });
  }
  const mentions: BibleDataPlaceMention[] = [];
  let placeholder = 0;
  let unknownPlace = 0;
  let badReference = 0;
  let outsideSlots = 0;
  for (const row of input.verses) {
    const placeId = clean(row.place_id);
    if (placeId === 'NA' || placeId === '') placeholder++;
    else if (!known.has(placeId)) unknownPlace++;
    else {
      const ref = parseBibleDataReference(row.reference_id ?? '');
      if (!ref) badReference++;
      else if (!isKjvSlot(input.slots, ref)) outsideSlots++;
      else mentions.push({ placeId, surface: undoReverentialSpelling(clean(row.place_label)), ref, note: clean(row.place_verse_notes) });
    }
  }
  return { places, labels, mentions, skips: { placeholder, unknownPlace, badReference, outsideSlots } };
}
