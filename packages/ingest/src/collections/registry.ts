// The collections an ingest builds, in order, and every pinned file they read together.

import type { Collection } from './collection.ts';
import { scriptureCollection } from './scripture.ts';

export const COLLECTIONS: readonly Collection[] = [scriptureCollection];

/** Every pinned file (or folder prefix) the ingest reads: what `checkSources` checks by default. */
export const INGEST_NEEDS: readonly string[] = COLLECTIONS.flatMap((collection) => collection.needs);
