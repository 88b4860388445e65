// The events collection: one Event document per Theographic event (`sa/events/<slug>`), share-alike
// (Theographic is CC BY-SA 4.0), with its participants (`involves`), locations (`occurs-at`), the
// chapters that tell it (`narrated-in`, anchored to the event's first verse there), the event it is
// part of (`part-of`) and the one it follows (`follows`). Narrative order is kept as `sort_key`.

import { type BundleDocument, type BundleFile, escapeMarkdown } from '../document.ts';
import type { FrontmatterValue } from '../frontmatter.ts';
import { assignSlugs, compareText } from '../internal/assign-slugs.ts';
import { loadPeopleTable, PERSON_FILE, PERSON_LABEL_FILE, PERSON_RELATIONSHIP_FILE, PERSON_VERSE_FILE, type PeopleTable } from '../bibledata/people.ts';
import { PLACE_FILE, PLACE_LABEL_FILE, PLACE_VERSE_FILE } from '../bibledata/places.ts';
import { KJV_SLOTS_FILE } from '../bibledata/reference.ts';
import { ANCIENT_PLACES_FILE, loadPlaceTable, MODERN_PLACES_FILE, type PlaceTable } from '../geocoding/places.ts';
import {
  createPersonCandidates,
  createPlaceCandidates,
  formatDuration,
  formatYear,
  groupByChapter,
  type LinkOutcome,
  linkPeople,
  linkPlaces,
  parseStartYear,
  THEOGRAPHIC_EVENTS_FILE,
  THEOGRAPHIC_PEOPLE_FILE,
  THEOGRAPHIC_PLACES_FILE,
  type TheographicEvent,
  type TheographicPerson,
  type TheographicPlace,
} from '../theographic/events.ts';
import { createVerseDecoder, decodeVerses, THEOGRAPHIC_CHAPTERS_FILE, type TheographicChapter, type TheographicRecord } from '../theographic/verses.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import type { Collection, CollectionResult, Generated } from './collection.ts';

const THEOGRAPHIC = 'sources/theographic';
export const EVENTS_FOLDER = 'sa/events';

export interface EventsInput {
  readonly events: readonly TheographicRecord<TheographicEvent>[];
  readonly people: readonly TheographicRecord<TheographicPerson>[];
  readonly places: readonly TheographicRecord<TheographicPlace>[];
  readonly chapters: readonly TheographicRecord<TheographicChapter>[];
  readonly peopleTable: PeopleTable;
  readonly placeTable: PlaceTable;
}

export const eventsCollection: Collection = {
  name: 'events',
  folder: { path: EVENTS_FOLDER, title: 'Events (Theographic, CC BY-SA 4.0)' },
  needs: [
    THEOGRAPHIC_EVENTS_FILE,
    THEOGRAPHIC_PEOPLE_FILE,
    THEOGRAPHIC_PLACES_FILE,
    THEOGRAPHIC_CHAPTERS_FILE,
    PERSON_FILE,
    PERSON_LABEL_FILE,
    PERSON_RELATIONSHIP_FILE,
    PERSON_VERSE_FILE,
    PLACE_FILE,
    PLACE_LABEL_FILE,
    PLACE_VERSE_FILE,
    ANCIENT_PLACES_FILE,
    MODERN_PLACES_FILE,
    KJV_SLOTS_FILE,
  ],
  async build(context) {
    const json = async <T>(file: string) => JSON.parse(await context.readText(file)) as T;
    const [events, people, places, chapters, peopleTable, placeTable] = await Promise.all([
      json<TheographicRecord<TheographicEvent>[]>(THEOGRAPHIC_EVENTS_FILE),
      json<TheographicRecord<TheographicPerson>[]>(THEOGRAPHIC_PEOPLE_FILE),
      json<TheographicRecord<TheographicPlace>[]>(THEOGRAPHIC_PLACES_FILE),
      json<TheographicRecord<TheographicChapter>[]>(THEOGRAPHIC_CHAPTERS_FILE),
      loadPeopleTable(context),
      loadPlaceTable(context),
    ]);
    return createEventDocuments({ events, people, places, chapters, peopleTable, placeTable }, context.generated);
  },
};

