// The datasets collection: Dataset documents under `references/` describing whole datasets kept beside
// the graph, with licence, attribution, counts and sources. Here: the OpenBible geocoding data the
// places are built from, and Glyssen's speaker table the chapters take their speakers from.
// `references/cross-references` and `references/interlinear`, which keep their data in files beside
// them, are written by their own collections; `references/index.md` (written here) links them too.

import { type BundleDocument, type BundleFile, escapeMarkdown } from '../document.ts';
import { countGeocoding, countSpeakers, type GeocodingCounts, type SpeakerCounts } from '../datasets/dataset-counts.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import { getSourceEntry, type SourceEntry } from '../sources-manifest.ts';
import { parseCharacterVerse } from '../speakers.ts';
import type { Collection, CollectionResult, Generated } from './collection.ts';
import { CROSS_REFERENCES_DATASET } from './cross-references.ts';
import { INTERLINEAR_DATASET } from './interlinear.ts';
import { BSB_OMITTED_VERSES } from './scripture.ts';

const MODERN_FILE = 'openbible-geocoding/data/modern.jsonl';
const ANCIENT_FILE = 'openbible-geocoding-ancient-derived/places.json';
const CHARACTER_VERSE_FILE = 'glyssen-speakers/CharacterVerse.txt';
const FOLDER = 'references';
const STATUS = { status: 'stable', trust_tier: 'machine-confirmed', stale: false } as const;

export const datasetsCollection: Collection = {
  name: 'datasets',
  folder: { path: FOLDER, title: 'Datasets' },
  needs: [MODERN_FILE, ANCIENT_FILE, CHARACTER_VERSE_FILE],
  async build(context) {
    const [modern, ancient, characterVerse] = await Promise.all([
      context.readText(MODERN_FILE),
      context.readText(ANCIENT_FILE),
      context.readText(CHARACTER_VERSE_FILE),
    ]);
    return createDatasetDocuments(
      {
        geocoding: countGeocoding(modern, ancient),
        speakers: countSpeakers(parseCharacterVerse(characterVerse), BSB_OMITTED_VERSES),
        sources: {
          geocoding: getSourceEntry(context.manifest, 'openbible-geocoding'),
          ancient: getSourceEntry(context.manifest, 'openbible-geocoding-ancient-derived'),
          speakers: getSourceEntry(context.manifest, 'glyssen-speakers'),
        },
      },
      context.generated,
    );
  },
};

export interface DatasetInput {
  readonly geocoding: GeocodingCounts;
  readonly speakers: SpeakerCounts;
  /** Manifest entries, for licence and attribution. */
  readonly sources: { readonly geocoding: SourceEntry; readonly ancient: SourceEntry; readonly speakers: SourceEntry };
}

