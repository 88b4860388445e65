// Proves the build `dist/manifest.json` names servable before a hot swap may switch to it: the checks
// of `skg verify` (manifest readable and of this format version, every artefact present with its size
// and sha256), the loader, then the data checks `/status` runs (a verse reads back, scripture search
// finds it), which also warm the new set up before its first request.

import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DOWNLOADS_ARTEFACT, type Manifest, RESPONSES_ARTEFACT } from '@skg/core';
import type { DataSet } from '../artefacts/types.ts';
import { formatDistProblem, inspectDist, MANIFEST_FILE, verifyArtefact } from '../artefacts/check-dist.ts';
import { withStoredAnswers } from '../artefacts/dataset.ts';
import { runChecks } from '../status/checks.ts';

/** Loads a dist directory into a data set (the artefact loader, or a test's own). */
export type LoadDataSet = (distDir: string) => Promise<DataSet>;

export interface VerifiedBuild {
  readonly dataSet: DataSet;
  /** When the build switched `manifest.json` over (the file's modification time), ISO 8601. */
  readonly builtAt: string;
}

/** A build that must not be served: every reason found, and its data version when the manifest named one. */
export class BuildRefusedError extends Error {
  readonly reasons: readonly string[];
  readonly dataVersion: string | undefined;

  constructor(reasons: readonly string[], dataVersion?: string) {
    super(reasons.join('; '));
    this.name = 'BuildRefusedError';
    this.reasons = reasons;
    this.dataVersion = dataVersion;
  }
}

/**
 * What the manifest names now, cheaply (no artefact read): its data version, the checksum of the stored
 * answers it names (absent when it names none) and the file's identity.
 */
export async function readManifestStamp(
  distDir: string,
): Promise<{ readonly dataVersion: string; readonly storedAnswers: string | undefined; readonly stamp: string } | undefined> {
  const file = path.join(path.resolve(distDir), MANIFEST_FILE);
  try {
    const [info, text] = await Promise.all([stat(file), readFile(file, 'utf8')]);
    const manifest = JSON.parse(text) as { dataVersion?: unknown; artefacts?: Record<string, { sha256?: unknown } | undefined> };
    const dataVersion = manifest.dataVersion;
    if (typeof dataVersion !== 'string') return undefined;
    const storedAnswers = manifest.artefacts?.[RESPONSES_ARTEFACT]?.sha256;
    return { dataVersion, storedAnswers: typeof storedAnswers === 'string' ? storedAnswers : undefined, stamp: `${dataVersion} ${info.ino} ${info.mtimeMs} ${info.size}` };
  } catch {
    return undefined;
  }
}

/** The checksum of the stored answers a loaded set's manifest names (what `readManifestStamp` compares). */
export function getStoredAnswersStamp(manifest: Manifest): string | undefined {
  return manifest.artefacts[RESPONSES_ARTEFACT]?.sha256;
}

/**
 * Verifies and loads the build `distDir` now names. Throws BuildRefusedError with every reason when the
 * manifest is missing or invalid, of another format version, or names an artefact (required or
 * optional) that is missing, of the wrong size or fails its checksum; when the loader refuses it; or
 * when a data check fails on the loaded set.
 */
export async function loadVerifiedBuild(distDir: string, load: LoadDataSet): Promise<VerifiedBuild> {
  const dir = path.resolve(distDir);
  const { manifest, problems } = await inspectDist(dir, { checksums: true });
  // A listed optional artefact that is broken is a broken build: the set it would replace may serve it.
  if (!manifest || problems.length > 0) throw new BuildRefusedError(problems.map(formatDistProblem), manifest?.dataVersion);
  const builtAt = await stat(path.join(dir, MANIFEST_FILE)).then(
    (info) => info.mtime.toISOString(),
    () => new Date().toISOString(),
  );

  let dataSet: DataSet;
  try {
    dataSet = await load(dir);
  } catch (error) {
    throw new BuildRefusedError([error instanceof Error ? error.message : String(error)], manifest.dataVersion);
  }
  if (dataSet.manifest.dataVersion !== manifest.dataVersion) {
    throw new BuildRefusedError(
      [`${MANIFEST_FILE} changed while the build was checked (${manifest.dataVersion}, then ${dataSet.manifest.dataVersion})`],
      dataSet.manifest.dataVersion,
    );
  }

  // Memory is the process's, not the build's: only the data checks decide.
  const report = await runChecks(dataSet, { memoryBudgetBytes: Number.POSITIVE_INFINITY });
  const failed = Object.entries(report.checks)
    .filter(([, check]) => check.status === 'fail')
    .map(([name, check]) => `the ${name} check failed: ${check.detail}`);
  if (failed.length > 0) throw new BuildRefusedError(failed, manifest.dataVersion);
  return { dataSet, builtAt };
}

/**
 * When `distDir` now names the data `current` serves, artefact for artefact, and only other stored
 * answers and downloads (`skg build --render-only` added them): `current` with those attached, every other store
 * shared (no second copy of the data in memory, no data checks to run again), once the response
 * artefact passes its sha256. Undefined when anything else changed: the full load decides then.
 * Throws BuildRefusedError when the response artefact is missing, of the wrong size or checksum.
 */
export async function attachVerifiedStoredAnswers(distDir: string, current: DataSet): Promise<VerifiedBuild | undefined> {
  const dir = path.resolve(distDir);
  if (dir !== current.dir) return undefined;
  const { manifest, problems } = await inspectDist(dir, { checksums: false });
  if (!manifest || manifest.dataVersion !== current.manifest.dataVersion) return undefined;
  const names = new Set([...Object.keys(manifest.artefacts), ...Object.keys(current.manifest.artefacts)]);
  names.delete(RESPONSES_ARTEFACT);
  names.delete(DOWNLOADS_ARTEFACT);
  for (const name of names) {
    const now = manifest.artefacts[name];
    const served = current.manifest.artefacts[name];
    if (now?.sha256 !== served?.sha256 || now?.file !== served?.file) return undefined;
  }
  if (problems.length > 0) throw new BuildRefusedError(problems.map(formatDistProblem), manifest.dataVersion);
  const problem = (await verifyArtefact(dir, manifest, RESPONSES_ARTEFACT)) ?? (await verifyArtefact(dir, manifest, DOWNLOADS_ARTEFACT));
  if (problem) throw new BuildRefusedError([formatDistProblem(problem)], manifest.dataVersion);
  const builtAt = await stat(path.join(dir, MANIFEST_FILE)).then(
    (info) => info.mtime.toISOString(),
    () => new Date().toISOString(),
  );
  return { dataSet: withStoredAnswers(current, manifest), builtAt };
}
