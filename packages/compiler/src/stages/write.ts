// Stage 6, write: encodes the artefacts, writes them into a fresh build directory named by the data
// version, then switches `manifest.json` over atomically and removes builds nobody can be reading.
//
// dist/
//   manifest.json                 written last, by rename: the switch
//   builds/<dataVersion>/*.bin    one directory per build; paths in the manifest are relative to dist/
//
// A running server keeps reading the build its manifest named, so the previous build directory is
// kept; older ones are removed.

import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ARTEFACT_FORMAT_VERSION,
  BODIES_LAYOUT,
  CHANGELOG_LAYOUT,
  CHAPTERS_LAYOUT,
  CONCEPT_INDEX_LAYOUT,
  DOCUMENTS_LAYOUT,
  GRAPH_LAYOUT,
  SCRIPTURE_INDEX_LAYOUT,
  VERSES_LAYOUT,
  type ArtefactEntry,
  type Manifest,
  OPTIONAL_ARTEFACTS,
  type OptionalArtefactName,
  type OptionalArtefactState,
  type RenderedArtefactEntry,
} from '@skg/core';
import type { Diagnostics } from '../diagnostics.ts';
import { encodedArtefact } from '../codecs/binary.ts';
import { encodeBodies } from '../codecs/bodies.ts';
import { encodeChangelog } from '../codecs/changelog.ts';
import { encodeChapters } from '../codecs/chapters.ts';
import { encodeConceptIndex } from '../codecs/concept-index.ts';
import { encodeDocuments } from '../codecs/documents.ts';
import { encodeGraph } from '../codecs/graph.ts';
import { encodeScriptureIndex } from '../codecs/scripture-index.ts';
import { encodeVerseStore } from '../codecs/verses.ts';
import { sha256 } from '../internal/hash.ts';
import { COMPILER_NAME, COMPILER_VERSION } from '../version.ts';
import type { GraphIndexData } from './index-graph.ts';
import type { ScriptureIndexData } from './index-scripture.ts';
import type { LinkedScripture } from './link.ts';

export const MANIFEST_FILE = 'manifest.json';
export const BUILDS_DIR = 'builds';

export interface EncodedArtefact {
  readonly name: string;
  /** File name inside the build directory. */
  readonly fileName: string;
  readonly data: Buffer;
  readonly records: number;
  readonly optional: boolean;
}

/** What the render hook is given: the written build, and the manifest about to be switched in. */
export interface RenderHookInput {
  readonly distDir: string;
  /** Absolute path of the build directory; every data artefact the manifest names is in it. */
  readonly buildDir: string;
  readonly manifest: Manifest;
  readonly log?: (message: string) => void;
}

/**
 * Renders further artefacts from the written build before the manifest is switched (the server's
 * response artefact and the translations' downloads: `skg build` passes `renderBuildArtefacts` of
 * @skg/server; the compiler never imports the server). They depend only on the data artefacts, so the
 * data version does not cover them.
 */
export type RenderHook = (input: RenderHookInput) => Promise<RenderedArtefactEntry | readonly RenderedArtefactEntry[]>;

export interface WriteInput {
  readonly distDir: string;
  readonly scripture: LinkedScripture;
  readonly index: ScriptureIndexData;
  readonly graphIndex: GraphIndexData;
  /** Artefacts the stages after `index` encoded (the optional ones among them), written beside the rest. */
  readonly artefacts?: readonly EncodedArtefact[];
  /** The optional artefacts the build was asked for; default all. The manifest says which were built. */
  readonly optional?: ReadonlySet<OptionalArtefactName>;
  /** Runs once the build directory is complete, before the manifest names it (see RenderHook). */
  readonly render?: RenderHook;
  readonly log?: (message: string) => void;
}

export interface WriteResult {
  readonly manifest: Manifest;
  /** Milliseconds the render hook took, when there was one. */
  readonly renderMs?: number;
  /** Absolute path of the build directory the manifest now names. */
  readonly buildDir: string;
  /** Build directories removed because no manifest names them any more. */
  readonly removed: readonly string[];
}

