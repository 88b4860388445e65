// The shape every collection module has: what it reads, and the documents and report it gives back.

import type { BundleDocument, BundleFile } from '../document.ts';
import type { FrontmatterValue } from '../frontmatter.ts';
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
  /** Cross references with at least this many votes become links between chapters (default 20). */
  readonly xrefMinVotes: number;
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
    /** The source's own word for the target where the verse's words differ or were not found (`Zacharias`). */
    readonly label?: string;
    /** The words are in the chapter's heading (a Psalm's superscription), not in the verse's text. */
    readonly inHeading?: boolean;
    readonly source?: string;
  };
}

/**
 * A section another collection adds to a chapter document (e.g. its cross references): one frontmatter
 * field, written after `relations`, and a markdown section appended to the body after the verses. The
 * ingest merges these into the chapters before writing (`chapter-sections.ts`).
 */
export interface ChapterSection {
  /** Chapter document id: `bible/john/3`. */
  readonly chapter: string;
  /** Frontmatter key (`cross_references`); one collection writes it, once per chapter. */
  readonly field: string;
  readonly value: FrontmatterValue;
  /** Markdown appended to the body: a `## ` heading and its content, without a trailing newline. */
  readonly body: string;
  /** `sources/<id>` resources the section comes from, added to the chapter's `sources`. */
  readonly sources: readonly string[];
}

export interface CollectionResult {
  readonly documents: readonly BundleDocument[];
  /** Relations to store on chapter documents (see `ChapterRelation`). */
  readonly chapterRelations?: readonly ChapterRelation[];
  /** Sections to add to chapter documents (see `ChapterSection`). */
  readonly chapterSections?: readonly ChapterSection[];
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
  /**
   * Built in a worker thread of its own, beside the others (internal/collection-thread.ts): for the
   * heaviest, which need nothing but their sources. Only a registered collection (COLLECTIONS) can be.
   */
  readonly ownThread?: boolean;
  build(context: IngestContext): Promise<CollectionResult>;
}
