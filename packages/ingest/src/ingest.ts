// `skg ingest`: checks the pinned sources, builds every collection, writes the bundle and reports.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_XREF_MIN_VOTES, type ProgressListener, startStage } from '@skg/core';
import { createBundleWriter } from './bundle-writer.ts';
import { checkSources } from './check-sources.ts';
import type { Collection, CollectionResult, IngestContext } from './collections/collection.ts';
import { mergeChapterRelations } from './chapter-relations.ts';
import { mergeChapterSections } from './chapter-sections.ts';
import { COLLECTIONS, INGEST_NEEDS } from './collections/registry.ts';
import { countCitations, createSourceDocuments, SOURCES_FOLDER } from './collections/sources.ts';
import { type BundleFile, createDocumentFile } from './document.ts';
import { buildCollectionInThread } from './internal/collection-thread.ts';
import { mapConcurrent } from './internal/map-concurrent.ts';
import { IngestError, type IngestReport } from './report.ts';
import { createLog, createRootIndex } from './root-files.ts';
import { SourcesError } from './source-problems.ts';
import { getNewestPublished, readSourcesManifest, selectSourceFiles, type SourcesManifest } from './sources-manifest.ts';
import { GENERATOR } from './version.ts';

export interface IngestOptions {
  /** Directory holding the pinned upstream files. */
  readonly sourcesDir: string;
  /** The bundle directory; replaced as a whole when the ingest succeeds. */
  readonly bundleDir: string;
  /** The bundle's `generated` time (ISO 8601). Default: the newest pinned source date. */
  readonly generatedAt?: string | undefined;
  /** Default: the manifest shipped with this package. */
  readonly manifest?: SourcesManifest;
  /** The collections to build, in order. Default: every registered collection (`COLLECTIONS`). */
  readonly collections?: readonly Collection[];
  /**
   * Cross references with at least this many votes become links between chapters (an integer, 1 or
   * more). Default `DEFAULT_XREF_MIN_VOTES` (20, the API's floor). Every row is kept in the data file
   * whatever the floor.
   */
  readonly xrefMinVotes?: number | undefined;
  /**
   * Told as each stage starts and ends: `sources` (the pinned files checked), each collection by name,
   * `merge` (chapter relations and sections, source documents, the file list), `write` (the bundle).
   */
  readonly onProgress?: ProgressListener | undefined;
  /**
   * Build the collections marked `ownThread` in worker threads, beside the others (default true);
   * false builds every collection in this thread, one after the other. The bundle is the same bytes.
   */
  readonly threads?: boolean | undefined;
}

/**
 * Builds the bundle from the sources and returns the report. Throws a `SourcesError` when a needed file
 * is missing or altered, an `IngestError` (carrying the report) when a collection finds errors; in
 * both cases the bundle directory is left as it was.
 */
export async function ingest(options: IngestOptions): Promise<IngestReport> {
  const started = performance.now();
  const sourcesDir = path.resolve(options.sourcesDir);
  const bundleDir = path.resolve(options.bundleDir);
  const manifest = options.manifest ?? (await readSourcesManifest());
  const generated = { by: GENERATOR, at: resolveGeneratedAt(options.generatedAt, manifest) };
  const xrefMinVotes = options.xrefMinVotes ?? DEFAULT_XREF_MIN_VOTES;
  if (!Number.isInteger(xrefMinVotes) || xrefMinVotes < 1) throw new Error(`xrefMinVotes must be an integer of 1 or more, got ${xrefMinVotes}`);

  const collections = options.collections ?? COLLECTIONS;
  const needs = options.collections ? collections.flatMap((collection) => collection.needs) : INGEST_NEEDS;
  const needed = selectSourceFiles(manifest, needs);
  let stage = 0;
  const begin = (name: string) => startStage(options.onProgress, name, { index: (stage += 1), total: collections.length + 3 });
  const checked = begin('sources');
  const problems = await checkSources(sourcesDir, { manifest, needs });
  if (problems.length > 0) throw new SourcesError(problems, { sourcesDir, total: needed.length });
  checked(`${needed.length} pinned files`);

  const context: IngestContext = {
    sourcesDir,
    manifest,
    generated,
    xrefMinVotes,
    readText: (file) => readFile(path.join(sourcesDir, file), 'utf8'),
  };
  // The heaviest collections start first, each in a thread of its own, and are taken in their turn.
  const threaded = new Map<Collection, Promise<CollectionResult>>();
  if (options.threads !== false) {
    for (const collection of collections) {
      if (!collection.ownThread || !COLLECTIONS.includes(collection)) continue;
      const running = buildCollectionInThread(collection.name, context);
      running.catch(() => {}); // seen when awaited in its turn
      threaded.set(collection, running);
    }
  }
  const results: CollectionResult[] = [];
  for (const collection of collections) {
    const built = begin(collection.name);
    const inThread = threaded.get(collection);
    const result = await (inThread ?? collection.build(context));
    built(`${result.documents.length} documents${inThread ? ', in its own thread' : ''}`);
    results.push(result);
  }

  const merged = begin('merge');
  const documents = mergeChapterSections(
    mergeChapterRelations(
      results.flatMap((result) => result.documents),
      results.flatMap((result) => result.chapterRelations ?? []),
    ),
    results.flatMap((result) => result.chapterSections ?? []),
  );
  const usage = countCitations(documents);
  const sources = createSourceDocuments(manifest, usage, needed, generated);
  const reports = [...results.map((result) => result.report), sources.report];
  const rootInput = {
    generated: generated.at,
    generator: GENERATOR,
    // Several collections may write one folder (`references`): each folder is listed once.
    folders: [...new Map([...collections.map((collection) => collection.folder), SOURCES_FOLDER].map((folder) => [folder.path, folder])).values()],
    collections: reports,
    cited: [...usage.keys()].sort(),
    manifest,
  };
  const files: BundleFile[] = [
    createRootIndex(rootInput),
    createLog(rootInput),
    ...results.flatMap((result) => result.files),
    ...sources.files,
    ...[...documents, ...sources.documents].map(createDocumentFile),
  ];
  merged(`${files.length} files`);

  const report = (): IngestReport => ({
    bundleDir,
    sourcesDir,
    generated: generated.at,
    generator: GENERATOR,
    collections: reports,
    files: files.length,
    durationMs: performance.now() - started,
  });
  if (reports.some((collection) => collection.errors.length > 0)) throw new IngestError(report());

  const written = begin('write');
  const writer = await createBundleWriter(bundleDir);
  try {
    await mapConcurrent(files, 16, (file) => writer.writeFile(file.path, file.content));
    await writer.commit();
  } catch (error) {
    await writer.discard();
    throw error;
  }
  written(bundleDir);
  return report();
}

/** The given time normalised to ISO 8601 UTC, or the newest pinned source date. */
function resolveGeneratedAt(given: string | undefined, manifest: SourcesManifest): string {
  if (given === undefined) return getNewestPublished(manifest);
  const time = Date.parse(given);
  if (Number.isNaN(time)) throw new Error(`generatedAt must be an ISO 8601 date-time, got '${given}'`);
  return new Date(time).toISOString();
}
