// `build`: runs the stages discover → parse → validate → link → index → shard → write over a bundle
// and reports what happened. Nothing is written when any stage reported an error. `optional` names the
// optional artefacts to build (default all, OPTIONAL_ARTEFACTS); the manifest says which were built.

import path from 'node:path';
import { type Manifest, OPTIONAL_ARTEFACTS, type OptionalArtefactName, type ProgressListener, runStage } from '@skg/core';
import { createConnectionsArtefact } from './codecs/connections.ts';
import { createInterlinearArtefact } from './codecs/interlinear.ts';
import { createTranslationsArtefact } from './codecs/translations.ts';
import { createCrossReferencesArtefact } from './codecs/xrefs.ts';
import { type Diagnostic, Diagnostics, type StageName, STAGES } from './diagnostics.ts';
import { aggregateConnections, type ConnectionsAggregate } from './stages/aggregate-connections.ts';
import { discover, type DiscoveredBundle } from './stages/discover.ts';
import { type CrossReferenceIndex, indexCrossReferences } from './stages/index-cross-references.ts';
import { type GraphIndexData, indexGraph } from './stages/index-graph.ts';
import { indexScripture, type ScriptureIndexData } from './stages/index-scripture.ts';
import { link, type LinkedScripture } from './stages/link.ts';
import { parse, type ParsedBundle } from './stages/parse.ts';
import { type InterlinearData, shardInterlinear } from './stages/shard-interlinear.ts';
import { collectBsbConcordance, shardTranslations, type TranslationsData } from './stages/shard-translations.ts';
import { validate, type ValidatedBundle } from './stages/validate.ts';
import { type EncodedArtefact, type RenderHook, write, type WriteResult } from './stages/write.ts';

export interface BuildOptions {
  readonly bundleDir: string;
  readonly distDir: string;
  /**
   * The optional artefacts to build (`interlinear`, `connections`, `translations`); default all of OPTIONAL_ARTEFACTS.
   * A stage that makes one runs only when `optional.has(name)`.
   */
  readonly optional?: ReadonlySet<OptionalArtefactName>;
  /** Progress lines (one per stage); silent when absent. */
  readonly log?: (message: string) => void;
  /**
   * Renders artefacts from the written build before the manifest is switched: `skg build` passes the
   * server's response renderer (the compiler never imports the server). Absent: no response artefact.
   */
  readonly render?: RenderHook;
  /** Told as each stage starts and ends (`discover` … `write`). */
  readonly onProgress?: ProgressListener;
}

/** Every optional artefact: the default of `BuildOptions.optional`. */
export const ALL_OPTIONAL_ARTEFACTS: ReadonlySet<OptionalArtefactName> = new Set(OPTIONAL_ARTEFACTS);

export interface BuildCounts {
  readonly documents: number;
  readonly books: number;
  readonly chapters: number;
  readonly verses: number;
  readonly omitted: number;
  readonly indexedVerses: number;
  readonly distinctWords: number;
  /** Graph edges: typed relations, body links and source citations that resolve. */
  readonly edges: number;
  /** Typed relations as stored (resolved or not). */
  readonly relations: number;
  readonly brokenLinks: number;
  readonly tags: number;
  /** Verses with interlinear data, and their entries (0 when the interlinear was not built). */
  readonly interlinearVerses: number;
  readonly interlinearEntries: number;
}

export interface BuildReport {
  /** True when the build wrote a new manifest: no stage reported an error. */
  readonly ok: boolean;
  readonly bundleDir: string;
  readonly distDir: string;
  /** Every diagnostic, sorted by stage, file and line. */
  readonly diagnostics: readonly Diagnostic[];
  /** The error that stopped the build at its stage (no bundle, no root index.md); later stages did not run. */
  readonly fatal?: Diagnostic;
  readonly errors: number;
  readonly warnings: number;
  readonly counts: BuildCounts;
  /** Milliseconds per stage that ran, the render hook's (`render`, part of `write`), and `total`. */
  readonly timings: Readonly<Partial<Record<StageName | 'render' | 'total', number>>>;
  /** The manifest written, when `ok`. */
  readonly manifest?: Manifest;
  /** Absolute path of the build directory written, when `ok`. */
  readonly buildDir?: string;
  /** Old build directories removed by this build. */
  readonly removed?: readonly string[];
}

