// Checks that the sources directory holds the pinned files, each with its pinned sha256.

import path from 'node:path';
import { INGEST_NEEDS } from './collections/registry.ts';
import { hashFile } from './internal/sha256.ts';
import type { SourceProblem } from './source-problems.ts';
import { readSourcesManifest, selectSourceFiles, type SourcesManifest } from './sources-manifest.ts';

export interface CheckSourcesOptions {
  /** Default: the manifest shipped with this package. */
  readonly manifest?: SourcesManifest;
  /** Paths or folder prefixes (`bsb/usfm/`) to check. Default: every file the ingest reads. */
  readonly needs?: readonly string[];
}

/**
 * Hashes every needed file in `sourcesDir` and returns what is wrong: each missing or altered file
 * with its expected sha256. An empty list means the ingest can run.
 */
export async function checkSources(sourcesDir: string, options: CheckSourcesOptions = {}): Promise<SourceProblem[]> {
  const manifest = options.manifest ?? (await readSourcesManifest());
  const files = selectSourceFiles(manifest, options.needs ?? INGEST_NEEDS);
  const problems = await Promise.all(
    files.map(async (file): Promise<SourceProblem | undefined> => {
      const actual = await hashFile(path.join(sourcesDir, file.path));
      if (actual === undefined) return { path: file.path, kind: 'missing', expected: file.sha256 };
      if (actual !== file.sha256) return { path: file.path, kind: 'altered', expected: file.sha256, actual };
      return undefined;
    }),
  );
  return problems.filter((problem) => problem !== undefined);
}
