// The text: passages, chapters, full-text search, cross references, the interlinear, connections.

import { always, arrayOf, boolean, component, dateTime, discriminated, integer, nullable, oneOfStrings, optional, ref, text, Type } from './declare.ts';
import { BookRef, BookSummary, Heading, Licence, NodeSummary, nodeSummaryMembers, Relation, Testament, TranslationIdSchema, Verse } from './common.ts';

export { Heading };

export const ChapterLink = component(
  'ChapterLink',
  Type.Object({
    osis: text(),
    url: text('Site route of the chapter'),
    verseCount: integer(),
    previous: nullable(text('OSIS id of the chapter before, across books')),
    next: nullable(text('OSIS id of the chapter after, across books')),
  }),
);

export const CrossReference = component(
  'CrossReference',
  Type.Object({
    from: text('The verse the reference starts from (OSIS)'),
    target: text("Site route of the target's first verse, with a verse anchor"),
    targetOsis: text('The target verse or range, full OSIS on both sides (`1John.4.9-1John.4.10`)'),
    votes: integer('Reconstructed from a stored confidence of votes/200 capped at 1: saturates at 200'),
  }),
);

export const VerseMention = component(
  'VerseMention',
  Type.Object(
    {
      ...nodeSummaryMembers,
      verses: arrayOf(text(), 'The verses (OSIS ids) of the passage that mention it'),
      surface: optional(text("The verse's own words naming it")),
      inHeading: optional(
        always(true, "The words are in the Psalm's superscription (its title, printed before verse 1), not the verse's text: Ps 23:1's David"),
      ),
      label: optional(text("The source's word for it, where it differs or the verse's words were not found")),
    },
    { description: 'A person or place the passage mentions: NodeSummary plus where and how' },
  ),
);

export const VerseTheme = component(
  'VerseTheme',
  Type.Object(
    { ...nodeSummaryMembers, verses: arrayOf(text(), 'The verses (OSIS ids) of the passage that develop it') },
    { description: 'A theme the passage develops: NodeSummary plus where' },
  ),
);

export const VerseReferrer = component(
  'VerseReferrer',
  Type.Object(
    {
      ...nodeSummaryMembers,
      predicate: text('How it points at the verses: stated-in, narrated-in, first-attested …'),
      verses: arrayOf(text(), 'The verses (OSIS ids) it points at'),
    },
    { description: 'A document pointing at the passage (a commandment stated, an event narrated, a lexeme first attested)' },
  ),
);

export const PassageContext = component(
  'PassageContext',
  Type.Object(
    {
      people: arrayOf(ref(VerseMention)),
      places: arrayOf(ref(VerseMention)),
      themes: arrayOf(ref(VerseTheme)),
      crossReferences: arrayOf(ref(CrossReference), 'Cross references from these verses, most-supported first (the first 100)'),
      referencedBy: arrayOf(ref(VerseReferrer), 'Documents pointing at these verses'),
      note: optional(text()),
    },
    { description: 'What the knowledge graph says about these verses' },
  ),
);

export const Passage = component(
  'Passage',
  Type.Object(
    {
      kind: always('passage', 'Tells a Passage from a Chapter'),
      osis: text(),
      reference: text('Human-readable, e.g. John 3:16, John 3:16-18 or Genesis 1:1-2:3'),
      url: text('Site route with a verse anchor (of the first verse)'),
      book: optional(ref(BookSummary)),
      translation: optional({ ...TranslationIdSchema, description: 'The translation read, when one was asked for other than the BSB (or several: the first)' }),
      translations: optional(arrayOf(TranslationIdSchema, 'In a parallel answer: the translations asked for, in order; each verse carries their readings in `parallel`')),
      text: optional(text('Single-verse requests only')),
      omitted: optional(always(true, 'Present, always true, when the single verse asked for is omitted')),
      headings: arrayOf(
        ref(Heading),
        'Headings printed before (or inside) these verses, in text order: Ps.23.1 has the title "A Psalm of David."; the section a later verse falls under is on the chapter',
      ),
      verses: arrayOf(ref(Verse)),
      chapter: ref(ChapterLink, 'The chapter (of a range across chapters: the first one)'),
      context: optional(ref(PassageContext)),
      licence: ref(Licence),
    },
    { description: 'A verse or a range inside one chapter' },
  ),
);