/** Stage results up to and including a stage; what `skg inspect --stage` shows. */
export interface StageResults {
  discover?: DiscoveredBundle;
  parse?: ParsedBundle;
  validate?: ValidatedBundle;
  link?: LinkedScripture | null;
  index?: ScriptureIndexData;
  /** The index stage's graph half: concept search, tags, orders, geo, verse context, totals. */
  graphIndex?: GraphIndexData;
  /** The shard stage's interlinear verses; null when the bundle holds no interlinear data files. */
  interlinear?: InterlinearData | null;
  /** The shard stage's translations beside the BSB; null when the bundle holds none. */
  translations?: TranslationsData | null;
  /** The shard stage's cross references (the xrefs shards are built from them). */
  crossReferences?: CrossReferenceIndex;
  /** The connections aggregate; absent when not asked for or the bundle has no cross references. */
  connections?: ConnectionsAggregate;
  write?: WriteResult;
}

const STAGE_ORDER = new Map(STAGES.map((s, i) => [s, i]));

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (STAGE_ORDER.get(a.stage) ?? 0) - (STAGE_ORDER.get(b.stage) ?? 0) ||
      compareStrings(a.file ?? '', b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      compareStrings(a.message, b.message),
  );
}

interface RunOptions {
  readonly bundleDir: string;
  readonly distDir?: string;
  /** Last stage to run; `write` needs `distDir`. */
  readonly until: StageName;
  /** The optional artefacts to build; default all. */
  readonly optional?: ReadonlySet<OptionalArtefactName>;
  readonly log?: (message: string) => void;
  readonly render?: RenderHook;
  readonly onProgress?: ProgressListener;
}

/**
 * Runs the stages in order up to `until`, timing each. Stops before `index` when an error has been
 * reported (a refused bundle is never indexed or written).
 */
