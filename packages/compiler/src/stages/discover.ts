// Stage 1, discover: walks the bundle and lists its markdown files by document id.

import { stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { Diagnostics } from '../diagnostics.ts';

export interface DiscoverInput {
  readonly bundleDir: string;
}

export interface DiscoveredFile {
  /** Document id: the path relative to the bundle root without `.md` (`bible/john/3`). */
  readonly id: string;
  /** Path relative to the bundle root (`bible/john/3.md`). */
  readonly file: string;
}

export interface DiscoveredBundle {
  readonly bundleDir: string;
  /** `index.md` at the root, or null when the bundle has none. */
  readonly rootIndex: string | null;
  /** `log.md` at the root, or null. */
  readonly log: string | null;
  /** Every document, sorted by id. Reserved `index.md` / `log.md` files are not documents. */
  readonly documents: readonly DiscoveredFile[];
  /** Reserved files below the root (`bible/index.md`), which carry no document. */
  readonly reserved: readonly string[];
}

const RESERVED = new Set(['index.md', 'log.md']);
const FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function discover(input: DiscoverInput, diagnostics: Diagnostics): Promise<DiscoveredBundle> {
  const bundleDir = path.resolve(input.bundleDir);
  const empty: DiscoveredBundle = { bundleDir, rootIndex: null, log: null, documents: [], reserved: [] };
  const info = await stat(bundleDir).catch(() => undefined);
  if (!info?.isDirectory()) {
    diagnostics.fatal('discover', `bundle directory ${bundleDir} does not exist: run \`skg ingest\` or pass --bundle`);
    return empty;
  }
  const files = (await fg('**/*.md', { cwd: bundleDir, onlyFiles: true, dot: false })).sort();
  let rootIndex: string | null = null;
  let log: string | null = null;
  const documents: DiscoveredFile[] = [];
  const reserved: string[] = [];
  for (const file of files) {
    const name = path.posix.basename(file);
    if (file === 'index.md') rootIndex = file;
    else if (file === 'log.md') log = file;
    else if (RESERVED.has(name)) reserved.push(file);
    else {
      const id = file.slice(0, -'.md'.length);
      if (!id.split('/').every((segment) => FILE_NAME.test(segment))) {
        diagnostics.error('discover', 'file and folder names must be lowercase ASCII, hyphen-separated', { file });
        continue;
      }
      documents.push({ id, file });
    }
  }
  if (rootIndex === null) {
    diagnostics.fatal('discover', `${bundleDir} has no root index.md, so it is not an OKF bundle: run \`skg ingest\` or pass --bundle`, { file: 'index.md' });
  }
  if (log === null) diagnostics.warning('discover', 'the bundle has no root log.md', { file: 'log.md' });
  return { bundleDir, rootIndex, log, documents, reserved };
}
