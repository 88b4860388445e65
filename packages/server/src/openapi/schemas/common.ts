// Shapes many bodies share: the licence, the error body, a document summary, a book, a verse.

import { ERROR_CODES, LICENCE_CC_BY, LICENCE_CC_BY_SA, TRANSLATION_IDS } from '@skg/core';
import { ERROR_MEANINGS } from '../../errors.ts';
import { always, arrayOf, component, integer, number, oneOfStrings, optional, ref, text, Type } from './declare.ts';

export const Licence = component(
  'Licence',
  Type.Object({
    text: text('Licence statement for the scripture text'),
    data: text('Licence statement for the data'),
    document: optional(Type.Unsafe<string>({ type: 'string', enum: [LICENCE_CC_BY, LICENCE_CC_BY_SA], description: 'Licence of the single document fetched' })),
    shareAlike: text('Share-alike statement'),
    reason: optional(
      text(
        'Why this answer has the document licence it has: on a CC BY-SA 4.0 document, the source that makes it so (events, people with a ' +
          'Theographic partner or parent, the Theographic and OpenGNT sources, the interlinear dataset)',
      ),
    ),
    attribution: Type.String({ format: 'uri-reference', description: 'Attribution page' }),
  }),
);

export const ErrorBody = component(
  'Error',
  Type.Object(
    {
      error: text('Human-readable; wording may change'),
      code: oneOfStrings(ERROR_CODES, 'Machine-readable contract: branch on this'),
      requestId: text('Also sent as X-Request-Id'),
      param: optional(text('Offending parameter where one can be named')),
      available: optional(arrayOf(text(), 'Legal values when the failure was an unrecognised enum')),
      docs: optional(text('Link to this error documentation')),
    },
    {
      description:
        'Every failure body. Codes:\n' +
        ERROR_CODES.map((code) => `- \`${code}\`: ${ERROR_MEANINGS[code]}`).join('\n') +
        '\n\nRetryable: dataset_unavailable and rate_limited, after `Retry-After` seconds.',
    },
  ),
);

export const Testament = oneOfStrings(['OT', 'NT'] as const);

/** The members of a NodeSummary, for the shapes that extend it. */
export const nodeSummaryMembers = {
  id: text('Site route, e.g. /people/isaac; strip the leading slash to use as a path'),
  title: text(),
  type: text('One of the twelve type values'),
  description: optional(text()),
  degree: integer('Graph edges touching the document'),
  lat: optional(number()),
  lon: optional(number()),
  strongs: optional(text()),
  osis: optional(text()),
  shareAlike: optional(always(true, 'Present, always true, only on CC BY-SA 4.0 documents')),
};

export const NodeSummary = component('NodeSummary', Type.Object(nodeSummaryMembers));

export const BookSummary = component(
  'BookSummary',
  Type.Object({ id: text('OSIS book id'), name: text(), slug: text(), testament: Testament, chapters: integer() }),
);

export const BookRef = component('BookRef', Type.Object({ id: text('OSIS book id'), name: text(), slug: text(), testament: Testament }));

/** A translation id (`BSB`, `KJV`, `WEB`, `RV1909`). */
export const TranslationIdSchema = oneOfStrings(TRANSLATION_IDS, 'A translation id, as /translations lists them');

export const Footnote = component(
  'Footnote',
  Type.Object(
    {
      offset: integer('Where the note stands in the verse `text` (in a heading, the heading `text`): a string index (UTF-16 code units); the note follows the text before it'),
      text: text("The note as the translation prints it"),
      type: oneOfStrings(['footnote', 'crossReference'] as const, '`crossReference` for a note listing other passages (the WEB has them); the BSB\'s are all `footnote`'),
    },
    { description: "A translation's footnote on a verse or in a heading" },
  ),
);

const span = (description: string) =>
  arrayOf(Type.Array(Type.Integer(), { minItems: 2, maxItems: 2, description: '[start, end) in UTF-16 code units of `text`' }), description);

