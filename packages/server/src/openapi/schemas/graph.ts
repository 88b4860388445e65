// The knowledge graph: documents, listings, search, families, places near, neighbourhoods, counts.

import { always, arrayOf, boolean, component, discriminated, integer, mapOf, nullable, number, oneOfStrings, optional, ref, text, Type } from './declare.ts';
import { InboundRelation, Licence, NodeSummary, nodeSummaryMembers, Relation, Testament, TranslationIdSchema } from './common.ts';
import { Chapter } from './scripture.ts';

export const CollectionRef = component('CollectionRef', Type.Object({ type: text(), label: text(), route: text() }));

export const SourceRef = component(
  'SourceRef',
  Type.Object(
    {
      resource: text('Site route of the source document'),
      id: optional(text('The record id inside the source')),
      title: optional(text()),
      author: optional(text()),
      last_modified: optional(text()),
      usage_count: optional(integer()),
    },
    { description: 'An upstream source a document was built from' },
  ),
);

export const PlaceIdentification = component(
  'PlaceIdentification',
  Type.Object(
    {
      name: text('The modern site proposed'),
      type: optional(text('What kind of site it is')),
      lat: optional(number()),
      lon: optional(number()),
      modern_id: optional(text('OpenBible modern location id')),
      score: optional(number('OpenBible confidence, higher is surer')),
    },
    { description: 'A proposed identification of a biblical place with a modern site' },
  ),
);

export const DatasetFile = component(
  'DatasetFile',
  Type.Object(
    {
      path: text('File path inside the dataset'),
      format: text(),
      licence: optional(text()),
      share_alike: optional(Type.Boolean()),
      book: optional(text('OSIS book id, for per-book files')),
      verses: optional(integer()),
      rows: optional(integer()),
      columns: optional(arrayOf(text())),
    },
    { description: 'A data file of a dataset document' },
  ),
);

export const VocabularyPredicate = component(
  'VocabularyPredicate',
  Type.Object({
    id: text(),
    heading: text(),
    inverse: text(),
    symmetric: boolean(),
    domain: arrayOf(text(), 'The document types it may be stated on'),
    range: arrayOf(text(), 'The document types it may point at'),
    description: optional(text()),
  }),
);