export const Chapter = component(
  'Chapter',
  Type.Object(
    {
      kind: always('chapter', 'Tells a Chapter from a Passage or an Entity'),
      id: text('Site route, e.g. /bible/john/3'),
      osis: text(),
      book: ref(BookSummary),
      chapter: integer(),
      translation: { ...TranslationIdSchema, description: 'The translation read (default BSB; of a parallel answer, the first)' },
      translations: optional(arrayOf(TranslationIdSchema, 'In a parallel answer: the translations asked for, in order; each verse carries their readings in `parallel`')),
      versification: oneOfStrings(['kjv', 'nrsva'] as const, "The versification of the translation's verse slots"),
      verseCount: integer(),
      headings: arrayOf(ref(Heading), 'Every heading of the chapter in text order: section headings, the Psalm title, parallel passages'),
      verses: arrayOf(ref(Verse)),
      speakers: optional(arrayOf(text())),
      omittedVerses: optional(arrayOf(integer())),
      previous: nullable(text('OSIS id of the adjacent chapter')),
      next: nullable(text('OSIS id of the adjacent chapter')),
      relations: optional(arrayOf(ref(Relation))),
      backlinkCount: optional(integer('True total before the cap')),
      backlinksTruncated: optional(Type.Boolean()),
      backlinks: optional(arrayOf(ref(NodeSummary), 'Capped at 100')),
      licence: ref(Licence),
    },
    { description: 'A whole chapter (from /passage for a two-part reference, and as the entity of a chapter document)' },
  ),
);

export const PassageOrChapter = component(
  'PassageOrChapter',
  discriminated('kind', [Passage, Chapter], 'A Passage for a verse or a range, a Chapter for a two-part reference: `kind` tells which'),
);

export const FoundReference = component(
  'FoundReference',
  Type.Object({
    osis: text("The OSIS standard's full form: John.3.16, John.3.16-John.3.18, 1Cor.13, Gen.1.1-Gen.2.3, Gen.1.31-Exod.1.1"),
    reference: text('Human-readable, in English: John 3:16-18'),
    text: text('The words it was read from'),
    indices: Type.Array(Type.Integer(), {
      minItems: 2,
      maxItems: 2,
      description: 'Where `text` stands in `q` (NFC-normalised): [start, end) in UTF-16 code units',
    }),
    exists: boolean('Whether every verse it names is in the data (false for John 3:99, and for Ps 117:1-3, which runs past the chapter)'),
    warning: optional(
      text("Set when the text runs past the end of a chapter or book (Ps 117:1-3: Psalm 117 has 2 verses): what it holds instead; `exists` is false"),
    ),
    verseCount: optional(integer('Verse slots it names, omitted verses included; present when it exists')),
    passages: optional(arrayOf(ref(Passage), 'With passages=true, within the verse limit: one Passage per book it spans, without context')),
  }),
);

export const References = component(
  'References',
  Type.Object({
    query: text(),
    lang: text('The language the book names were read in'),
    count: integer(),
    references: arrayOf(ref(FoundReference), 'In the order they stand in the text; empty when it holds none'),
    verseLimit: optional(integer('With passages=true: verses all the passages of one request hold at most')),
    truncated: optional(boolean('With passages=true: true when a reference was left without passages by the verse limit')),
    licence: ref(Licence),
  }),
);

export const ScriptureHit = component(
  'ScriptureHit',
  Type.Object({
    osis: text(),
    reference: text(),
    url: text(),
    text: text(),
    book: text('Book name'),
    testament: Testament,
    words: optional(arrayOf(text(), "With `strongs`: the words of the verse rendering that Strong's number, in text order")),
  }),
);

