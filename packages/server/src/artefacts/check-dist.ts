// Checks a dist directory against its manifest: what `skg verify` runs (with checksums) and what the
// server runs before it listens (without).

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
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
  readonly message: string;
}

export interface CheckDistOptions {
  /** Hash every artefact and compare with the manifest (slow on the full data: `skg verify`). */
  readonly checksums: boolean;
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

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
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
      problems: [{ file: MANIFEST_FILE, optional: false, message: `no ${manifestPath}: run \`skg build\` to compile the artefacts` }],
    };
  }
  let manifest: Manifest;
  try {
    manifest = assertManifest(JSON.parse(text) as unknown);
  } catch (error) {
    const message = error instanceof SyntaxError ? `is not JSON (${error.message})` : (error as Error).message;
    return { problems: [{ file: MANIFEST_FILE, optional: false, message: `${message}; run \`skg build\`` }] };
  }
  return { manifest, problems: await inspectArtefacts(distDir, manifest, options) };
}

async function inspectArtefacts(distDir: string, manifest: Manifest, options: CheckDistOptions): Promise<DistProblem[]> {
  const problems: DistProblem[] = [];
  for (const name of Object.keys(manifest.artefacts).sort()) {
    const entry = manifest.artefacts[name];
    if (!entry) continue;
    const optional = isOptional(manifest, name);
    const problem = (message: string): void => {
      problems.push({ file: entry.file, artefact: name, optional, message });
    };
    const absolute = path.join(distDir, entry.file);
    const info = await stat(absolute).catch(() => undefined);
    if (!info?.isFile()) {
      problem(`${optional ? 'optional' : 'required'} artefact '${name}' is missing: run \`skg build\``);
      continue;
    }
    if (info.size !== entry.bytes) {
      problem(`artefact '${name}' has ${info.size} bytes, the manifest says ${entry.bytes}: run \`skg build\``);
      continue;
    }
    if (options.checksums) {
      const sha256 = await hashFile(absolute);
      if (sha256 !== entry.sha256) problem(`artefact '${name}' fails its checksum (sha256 ${sha256}, the manifest says ${entry.sha256}): run \`skg build\``);
    }
  }
  return problems;
}

/**
 * Lists what is wrong with a dist directory: an unreadable or invalid manifest, an artefact missing or
 * of the wrong size, and (with `checksums`) one whose sha256 differs. An empty list means usable.
 */
export async function checkDist(distDir: string, options: CheckDistOptions = { checksums: false }): Promise<DistProblem[]> {
  return [...(await inspectDist(path.resolve(distDir), options)).problems];
}

export function formatDistProblem(problem: DistProblem): string {
  return `${problem.file}: ${problem.message}`;
}
