// The places collection: one Place document per OpenBible.info ancient place (coordinates, every
// modern candidate with its score, `contested` when the best is tentative) and per BibleData place that
// OpenBible lacks (heaven, the waters …), with `named-by` links and a `mentions` relation on the chapter
// for every verse that names the place.

import { type BundleDocument, type BundleFile, escapeMarkdown } from '../document.ts';
import type { FrontmatterValue } from '../frontmatter.ts';
import { PLACE_FILE, PLACE_LABEL_FILE, PLACE_VERSE_FILE } from '../bibledata/places.ts';
import { formatVerseLink, KJV_SLOTS_FILE, type VerseRef } from '../bibledata/reference.ts';
import { getLexemeId, GREEK_STRONGS_FILE, HEBREW_STRONGS_FILE, isNamingStrongs, loadLexemeIds } from '../bibledata/strongs.ts';
import { ANCIENT_PLACES_FILE, CONFIDENT_SCORE, loadPlaceTable, MODERN_PLACES_FILE, type PlaceMention, type PlaceRecord, type PlaceTable } from '../geocoding/places.ts';
import { createSurfaceFinder, orderNames, type SurfaceFinder } from '../bibledata/surfaces.ts';
import { createVerseTexts, loadBsbBooks, USFM_FOLDER, type VerseTexts } from '../bsb-text.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import type { ChapterRelation, Collection, CollectionResult, Generated } from './collection.ts';

const ANCIENT = 'sources/openbible-geocoding-ancient-derived';
const MODERN = 'sources/openbible-geocoding';
const BIBLEDATA = 'sources/bibledata';

export const placesCollection: Collection = {
  name: 'places',
  folder: { path: 'places', title: 'Places' },
  needs: [
    ANCIENT_PLACES_FILE,
    MODERN_PLACES_FILE,
    PLACE_FILE,
    PLACE_LABEL_FILE,
    PLACE_VERSE_FILE,
    KJV_SLOTS_FILE,
    HEBREW_STRONGS_FILE,
    GREEK_STRONGS_FILE,
    USFM_FOLDER,
  ],
  async build(context) {
    const [table, lexemes, books] = await Promise.all([loadPlaceTable(context), loadLexemeIds(context), loadBsbBooks(context)]);
    return createPlaceDocuments(table, lexemes, context.generated, createVerseTexts(books));
  },
};

/**
 * Builds the Place documents, the chapter `mentions` relations and `places/index.md`. With the BSB's
 * verse texts, every mention's `surface` is the verse's own words naming the place: BibleData's label
 * in any case, else the place's title or a spelling across translations in its own case (see
 * `createSurfaceFinder`), OpenBible's verses included; on a Psalm's first verse, the superscription's
 * words when the verse has none (`inHeading`). Where none are found the surface is left out and
 * BibleData's word kept as `label`. Pure.
 */