/** What a translation's source marks in a verse's text (on the BSB's verses: its footnotes only). */
const verseMarks = {
  footnotes: optional(
    arrayOf(ref(Footnote), "The translation's footnotes on the verse, in text order (an empty slot's says why it is empty); the BSB's translators' notes too. Absent when it has none"),
  ),
  added: optional(span('Words the translators supplied (printed in italics): the KJV and the RV1909 mark them')),
  wordsOfJesus: optional(span('Words spoken by Jesus (red letters): the KJV and the WEB mark them')),
};

export const Heading = component(
  'Heading',
  Type.Object(
    {
      text: text('The heading as the translation prints it'),
      before: text('OSIS id of the verse the heading is printed before (inside, when midVerse)'),
      level: Type.String({
        description:
          'The USFM marker: `s1`/`s2` section headings, `d` a Psalm title (superscription), `qa` an acrostic letter, ' +
          '`ms` a major section (the five books of Psalms), `mr` its range, `r` parallel passages',
        examples: ['s1', 'd'],
      }),
      midVerse: optional(always(true, 'Present, always true, when the heading falls inside verse `before`, after its first words (Song 6:13)')),
      footnotes: optional(
        arrayOf(ref(Footnote), "The translation's footnotes in the heading, `offset` a string index of the heading's `text` (the BSB's in Psalm titles: `Ps.7.1`). Absent when it has none"),
      ),
    },
    { description: 'A heading printed in the text, anchored to a verse' },
  ),
);

export const ParallelVerse = component(
  'ParallelVerse',
  Type.Object(
    {
      translation: TranslationIdSchema,
      text: text('Empty when the translation has the slot empty, or no such slot'),
      omitted: optional(always(true, 'Present, always true, when the translation has the slot empty')),
      absent: optional(always(true, 'Present, always true, when the translation has no such verse slot')),
      ...verseMarks,
      headings: optional(
        arrayOf(ref(Heading), "The headings this translation prints before (or inside) the verse, such as a Psalm's title (`Ps.3.1`); absent when none"),
      ),
    },
    { description: 'One translation of a verse slot in a parallel answer' },
  ),
);

export const Verse = component(
  'Verse',
  Type.Object({
    chapter: optional(integer('Present only on the verses of a range across chapters (`Gen.1.1-Gen.2.3`)')),
    verse: integer(),
    osis: text(),
    text: text('Empty when the translation omits the verse'),
    omitted: optional(always(true, 'Present, always true, only for omitted verses')),
    speaker: optional(text('Attributed speaker where recorded (BSB)')),
    ...verseMarks,
    parallel: optional(arrayOf(ref(ParallelVerse), 'In a parallel answer (`translation=BSB,KJV`): each translation asked for, in order, aligned by slot')),
  }),
);

export const DatasetAvailability = component(
  'DatasetAvailability',
  oneOfStrings(['available', 'unavailable'] as const, '`available` means the optional dataset is built'),
);

export const Relation = component(
  'Relation',
  Type.Object(
    {
      predicate: text(),
      from: optional(text('Verse the edge is anchored to, for chapter documents')),
      target: text('Site route of the target'),
      targetType: text(),
      title: text(),
      surface: optional(text()),
      note: optional(text()),
      verses: optional(integer('narrated-in: how many verses of the chapter narrate the event')),
      source: optional(text('Which upstream dataset asserted the edge')),
    },
    { additionalProperties: true, description: 'An outbound typed edge; further members may appear' },
  ),
);

export const InboundRelation = component(
  'InboundRelation',
  Type.Object({
    predicate: text('The inverse predicate, e.g. child-of'),
    statedAs: text('How the asserting document wrote it, e.g. parent-of'),
    source: text('Site route of the asserting document'),
    sourceType: optional(text()),
    title: optional(text()),
    from: optional(text()),
    surface: optional(text()),
    note: optional(text()),
  }),
);