export const ScriptureResults = component(
  'ScriptureResults',
  Type.Object({
    query: text('The words searched (empty for a concordance without `q`)'),
    strongs: optional(text("The Strong's number of a concordance, normalised (`H430`)")),
    total: integer('Hits before paging'),
    offset: integer(),
    count: integer('Hits in this page'),
    terms: arrayOf(text(), 'How the query was tokenised'),
    phrases: arrayOf(text(), 'The quoted runs'),
    translation: { ...TranslationIdSchema, description: 'The translation searched' },
    hits: arrayOf(ref(ScriptureHit)),
    licence: ref(Licence),
  }),
);

export const CrossReferences = component(
  'CrossReferences',
  Type.Object({
    osis: text('The verse or chapter asked for'),
    minVotes: integer('The vote filter applied (0 to 200)'),
    threshold: integer('The vote floor applied when the data was built: no reference below it exists'),
    count: integer('References in this answer'),
    total: integer('References matching before the limit'),
    references: arrayOf(ref(CrossReference), 'Most-supported first'),
    note: text('Scope: only materialised references are returned'),
    licence: ref(Licence),
  }),
);

export const InterlinearEntry = component(
  'InterlinearEntry',
  Type.Object({
    english: nullable(
      text('The English segment as the tables write it (`In the beginning`), or a marker: `-`, `vvv`, `. . .`; null in a verse with `englishAligned: false`'),
    ),
    englishRange: optional(
      Type.Object(
        { first: integer(), last: integer() },
        { description: '0-based, inclusive indexes of the words of the verse `text` (split on spaces) this entry produced; absent for a marker' },
      ),
    ),
    strongs: text('Strong number, e.g. H7225, G3056'),
    word: optional(text('The original-language word')),
    transliteration: optional(text()),
    morphology: optional(text('The morphology spelled out in words')),
    morphologyCode: optional(text('The OSHB or Robinson code it spells out (`HR/Ncfsa`, `N-NSM`)')),
    language: optional(oneOfStrings(['hebrew', 'aramaic', 'greek'] as const)),
    lexeme: optional(ref(NodeSummary)),
  }),
);

export const InterlinearVerse = component(
  'InterlinearVerse',
  Type.Object({
    verse: integer(),
    osis: text(),
    text: text('The interlinear edition of the BSB English; can differ slightly from /passage (the BSB verse text where englishAligned is false)'),
    englishAligned: optional(
      always(false, 'Present, always false, when the BSB tables leave the verse unaligned: its entries are the OSHB words alone, in Hebrew order'),
    ),
    entries: arrayOf(ref(InterlinearEntry), 'In English order'),
  }),
);

export const Interlinear = component(
  'Interlinear',
  Type.Object({
    osis: text(),
    reference: text(),
    url: text(),
    book: ref(BookSummary),
    verseCount: optional(integer('Chapter requests: verse slots of the chapter')),
    versesWithoutData: optional(arrayOf(integer(), 'Chapter requests: verses of the chapter without interlinear data')),
    verses: arrayOf(ref(InterlinearVerse), 'The verse asked for, or every verse of the chapter with data'),
    note: text(),
    shareAlike: optional(always(true, 'Present, always true, when the answer is CC BY-SA 4.0 (New Testament, OpenGNT)')),
    licence: ref(Licence),
  }),
);

export const ConnectionWeight = component(
  'ConnectionWeight',
  Type.Object({ references: integer(), votes: integer('Net votes summed, uncapped') }),
);

export const ChapterPair = component(
  'ChapterPair',
  Type.Object(
    {
      osis: text(),
      id: text('Site route of the chapter'),
      title: text(),
      references: integer('References between the two chapters'),
      votes: integer('Their votes, summed'),
    },
    { description: 'The other chapter of a pair, with the weight of the pair' },
  ),
);

