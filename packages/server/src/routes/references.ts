// GET /references: the references in free text as people write them ("Jn 3:16-18; Rom 8:28", "Juan 3:16"),
// each as KJV-versification OSIS with its human-readable form and whether our data has it; with
// `passages=true`, their text too, at most PASSAGE_VERSE_LIMIT verses per request.

import { ApiError, isApiError } from '@skg/core';
import type { FoundReference } from '../free-text/convert.ts';
import { findReferences, REFERENCE_LANGUAGES } from '../free-text/parse-text.ts';
import { readBoolean, readEnum, requireString, type StringParameter } from '../params.ts';
import { References } from '../openapi/schemas/index.ts';
import { defineRoute } from './define.ts';
import { countVerses, createPassageBody, PASSAGE_VERSE_LIMIT } from './passage.ts';
import { bsbText, type PassageText, readTranslations, TRANSLATION_PARAMETER, translationDocumentLicence, translationLicence } from './translation.ts';

/** Longest `q` read: parsing costs ~0.15 ms per reference, so this bounds one request's work. */
export const REFERENCE_TEXT_LIMIT = 1000;

const Q: StringParameter = {
  kind: 'string',
  name: 'q',
  in: 'query',
  required: true,
  description:
    `Text holding Bible references as people write them, at most ${REFERENCE_TEXT_LIMIT} characters: ` +
    '`Jn 3:16-18; Rom 8:28`, `Gen 1:1–2:3`, `1 Cor 13`, `Ps 23`, `Juan 3,16`',
  example: 'Jn 3:16-18; Rom 8:28',
};
const LANG: StringParameter = {
  kind: 'string',
  name: 'lang',
  in: 'query',
  required: false,
  description: 'Language of the book names (case-insensitive; default `en`)',
  enum: REFERENCE_LANGUAGES,
};
const PASSAGES: StringParameter = {
  kind: 'string',
  name: 'passages',
  in: 'query',
  required: false,
  description:
    `Include each reference's text as Passages (\`true\` or \`false\`, also \`1\` or \`0\`; default false), in order, ` +
    `until the next would pass ${PASSAGE_VERSE_LIMIT} verses in all`,
  schema: { type: 'boolean', default: false },
};

type Passages = Array<ReturnType<typeof createPassageBody> & { licence: ReturnType<typeof translationDocumentLicence> }>;

/** The passages of a reference's parts; none when a translation lacks one of its chapters or verses (a small bundle). */
function readPassages(texts: readonly PassageText[], parts: FoundReference['parts']): Passages | undefined {
  const licence = translationDocumentLicence(texts);
  try {
    return parts.map((part) => ({ ...createPassageBody(texts, part), licence }));
  } catch (error) {
    if (isApiError(error) && error.code === 'not_found' && texts[0]?.id !== 'BSB') return undefined;
    throw error;
  }
}

function formatFound(found: FoundReference, text: PassageText) {
  return {
    osis: found.osis,
    reference: found.reference,
    text: found.text,
    indices: found.indices,
    exists: found.exists,
    ...(found.warning !== undefined ? { warning: found.warning } : {}),
    ...(found.exists ? { verseCount: found.parts.reduce((sum, part) => sum + countVerses(text.canon, part), 0) } : {}),
  };
}

export const referencesRoute = defineRoute({
  path: '/references',
  operationId: 'parse_references',
  summary: 'Bible references in free text as people write them ("Jn 3:16-18; Rom 8:28"), as OSIS, optionally with their text',
  description:
    'Finds every reference in `q` with the OpenBible.info Bible Passage Reference Parser (book names, abbreviations and ' +
    "misspellings in the languages of `lang`), read in KJV versification, the data's own. Each reference gives `osis` in the " +
    "OSIS standard's full form (`John.3.16-John.3.18`, `Gen.1.1-Gen.2.3`; /passage accepts every one inside one book), " +
    '`reference` (English), the `text` it was read from and its `indices` in `q`, `exists` (false for a chapter or verse ' +
    'past the end, such as `John 3:99`, or a range that runs past its chapter, such as `Ps 117:1-3`, which also has a `warning`) and ' +
    '`verseCount`. Ordinary words the parser would read as books ("That is, 60 shekels", "10 am 3 days", "Hebrew; see verse 2") ' +
    'are not references unless a chapter and verse mark them (`Is 53:5`). Text with no reference answers an empty list. With `passages=true` ' +
    'each existing reference adds `passages`: one Passage per book it spans (verses of a range across chapters carry their ' +
    `\`chapter\`; no \`context\`: ask /passage for it), in order until the next would pass ${PASSAGE_VERSE_LIMIT} verses in ` +
    'all; the references after that have none and `truncated` is true. Comma-style verses (`Juan 3,16`) are read as such in ' +
    'every language but English when the text has no colon-style verse.',
  parameters: [Q, LANG, PASSAGES, { ...TRANSLATION_PARAMETER, description: `${TRANSLATION_PARAMETER.description}; read with passages=true` }],
  responseSchema: References,
  errorStatuses: [400],
  cache: 'data',
  async handle({ dataSet, query }) {
    const q = requireString(query.q, 'q');
    if (q.length > REFERENCE_TEXT_LIMIT) {
      throw new ApiError('invalid_parameter', `q holds ${q.length} characters; at most ${REFERENCE_TEXT_LIMIT} are read`, { param: 'q' });
    }
    const lang = readEnum(query.lang, 'lang', REFERENCE_LANGUAGES, (text) => text.toLowerCase()) ?? 'en';
    const withPassages = readBoolean(query.passages, 'passages');
    const texts = readTranslations(query.translation, dataSet);
    // Read in the first translation asked: its books (the WEB's deuterocanon) and its slots decide `exists`.
    const text = texts[0] ?? bsbText(dataSet.scripture);
    const found = await findReferences(q, lang, text.canon, text.findBook);
    let budget = PASSAGE_VERSE_LIMIT;
    let truncated = false;
    const references = found.map((entry) => {
      const item = formatFound(entry, text);
      if (!withPassages || !entry.exists) return item;
      if (truncated || (item.verseCount ?? 0) > budget) {
        truncated = true;
        return item;
      }
      budget -= item.verseCount ?? 0;
      const passages = readPassages(texts, entry.parts);
      return passages ? { ...item, passages } : item;
    });
    return {
      query: q,
      lang,
      count: references.length,
      references,
      ...(withPassages ? { verseLimit: PASSAGE_VERSE_LIMIT, truncated } : {}),
      licence: translationLicence(withPassages ? texts : []),
    };
  },
});
