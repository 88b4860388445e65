// Checks a dist directory against its manifest: what `skg verify` runs (with checksums), what the
// artefact loader runs (without), and what `skg serve` runs before it listens (with checksums, beside
// the load: `findUnservableArtefacts`). sha256 is the manifest's hash: with the CPU's SHA extensions it
// reads about 2 GB/s, so the full data's 71 MB take about 35 ms (docs/artefacts.md, "Checksums at start").

import { createHash } from 'node:crypto';
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertManifest, type Manifest, OPTIONAL_ARTEFACTS } from '@skg/core';

export const MANIFEST_FILE = 'manifest.json';

export interface DistProblem {
  /** The file to blame, relative to the dist directory (`manifest.json`, `builds/…/verses.bin`). */
  readonly file: string;
  /** The artefact's name in the manifest; absent for manifest problems. */
  readonly artefact?: string;
  /** True when the artefact is optional: its endpoint answers 503, everything else works. */
  readonly optional: boolean;
  /** `manifest`: unreadable or invalid; `missing`: no file; `size` or `checksum`: the file is not the one built. */
  readonly kind: 'manifest' | 'missing' | 'size' | 'checksum';
  readonly message: string;
}

export interface CheckDistOptions {
  /** Hash every artefact and compare with the manifest (slow on the full data: `skg verify`). */
  readonly checksums: boolean;
  /** Artefacts whose checksum is left to the caller (their size is still checked): `verifyArtefact`. */
  readonly deferChecksums?: readonly string[];
  /**
   * Check against this manifest instead of reading `manifest.json` (the build's render step, before
   * the manifest naming the build is switched into place).
   */
  readonly manifest?: Manifest;
}

export interface DistInspection {
  /** The manifest, when it could be read and is valid. */
  readonly manifest?: Manifest;
  readonly problems: readonly DistProblem[];
}

function isOptional(manifest: Manifest, name: string): boolean {
  return manifest.artefacts[name]?.optional === true || (OPTIONAL_ARTEFACTS as readonly string[]).includes(name);
}

const HASH_CHUNK_BYTES = 1 << 20;

/**
 * The file's sha256, read in 1 MiB pieces into one buffer of its own. A stream would allocate a new
 * buffer per piece: at start that was 71 buffers of external memory, and V8 answered the pressure
 * with collections before the first request (docs/artefacts.md, "Checksums at start").
 */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  const handle = await open(file, 'r');
  try {
    const chunk = Buffer.allocUnsafeSlow(HASH_CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, HASH_CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      hash.update(bytesRead === HASH_CHUNK_BYTES ? chunk : chunk.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/** Reads and checks the manifest and every artefact it names. */
export async function inspectDist(distDir: string, options: CheckDistOptions): Promise<DistInspection> {
  if (options.manifest) return { manifest: options.manifest, problems: await inspectArtefacts(distDir, options.manifest, options) };
  const manifestPath = path.join(distDir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(manifestPath, 'utf8');
  } catch {
    return {
      problems: [{ file: MANIFEST_FILE, optional: false, kind: 'manifest', message: `no ${manifestPath}: run \`skg build\` to compile the artefacts` }],
    };
  }
  let manifest: Manifest;
  try {
    manifest = assertManifest(JSON.parse(text) as unknown);
  } catch (error) {
    const message = error instanceof SyntaxError ? `is not JSON (${error.message})` : (error as Error).message;
    return { problems: [{ file: MANIFEST_FILE, optional: false, kind: 'manifest', message: `${message}; run \`skg build\`` }] };
  }
  return { manifest, problems: await inspectArtefacts(distDir, manifest, options) };
}

async function inspectArtefacts(distDir: string, manifest: Manifest, options: CheckDistOptions): Promise<DistProblem[]> {
  // The artefacts are checked side by side: reading one file overlaps hashing another.
  const found = await Promise.all(
    Object.keys(manifest.artefacts)
      .sort()
      .map(async (name): Promise<DistProblem | undefined> => {
        const entry = manifest.artefacts[name];
        if (!entry) return undefined;
        const optional = isOptional(manifest, name);
        const problem = (kind: DistProblem['kind'], message: string): DistProblem => ({ file: entry.file, artefact: name, optional, kind, message });
        const absolute = path.join(distDir, entry.file);
        const info = await stat(absolute).catch(() => undefined);
        if (!info?.isFile()) return problem('missing', `${optional ? 'optional' : 'required'} artefact '${name}' is missing: run \`skg build\``);
        if (info.size !== entry.bytes) return problem('size', `artefact '${name}' has ${info.size} bytes, the manifest says ${entry.bytes}: run \`skg build\``);
        if (!options.checksums || options.deferChecksums?.includes(name)) return undefined;
        const sha256 = await hashFile(absolute);
        if (sha256 === entry.sha256) return undefined;
        return problem('checksum', `artefact '${name}' fails its checksum (sha256 ${sha256}, the manifest says ${entry.sha256}): run \`skg build\``);
      }),
  );
  return found.filter((problem) => problem !== undefined);
}

/**
 * Lists what is wrong with a dist directory: an unreadable or invalid manifest, an artefact missing or
 * of the wrong size, and (with `checksums`) one whose sha256 differs. An empty list means usable.
 */
export async function checkDist(distDir: string, options: CheckDistOptions = { checksums: false }): Promise<DistProblem[]> {
  return [...(await inspectDist(path.resolve(distDir), options)).problems];
}

/**
 * What forbids serving a dist directory, checksums included: any problem of the manifest or of a
 * required artefact, and an optional artefact whose file is not the one built (wrong size or sha256:
 * corrupt data is never served). An optional artefact that is missing is not listed: it is served as
 * unbuilt, its endpoint answering 503 (docs/artefacts.md).
 */
export async function findUnservableArtefacts(distDir: string, deferChecksums: readonly string[] = []): Promise<DistProblem[]> {
  const { problems } = await inspectDist(path.resolve(distDir), { checksums: true, deferChecksums });
  return problems.filter((problem) => !problem.optional || problem.kind !== 'missing');
}

/** The checksum problem of one artefact the manifest names, or undefined when its sha256 matches. */
export async function verifyArtefact(distDir: string, manifest: Manifest, name: string): Promise<DistProblem | undefined> {
  const entry = manifest.artefacts[name];
  if (!entry) return undefined;
  const sha256 = await hashFile(path.join(distDir, entry.file));
  if (sha256 === entry.sha256) return undefined;
  return {
    file: entry.file,
    artefact: name,
    optional: isOptional(manifest, name),
    kind: 'checksum',
    message: `artefact '${name}' fails its checksum (sha256 ${sha256}, the manifest says ${entry.sha256}): run \`skg build\``,
  };
}

export function formatDistProblem(problem: DistProblem): string {
  return `${problem.file}: ${problem.message}`;
}
