// Shared set-up for tests that read the full upstream sources: where they are, and whether a test may skip.

import path from 'node:path';
import { checkSources } from '@skg/ingest';

/** The upstream mirror (`SKG_SOURCES`, default `../shared/upstream`). */
export const FULL_SOURCES = path.resolve(process.env.SKG_SOURCES ?? '../shared/upstream');

/**
 * `false` when every file the ingest reads is in FULL_SOURCES with its pinned hash; otherwise the
 * reason to skip. Under CI the sources must be there, so their absence fails instead of skipping.
 */
export async function skipWithoutFullSources(): Promise<string | false> {
  const problems = await checkSources(FULL_SOURCES);
  if (problems.length === 0) return false;
  const reason = `${problems.length} upstream file(s) missing or altered in ${FULL_SOURCES} (set SKG_SOURCES to a mirror, e.g. ../shared/upstream, or run: npm run skg -- fetch)`;
  if (process.env.CI) throw new Error(`CI: ${reason}`);
  return reason;
}
