// @skg/compiler: bundle → dist. `build` runs every stage; the stages are exported for tests and
// `skg inspect --stage`.
export { build, runStages, ALL_OPTIONAL_ARTEFACTS, type BuildOptions, type BuildReport, type BuildCounts, type StageResults } from './build.ts';
export { Diagnostics, formatDiagnostic, STAGES, type Diagnostic, type Severity, type StageName } from './diagnostics.ts';
export { discover, type DiscoveredBundle, type DiscoveredFile } from './stages/discover.ts';
export { parse, type ParsedBundle, type ParsedDocument } from './stages/parse.ts';
export {
  validate,
  type ValidatedBundle,
  type BundleInfo,
  type BookDoc,
  type ChapterDoc,
  type VerseDoc,
  type DocumentSummary,
} from './stages/validate.ts';
export { link, type LinkedScripture, type LinkedChapter } from './stages/link.ts';
export { indexScripture, type ScriptureIndexData } from './stages/index-scripture.ts';
export { write, computeDataVersion, MANIFEST_FILE, BUILDS_DIR, type WriteResult, type RenderHook, type RenderHookInput } from './stages/write.ts';
export { renderCurrentBuild, type RenderCurrentBuildOptions, type RenderCurrentBuildResult } from './render-current-build.ts';
export { COMPILER_NAME, COMPILER_VERSION } from './version.ts';
export { formatBuildReport } from './report.ts';
export { shardInterlinear, INTERLINEAR_FOLDER, type InterlinearData, type InterlinearEntry, type InterlinearVerse } from './stages/shard-interlinear.ts';
export { encodeInterlinear } from './codecs/interlinear.ts';
export { encodeChangelog } from './codecs/changelog.ts';
export { MODERN_SPELLINGS, createSpellingFolds } from './stages/modern-spellings.ts';