export async function runStages(
  options: RunOptions,
  diagnostics = new Diagnostics(),
): Promise<{ results: StageResults; diagnostics: Diagnostics; timings: Partial<Record<StageName, number>> }> {
  const results: StageResults = {};
  const timings: Partial<Record<StageName, number>> = {};
  const log = options.log ?? (() => {});
  const last = STAGE_ORDER.get(options.until) ?? STAGES.length - 1;
  async function time<T>(stage: StageName, run: () => T | Promise<T>): Promise<T> {
    const start = performance.now();
    const position = { index: (STAGE_ORDER.get(stage) ?? 0) + 1, total: last + 1 };
    const value = await runStage(options.onProgress, stage, position, run);
    timings[stage] = Math.round((performance.now() - start) * 10) / 10;
    log(`${stage}: ${timings[stage]} ms`);
    return value;
  }
  const discovered = await time('discover', () => discover({ bundleDir: options.bundleDir }, diagnostics));
  results.discover = discovered;
  // A fatal error (no bundle) stops the build here: later stages would only report empty totals.
  if (last < 1 || diagnostics.firstFatal) return { results, diagnostics, timings };
  const parsed = await time('parse', () => parse(discovered, diagnostics));
  results.parse = parsed;
  if (last < 2) return { results, diagnostics, timings };
  const validated = await time('validate', () => validate(parsed, diagnostics));
  results.validate = validated;
  if (last < 3) return { results, diagnostics, timings };
  const linked = await time('link', () => link(validated, diagnostics));
  results.link = linked;
  if (last < 4 || !linked || diagnostics.errorCount > 0) return { results, diagnostics, timings };
  const [index, graphIndex] = await time('index', () => [indexScripture(linked, diagnostics), indexGraph(linked.graph, diagnostics)] as const);
  results.index = index;
  results.graphIndex = graphIndex;
  if (last < 5 || diagnostics.errorCount > 0) return { results, diagnostics, timings };
  const optional = options.optional ?? ALL_OPTIONAL_ARTEFACTS;
  const artefacts: EncodedArtefact[] = [];
  await time('shard', async () => {
    if (optional.has('interlinear')) {
      const interlinear = await shardInterlinear({ bundleDir: options.bundleDir, scripture: linked }, diagnostics);
      results.interlinear = interlinear;
      if (interlinear) artefacts.push(createInterlinearArtefact(linked, interlinear));
    }
    if (optional.has('translations')) {
      const read = await shardTranslations({ bundleDir: options.bundleDir }, diagnostics);
      const translations = read && results.interlinear ? { ...read, bsb: collectBsbConcordance(results.interlinear) } : read;
      results.translations = translations;
      if (translations) artefacts.push(createTranslationsArtefact(translations));
    }
    const crossReferences = await indexCrossReferences({ bundleDir: options.bundleDir, scripture: linked }, diagnostics);
    results.crossReferences = crossReferences;
    artefacts.push(createCrossReferencesArtefact(linked.chapters, crossReferences));
    if (optional.has('connections') && crossReferences.file !== null) {
      results.connections = aggregateConnections({ crossReferences, scripture: linked });
      artefacts.push(createConnectionsArtefact(results.connections));
    }
  });
  if (last < 6 || diagnostics.errorCount > 0) return { results, diagnostics, timings };
  if (!options.distDir) throw new Error('runStages: the write stage needs distDir');
  const distDir = options.distDir;
  results.write = await time('write', () =>
    write(
      { distDir, scripture: linked, index, graphIndex, artefacts, optional, ...(options.render ? { render: options.render } : {}), ...(options.log ? { log: options.log } : {}) },
      diagnostics,
    ),
  );
  return { results, diagnostics, timings };
}

/** Compiles a bundle into `distDir`. Never throws for problems in the bundle: see `report.ok`. */
export async function build(options: BuildOptions): Promise<BuildReport> {
  const start = performance.now();
  const bundleDir = path.resolve(options.bundleDir);
  const distDir = path.resolve(options.distDir);
  const { results, diagnostics, timings } = await runStages({
    bundleDir,
    distDir,
    until: 'write',
    ...(options.optional ? { optional: options.optional } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.render ? { render: options.render } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const linked = results.link ?? undefined;
  const written = results.write;
  const counts: BuildCounts = {
    documents: results.validate?.documents.length ?? 0,
    books: linked?.books.length ?? 0,
    chapters: linked?.chapters.length ?? 0,
    verses: linked?.verseCount ?? 0,
    omitted: linked?.omittedCount ?? 0,
    indexedVerses: results.index?.indexed ?? 0,
    distinctWords: results.index?.vocabulary.length ?? 0,
    edges: linked?.graph.edgeCount ?? 0,
    relations: linked?.graph.relations.length ?? 0,
    brokenLinks: linked?.graph.brokenLinks ?? 0,
    tags: results.graphIndex?.tags.length ?? 0,
    interlinearVerses: results.interlinear?.verses.length ?? 0,
    interlinearEntries: results.interlinear?.entries ?? 0,
  };
  return {
    ok: written !== undefined && diagnostics.errorCount === 0,
    bundleDir,
    distDir,
    diagnostics: sortDiagnostics(diagnostics.list),
    ...(diagnostics.firstFatal ? { fatal: diagnostics.firstFatal } : {}),
    errors: diagnostics.errorCount,
    warnings: diagnostics.warningCount,
    counts,
    timings: {
      ...timings,
      ...(written?.renderMs !== undefined ? { render: written.renderMs } : {}),
      total: Math.round((performance.now() - start) * 10) / 10,
    },
    ...(written ? { manifest: written.manifest, buildDir: written.buildDir, removed: written.removed } : {}),
  };
}
