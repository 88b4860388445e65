// Loads a dist directory into the DataSet the routes read: checks the manifest, keeps each artefact
// as one buffer and decodes per request.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { OPTIONAL_ARTEFACTS, REQUIRED_ARTEFACTS } from '@skg/core';
import { alignBuffer, assertLittleEndian } from './binary.ts';
import { loadChapterDocuments } from './chapters.ts';
import { formatDistProblem, inspectDist } from './check-dist.ts';
import { loadScriptureIndex } from './scripture-index.ts';
import { createScriptureStore } from './scripture-store.ts';
import type { DataSet } from './types.ts';
import { loadVerseStore } from './verses.ts';

/**
 * Loads `distDir`. Throws an Error naming the file and saying to run `skg build` when the manifest is
 * missing, invalid or of another format version, or a required artefact is missing or malformed. An
 * optional artefact that is absent or broken is reported as unbuilt in `datasets` instead.
 */
export async function loadDataSet(distDir: string): Promise<DataSet> {
  assertLittleEndian();
  const dir = path.resolve(distDir);
  const { manifest, problems } = await inspectDist(dir, { checksums: false });
  const fatal = problems.filter((p) => !p.optional);
  if (!manifest || fatal.length > 0) {
    throw new Error(`cannot serve ${dir}:\n  - ${fatal.map(formatDistProblem).join('\n  - ')}`);
  }
  const broken = new Set(problems.map((p) => p.artefact));

  async function read(name: (typeof REQUIRED_ARTEFACTS)[number]): Promise<{ buffer: Buffer; file: string }> {
    const entry = manifest?.artefacts[name];
    if (!entry) throw new Error(`${path.join(dir, 'manifest.json')}: names no '${name}' artefact; run \`skg build\``);
    const file = path.join(dir, entry.file);
    return { buffer: alignBuffer(await readFile(file)), file };
  }
  const [verses, chapters, index] = await Promise.all([read('verses'), read('chapters'), read('scripture-index')]);
  const scripture = createScriptureStore(
    loadVerseStore(verses.buffer, verses.file),
    loadChapterDocuments(chapters.buffer, chapters.file),
    loadScriptureIndex(index.buffer, index.file),
  );

  const datasets: Record<string, boolean> = {};
  for (const name of OPTIONAL_ARTEFACTS) datasets[name] = name in manifest.artefacts && !broken.has(name);
  for (const [name, entry] of Object.entries(manifest.artefacts)) {
    if (entry.optional && !(name in datasets)) datasets[name] = !broken.has(name);
  }
  return Object.freeze({ dir, manifest, scripture, datasets: Object.freeze(datasets), loadedAt: new Date() });
}
