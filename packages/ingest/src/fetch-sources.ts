// `skg fetch`: downloads each pinned upstream file into the sources directory and checks its sha256.
// Files already there with the pinned hash are left alone, so a complete mirror downloads nothing.

import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashBytes, hashFile } from './internal/sha256.ts';
import { mapConcurrent } from './internal/map-concurrent.ts';
import { readZipMember } from './internal/unzip.ts';
import { SourcesError, type SourceProblem } from './source-problems.ts';
import { readSourcesManifest, selectSourceFiles, type SourceFile, type SourcesManifest } from './sources-manifest.ts';

export interface FetchSourcesOptions {
  readonly sourcesDir: string;
  /** Default: the manifest shipped with this package. */
  readonly manifest?: SourcesManifest;
  /**
   * Download `<baseUrl>/<path>` from a mirror laid out like the sources directory (files already
   * unpacked) instead of each file's pinned address.
   */
  readonly baseUrl?: string;
  /** Default: the global `fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Paths or folder prefixes (`bsb/usfm/`) to fetch. Default: every pinned file (derived ones only with `baseUrl`). */
  readonly needs?: readonly string[];
  /** Downloads in flight at once. Default 8. */
  readonly concurrency?: number;
  /** Called as each file is settled, for progress output. */
  readonly onFile?: (event: { readonly path: string; readonly status: FetchStatus }) => void;
}

export type FetchStatus = 'present' | 'downloaded' | 'failed';

export interface FetchReport {
  readonly sourcesDir: string;
  /** Files already there with the pinned hash. */
  readonly present: number;
  /** Files downloaded, in manifest order. */
  readonly downloaded: readonly string[];
  /** Bytes written. */
  readonly bytes: number;
}

/**
 * Makes `sourcesDir` hold every pinned file (or those in `needs`). Throws a `SourcesError` naming each
 * file it could not get; with no network at all the message is one sentence saying what to do.
 */
export async function fetchSources(options: FetchSourcesOptions): Promise<FetchReport> {
  const { sourcesDir } = options;
  const manifest = options.manifest ?? (await readSourcesManifest());
  // A derived file (made from a package, not published as such) comes only from a mirror: without a
  // baseUrl it is fetched only when named in `needs`, and then fails with how it was made.
  const files = options.needs
    ? selectSourceFiles(manifest, options.needs)
    : manifest.sources.flatMap((source) => source.files).filter((file) => options.baseUrl !== undefined || file.derived === undefined);
  const download = createDownloader(options.fetch ?? globalThis.fetch);
  /** Set once a download fails without any answer while none has succeeded: the rest are not tried. */
  let offline: SourceProblem | undefined;
  let reached = false;

  const settle = (file: SourceFile, status: FetchStatus): void => options.onFile?.({ path: file.path, status });

  const results = await mapConcurrent(files, options.concurrency ?? 8, async (file) => {
    const target = path.join(sourcesDir, file.path);
    if ((await hashFile(target)) === file.sha256) {
      settle(file, 'present');
      return { status: 'present' as const };
    }
    if (offline && !reached) {
      settle(file, 'failed');
      return { status: 'failed' as const, problem: { ...offline, path: file.path, expected: file.sha256 } };
    }
    if (file.derived !== undefined && !options.baseUrl) {
      settle(file, 'failed');
      const detail = `not published as such: made by \`${file.derived}\` from ${file.url}; take it from a mirror (baseUrl)`;
      return { status: 'failed' as const, problem: { path: file.path, kind: 'unavailable', expected: file.sha256, detail } satisfies SourceProblem };
    }
    const url = options.baseUrl ? `${options.baseUrl.replace(/\/+$/, '')}/${encodePath(file.path)}` : file.url;
    const member = options.baseUrl ? undefined : file.member;
    try {
      const archive = await download(url);
      reached = true;
      const bytes = member === undefined ? archive : readZipMember(archive, member);
      const actual = hashBytes(bytes);
      if (actual !== file.sha256) {
        settle(file, 'failed');
        const detail = `the copy at ${url}${member ? ` (member ${member})` : ''} has sha256 ${actual}`;
        return { status: 'failed' as const, problem: { path: file.path, kind: 'unavailable', expected: file.sha256, actual, detail } satisfies SourceProblem };
      }
      await writeAtomically(target, bytes);
      settle(file, 'downloaded');
      return { status: 'downloaded' as const, bytes: bytes.byteLength };
    } catch (error) {
      const problem = describeFailure(file, url, error);
      if (problem.offline) offline ??= problem;
      settle(file, 'failed');
      return { status: 'failed' as const, problem };
    }
  });

  const problems = results.flatMap((result) => (result.status === 'failed' ? [result.problem] : []));
  if (problems.length > 0) throw new SourcesError(problems, { sourcesDir, total: files.length });
  return {
    sourcesDir,
    present: results.filter((result) => result.status === 'present').length,
    downloaded: files.filter((_file, index) => results[index]?.status === 'downloaded').map((file) => file.path),
    bytes: results.reduce((sum, result) => sum + (result.status === 'downloaded' ? result.bytes : 0), 0),
  };
}

class HttpStatusError extends Error {}

/** Downloads each address once per run: several files may be members of one archive. */
function createDownloader(fetchImpl: typeof globalThis.fetch): (url: string) => Promise<Uint8Array> {
  const cache = new Map<string, Promise<Uint8Array>>();
  return (url) => {
    let pending = cache.get(url);
    if (!pending) {
      pending = (async () => {
        const response = await fetchImpl(url);
        if (!response.ok) throw new HttpStatusError(`HTTP ${response.status} from ${url}`);
        return new Uint8Array(await response.arrayBuffer());
      })();
      cache.set(url, pending);
    }
    return pending;
  };
}

function describeFailure(file: SourceFile, url: string, error: unknown): SourceProblem {
  const base = { path: file.path, kind: 'unavailable' as const, expected: file.sha256 };
  if (error instanceof HttpStatusError) return { ...base, detail: error.message };
  if (error instanceof TypeError) {
    // fetch rejects with a TypeError when no answer came back; the cause says why (ENOTFOUND …).
    const cause = (error as TypeError & { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? error.message;
    return { ...base, detail: `cannot reach ${formatHost(url)}: ${why}`, offline: true };
  }
  return { ...base, detail: error instanceof Error ? error.message : String(error) };
}

function formatHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

async function writeAtomically(target: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.part-${process.pid}`;
  await writeFile(partial, bytes);
  await rename(partial, target);
}

function encodePath(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}
