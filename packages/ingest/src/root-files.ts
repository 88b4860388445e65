// The bundle's root files: `index.md` (the only index with frontmatter) and `log.md`.

import { OKF_VERSION } from '@skg/core';
import { type BundleFile, escapeMarkdown } from './document.ts';
import { formatFrontmatter } from './frontmatter.ts';
import { type CollectionReport, formatCollectionReport, formatCount, formatUpstreamFindings } from './report.ts';
import type { SourcesManifest } from './sources-manifest.ts';

export const BUNDLE_TITLE = 'Scripture Graph knowledge base';

export interface RootFilesInput {
  readonly generated: string;
  readonly generator: string;
  /** Top-level folders, in the order to list them. */
  readonly folders: readonly { readonly path: string; readonly title: string }[];
  readonly collections: readonly CollectionReport[];
  /** Sources cited by the bundle (`sources/<id>` ids) and the manifest describing them. */
  readonly cited: readonly string[];
  readonly manifest: SourcesManifest;
}

/** Root `index.md`: OKF version, title, generation time and generator; the body links the folders. */
export function createRootIndex(input: RootFilesInput): BundleFile {
  const frontmatter = formatFrontmatter({
    okf_version: OKF_VERSION,
    title: BUNDLE_TITLE,
    generated: input.generated,
    generator: input.generator,
  });
  const body = [
    `# ${BUNDLE_TITLE}`,
    'An Open Knowledge Format bundle written by `skg ingest` from pinned open datasets; `skg build` compiles it.',
    [...input.folders.map((folder) => `- [${folder.title}](${folder.path}/index.md)`), '- [Log](log.md)'].join('\n'),
  ].join('\n\n');
  return { path: 'index.md', content: `---\n${frontmatter}---\n\n${body}\n` };
}

/** The report's upstream problems as a log section, or nothing when there are none. */
function formatUpstreamSection(collections: readonly CollectionReport[]): string[] {
  const [heading, ...lines] = formatUpstreamFindings(collections);
  if (!heading) return [];
  return [`### Upstream problems\n\n${lines.map((line) => `- ${escapeMarkdown(line.trim())}`).join('\n')}`];
}

/**
 * `log.md`: one entry for this ingest, `## YYYY-MM-DD: summary`, listing what was written, what was
 * skipped and the pinned sources. The ingest rewrites the whole bundle, so the log holds its own entry.
 */
export function createLog(input: RootFilesInput): BundleFile {
  const documents = input.collections.reduce(
    (sum, collection) => sum + Object.values(collection.written).reduce((a, b) => a + b, 0),
    0,
  );
  const collections = input.collections.map((collection) => collection.collection).join(', ');
  const date = input.generated.slice(0, 10);
  const lines = input.collections.flatMap(formatCollectionReport).map((line) =>
    line.startsWith('  ') ? `  - ${escapeMarkdown(line.trim())}` : `- ${escapeMarkdown(line)}`,
  );
  const sources = input.manifest.sources
    .filter((source) => input.cited.includes(`sources/${source.id}`))
    .map((source) => `- ${source.id}: commit \`${source.commit}\` (${source.published}), ${source.licence}`);
  const body = [
    '# Log',
    `## ${date}: ingest of ${collections} (${formatCount(documents)} documents)`,
    `Generated ${input.generated} by ${input.generator}.`,
    lines.join('\n'),
    ...formatUpstreamSection(input.collections),
    `Pinned sources:\n\n${sources.join('\n')}`,
  ].join('\n\n');
  return { path: 'log.md', content: `${body}\n` };
}
