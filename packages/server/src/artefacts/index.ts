// The reading side of dist/: loading and checking the artefacts, and scripture search.
export type { ChapterRecord, DataSet, ScriptureHit, ScriptureQuery, ScriptureSearchResult, ScriptureStore } from './types.ts';
export { loadDataSet } from './dataset.ts';
export { checkDist, inspectDist, formatDistProblem, MANIFEST_FILE, type CheckDistOptions, type DistInspection, type DistProblem } from './check-dist.ts';
export { parseScriptureQuery, type ScriptureQueryTerms } from './scripture-query.ts';
export { createScriptureSearch, type ScriptureSearch } from './scripture-search.ts';
export { createScriptureStore } from './scripture-store.ts';
export { loadVerseStore, type VerseStore, type ChapterSlot } from './verses.ts';
export { loadChapterDocuments, type ChapterDocuments, type ChapterDocument } from './chapters.ts';
export { loadScriptureIndex, createScriptureFlexIndex, type ScriptureIndex } from './scripture-index.ts';