export const EntityExtension = component(
  'EntityExtension',
  Type.Object(
    {
      // Person
      sex: optional(text('Person')),
      tribe: optional(text('Person')),
      verse_count: optional(integer('Person, Place, Chapter: verses naming it (a chapter: its verses)')),
      first_reference: optional(text('Person: OSIS id')),
      last_reference: optional(text('Person: OSIS id')),
      name_variants: optional(arrayOf(text(), 'Person, Place')),
      aliases: optional(arrayOf(text(), 'Person, Theme, Lexeme')),
      bibledata_id: optional(text('Person, Place, Epoch: the BibleData record id')),
      // Place
      lat: optional(number('Place')),
      lon: optional(number('Place')),
      contested: optional(boolean('Place: identifications disagree')),
      identifications: optional(arrayOf(ref(PlaceIdentification), 'Place')),
      openbible_id: optional(text('Place')),
      // Lexeme
      strongs: optional(text('Lexeme')),
      word: optional(text('Lexeme: the original-language word')),
      transliteration: optional(text('Lexeme')),
      pronunciation: optional(text('Lexeme')),
      language: optional(text('Lexeme')),
      part_of_speech: optional(text('Lexeme')),
      gender: optional(text('Lexeme')),
      occurrences: optional(integer('Lexeme: occurrences in the text')),
      first_occurrence: optional(text('Lexeme: OSIS id')),
      // Epoch
      start_year_ah: optional(integer('Epoch: Anno Hominis')),
      end_year_ah: optional(integer('Epoch: Anno Hominis')),
      length_years: optional(integer('Epoch')),
      epoch_type: optional(text('Epoch')),
      // Event
      sort_key: optional(number('Event: narrative order')),
      start_year: optional(integer('Event')),
      start_date: optional(text('Event')),
      duration: optional(text('Event')),
      event_number: optional(integer('Event')),
      theographic_id: optional(text('Event')),
      // Commandment
      commandment_number: optional(integer('Commandment')),
      polarity: optional(text('Commandment: positive or negative')),
      osis: optional(text('Commandment, Book, Chapter')),
      parashah: optional(text('Commandment')),
      mishneh_torah_book: optional(text('Commandment')),
      mishneh_torah_category: optional(text('Commandment')),
      sefer_hachinuch_number: optional(integer('Commandment')),
      // Theme
      subject: optional(text('Theme')),
      // Book, Chapter
      usfm: optional(text('Book')),
      slug: optional(text('Book')),
      testament: optional(Testament),
      order: optional(integer('Book: canonical position')),
      chapters: optional(integer('Book')),
      book: optional(text('Chapter: OSIS book id')),
      chapter: optional(integer('Chapter')),
      translation: optional(text('Chapter')),
      versification: optional(text('Chapter')),
      // Source, Dataset
      resource: optional(text('Source, Dataset: where it comes from')),
      licence: optional(text('Source, Dataset')),
      attribution: optional(text('Source, Dataset')),
      version: optional(text('Source')),
      last_modified: optional(text('Source')),
      usage_count: optional(integer('Source')),
      columns: optional(arrayOf(text(), 'Dataset')),
      data_files: optional(arrayOf(ref(DatasetFile), 'Dataset')),
      counts: optional(mapOf(Type.Integer(), 'Dataset: named counts of what it holds')),
      edition: optional(text('Dataset')),
      min_votes: optional(integer('Dataset: the vote floor applied')),
      // the relation vocabulary document
      predicates: optional(arrayOf(ref(VocabularyPredicate), 'The relation vocabulary')),
    },
    { description: 'Type-specific structured fields; which members appear depends on the type (each says which)' },
  ),
);

export const LexemeRenderings = component(
  'LexemeRenderings',
  Type.Object(
    {
      translation: TranslationIdSchema,
      verses: integer("Verses with a word tagged with the lexeme's Strong's number (/scripture?strongs= lists them)"),
      total: integer('Distinct renderings'),
      words: arrayOf(
        Type.Object({ text: text('The words as printed (`God`, `gods`, `God’s`)'), count: integer('How many times') }),
        'Most frequent first, the first 100',
      ),
    },
    { description: "How a translation renders a lexeme: the words tagged with its Strong's number" },
  ),
);

export const Entity = component(
  'Entity',
  Type.Object(
    {
      kind: always('entity', 'Tells a document from a chapter or a collection'),
      ...nodeSummaryMembers,
      collection: ref(CollectionRef),
      tags: arrayOf(text()),
      status: oneOfStrings(['draft', 'stable', 'deprecated'] as const),
      trustTier: oneOfStrings(['unverified', 'machine-confirmed', 'human-reviewed'] as const),
      stale: boolean(),
      words: integer(),
      sources: arrayOf(ref(SourceRef)),
      generated: optional(Type.Object({ by: text(), at: text() })),
      extension: ref(EntityExtension),
      relations: Type.Object({
        outbound: arrayOf(ref(Relation)),
        inbound: arrayOf(ref(InboundRelation), 'Capped at 500'),
        inboundCount: integer('True total of inbound relations'),
        inboundTruncated: boolean(),
      }),
      linkCount: integer('True total of outbound links'),
      links: arrayOf(ref(NodeSummary), 'Capped at 100'),
      backlinkCount: integer('True total before the cap'),
      backlinksTruncated: boolean(),
      backlinks: arrayOf(ref(NodeSummary), 'As many as the backlinks parameter asks'),
      body: optional(text('Markdown source; only when body=true')),
      renderings: optional(
        arrayOf(
          ref(LexemeRenderings),
          "A lexeme's renderings in each translation whose words carry Strong's tags (the KJV): empty words when it never renders it",
        ),
      ),
      licence: ref(Licence),
    },
    { description: 'One document: NodeSummary plus its collection, relations both ways, links and backlinks' },
  ),
);