/** Encodes every artefact in memory, sorted by name. */
export function encodeArtefacts(scripture: LinkedScripture, index: ScriptureIndexData, graphIndex: GraphIndexData): EncodedArtefact[] {
  const { graph } = scripture;
  const documents = graph.documents.length;
  return [
    encodedArtefact(BODIES_LAYOUT, encodeBodies(graph), documents),
    encodedArtefact(CHANGELOG_LAYOUT, encodeChangelog(scripture), scripture.log === null ? 0 : 1),
    encodedArtefact(CHAPTERS_LAYOUT, encodeChapters(scripture), scripture.chapters.length),
    encodedArtefact(CONCEPT_INDEX_LAYOUT, encodeConceptIndex(graph, graphIndex), documents),
    encodedArtefact(DOCUMENTS_LAYOUT, encodeDocuments(graph, graphIndex), documents),
    encodedArtefact(GRAPH_LAYOUT, encodeGraph(graph, graphIndex), graph.edgeCount),
    encodedArtefact(SCRIPTURE_INDEX_LAYOUT, encodeScriptureIndex(index), index.indexed),
    encodedArtefact(VERSES_LAYOUT, encodeVerseStore(scripture), scripture.verseCount),
  ];
}

/** The data version: a hash over everything a response can depend on, shortened for directory names. */
export function computeDataVersion(fields: {
  formatVersion: number;
  okfVersion: string;
  bundleGenerated: string;
  artefacts: ReadonlyArray<{ name: string; sha256: string }>;
}): string {
  const lines = [
    `formatVersion ${fields.formatVersion}`,
    `okfVersion ${fields.okfVersion}`,
    `bundleGenerated ${fields.bundleGenerated}`,
    ...[...fields.artefacts].sort((a, b) => (a.name < b.name ? -1 : 1)).map((a) => `${a.name} ${a.sha256}`),
  ];
  return sha256(lines.join('\n')).slice(0, 16);
}

/**
 * What the manifest says about each optional artefact: built when encoded; otherwise `excluded` when
 * the build was not asked for it, `no-data` when it was and the bundle held nothing to build it from.
 */
export function describeOptionalArtefacts(
  artefacts: readonly EncodedArtefact[],
  requested: ReadonlySet<OptionalArtefactName> = new Set(OPTIONAL_ARTEFACTS),
): Record<string, OptionalArtefactState> {
  const states: Record<string, OptionalArtefactState> = {};
  for (const name of OPTIONAL_ARTEFACTS) {
    if (artefacts.some((a) => a.name === name)) states[name] = { built: true };
    else states[name] = { built: false, reason: requested.has(name) ? 'no-data' : 'excluded' };
  }
  return states;
}

/** Builds the manifest for encoded artefacts that will live in `builds/<dataVersion>/`. */
export function createManifest(
  scripture: LinkedScripture,
  artefacts: readonly EncodedArtefact[],
  requested?: ReadonlySet<OptionalArtefactName>,
): Manifest {
  const hashed = artefacts.map((a) => ({ ...a, sha256: sha256(a.data) }));
  const dataVersion = computeDataVersion({
    formatVersion: ARTEFACT_FORMAT_VERSION,
    okfVersion: scripture.info.okfVersion,
    bundleGenerated: scripture.info.generated,
    artefacts: hashed,
  });
  const entries: Record<string, ArtefactEntry> = {};
  for (const a of [...hashed].sort((x, y) => (x.name < y.name ? -1 : 1))) {
    entries[a.name] = {
      file: `${BUILDS_DIR}/${dataVersion}/${a.fileName}`,
      bytes: a.data.length,
      sha256: a.sha256,
      records: a.records,
      optional: a.optional,
    };
  }
  return {
    formatVersion: ARTEFACT_FORMAT_VERSION,
    okfVersion: scripture.info.okfVersion,
    bundleGenerated: scripture.info.generated,
    compiler: { name: COMPILER_NAME, version: COMPILER_VERSION },
    dataVersion,
    artefacts: entries,
    optionalArtefacts: describeOptionalArtefacts(artefacts, requested),
  };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Writes a file and flushes it to disk before returning. */
async function writeDurable(file: string, data: string | Buffer): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** True when `dir` already holds exactly these artefacts (a rebuild of the same data). */
async function holdsArtefacts(distDir: string, manifest: Manifest): Promise<boolean> {
  for (const entry of Object.values(manifest.artefacts)) {
    const data = await readFile(path.join(distDir, entry.file)).catch(() => undefined);
    if (!data || data.length !== entry.bytes || sha256(data) !== entry.sha256) return false;
  }
  return true;
}

/**
 * The build directory the current manifest names, if any: the build a running server may be reading.
 * Read loosely (no format check), so a server of an older format version keeps its files too.
 */
async function readCurrentBuild(distDir: string): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await readFile(path.join(distDir, MANIFEST_FILE), 'utf8')) as {
      artefacts?: Record<string, { file?: unknown }>;
    };
    const file = Object.values(manifest.artefacts ?? {})[0]?.file;
    return typeof file === 'string' && file.startsWith(`${BUILDS_DIR}/`) ? file.split('/').slice(0, 2).join('/') : undefined;
  } catch {
    return undefined;
  }
}

