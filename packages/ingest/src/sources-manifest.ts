// The pinned upstream files (`sources.manifest.json`): where each one is published, its sha256 and size.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** One pinned file. */
export interface SourceFile {
  /** Path relative to the sources directory (`bsb/usfm/01GENBSB.SFM`). */
  readonly path: string;
  /** Public address at the pinned commit; for an unpacked file, the address of the zip holding it. */
  readonly url: string;
  /** Present when the file is unpacked from the zip at `url`: the member's path inside the zip. */
  readonly member?: string;
  /**
   * Present when the file is not published as such but was made from what `url` points at: how it was
   * made (`mod2imp engKJV2006eb | gzip -9 -n`, from the module in that Debian package). Only a mirror
   * (`fetchSources({baseUrl})`) can supply it, so `fetchSources` skips it without a `baseUrl`.
   */
  readonly derived?: string;
  /** Lowercase hex sha256 of the file itself (not of the zip). */
  readonly sha256: string;
  readonly bytes: number;
}

/** One upstream dataset: a folder of the sources directory. */
export interface SourceEntry {
  /** Folder name, also the slug of the bundle's `sources/<id>` document. */
  readonly id: string;
  readonly title: string;
  /** SPDX-style licence id (`public-domain`, `CC-BY-4.0`, `MIT` …). */
  readonly licence: string;
  readonly attribution: string;
  readonly shareAlike: boolean;
  /** Address of the main repository (`https://github.com/<owner>/<name>`). */
  readonly repository: string;
  /** The pinned commit of that repository. */
  readonly commit: string;
  /** Date of the pinned data (`YYYY-MM-DD`). */
  readonly published: string;
  readonly files: readonly SourceFile[];
}

export interface SourcesManifest {
  readonly manifestVersion: 1;
  readonly sources: readonly SourceEntry[];
}

/** The manifest shipped with this package. */
export const DEFAULT_SOURCES_MANIFEST = fileURLToPath(new URL('../sources.manifest.json', import.meta.url));

const SHA256 = /^[0-9a-f]{64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads and validates a sources manifest (default: the one shipped with this package). */
export async function readSourcesManifest(file: string = DEFAULT_SOURCES_MANIFEST): Promise<SourcesManifest> {
  const text = await readFile(file, 'utf8');
  try {
    return assertSourcesManifest(JSON.parse(text));
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Throws an Error naming the first malformed entry; returns the value typed. */
export function assertSourcesManifest(value: unknown): SourcesManifest {
  const manifest = value as SourcesManifest;
  if (!manifest || manifest.manifestVersion !== 1 || !Array.isArray(manifest.sources)) {
    throw new Error('not a sources manifest (manifestVersion 1 with a sources array)');
  }
  const seen = new Set<string>();
  for (const source of manifest.sources) {
    if (!source || typeof source.id !== 'string' || !DATE.test(String(source.published)) || !Array.isArray(source.files)) {
      throw new Error(`source ${JSON.stringify(source?.id)} needs an id, a published date and files`);
    }
    for (const file of source.files) {
      const ok =
        typeof file.path === 'string' &&
        file.path.startsWith(`${source.id}/`) &&
        typeof file.url === 'string' &&
        SHA256.test(String(file.sha256)) &&
        Number.isInteger(file.bytes) &&
        (file.member === undefined || typeof file.member === 'string') &&
        (file.derived === undefined || typeof file.derived === 'string');
      if (!ok) throw new Error(`file ${JSON.stringify(file?.path)} of source ${source.id} is malformed`);
      if (seen.has(file.path)) throw new Error(`file ${file.path} is listed twice`);
      seen.add(file.path);
    }
  }
  return manifest;
}

/** The generation time a bundle gets by default: the newest `published` date, as an ISO date-time. */
export function getNewestPublished(manifest: SourcesManifest): string {
  const newest = manifest.sources.map((source) => source.published).sort().at(-1);
  if (!newest) throw new Error('the sources manifest lists no source');
  return `${newest}T00:00:00.000Z`;
}

/**
 * The files matching `needs`: each need is an exact path or a folder prefix ending in `/`.
 * Throws when a need matches nothing, since that is a mistake in the caller's list.
 */
export function selectSourceFiles(manifest: SourcesManifest, needs: readonly string[]): SourceFile[] {
  const all = manifest.sources.flatMap((source) => source.files);
  const selected = new Map<string, SourceFile>();
  for (const need of needs) {
    const matches = all.filter((file) => (need.endsWith('/') ? file.path.startsWith(need) : file.path === need));
    if (matches.length === 0) throw new Error(`no pinned source file matches '${need}'`);
    for (const file of matches) selected.set(file.path, file);
  }
  return [...selected.values()];
}

/** The manifest entry of one source folder. */
export function getSourceEntry(manifest: SourcesManifest, id: string): SourceEntry {
  const source = manifest.sources.find((entry) => entry.id === id);
  if (!source) throw new Error(`the sources manifest has no source '${id}'`);
  return source;
}