export function createPlaceDocuments(
  table: PlaceTable,
  lexemes: ReadonlySet<string>,
  generated: Generated,
  texts?: VerseTexts,
): CollectionResult {
  const versesByPlace = new Map<string, Set<string>>();
  const firstByPlace = new Map<string, VerseRef>();
  const finder = createSurfaceFinder();
  // The title in capitals too: inscriptions are printed so ("JESUS OF NAZARETH").
  const namesById = new Map(table.places.map((place) => [place.id, orderNames([place.title, ...place.spellings, place.title.toUpperCase()])]));
  let unfound = 0;
  let unmarked = 0;
  const chapterRelations: ChapterRelation[] = table.mentions.map((mention) => {
    let verses = versesByPlace.get(mention.placeId);
    if (!verses) versesByPlace.set(mention.placeId, (verses = new Set()));
    if (!firstByPlace.has(mention.placeId)) firstByPlace.set(mention.placeId, mention.ref);
    verses.add(mention.ref.osis);
    const found = texts ? findPlaceWords(finder, texts, mention, namesById.get(mention.placeId) ?? []) : mention.surface ? { surface: mention.surface } : undefined;
    const surface = found?.surface;
    if (surface === undefined) {
      if (mention.surface) unfound++;
      else unmarked++;
    }
    return {
      chapter: mention.ref.chapterId,
      relation: {
        predicate: 'mentions',
        target: mention.placeId,
        from: mention.ref.osis,
        ...(surface ? { surface } : {}),
        ...(mention.note ? { note: mention.note } : {}),
        ...(found?.inHeading ? { inHeading: true } : {}),
        ...(mention.surface && mention.surface !== surface ? { label: mention.surface } : {}),
        source: mention.source,
      },
    };
  });

  let namedBy = 0;
  let unknownLexemes = 0;
  const documents = table.places.map((place) => {
    const naming: FrontmatterValue[] = [];
    const targets = new Set<string>();
    for (const label of place.labels) {
      // A description ("Land flowing with milk and honey") is not a name.
      if (label.type === 'description') continue;
      for (const strongs of label.strongs.filter(isNamingStrongs)) {
        const target = getLexemeId(strongs);
        if (targets.has(target)) continue;
        if (!lexemes.has(target)) {
          unknownLexemes++;
          continue;
        }
        targets.add(target);
        naming.push({
          predicate: 'named-by',
          target,
          ...(label.reference ? { from: label.reference.osis } : {}),
          ...(label.english ? { note: label.english } : {}),
          source: BIBLEDATA,
        });
      }
    }
    namedBy += naming.length;
    return createPlaceDocument(place, versesByPlace.get(place.id)?.size ?? 0, firstByPlace.get(place.id), naming, generated);
  });

  const withCoordinates = table.places.filter((place) => place.lat !== undefined).length;
  const contested = table.places.filter((place) => place.contested === true).length;
  const { counts } = table;
  const report: CollectionReport = {
    collection: 'places',
    written: { Place: documents.length },
    counts: {
      'with coordinates': withCoordinates,
      contested,
      'OpenBible places': counts.openbiblePlaces,
      'BibleData places merged into them': counts.bibledataMerged,
      'BibleData places OpenBible lacks': counts.bibledataOnly,
      'named-by': namedBy,
      mentions: chapterRelations.length,
    },
    skipped: [
      { what: 'OpenBible verses', reason: 'also given by BibleData (kept once, with its words)', count: counts.duplicateMentions },
      { what: 'OpenBible verses', reason: 'outside the KJV slots', count: counts.openbibleVersesOutsideSlots },
      { what: 'modern locations', reason: 'no coordinates', count: counts.modernWithoutCoordinates },
      { what: 'place-verse rows', reason: 'placeholder for a verse that names no place (NA)', count: counts.bibledataPlaceholderRows },
      { what: 'place-verse rows', reason: 'name a place not in Place.csv', count: counts.bibledataUnknownPlaceRows },
      { what: 'place-verse rows', reason: 'reference does not parse', count: counts.bibledataBadReferenceRows },
      { what: 'place-verse rows', reason: 'verse outside the KJV slots', count: counts.bibledataOutsideSlotsRows },
      { what: 'named-by links', reason: "Strong's number with no dictionary entry", count: unknownLexemes },
    ],
    upstream: [
      { source: 'bibledata', problem: "place labels not in the BSB verse's words", action: 'left', how: 'no surface; the label kept as label', count: unfound },
      {
        source: 'openbible-geocoding-ancient-derived',
        problem: "verses of a place whose name or spellings are not in the BSB verse's words (a gentilic, another name)",
        action: 'left',
        how: 'no surface',
        count: unmarked,
      },
    ],
    warnings: [],
    errors: [],
  };
  return { documents, chapterRelations, files: [createPlacesIndex(documents)], report };
}

/**
 * The words naming the place in its verse (BibleData's label in any case, else the place's names in
 * their own case), else, on a Psalm's first verse, in its superscription (`inHeading`).
 */
function findPlaceWords(finder: SurfaceFinder, texts: VerseTexts, mention: PlaceMention, names: readonly string[]): { surface: string; inHeading?: true } | undefined {
  const label = mention.surface ?? '';
  const inVerse = finder.findWritten(texts.verses.get(mention.ref.osis) ?? '', label, names);
  if (inVerse !== undefined) return { surface: inVerse };
  const heading = mention.ref.verse === 1 ? texts.psalmTitles.get(`${mention.ref.book.osis}.${mention.ref.chapter}`) : undefined;
  const inHeading = heading === undefined ? undefined : finder.findWritten(heading, label, names);
  return inHeading === undefined ? undefined : { surface: inHeading, inHeading: true };
}

