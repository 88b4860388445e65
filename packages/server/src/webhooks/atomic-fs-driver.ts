// The fs store's unstorage driver with atomic writes: unstorage's fs driver writes a record in place, so
// a kill -9 during a registration left a 0-byte or half-written file (a subscription whose secret was
// answered but whose record cannot be read). Here each write goes to a temporary file in
// `<dir>/webhooks/tmp/`, is fsync'ed, then renamed over the record: a reader, and a restart, see the old
// record or the new one, never a part. A temporary file a kill left behind is outside every listed key
// and is removed at a later start (once a minute old: another process may be writing it).

import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import fsDriver from 'unstorage/drivers/fs';

type Driver = ReturnType<typeof fsDriver>;

/** The unstorage fs driver over `base` whose `setItem` writes atomically (above). */
export async function createAtomicFsDriver(base: string): Promise<Driver> {
  const driver = fsDriver({ base });
  const tmp = path.join(base, 'webhooks', 'tmp');
  await mkdir(tmp, { recursive: true, mode: 0o700 });
  await removeStaleTemporaryFiles(tmp);
  return {
    ...driver,
    // unstorage's fs driver maps a key to a path the same way (`a:b:c` → `<base>/a/b/c`); keys here are ours.
    async setItem(key: string, value: string) {
      await writeFileAtomically(path.join(base, ...key.split(':')), value, tmp);
    },
  };
}

/** Writes `text` to `file` through a temporary file in `tmpDir` (same file system): write, fsync, rename. */
export async function writeFileAtomically(file: string, text: string, tmpDir: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = path.join(tmpDir, `${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** How old a temporary file must be to count as left by a kill (another process may be writing a newer one). */
const STALE_TEMPORARY_MS = 60_000;

async function removeStaleTemporaryFiles(tmp: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(tmp)) {
    const file = path.join(tmp, name);
    const info = await stat(file).catch(() => null);
    if (info !== null && now - info.mtimeMs > STALE_TEMPORARY_MS) await rm(file, { force: true });
  }
}