export const ConnectedChapter = component(
  'ConnectedChapter',
  Type.Object({
    rank: nullable(integer('1-based rank by vote weight; null when no reference touches the chapter')),
    osis: text(),
    id: text('Site route of the chapter'),
    title: text(),
    testament: optional(Testament),
    weight: integer('Votes of the references touching the chapter (one inside it counted once)'),
    references: integer('References touching the chapter (one inside it counted once)'),
    outgoing: ref(ConnectionWeight),
    incoming: ref(ConnectionWeight),
    internal: ref(ConnectionWeight),
    partners: integer('Distinct other chapters joined to it, either way'),
    of: optional(integer('Chapters with a rank (only on `chapter`)')),
    referencesOut: optional(arrayOf(ref(ChapterPair), 'Only on `chapter`: the chapters it cites, strongest first')),
    referencesIn: optional(arrayOf(ref(ChapterPair), 'Only on `chapter`: the chapters citing it, strongest first')),
  }),
);

export const BookPair = component(
  'BookPair',
  Type.Object({ rank: integer(), from: ref(BookRef), to: ref(BookRef), references: integer(), votes: integer() }),
);

export const BookPartner = component(
  'BookPartner',
  Type.Object({ book: ref(BookRef), references: integer(), votes: integer('Net votes summed, uncapped') }, { description: 'The other book of a pair, with its weight' }),
);

export const ConnectedBook = component(
  'ConnectedBook',
  Type.Object(
    {
      id: text('OSIS book id'),
      name: text(),
      slug: text(),
      testament: Testament,
      chapters: integer(),
      outgoing: ref(ConnectionWeight),
      incoming: ref(ConnectionWeight),
      internal: ref(ConnectionWeight),
      booksCited: integer('Other books it cites'),
      booksCitedBy: integer('Other books citing it'),
    },
    { description: 'A book with its outgoing, incoming and internal weights' },
  ),
);

export const Connections = component(
  'Connections',
  Type.Object({
    totals: Type.Object({
      references: integer('Rows of the whole corpus that resolved to a chapter pair, voted zero or more (no vote floor)'),
      negativeReferences: integer('Rows that resolved but were voted below zero: counted here, left out of every other figure'),
      distinctPairs: integer('Distinct directed chapter pairs'),
      arcs: integer('Pairs minus self-pairs'),
      selfPairs: integer('Pairs joining a chapter to itself'),
      crossTestament: integer('Arcs joining an Old and a New Testament chapter'),
      chapters: integer('Chapters at either end of a pair'),
      generated: dateTime('When the data was generated'),
      source: text('Site route of the dataset the aggregate is computed from'),
    }),
    threshold: integer('The vote floor of the references aggregated: 0, the whole corpus (/xrefs keeps its own floor)'),
    topChapters: arrayOf(ref(ConnectedChapter), 'Most-connected chapters, by vote weight'),
    topBookPairs: arrayOf(ref(BookPair), 'Strongest pairs of two different books (citing → cited)'),
    book: optional(ref(ConnectedBook, 'Only with `book`: the book, its outgoing, incoming and internal weights')),
    referencesOut: optional(arrayOf(ref(BookPartner), 'Only with `book`: the books it cites, strongest first')),
    referencesIn: optional(arrayOf(ref(BookPartner), 'Only with `book`: the books citing it, strongest first')),
    chapter: optional(ref(ConnectedChapter, 'Only with `osis`: the chapter, its rank and its strongest partners')),
    note: text(),
    licence: ref(Licence),
  }),
);

export const TranslationBook = component(
  'TranslationBook',
  Type.Object(
    {
      id: text('OSIS book id (`Gen`, `Tob`, `1Macc`)'),
      name: text('English name'),
      title: text('The title the translation gives it (`Génesis`)'),
      deuterocanonical: boolean('True for a book of the deuterocanon (the WEB has 17): served only under this translation'),
      chapters: integer(),
      verses: integer('Verse slots, empty ones included'),
    },
    { description: 'A book a translation holds' },
  ),
);

