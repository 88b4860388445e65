// The shape every collection module has: what it reads, and the documents and report it gives back.

import type { BundleDocument, BundleFile } from '../document.ts';
import type { CollectionReport } from '../report.ts';
import type { SourcesManifest } from '../sources-manifest.ts';

/** `generated` as every document carries it. */
export interface Generated {
  readonly by: string;
  readonly at: string;
}

export interface IngestContext {
  readonly sourcesDir: string;
  readonly manifest: SourcesManifest;
  readonly generated: Generated;
  /** Reads a pinned file (path relative to the sources directory) as UTF-8 text. */
  readText(path: string): Promise<string>;
}

export interface CollectionResult {
  readonly documents: readonly BundleDocument[];
  /** Non-document files: folder `index.md`, data files. */
  readonly files: readonly BundleFile[];
  readonly report: CollectionReport;
}

export interface Collection {
  readonly name: string;
  /** The top-level folder it writes, linked from the root `index.md`. */
  readonly folder: { readonly path: string; readonly title: string };
  /** Pinned files it reads: paths or folder prefixes ending in `/` (checked before it runs). */
  readonly needs: readonly string[];
  build(context: IngestContext): Promise<CollectionResult>;
}
