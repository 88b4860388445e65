// Counts that describe the datasets kept beside the graph: what the OpenBible geocoding files hold,
// and what Glyssen's speaker table gives the chapters under the speaker rule.

import type { SpeakerTable } from '../speakers.ts';

export interface GeocodingCounts {
  readonly modernLocations: number;
  readonly modernWithCoordinates: number;
  /** Modern → ancient identifications, each with a 0–1000 score. */
  readonly identifications: number;
  /** Distinct ancient place ids the identifications name. */
  readonly identifiedAncientPlaces: number;
  readonly ancientPlaces: number;
  readonly ancientWithCoordinates: number;
  readonly ancientWithVerses: number;
  readonly verseReferences: number;
  /** Lines or records that did not parse. */
  readonly unreadable: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Counts `modern.jsonl` (JSON Lines) and the derived `places.json` (one JSON array). */
export function countGeocoding(modernJsonl: string, placesJson: string): GeocodingCounts {
  let unreadable = 0;
  let modernLocations = 0;
  let modernWithCoordinates = 0;
  let identifications = 0;
  const ancientIds = new Set<string>();
  for (const line of modernJsonl.split('\n')) {
    if (line.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      unreadable++;
      continue;
    }
    if (!isRecord(record)) {
      unreadable++;
      continue;
    }
    modernLocations++;
    if (typeof record.lonlat === 'string' && /^-?[\d.]+,-?[\d.]+$/.test(record.lonlat)) modernWithCoordinates++;
    if (isRecord(record.ancient_associations)) {
      for (const id of Object.keys(record.ancient_associations)) {
        identifications++;
        ancientIds.add(id);
      }
    }
  }
  let places: unknown;
  try {
    places = JSON.parse(placesJson);
  } catch {
    places = [];
    unreadable++;
  }
  const list = Array.isArray(places) ? places.filter(isRecord) : [];
  const isCoordinate = (value: unknown) => value !== null && value !== '' && Number.isFinite(Number(value));
  return {
    modernLocations,
    modernWithCoordinates,
    identifications,
    identifiedAncientPlaces: ancientIds.size,
    ancientPlaces: list.length,
    ancientWithCoordinates: list.filter((place) => isCoordinate(place.lat) && isCoordinate(place.lon)).length,
    ancientWithVerses: list.filter((place) => Array.isArray(place.verses) && place.verses.length > 0).length,
    verseReferences: list.reduce((sum, place) => sum + (Array.isArray(place.verses) ? place.verses.length : 0), 0),
    unreadable,
  };
}

export interface SpeakerCounts {
  readonly rows: number;
  /** Verses given a speaker, omitted verses left out. */
  readonly verses: number;
  readonly speakers: number;
  readonly droppedRows: number;
  readonly undecidedVerses: number;
}

/** What the chapters take from the speaker table: `omitted` are the verse keys (`MAT 17:21`) the BSB leaves out. */
export function countSpeakers(table: SpeakerTable, omitted: readonly string[]): SpeakerCounts {
  const left = new Set(omitted);
  const kept = [...table.speakers].filter(([key]) => !left.has(key));
  return {
    rows: table.rows,
    verses: kept.length,
    speakers: new Set(kept.map(([, id]) => id)).size,
    droppedRows: Object.values(table.skippedRows).reduce((a, b) => a + b, 0),
    undecidedVerses: Object.values(table.skippedVerses).reduce((a, b) => a + b, 0),
  };
}
