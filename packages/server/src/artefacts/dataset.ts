// Loads a dist directory into the DataSet the routes read: checks the manifest, keeps each artefact
// as one buffer and decodes per request.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DOWNLOADS_ARTEFACT, type Manifest, OPTIONAL_ARTEFACTS, REQUIRED_ARTEFACTS, RESPONSES_ARTEFACT } from '@skg/core';
import { computeEtagBase } from '../etag-base.ts';
import { alignBuffer, assertLittleEndian } from './binary.ts';
import { loadChangelog } from './changelog.ts';
import { loadChapterDocuments } from './chapters.ts';
import { loadConnections } from './connections.ts';
import { formatDistProblem, inspectDist } from './check-dist.ts';
import { type ArtefactFile, openArtefactFile } from './artefact-file.ts';
import { BODIES_TAIL_OFFSET_AT, openGraphBodies } from './graph-bodies.ts';
import { CONCEPTS_TAIL_OFFSET_AT, loadConceptIndex } from './graph-concepts.ts';
import { DOCUMENTS_TAIL_OFFSET_AT, loadGraphDocuments } from './graph-documents.ts';
import { loadGraphEdges } from './graph-edges.ts';
import { createGraphStore } from './graph-store.ts';
import { INTERLINEAR_TAIL_OFFSET_AT, loadInterlinear } from './interlinear.ts';
import { loadResponses, RESPONSES_TAIL_OFFSET_AT, type ResponseStore } from './responses.ts';
import { DOWNLOADS_TAIL_OFFSET_AT, type DownloadStore, loadDownloads } from './downloads.ts';
import { loadScriptureIndex } from './scripture-index.ts';
import { createScriptureStore } from './scripture-store.ts';
import { loadTranslations, TRANSLATIONS_TAIL_OFFSET_AT } from './translations.ts';
import type { ConnectionsStore, DataSet } from './types.ts';
import { loadVerseStore } from './verses.ts';
import { loadCrossReferences } from './xrefs.ts';

export interface LoadDataSetOptions {
  /** Load the build this manifest names instead of reading `manifest.json` (the build's render step). */
  readonly manifest?: Manifest;
}

/**
 * The answers rendered ahead of time: an accelerator, not a dataset. Used only when rendered for this
 * data version by this server's response format (the same ETag base); otherwise, or when the file is
 * missing or broken, every answer is computed as if it were absent.
 */