/** Builds the Event documents and `sa/events/index.md`. Pure. */
export function createEventDocuments(input: EventsInput, generated: Generated): CollectionResult {
  const decoder = createVerseDecoder(input.chapters);
  const events = [...input.events].sort(
    (a, b) => (a.fields.sortKey ?? Infinity) - (b.fields.sortKey ?? Infinity) || (a.fields.eventID ?? 0) - (b.fields.eventID ?? 0) || compareText(a.id, b.id),
  );
  const slugs = assignSlugs(events, (event) => event.fields.title);
  const eventIds = new Map(events.map((event, index) => [event.id, `${EVENTS_FOLDER}/${slugs[index]}`]));

  const participantIds = new Set(events.flatMap((event) => event.fields.participants ?? []));
  const locationIds = new Set(events.flatMap((event) => event.fields.locations ?? []));
  const people = linkPeople(
    new Map(input.people.map((record) => [record.id, record.fields])),
    [...participantIds].sort(),
    createPersonCandidates(input.peopleTable),
    decoder,
  );
  const places = linkPlaces(
    new Map(input.places.map((record) => [record.id, record.fields])),
    [...locationIds].sort(),
    createPlaceCandidates(input.placeTable),
    decoder,
  );

  let unknownVerses = 0;
  let unlinkedParticipants = 0;
  let unlinkedLocations = 0;
  let groups = 0;
  let missingEvents = 0;
  let eventsWithoutVerses = 0;
  let fullyLinked = 0;
  const counts = new Map<string, number>();
  const documents: BundleDocument[] = events.map((event) => {
    const fields = event.fields;
    const relations: FrontmatterValue[] = [];
    const add = (relation: { predicate: string; target: string; from?: string; verses?: number }) => {
      relations.push({
        predicate: relation.predicate,
        target: relation.target,
        ...(relation.from === undefined ? {} : { from: relation.from }),
        ...(relation.verses === undefined ? {} : { verses: relation.verses }),
        source: THEOGRAPHIC,
      });
      counts.set(relation.predicate, (counts.get(relation.predicate) ?? 0) + 1);
    };
    for (const [predicate, ids] of [['part-of', fields.partOf], ['follows', fields.predecessor]] as const) {
      for (const id of ids ?? []) {
        const target = eventIds.get(id);
        if (target) add({ predicate, target });
        else missingEvents++;
      }
    }
    let unlinked = 0;
    const linked = (outcomes: ReadonlyMap<string, LinkOutcome>, ids: readonly string[] | undefined): string[] => {
      const targets: string[] = [];
      for (const id of ids ?? []) {
        const target = outcomes.get(id)?.result.id;
        if (target === undefined) unlinked++;
        else if (!targets.includes(target)) targets.push(target);
      }
      return targets.sort(compareText);
    };
    const before = unlinked;
    for (const target of linked(people, fields.participants)) add({ predicate: 'involves', target });
    unlinkedParticipants += unlinked - before;
    const beforeLocations = unlinked;
    for (const target of linked(places, fields.locations)) add({ predicate: 'occurs-at', target });
    unlinkedLocations += unlinked - beforeLocations;
    groups += fields.groups?.length ?? 0;

    const decoded = decodeVerses(fields.verses, decoder);
    unknownVerses += decoded.unknown;
    const chapters = groupByChapter(decoded.verses);
    if (chapters.length === 0) eventsWithoutVerses++;
    for (const chapter of chapters) add({ predicate: 'narrated-in', target: chapter.chapterId, from: chapter.first.osis, verses: chapter.verses.length });
    if (unlinked === 0) fullyLinked++;
    return createEventDocument(eventIds.get(event.id) as string, event, chapters, relations, unlinked === 0, generated);
  });
  documents.sort((a, b) => compareText(a.id, b.id));

  const unlinkedPeople = [...people.values()].filter((outcome) => outcome.result.id === undefined);
  const unlinkedPlaces = [...places.values()].filter((outcome) => outcome.result.id === undefined);
  const describe = (kind: string, outcome: LinkOutcome) => `Theographic ${kind} '${outcome.name}' (${outcome.lookup}): ${'why' in outcome.result ? outcome.result.why : ''}`;
  const byHow = (outcomes: ReadonlyMap<string, LinkOutcome>, how: string) => [...outcomes.values()].filter((outcome) => 'how' in outcome.result && outcome.result.how === how).length;
  const report: CollectionReport = {
    collection: 'events',
    written: { Event: documents.length },
    counts: {
      ...Object.fromEntries([...counts].sort(([a], [b]) => compareText(a, b))),
      'events with every participant and location linked': fullyLinked,
      'Theographic people linked by name and verses': byHow(people, 'name'),
      'Theographic people linked by verses and a similar name': byHow(people, 'verses'),
      'Theographic places linked by name and verses': byHow(places, 'name') + byHow(places, 'name-and-place'),
      'Theographic places linked by verses and a similar name': byHow(places, 'verses'),
    },
    skipped: [
      { what: 'Theographic people', reason: 'no Person document matches (see warnings)', count: unlinkedPeople.length },
      { what: 'participant links', reason: 'to those people', count: unlinkedParticipants },
      { what: 'Theographic places', reason: 'no Place document matches (see warnings)', count: unlinkedPlaces.length },
      { what: 'location links', reason: 'to those places', count: unlinkedLocations },
      { what: 'people-group links', reason: 'no collection holds people groups', count: groups },
      { what: 'event links', reason: 'part-of or predecessor names no event', count: missingEvents },
      { what: 'verse ids', reason: 'not in chapters.json', count: unknownVerses },
      { what: 'events', reason: 'without a verse (no narrated-in)', count: eventsWithoutVerses },
    ],
    warnings: [...unlinkedPeople.map((outcome) => describe('person', outcome)), ...unlinkedPlaces.map((outcome) => describe('place', outcome))],
    errors: [],
  };
  return { documents, files: [createEventsIndex(documents)], report };
}