/** One line: what the place is identified with, and how sure that is. */
function describePlace(place: PlaceRecord): string {
  const best = place.identifications[0];
  const bibledata = place.bibledata;
  if (best && best.score !== undefined) {
    const others = place.identifications.length - 1;
    const alternatives = others > 0 ? `; ${others} other ${others === 1 ? 'candidate' : 'candidates'}` : '';
    return place.contested
      ? `Tentatively identified with ${best.name} (OpenBible.info score ${best.score} of 1000${alternatives})`
      : `Identified with ${best.name} (OpenBible.info score ${best.score} of 1000${alternatives})`;
  }
  if (best) return `Possibly ${best.name} (BibleData's identification, unscored)`;
  if (bibledata) return [bibledata.type, bibledata.modernEquivalent].filter(Boolean).join(': ') || 'Location unknown';
  return 'Location unknown';
}

function createPlaceDocument(
  place: PlaceRecord,
  verseCount: number,
  first: VerseRef | undefined,
  naming: readonly FrontmatterValue[],
  generated: Generated,
): BundleDocument {
  const variants = [...new Set([...place.spellings, ...place.labels.flatMap((label) => [...label.variants, ...label.strongs])])];
  const sources = [
    ...(place.openbibleId ? [ANCIENT] : []),
    ...(place.identifications.length > 0 ? [MODERN] : []),
    ...(place.bibledata ? [BIBLEDATA] : []),
  ].map((resource) => ({ resource }));
  const fromOpenBible = place.openbibleId !== undefined;
  return {
    id: place.id,
    frontmatter: {
      type: 'Place',
      title: place.title,
      description: describePlace(place),
      lat: place.lat,
      lon: place.lon,
      contested: place.contested,
      identifications: place.identifications.map((identification) => ({
        name: identification.name,
        modern_id: identification.modernId,
        lat: identification.lat,
        lon: identification.lon,
        score: identification.score,
        type: identification.type,
      })),
      name_variants: variants.length > 0 ? variants : undefined,
      verse_count: verseCount,
      openbible_id: place.openbibleId,
      bibledata_id: place.bibledata?.placeId,
      status: fromOpenBible ? 'stable' : 'draft',
      trust_tier: fromOpenBible ? 'machine-confirmed' : 'unverified',
      stale: false,
      generated: { ...generated },
      sources,
      tags: place.featureType ? [place.featureType] : [],
      relations: [...naming],
    },
    body: formatPlaceBody(place, verseCount, first),
  };
}

function formatPlaceBody(place: PlaceRecord, verseCount: number, first: VerseRef | undefined): string {
  const blocks = [`# ${escapeMarkdown(place.title)}`, endSentence(escapeMarkdown(describePlace(place)))];
  if (place.identifications.length > 0) {
    const lines = place.identifications.map(
      (candidate) =>
        `- ${escapeMarkdown(candidate.name)} (${escapeMarkdown(candidate.type)}) at ${candidate.lat.toFixed(4)}, ${candidate.lon.toFixed(4)}` +
        (candidate.score === undefined ? '' : `: score ${candidate.score}`),
    );
    blocks.push(
      `## Identifications\n\nModern candidates, most likely first. OpenBible.info scores run to 1000; below ${CONFIDENT_SCORE} an identification is tentative.\n\n${lines.join('\n')}`,
    );
  }
  if (verseCount > 0 && first) blocks.push(`Named in ${formatCount(verseCount)} ${verseCount === 1 ? 'verse' : 'verses'}, first at ${formatVerseLink(first)}.`);
  const bibledata = place.bibledata;
  if (bibledata && (bibledata.modernEquivalent || bibledata.notes)) {
    blocks.push(
      `## BibleData\n\n${[bibledata.modernEquivalent ? `Modern equivalent: ${escapeMarkdown(bibledata.modernEquivalent)}` : '', escapeMarkdown(bibledata.notes)]
        .filter(Boolean)
        .map(endSentence)
        .join(' ')}`,
    );
  }
  return blocks.join('\n\n');
}

/** The text with a full stop, unless it already ends in punctuation. */
function endSentence(text: string): string {
  return /[.?!)]$/.test(text) ? text : `${text}.`;
}

function createPlacesIndex(documents: readonly BundleDocument[]): BundleFile {
  const lines = documents.map(
    (document) => `- [${escapeMarkdown(String(document.frontmatter.title))}](/${document.id}): ${escapeMarkdown(String(document.frontmatter.description))}`,
  );
  const content = [
    '# Places',
    `${formatCount(documents.length)} places: OpenBible.info's ancient places with their modern identifications and scores, and the places BibleData adds that have no location.`,
    lines.join('\n'),
  ].join('\n\n');
  return { path: 'places/index.md', content: `${content}\n` };
}