export function formatManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** `manifest` naming what a render hook wrote into its build directory: one artefact or several. */
export function withRenderedArtefacts(manifest: Manifest, rendered: RenderedArtefactEntry | readonly RenderedArtefactEntry[]): Manifest {
  const list: readonly RenderedArtefactEntry[] = 'name' in rendered ? [rendered] : rendered;
  return list.reduce(withRenderedArtefact, manifest);
}

/** `manifest` naming one more artefact, rendered into its build directory (kept sorted by name). */
export function withRenderedArtefact(manifest: Manifest, rendered: RenderedArtefactEntry): Manifest {
  const buildName = `${BUILDS_DIR}/${manifest.dataVersion}`;
  const entry: ArtefactEntry = {
    file: `${buildName}/${rendered.fileName}`,
    bytes: rendered.bytes,
    sha256: rendered.sha256,
    records: rendered.records,
    optional: rendered.optional,
  };
  const artefacts = Object.fromEntries(Object.entries({ ...manifest.artefacts, [rendered.name]: entry }).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { ...manifest, artefacts };
}

/** Writes `manifest.json` through a temporary file renamed into place: a reader sees the old one or the new one. */
export async function switchManifest(distDir: string, manifest: Manifest): Promise<void> {
  const manifestTemp = path.join(distDir, `.${MANIFEST_FILE}.${process.pid}.tmp`);
  await writeDurable(manifestTemp, formatManifest(manifest));
  await rename(manifestTemp, path.join(distDir, MANIFEST_FILE));
}

export async function write(input: WriteInput, diagnostics: Diagnostics): Promise<WriteResult> {
  const distDir = path.resolve(input.distDir);
  const artefacts = [...encodeArtefacts(input.scripture, input.index, input.graphIndex), ...(input.artefacts ?? [])];
  const draft = createManifest(input.scripture, artefacts, input.optional);
  const buildName = `${BUILDS_DIR}/${draft.dataVersion}`;
  const buildDir = path.join(distDir, buildName);
  await mkdir(path.join(distDir, BUILDS_DIR), { recursive: true });
  const previous = await readCurrentBuild(distDir);

  // 1. The artefacts, into a temporary directory renamed into place once complete.
  if (!(await exists(buildDir)) || !(await holdsArtefacts(distDir, draft))) {
    const staging = path.join(distDir, BUILDS_DIR, `.tmp-${draft.dataVersion}-${process.pid}`);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging);
    for (const artefact of artefacts) await writeDurable(path.join(staging, artefact.fileName), artefact.data);
    if (await exists(buildDir)) {
      diagnostics.warning('write', `${buildName} held different bytes than its name promises; replaced it`);
      await rm(buildDir, { recursive: true, force: true });
    }
    await rename(staging, buildDir);
  }

  // 2. Artefacts rendered from the written build (the response artefact), named in the manifest before
  //    it is switched: a server never sees a manifest without them, nor them without their build.
  let manifest = draft;
  let renderMs: number | undefined;
  if (input.render) {
    const start = performance.now();
    const rendered = await input.render({ distDir, buildDir, manifest: draft, ...(input.log ? { log: input.log } : {}) });
    renderMs = Math.round((performance.now() - start) * 10) / 10;
    manifest = withRenderedArtefacts(draft, rendered);
  }

  // 3. The manifest, last, by rename: a reader sees the old manifest or the new one, never half.
  await switchManifest(distDir, manifest);

  // 4. Remove builds no manifest names (and staging left by a crashed build): keep this one and the
  //    previous one, which a running server may still be reading.
  const keep = new Set([buildName, previous].filter((b): b is string => b !== undefined));
  const removed: string[] = [];
  for (const entry of (await readdir(path.join(distDir, BUILDS_DIR))).sort()) {
    const name = `${BUILDS_DIR}/${entry}`;
    if (keep.has(name)) continue;
    await rm(path.join(distDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return { manifest, buildDir, removed, ...(renderMs !== undefined ? { renderMs } : {}) };
}