export const CollectionSample = component(
  'CollectionSample',
  Type.Object(
    {
      kind: always('collection', 'Tells a collection from a document'),
      collection: ref(CollectionRef),
      count: integer('Documents in the collection'),
      sample: arrayOf(ref(NodeSummary), "The first ten in the collection's default order"),
      licence: ref(Licence),
    },
    { description: 'A collection folder: its size and a sample' },
  ),
);

export const EntityOrCollection = component(
  'EntityOrCollection',
  discriminated('kind', [Entity, Chapter, CollectionSample], 'A document (Entity), a chapter document (Chapter) or a collection folder (CollectionSample): `kind` tells which'),
);

export const ListingItem = component(
  'ListingItem',
  Type.Object(
    {
      ...nodeSummaryMembers,
      startYearAH: optional(integer('Epochs: first year, Anno Hominis')),
      endYearAH: optional(integer('Epochs: last year, Anno Hominis')),
      lengthYears: optional(integer('Epochs')),
      epochType: optional(text('Epochs')),
      number: optional(integer('Commandments: the commandment number')),
      polarity: optional(oneOfStrings(['positive', 'negative'] as const, 'Commandments')),
      verseCount: optional(integer('People: verses naming the person; chapters: verses')),
      occurrences: optional(integer('Lexemes: occurrences in the text')),
    },
    { description: 'NodeSummary plus the sortable fields of its collection' },
  ),
);

export const Listing = component(
  'Listing',
  Type.Object({
    type: optional(text('Echo of the resolved type')),
    collection: optional(text('Browse route of the collection or folder')),
    tag: optional(text()),
    folder: optional(text()),
    sort: optional(oneOfStrings(['title', 'degree', 'canonical', 'chronological'] as const)),
    total: integer('Matches before paging'),
    offset: integer(),
    count: integer('Items in this page'),
    hasMore: boolean(),
    results: arrayOf(ref(ListingItem)),
    licence: ref(Licence),
  }),
);

export const SearchResults = component(
  'SearchResults',
  Type.Object({
    query: text(),
    type: optional(text('Echo of the resolved type')),
    tag: optional(text()),
    total: integer('Matches before paging'),
    offset: integer(),
    count: integer('Results in this page'),
    results: arrayOf(ref(NodeSummary), 'Best match first'),
    licence: ref(Licence),
  }),
);

export const Generation = component(
  'Generation',
  Type.Object({ generation: integer('1 = parents (ancestors) or children (descendants)'), people: arrayOf(ref(NodeSummary)) }),
);

export const Family = component(
  'Family',
  Type.Object({
    person: ref(NodeSummary),
    parents: arrayOf(ref(NodeSummary)),
    children: arrayOf(ref(NodeSummary)),
    siblings: arrayOf(ref(NodeSummary)),
    spouses: arrayOf(ref(NodeSummary)),
    concubines: arrayOf(ref(NodeSummary), 'concubine-of either way: a concubine (or the man whose concubine she was), never listed among spouses'),
    ancestors: optional(arrayOf(ref(Generation), 'Only when generations > 1')),
    descendants: optional(arrayOf(ref(Generation), 'Only when generations > 1')),
    note: optional(text()),
    licence: ref(Licence),
  }),
);

export const NearbyPlace = component(
  'NearbyPlace',
  Type.Object({ ...nodeSummaryMembers, distanceKm: number('Great-circle kilometres from the centre') }, { description: 'NodeSummary plus its distance' }),
);

