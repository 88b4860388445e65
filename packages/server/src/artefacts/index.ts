// The reading side of dist/: loading and checking the artefacts, scripture search and the knowledge graph.
export type {
  BookConnectionsRecord,
  BookPairRecord,
  ChangelogRecord,
  ChapterConnectionsRecord,
  ChapterPairRecord,
  ChapterRecord,
  ConceptQuery,
  ConnectionDirection,
  ConnectionsStore,
  ConnectionTotals,
  ConnectionWeight,
  CrossReferenceQuery,
  CrossReferenceRecord,
  CrossReferenceStore,
  DataSet,
  DocumentRecord,
  GraphEdge,
  GraphStats,
  GraphStore,
  InboundRelationRecord,
  InterlinearEntryRecord,
  InterlinearLanguage,
  InterlinearStore,
  InterlinearVerseRecord,
  ListQuery,
  ListSort,
  NodeSummaryRecord,
  Page,
  PredicateUsage,
  RelationRecord,
  ScriptureHit,
  ScriptureQuery,
  ScriptureSearchResult,
  ScriptureStore,
  SourceRef,
  TranslationStore,
  TranslationText,
  TranslationVerse,
  VerseContext,
  VerseKey,
} from './types.ts';
export { loadDataSet, type LoadDataSetOptions } from './dataset.ts';
export { checkDist, inspectDist, formatDistProblem, MANIFEST_FILE, type CheckDistOptions, type DistInspection, type DistProblem } from './check-dist.ts';
export { parseScriptureQuery, type ScriptureQueryTerms } from './scripture-query.ts';
export { createScriptureSearch, type ScriptureSearch } from './scripture-search.ts';
export { createScriptureStore } from './scripture-store.ts';
export { loadVerseStore, type VerseStore, type ChapterSlot } from './verses.ts';
export { loadChapterDocuments, type ChapterDocuments, type ChapterDocument } from './chapters.ts';
export { loadScriptureIndex, createScriptureFlexIndex, type ScriptureIndex } from './scripture-index.ts';
export { openArtefactFile, createMemoryArtefactFile, type ArtefactFile } from './artefact-file.ts';
export { loadGraphDocuments, DOCUMENTS_TAIL_OFFSET_AT, type GraphDocuments, type ListOrder } from './graph-documents.ts';
export { loadGraphEdges, type GraphEdges, type GraphMeta, type StoredRelation } from './graph-edges.ts';
export { loadConceptIndex, createConceptTextIndex, CONCEPTS_TAIL_OFFSET_AT, type ConceptIndex } from './graph-concepts.ts';
export { openGraphBodies, BODIES_TAIL_OFFSET_AT, type GraphBodies } from './graph-bodies.ts';
export { createGraphStore, haversineKm, type GraphArtefacts } from './graph-store.ts';
export { createConceptSearch, type ConceptSearch } from './graph-search.ts';
export { loadInterlinear, INTERLINEAR_TAIL_OFFSET_AT } from './interlinear.ts';
export { loadTranslations, TRANSLATIONS_TAIL_OFFSET_AT } from './translations.ts';
export { loadChangelog } from './changelog.ts';
export { loadCrossReferences } from './xrefs.ts';
export { loadConnections } from './connections.ts';
export { loadResponses, RESPONSES_TAIL_OFFSET_AT, type ResponseStore } from './responses.ts';