function openStoredAnswers(dir: string, manifest: Manifest, broken: ReadonlySet<string | undefined>): ResponseStore | undefined {
  const entry = manifest.artefacts[RESPONSES_ARTEFACT];
  if (!entry || broken.has(RESPONSES_ARTEFACT)) return undefined;
  try {
    const store = loadResponses(openArtefactFile(path.join(dir, entry.file), entry.bytes, RESPONSES_TAIL_OFFSET_AT));
    return store.etagBase === computeEtagBase(manifest.dataVersion) ? store : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The translations' downloads the render step wrote (`downloads.bin`); absent when the build has none or
 * the file will not open (the download route then answers 503). Their content depends on the data only,
 * so they are used whatever the data version's ETag base.
 */
function openDownloads(dir: string, manifest: Manifest, broken: ReadonlySet<string | undefined>): DownloadStore | undefined {
  const entry = manifest.artefacts[DOWNLOADS_ARTEFACT];
  if (!entry || broken.has(DOWNLOADS_ARTEFACT)) return undefined;
  try {
    return loadDownloads(openArtefactFile(path.join(dir, entry.file), entry.bytes, DOWNLOADS_TAIL_OFFSET_AT));
  } catch {
    return undefined;
  }
}

/**
 * `dataSet` with the stored answers and downloads `manifest` names (a manifest of the same data version, as
 * `skg build --render-only` switches in), or without any when it names none: every other store is
 * shared, so the swap costs only the head of the response artefact. The caller has checked the file.
 */
export function withStoredAnswers(dataSet: DataSet, manifest: Manifest): DataSet {
  if (manifest.dataVersion !== dataSet.manifest.dataVersion) throw new Error(`stored answers of data ${manifest.dataVersion} cannot attach to data ${dataSet.manifest.dataVersion}`);
  const { responses: _previous, downloads: _previousDownloads, ...rest } = dataSet;
  const responses = openStoredAnswers(dataSet.dir, manifest, new Set());
  const downloads = openDownloads(dataSet.dir, manifest, new Set());
  return Object.freeze({ ...rest, manifest, ...(responses ? { responses } : {}), ...(downloads ? { downloads } : {}), loadedAt: new Date() });
}

/**
 * Loads `distDir`. Throws an Error naming the file and saying to run `skg build` when the manifest is
 * missing, invalid or of another format version, or a required artefact is missing or malformed. An
 * optional artefact that is absent or broken is reported as unbuilt in `datasets` instead.
 */
export async function loadDataSet(distDir: string, options: LoadDataSetOptions = {}): Promise<DataSet> {
  assertLittleEndian();
  const dir = path.resolve(distDir);
  const { manifest, problems } = await inspectDist(dir, { checksums: false, ...(options.manifest ? { manifest: options.manifest } : {}) });
  const fatal = problems.filter((p) => !p.optional);
  if (!manifest || fatal.length > 0) {
    throw new Error(`cannot serve ${dir}:\n  - ${fatal.map(formatDistProblem).join('\n  - ')}`);
  }
  const broken = new Set(problems.map((p) => p.artefact));

  function locate(name: (typeof REQUIRED_ARTEFACTS)[number]): { file: string; bytes: number } {
    const entry = manifest?.artefacts[name];
    if (!entry) throw new Error(`${path.join(dir, 'manifest.json')}: names no '${name}' artefact; run \`skg build\``);
    return { file: path.join(dir, entry.file), bytes: entry.bytes };
  }
  async function read(name: (typeof REQUIRED_ARTEFACTS)[number]): Promise<{ buffer: Buffer; file: string }> {
    const { file } = locate(name);
    return { buffer: alignBuffer(await readFile(file)), file };
  }
  const [verses, chapters, index, edges, changelog] = await Promise.all([
    read('verses'),
    read('chapters'),
    read('scripture-index'),
    read('graph'),
    read('changelog'),
  ]);
  const xrefs = await read('xrefs');
  // These three keep their bulk on disk: only the head of each file is read into memory.
  const open = (name: (typeof REQUIRED_ARTEFACTS)[number], tailOffsetAt: number) => {
    const { file, bytes } = locate(name);
    return openArtefactFile(file, bytes, tailOffsetAt);
  };
  const graph = createGraphStore({
    documents: loadGraphDocuments(open('documents', DOCUMENTS_TAIL_OFFSET_AT)),
    edges: loadGraphEdges(edges.buffer, edges.file),
    concepts: loadConceptIndex(open('concept-index', CONCEPTS_TAIL_OFFSET_AT)),
    bodies: openGraphBodies(open('bodies', BODIES_TAIL_OFFSET_AT)),
  });
  const scripture = createScriptureStore(
    loadVerseStore(verses.buffer, verses.file),
    loadChapterDocuments(chapters.buffer, chapters.file),
    loadScriptureIndex(index.buffer, index.file),
    graph,
  );

  // The interlinear and the translations keep their records on disk: only their tables are read into
  // memory. An artefact that will not open or decode is unbuilt (its endpoint answers 503, or only the
  // BSB is served), like one that is missing.
  function openOptional<T>(name: 'interlinear' | 'translations', tailOffsetAt: number, load: (artefact: ArtefactFile) => T): T | undefined {
    const entry = manifest?.artefacts[name];
    if (!entry || broken.has(name)) return undefined;
    try {
      return load(openArtefactFile(path.join(dir, entry.file), entry.bytes, tailOffsetAt));
    } catch {
      broken.add(name);
      return undefined;
    }
  }
  const interlinear = openOptional('interlinear', INTERLINEAR_TAIL_OFFSET_AT, loadInterlinear);
  const translations = openOptional('translations', TRANSLATIONS_TAIL_OFFSET_AT, loadTranslations);

  // The connections aggregate is small and held in memory; one that will not decode is unbuilt (503).
  let connections: ConnectionsStore | undefined;
  const connectionsEntry = manifest.artefacts.connections;
  if (connectionsEntry && !broken.has('connections')) {
    const file = path.join(dir, connectionsEntry.file);
    try {
      connections = loadConnections(alignBuffer(await readFile(file)), file);
    } catch {
      broken.add('connections');
    }
  }

  const responses = openStoredAnswers(dir, manifest, broken);
  const downloads = openDownloads(dir, manifest, broken);

  const datasets: Record<string, boolean> = {};
  for (const name of OPTIONAL_ARTEFACTS) datasets[name] = name in manifest.artefacts && !broken.has(name);
  for (const [name, entry] of Object.entries(manifest.artefacts)) {
    if (entry.optional && !(name in datasets) && name !== RESPONSES_ARTEFACT && name !== DOWNLOADS_ARTEFACT) datasets[name] = !broken.has(name);
  }
  return Object.freeze({
    dir,
    manifest,
    scripture,
    graph,
    datasets: Object.freeze(datasets),
    ...(interlinear ? { interlinear } : {}),
    ...(translations ? { translations } : {}),
    xrefs: loadCrossReferences(xrefs.buffer, xrefs.file),
    ...(connections ? { connections } : {}),
    ...(responses ? { responses } : {}),
    ...(downloads ? { downloads } : {}),
    changelog: loadChangelog(changelog.buffer, changelog.file),
    loadedAt: new Date(),
  });
}