/** Builds the Dataset documents and `references/index.md`. Pure. */
export function createDatasetDocuments(input: DatasetInput, generated: Generated): CollectionResult {
  const { geocoding, speakers, sources } = input;
  const geocodingDocument: BundleDocument = {
    id: `${FOLDER}/geocoding`,
    frontmatter: {
      type: 'Dataset',
      title: 'OpenBible.info Bible geocoding',
      description: `Modern locations identified with biblical places, with confidence scores: ${formatCount(geocoding.ancientWithCoordinates)} ancient places with coordinates`,
      resource: 'https://www.openbible.info/geo/',
      licence: sources.geocoding.licence,
      attribution: sources.geocoding.attribution,
      counts: {
        modern_locations: geocoding.modernLocations,
        modern_locations_with_coordinates: geocoding.modernWithCoordinates,
        identifications: geocoding.identifications,
        identified_ancient_places: geocoding.identifiedAncientPlaces,
        ancient_places: geocoding.ancientPlaces,
        ancient_places_with_coordinates: geocoding.ancientWithCoordinates,
        ancient_places_with_verses: geocoding.ancientWithVerses,
        verse_references: geocoding.verseReferences,
      },
      ...STATUS,
      generated: { ...generated },
      sources: [{ resource: `sources/${sources.geocoding.id}` }, { resource: `sources/${sources.ancient.id}` }],
      tags: ['dataset', 'geography'],
    },
    body: [
      '# OpenBible.info Bible geocoding',
      "OpenBible.info's 2021 geocoding of the places of the Bible: modern locations with coordinates, each linked to the ancient places it may be, with a score from 0 to 1,000 for how likely the identification is. The Place documents take their coordinates and identifications from it.",
      [
        `- \`modern.jsonl\`: ${formatCount(geocoding.modernLocations)} modern locations (${formatCount(geocoding.modernWithCoordinates)} with coordinates), ` +
          `${formatCount(geocoding.identifications)} scored identifications of ${formatCount(geocoding.identifiedAncientPlaces)} ancient places.`,
        `- \`places.json\`: ${formatCount(geocoding.ancientPlaces)} ancient places, ${formatCount(geocoding.ancientWithCoordinates)} with the coordinates of their best identification, ` +
          `${formatCount(geocoding.ancientWithVerses)} with the verses that name them (${formatCount(geocoding.verseReferences)} references).`,
      ].join('\n'),
      "OpenBible's own list of ancient places (`ancient.jsonl`) is not published in the pinned snapshot; `places.json` is a third party's build from it " +
        '(cc3735/Bible-Geocoding-Data) that keeps only the best identification of each place. Many identifications are tentative: read the scores, not only the coordinates.',
      `Licence: ${sources.geocoding.licence}. ${escapeMarkdown(sources.geocoding.attribution)}; ${escapeMarkdown(sources.ancient.attribution)}.`,
    ].join('\n\n'),
  };
  const speakersDocument: BundleDocument = {
    id: `${FOLDER}/speakers`,
    frontmatter: {
      type: 'Dataset',
      title: 'Glyssen speaker attribution',
      description: `Who speaks in each verse, from SIL/FCBH Glyssen: ${formatCount(speakers.verses)} verses with one certain speaker`,
      resource: 'https://github.com/sillsdev/Glyssen',
      licence: sources.speakers.licence,
      attribution: sources.speakers.attribution,
      counts: {
        rows: speakers.rows,
        verses_with_a_speaker: speakers.verses,
        speakers: speakers.speakers,
        rows_dropped: speakers.droppedRows,
        verses_undecided: speakers.undecidedVerses,
      },
      ...STATUS,
      generated: { ...generated },
      sources: [{ resource: `sources/${sources.speakers.id}` }],
      tags: ['dataset', 'speakers'],
    },
    body: [
      '# Glyssen speaker attribution',
      "Glyssen's character-per-verse table (`CharacterVerse.txt`, SIL and Faith Comes By Hearing) names who speaks in each verse of the Bible. " +
        'The chapters keep a `speaker` only where one character is certain.',
      [
        `- ${formatCount(speakers.rows)} rows read; ${formatCount(speakers.droppedRows)} dropped: Psalm titles, uncertain quote types (Potential, Alternate, Hypothetical …), narrators and quoted scripture.`,
        `- ${formatCount(speakers.undecidedVerses)} verses left without a speaker: several characters, alternatives (\`a/b\`) or marked Needs Review.`,
        `- ${formatCount(speakers.verses)} verses of the BSB text have a speaker, ${formatCount(speakers.speakers)} distinct character ids, kept verbatim (\`Jesus\`, \`Peter (Simon)\`, \`David (old)\`).`,
      ].join('\n'),
      `Licence: ${sources.speakers.licence}. ${escapeMarkdown(sources.speakers.attribution)}.`,
    ].join('\n\n'),
  };
  const documents = [geocodingDocument, speakersDocument];
  const warnings = geocoding.unreadable > 0 ? [`${formatCount(geocoding.unreadable)} geocoding lines or files did not parse`] : [];
  const report: CollectionReport = {
    collection: 'datasets',
    written: { Dataset: documents.length },
    counts: {},
    skipped: [],
    warnings,
    errors: [],
  };
  return { documents, files: [createDatasetsIndex(documents)], report };
}

/** The datasets other collections write, linked from the index too. */
const OTHER_DATASETS: readonly { readonly id: string; readonly title: string }[] = [CROSS_REFERENCES_DATASET, INTERLINEAR_DATASET];

function createDatasetsIndex(documents: readonly BundleDocument[]): BundleFile {
  const datasets = [...documents.map((document) => ({ id: document.id, title: String(document.frontmatter.title) })), ...OTHER_DATASETS].sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const content = [
    '# Datasets',
    'Whole datasets kept beside the graph, with their licence and what the graph takes from them.',
    datasets.map((dataset) => `- [${escapeMarkdown(dataset.title)}](/${dataset.id})`).join('\n'),
  ].join('\n\n');
  return { path: `${FOLDER}/index.md`, content: `${content}\n` };
}
