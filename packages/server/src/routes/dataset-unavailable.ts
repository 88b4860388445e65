// The answer of an endpoint whose optional dataset is not built: 503 `dataset_unavailable` with
// `Retry-After` (spec: Errors rule 4; States and transitions, optional datasets).

import { ApiError } from '@skg/core';

/**
 * Seconds a client should wait before asking again. An optional dataset appears only when a deployment
 * builds its artefact (a rebuild the server picks up), never within a request's lifetime: an hour
 * keeps retries rare, and `/status` `datasets` says at any time whether it is there.
 */
export const DATASET_RETRY_AFTER_SECONDS = 3600;

/** Throws the spec's 503 for the optional dataset `name` (`interlinear`, `connections`). */
export function datasetUnavailable(name: string): never {
  throw new ApiError(
    'dataset_unavailable',
    `the ${name} dataset is not built on this server; /status lists which optional datasets are available`,
    { headers: { 'Retry-After': String(DATASET_RETRY_AFTER_SECONDS) } },
  );
}
