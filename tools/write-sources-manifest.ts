// Writes packages/ingest/sources.manifest.json from a mirror's SHA256SUMS files and the hand-written
// origins table, checking each listed file's size and hash against the mirror on the way.
//
//   npx tsx tools/write-sources-manifest.ts [--sources ../shared/upstream] [--out packages/ingest/sources.manifest.json]

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { assertSourcesManifest, DEFAULT_SOURCES_MANIFEST, type SourceEntry, type SourceFile } from '@skg/ingest';
import { SOURCE_ORIGINS, type SourceOrigin } from './sources-origins.ts';

const { values } = parseArgs({
  options: {
    sources: { type: 'string', default: process.env.SKG_SOURCES ?? '../shared/upstream' },
    out: { type: 'string', default: DEFAULT_SOURCES_MANIFEST },
  },
});
const sourcesDir = path.resolve(values.sources);

/** Parses `sha256sum` output: `<hex>  <path>` per line. */
function parseSha256Sums(text: string): Array<{ sha256: string; path: string }> {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
      if (!match) throw new Error(`not a SHA256SUMS line: ${line}`);
      return { sha256: match[1] ?? '', path: match[2] ?? '' };
    });
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

function rawUrl(repository: string, commit: string, file: string): string {
  return `https://raw.githubusercontent.com/${repository}/${commit}/${file.split('/').map(encodeURIComponent).join('/')}`;
}

function createEntry(origin: SourceOrigin): SourceEntry {
  const folder = path.join(sourcesDir, origin.id);
  const sums = parseSha256Sums(readFileSync(path.join(folder, 'SHA256SUMS'), 'utf8'));
  const listed = new Set(sums.map((sum) => sum.path));
  const unlisted = listFiles(folder).filter((file) => file !== 'SHA256SUMS' && !listed.has(file));
  if (unlisted.length > 0) console.warn(`${origin.id}: not in SHA256SUMS, left out: ${unlisted.join(', ')}`);

  const files: SourceFile[] = sums.map(({ sha256, path: local }) => {
    const bytes = readFileSync(path.join(folder, local));
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== sha256) throw new Error(`${origin.id}/${local}: sha256 ${actual}, SHA256SUMS says ${sha256}`);
    const remote = origin.remote(local);
    const url = remote.url ?? rawUrl(remote.repository ?? origin.repository, remote.commit ?? origin.commit, remote.path);
    return {
      path: `${origin.id}/${local}`,
      url,
      ...(remote.member ? { member: remote.member } : {}),
      ...(remote.derived ? { derived: remote.derived } : {}),
      sha256,
      bytes: statSync(path.join(folder, local)).size,
    };
  });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    id: origin.id,
    title: origin.title,
    licence: origin.licence,
    attribution: origin.attribution,
    shareAlike: origin.shareAlike,
    repository: origin.repository.startsWith('https://') ? origin.repository : `https://github.com/${origin.repository}`,
    commit: origin.commit,
    published: origin.published,
    files,
  };
}

/** Pretty JSON with one line per file, so the manifest diffs well. */
function formatManifest(sources: readonly SourceEntry[]): string {
  const blocks = sources.map((source) => {
    const { files, ...head } = source;
    const headLines = Object.entries(head).map(([key, value]) => `      ${JSON.stringify(key)}: ${JSON.stringify(value)},`);
    const fileLines = files.map((file, index) => `        ${JSON.stringify(file)}${index < files.length - 1 ? ',' : ''}`);
    return ['    {', ...headLines, '      "files": [', ...fileLines, '      ]', '    }'].join('\n');
  });
  return `{\n  "manifestVersion": 1,\n  "sources": [\n${blocks.join(',\n')}\n  ]\n}\n`;
}

const folders = readdirSync(sourcesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const missing = folders.filter((folder) => !SOURCE_ORIGINS.some((origin) => origin.id === folder));
if (missing.length > 0) throw new Error(`no origin in tools/sources-origins.ts for: ${missing.join(', ')}`);

const sources = SOURCE_ORIGINS.map(createEntry);
const text = formatManifest(sources);
assertSourcesManifest(JSON.parse(text));
writeFileSync(values.out, text);
const fileCount = sources.reduce((sum, source) => sum + source.files.length, 0);
console.log(`wrote ${values.out}: ${sources.length} sources, ${fileCount} files`);
