// Writes a bundle into a fresh directory beside the target and swaps it in at the end, so a failed
// ingest leaves the previous bundle untouched.

import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BundleWriter {
  /** The directory being written (beside the bundle, renamed over it by `commit`). */
  readonly dir: string;
  /** Writes one file; `file` is relative to the bundle root. */
  writeFile(file: string, content: string): Promise<void>;
  /** Replaces the bundle directory with what was written. */
  commit(): Promise<void>;
  /** Removes what was written; the bundle directory is left as it was. */
  discard(): Promise<void>;
}

export async function createBundleWriter(bundleDir: string): Promise<BundleWriter> {
  const target = path.resolve(bundleDir);
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  const dir = await mkdtemp(path.join(parent, `.${path.basename(target)}.writing-`));
  const made = new Set<string>([dir]);

  return {
    dir,
    async writeFile(file, content) {
      const full = path.join(dir, file);
      const folder = path.dirname(full);
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      await writeFile(full, content);
    },
    async commit() {
      const old = await exists(target) ? await mkdtemp(path.join(parent, `.${path.basename(target)}.old-`)) : undefined;
      if (old) await rename(target, path.join(old, 'bundle'));
      try {
        await rename(dir, target);
      } catch (error) {
        if (old) await rename(path.join(old, 'bundle'), target);
        throw error;
      }
      if (old) await rm(old, { recursive: true, force: true });
    },
    async discard() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
