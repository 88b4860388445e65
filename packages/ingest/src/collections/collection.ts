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

/**
 * A typed relation another collection stores ON a chapter document (e.g. `mentions` a person,
 * `develops` a theme), anchored to the verse it comes from. The ingest merges these into the
 * chapter's `relations` before writing.
 */
export interface ChapterRelation {
  /** Chapter document id: `bible/john/3`. */
  readonly chapter: string;
  readonly relation: {
    readonly predicate: string;
    readonly target: string;
    /** OSIS verse the edge is anchored to: `John.3.16`. */
    readonly from: string;
    readonly surface?: string;
    readonly note?: string;
    readonly source?: string;
  };
}

export interface CollectionResult {
  readonly documents: readonly BundleDocument[];
  /** Relations to store on chapter documents (see `ChapterRelation`). */
  readonly chapterRelations?: readonly ChapterRelation[];
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