function describeEvent(fields: TheographicEvent): string | undefined {
  const year = parseStartYear(fields.startDate);
  const parts = [year === undefined ? '' : formatYear(year), fields.duration ? `lasting ${formatDuration(fields.duration)}` : ''].filter(Boolean);
  return parts.length > 0 ? `${parts.join(', ')} (Theographic's chronology)` : undefined;
}

function createEventDocument(
  id: string,
  event: TheographicRecord<TheographicEvent>,
  chapters: ReturnType<typeof groupByChapter>,
  relations: readonly FrontmatterValue[],
  linked: boolean,
  generated: Generated,
): BundleDocument {
  const fields = event.fields;
  const description = describeEvent(fields);
  const passages = chapters.map((chapter) => formatPassage(chapter));
  const body = [`# ${escapeMarkdown(fields.title)}`];
  if (description) body.push(`${escapeMarkdown(description)}.`);
  if (passages.length > 0) body.push(`Narrated in ${passages.join('; ')}.`);
  const notes = fields.notes?.trim();
  if (notes) body.push(escapeMarkdown(notes));
  body.push('From Theographic Bible Metadata by Robert Rouse, CC BY-SA 4.0: this document is shared alike.');
  return {
    id,
    frontmatter: {
      type: 'Event',
      title: fields.title,
      description,
      sort_key: fields.sortKey,
      start_year: parseStartYear(fields.startDate),
      start_date: fields.startDate || undefined,
      duration: fields.duration || undefined,
      event_number: fields.eventID,
      theographic_id: event.id,
      share_alike: true,
      status: linked ? 'stable' : 'draft',
      trust_tier: linked ? 'machine-confirmed' : 'unverified',
      stale: false,
      generated: { ...generated },
      sources: [{ resource: THEOGRAPHIC }],
      tags: ['share-alike'],
      relations: [...relations],
    },
    body: body.join('\n\n'),
  };
}

/** `Genesis 1:1-31`, `Genesis 2:1-3, 7`: the event's verses in one chapter, consecutive runs joined. */
function formatPassage(chapter: ReturnType<typeof groupByChapter>[number]): string {
  const runs: string[] = [];
  let start = chapter.verses[0]?.verse ?? 0;
  let end = start;
  for (const ref of chapter.verses.slice(1)) {
    if (ref.verse === end + 1) end = ref.verse;
    else {
      runs.push(start === end ? `${start}` : `${start}-${end}`);
      start = end = ref.verse;
    }
  }
  runs.push(start === end ? `${start}` : `${start}-${end}`);
  const book = chapter.first.book.osis === 'Ps' ? 'Psalm' : chapter.first.book.name;
  return `${book} ${chapter.first.chapter}:${runs.join(', ')}`;
}

function createEventsIndex(documents: readonly BundleDocument[]): BundleFile {
  const ordered = [...documents].sort((a, b) => Number(a.frontmatter.sort_key) - Number(b.frontmatter.sort_key) || compareText(a.id, b.id));
  const lines = ordered.map((document) => `- [${escapeMarkdown(String(document.frontmatter.title))}](/${document.id})`);
  const content = [
    '# Events',
    `${formatCount(documents.length)} events of the biblical narrative in narrative order, from Theographic Bible Metadata by Robert Rouse (CC BY-SA 4.0): every event document is shared alike.`,
    lines.join('\n'),
  ].join('\n\n');
  return { path: `${EVENTS_FOLDER}/index.md`, content: `${content}\n` };
}