export const Nearby = component(
  'Nearby',
  Type.Object({
    origin: optional(ref(NodeSummary, 'The place searched around, when one was given')),
    centre: Type.Object({ lat: number(), lon: number() }),
    radiusKm: integer(),
    total: integer('Places inside the radius before the limit, the anchor excluded'),
    count: integer(),
    results: arrayOf(ref(NearbyPlace), 'Nearest first'),
    note: optional(text()),
    licence: ref(Licence),
  }),
);

export const NeighbourhoodNode = component(
  'NeighbourhoodNode',
  Type.Object({ ...nodeSummaryMembers, distance: integer('Hops from the root') }, { description: 'NodeSummary plus its distance from the root' }),
);

export const NeighbourhoodEdge = component(
  'NeighbourhoodEdge',
  Type.Object({
    source: text(),
    target: text(),
    predicate: optional(text('Absent for untyped body links and source citations')),
    kind: oneOfStrings(['relation', 'link', 'source'] as const),
  }),
);

export const Neighbourhood = component(
  'Neighbourhood',
  Type.Object({
    root: text('Site route of the root'),
    depth: integer(),
    type: optional(text('Echo of the type the walk was confined to')),
    predicate: optional(text('Echo of the predicate filter')),
    count: integer('Nodes returned'),
    truncated: optional(boolean('True when limit cut the walk short')),
    nodes: arrayOf(ref(NeighbourhoodNode)),
    edgeCount: optional(integer()),
    edges: arrayOf(ref(NeighbourhoodEdge), 'Only edges with both ends among the nodes'),
    licence: ref(Licence),
  }),
);

export const TagCount = component('TagCount', Type.Object({ name: text(), count: integer('Documents carrying the tag') }));

export const CollectionCount = component(
  'CollectionCount',
  Type.Object({
    type: text(),
    label: text(),
    count: integer(),
    folder: text(),
    route: text('Browse route of the collection'),
    example: nullable(text('Site route of one document of the collection; null when it is empty')),
    description: text(),
  }),
);

export const Stats = component(
  'Stats',
  Type.Object({
    okfVersion: text(),
    notes: integer('Documents in the graph'),
    edges: integer(),
    tags: integer(),
    words: integer(),
    orphans: integer(),
    brokenLinks: integer(),
    verses: integer('Verse slots of the versification, omitted verses included'),
    chapters: integer(),
    books: integer(),
    collections: arrayOf(ref(CollectionCount)),
    types: arrayOf(text()),
    topTags: arrayOf(ref(TagCount), 'The commonest tags, most common first'),
    generated: Type.String({ format: 'date-time', description: "This server process's index-build time" }),
    generatedNote: text(),
    licence: ref(Licence),
  }),
);

export const Tags = component(
  'Tags',
  Type.Object({
    total: integer(),
    offset: integer(),
    count: integer(),
    tags: arrayOf(ref(TagCount), 'Most common first'),
    note: text(),
    licence: ref(Licence),
  }),
);

export const PredicateUsage = component(
  'PredicateUsage',
  Type.Object({
    id: text(),
    heading: text(),
    inverse: text(),
    symmetric: boolean(),
    domain: arrayOf(text(), 'The document types it may be stated on'),
    range: arrayOf(text(), 'The document types it may point at'),
    edges: integer('Stored edges using it'),
  }),
);

export const VocabularyBook = component(
  'VocabularyBook',
  Type.Object({
    osisId: text(),
    name: text(),
    slug: text(),
    testament: Testament,
    order: integer(),
    chapters: integer(),
    path: text('Document path, e.g. bible/john'),
  }),
);

export const Vocabulary = component(
  'Vocabulary',
  Type.Object({
    predicates: arrayOf(ref(PredicateUsage)),
    undeclared: arrayOf(
      Type.Object({ id: text(), edges: integer() }),
      'Predicates found in the data but absent from the published vocabulary, with their edge counts',
    ),
    note: text(),
    books: arrayOf(ref(VocabularyBook), '66 entries in canonical order'),
    licence: ref(Licence),
  }),
);