/** What /translations and a translation's download say about it besides its text (`formatTranslationAbout`). */
const translationAboutMembers = {
      id: TranslationIdSchema,
      name: text(),
      language: text('BCP 47 language tag'),
      direction: oneOfStrings(['ltr', 'rtl'] as const, 'Writing direction'),
      versification: oneOfStrings(['kjv', 'nrsva'] as const, 'The versification of its verse slots'),
      versificationNotes: optional(
        Type.Object(
          {
            note: text('Why, in one sentence'),
            chapters: arrayOf(text(), 'The chapters, as OSIS ids (`Jonah.2`)'),
          },
          { description: 'Chapters whose text does not sit in the slots its versification names, served as the source has them (the RV1909: its module forced the Spanish numbering into KJV slots); absent when there are none' },
        ),
      ),
      licence: Type.Object(
        {
          id: text('SPDX-style id'),
          text: text('What `licence.text` says on an answer read in this translation'),
          notes: arrayOf(text(), 'What to know before reusing the text (Crown patent, trademark)'),
        },
        { description: "The translation's licence" },
      ),
      source: text('Where the text comes from'),
};

export const Translation = component(
  'Translation',
  Type.Object(
    {
      ...translationAboutMembers,
      counts: Type.Object(
        {
          books: integer(),
          chapters: integer(),
          verses: integer('Verse slots, empty ones included'),
          emptyVerses: integer('Slots with no text (`omitted: true`)'),
          footnotes: integer(),
          headings: integer(),
          wordsOfJesus: integer('Spans of words of Jesus'),
          added: integer('Spans of supplied words'),
          strongs: integer("Words tagged with a Strong's number (served: the concordance and lexeme renderings use them)"),
        },
        { description: 'What the text holds' },
      ),
      features: arrayOf(
        oneOfStrings(['footnotes', 'headings', 'wordsOfJesus', 'added', 'strongs', 'speakers', 'deuterocanon'] as const),
        'What its verses carry: `footnotes`, `headings`, `wordsOfJesus`, `added` (supplied words), `strongs` (a concordance), `speakers` (BSB), `deuterocanon` (books beyond the 66)',
      ),
      checksum: text(
        "`sha256:` and the hex digest of its download's JSON (/translations/{id}/download uncoded: everything it holds, text, headings and notes): changes exactly when the download does; the download's ETag is this value, quoted",
      ),
      download: Type.Object(
        {
          url: text('The download\'s path (`/api/v1/translations/KJV/download`)'),
          bytes: optional(
            Type.Object(
              { br: integer('Sent to a client accepting brotli'), gzip: integer('Sent to a client accepting gzip but not brotli'), identity: integer('Uncoded JSON') },
              { description: 'Its size in each coding; absent while the build has not compiled the downloads' },
            ),
          ),
        },
        { description: 'The whole translation as one JSON document (TranslationDownload)' },
      ),
      books: arrayOf(ref(TranslationBook), 'In its own order (the deuterocanon after Malachi)'),
    },
    { description: 'A translation this server serves' },
  ),
);

export const TranslationDownloadChapter = component(
  'TranslationDownloadChapter',
  Type.Object(
    {
      chapter: integer(),
      osis: text('`Gen.1`'),
      headings: arrayOf(ref(Heading), 'As /passage/{chapter}?translation= gives them'),
      verses: arrayOf(ref(Verse), 'Every verse slot, empty ones `omitted: true`, as /passage/{chapter}?translation= gives them'),
    },
    { description: 'One chapter of a translation\'s download' },
  ),
);

export const TranslationDownload = component(
  'TranslationDownload',
  Type.Object(
    {
      ...translationAboutMembers,
      books: arrayOf(
        Type.Object(
          {
            id: text('OSIS book id (`Gen`, `Tob`, `1Macc`)'),
            name: text('English name'),
            title: text('The title the translation gives it (`Génesis`)'),
            deuterocanonical: boolean('True for a book of the deuterocanon'),
            chapters: arrayOf(ref(TranslationDownloadChapter), 'The chapters it has, in order'),
          },
          { description: 'A book of the download' },
        ),
        'In the translation\'s own order (the WEB\'s deuterocanon after Malachi)',
      ),
    },
    { description: 'A whole translation for an offline copy: its facts, then every book, chapter, heading and verse' },
  ),
);

export const Translations = component(
  'Translations',
  Type.Object({
    count: integer(),
    default: TranslationIdSchema,
    translations: arrayOf(ref(Translation), 'The default (BSB) first'),
    licence: ref(Licence),
  }),
);
