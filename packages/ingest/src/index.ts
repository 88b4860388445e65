// @skg/ingest: upstream open datasets → an OKF 0.2 bundle (see docs/bundle-format.md).

export { ingest, type IngestOptions } from './ingest.ts';
export { DEFAULT_XREF_MIN_VOTES } from '@skg/core';
export { checkSources, type CheckSourcesOptions } from './check-sources.ts';
export { fetchSources, type FetchReport, type FetchSourcesOptions, type FetchStatus } from './fetch-sources.ts';
export {
  formatSourceProblems,
  HOW_TO_GET_SOURCES,
  type SourceProblem,
  type SourceProblemKind,
  SourcesError,
} from './source-problems.ts';
export {
  assertSourcesManifest,
  DEFAULT_SOURCES_MANIFEST,
  getNewestPublished,
  getSourceEntry,
  readSourcesManifest,
  selectSourceFiles,
  type SourceEntry,
  type SourceFile,
  type SourcesManifest,
} from './sources-manifest.ts';
export {
  type CollectionReport,
  formatCollectionReport,
  formatCount,
  formatIngestReport,
  IngestError,
  type IngestReport,
  type SkipCount,
} from './report.ts';
export { COLLECTIONS, INGEST_NEEDS } from './collections/registry.ts';
export type { Collection, CollectionResult, Generated, IngestContext } from './collections/collection.ts';
export { BSB_OMITTED_VERSES, createScriptureDocuments, scriptureCollection, type ScriptureInput } from './collections/scripture.ts';
export { countCitations, createSourceDocuments, getCitedSources } from './collections/sources.ts';
export { type BundleDocument, type BundleFile, createDocumentFile, escapeMarkdown, formatDocument } from './document.ts';
export { formatFlow, formatFrontmatter, formatScalar, type Frontmatter, type FrontmatterValue } from './frontmatter.ts';
export { type KjvSlots, parseKjvSlots } from './kjv-slots.ts';
export {
  CERTAIN_QUOTE_TYPES,
  formatVerseKey,
  parseCharacterVerse,
  type SpeakerRowSkip,
  type SpeakerTable,
  type SpeakerVerseSkip,
} from './speakers.ts';
export {
  normaliseWhitespace,
  parseUsfm,
  removeCharacterMarkers,
  readFootnote,
  removeNotes,
  type UsfmBook,
  type UsfmChapter,
  type UsfmHeading,
  type UsfmVerse,
} from './usfm.ts';
export { GENERATOR, INGEST_VERSION } from './version.ts';
export { parseImpLines, readImpRecords, type ImpRecord } from './translations/imp-records.ts';
export {
  type Footnote,
  type Heading,
  type OsisVerse,
  parseOsisVerse,
  type StrongsWord,
  type TextSpan,
} from './translations/osis-verse.ts';
export {
  readTranslation,
  readTranslationFile,
  type ReadTranslationOptions,
  type TranslationBook,
  type TranslationReport,
  type TranslationText,
  type TranslationVerse,
} from './translations/read-translation.ts';
export { SWORD_BOOKS, type SwordBook, type Versification } from './translations/sword-books.ts';
export { readTranslationSource, TRANSLATION_SOURCES, type TranslationSource } from './translations/translation-sources.ts';
export {
  createTranslationFiles,
  createTranslationsResult,
  type TranslationBookFile,
  type TranslationRead,
  type TranslationVerseLine,
  translationsCollection,
} from './collections/translations.ts';
