// The name and version this package writes into every document's `generated.by`.

import packageJson from '../package.json' with { type: 'json' };

export const INGEST_VERSION: string = packageJson.version;

/** `skg-ingest 0.1.0`: the bundle's `generator` and every document's `generated.by`. */
export const GENERATOR = `skg-ingest ${INGEST_VERSION}`;
