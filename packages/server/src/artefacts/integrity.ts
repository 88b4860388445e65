// Artefact files found changed since they were built (their sha256 no longer the manifest's), by the
// integrity watch (status/integrity-watch.ts). Kept by absolute file path, for the process: a file
// changed on disk is changed for every data set reading it.
//
// What follows from a mark: a read of the file's on-disk tail (artefact-file.ts: document records,
// bodies, the concept export, interlinear records, stored answers) throws 503 `dataset_unavailable`
// naming the artefact, so no answer is built from its bytes; the stored answers of a changed response
// artefact stop being used (every answer is computed); answers cached in memory before the mark are
// no longer used (route-handler.ts); and the `dataset` check of /status fails, naming it, so /status
// answers 503. Parts read into memory at load were checked against the manifest then and go on
// being served from memory.

import path from 'node:path';
import { ApiError } from '@skg/core';
import type { DataSet } from './types.ts';

/** Seconds a client should wait before asking again: until an operator rebuilds, which takes minutes. */
export const CHANGED_ARTEFACT_RETRY_AFTER_SECONDS = 300;

interface ChangedArtefact {
  readonly name: string;
  readonly message: string;
}

const changed = new Map<string, ChangedArtefact>();

/** Marks `file` (absolute) as changed since it was built. */
export function markArtefactChanged(file: string, name: string, message: string): void {
  if (!changed.has(file)) changed.set(file, { name, message });
}

/** True when any artefact file was found changed (one size check on every tail read). */
export function hasChangedArtefacts(): boolean {
  return changed.size !== 0;
}

/** True when an artefact of `dataSet` was found changed (a size check while none was; a data set swapped in since is clean). */
export function isDataSetChanged(dataSet: DataSet): boolean {
  return changed.size !== 0 && listChangedArtefacts(dataSet).length > 0;
}

/** Throws 503 `dataset_unavailable` when `file` was found changed. */
export function assertArtefactIntact(file: string): void {
  const found = changed.get(file);
  if (found === undefined) return;
  throw new ApiError('dataset_unavailable', `the ${found.name} artefact changed on disk since it was built and is no longer read; /status names it`, {
    headers: { 'Retry-After': String(CHANGED_ARTEFACT_RETRY_AFTER_SECONDS) },
  });
}

/** The artefacts of `dataSet` found changed, with what was found. */
export function listChangedArtefacts(dataSet: DataSet): ChangedArtefact[] {
  if (changed.size === 0) return [];
  const found: ChangedArtefact[] = [];
  for (const entry of Object.values(dataSet.manifest.artefacts)) {
    const mark = changed.get(path.join(dataSet.dir, entry.file));
    if (mark !== undefined) found.push(mark);
  }
  return found;
}

/** Forgets every mark (tests). */
export function forgetChangedArtefacts(): void {
  changed.clear();
}
