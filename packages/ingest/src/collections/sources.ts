// The Source documents: one per upstream dataset that some document cites, with its licence,
// attribution, pinned version and how many documents cite it.

import type { BundleDocument, BundleFile } from '../document.ts';
import { escapeMarkdown } from '../document.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import type { SourceFile, SourcesManifest } from '../sources-manifest.ts';
import type { Generated } from './collection.ts';

export const SOURCES_FOLDER = { path: 'sources', title: 'Sources and licences' } as const;

/** The `sources/<id>` resources a document cites, each once. */
export function getCitedSources(document: BundleDocument): string[] {
  const sources = document.frontmatter.sources;
  if (!Array.isArray(sources)) return [];
  const resources = sources.flatMap((source) =>
    source !== null && typeof source === 'object' && !Array.isArray(source) && typeof source.resource === 'string' ? [source.resource] : [],
  );
  return [...new Set(resources)];
}

/** Counts, per `sources/<id>` resource, the documents citing it. */
export function countCitations(documents: Iterable<BundleDocument>): Map<string, number> {
  const usage = new Map<string, number>();
  for (const document of documents) {
    for (const resource of getCitedSources(document)) usage.set(resource, (usage.get(resource) ?? 0) + 1);
  }
  return usage;
}

/**
 * One Source document per cited source, in manifest order, and `sources/index.md`. `read` lists the
 * pinned files the ingest read, shown in each document's body. A citation of a source the manifest
 * does not know is an error.
 */
export function createSourceDocuments(
  manifest: SourcesManifest,
  usage: ReadonlyMap<string, number>,
  read: readonly SourceFile[],
  generated: Generated,
): { documents: BundleDocument[]; files: BundleFile[]; report: CollectionReport } {
  const known = new Set(manifest.sources.map((source) => `${SOURCES_FOLDER.path}/${source.id}`));
  const errors = [...usage.keys()].filter((resource) => !known.has(resource)).map((resource) => `documents cite ${resource}, which is not a pinned source`);
  const documents: BundleDocument[] = [];
  for (const source of manifest.sources) {
    const id = `${SOURCES_FOLDER.path}/${source.id}`;
    const count = usage.get(id) ?? 0;
    if (count === 0) continue;
    const resource = `${source.repository}/tree/${source.commit}`;
    const files = read.filter((file) => file.path.startsWith(`${source.id}/`));
    documents.push({
      id,
      frontmatter: {
        type: 'Source',
        title: source.title,
        resource,
        licence: source.licence,
        attribution: source.attribution,
        version: source.commit,
        last_modified: source.published,
        usage_count: count,
        share_alike: source.shareAlike,
        status: 'stable',
        trust_tier: 'machine-confirmed',
        stale: false,
        generated: { ...generated },
        // Share-alike documents carry the tag too, as the events under sa/ do.
        tags: source.shareAlike ? ['source', 'share-alike'] : ['source'],
      },
      body: [
        `# ${escapeMarkdown(source.title)}`,
        `${escapeMarkdown(source.attribution)}`,
        `Licence: ${source.licence}${source.shareAlike ? ' (share-alike: what is built from it is CC BY-SA 4.0)' : ''}. ` +
          `Pinned at commit \`${source.commit}\` (${source.published}) of [${source.repository}](${resource}). ` +
          `Cited by ${formatCount(count)} documents.`,
        `## Files read by the ingest\n\n| file | sha256 |\n|---|---|\n${files.map((file) => `| ${file.path} | \`${file.sha256}\` |`).join('\n')}`,
      ].join('\n\n'),
    });
  }
  const index = [
    '# Sources',
    'Every upstream dataset this bundle is built from, with its licence. The scripture text is public domain; the data is CC BY 4.0 unless a source is share-alike.',
    documents.map((document) => `- [${escapeMarkdown(String(document.frontmatter.title))}](/${document.id}) (${document.frontmatter.licence})`).join('\n'),
  ].join('\n\n');
  return {
    documents,
    files: [{ path: `${SOURCES_FOLDER.path}/index.md`, content: `${index}\n` }],
    report: { collection: 'sources', written: { Source: documents.length }, counts: {}, skipped: [], warnings: [], errors },
  };
}
