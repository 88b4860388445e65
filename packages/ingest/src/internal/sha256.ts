// sha256 of files and buffers, as lowercase hex.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The file's sha256, or `undefined` when there is no such file. */
export async function hashFile(file: string): Promise<string | undefined> {
  try {
    return hashBytes(await readFile(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
    throw error;
  }
}
