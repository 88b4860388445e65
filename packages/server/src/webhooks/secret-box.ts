// Keeps subscription secrets sealed at rest: AES-256-GCM under a server key that lives outside the
// store (a key file), bound to the subscription id so a sealed secret cannot be moved to another record.
//
// Signing a delivery needs the secret itself (the spec keys the HMAC with it), so a hash alone cannot
// be stored; the record keeps a hash for bearer checks and this sealed copy for signing. A copy of the
// store without the key file reveals no secret.
//
// Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. The key is SHA-256 of the key file's
// bytes, so any file of at least 32 bytes serves; a missing file is created with 32 random bytes
// (mode 0600). `keyId` (a short hash of the key) lets a store refuse a process holding another key.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SecretBox {
  /** Identifies the key without revealing it. */
  readonly keyId: string;
  seal(secret: string, subscriptionId: string): string;
  /** Throws when the sealed text was made with another key or for another id. */
  open(sealed: string, subscriptionId: string): string;
}

const VERSION = 'v1';
export const MIN_KEY_BYTES = 32;

export function createSecretBox(keyMaterial: Uint8Array): SecretBox {
  if (keyMaterial.byteLength < MIN_KEY_BYTES) throw new Error(`a webhooks key needs at least ${MIN_KEY_BYTES} bytes`);
  const key = createHash('sha256').update(keyMaterial).digest();
  const keyId = createHash('sha256').update('skg-webhooks-key-id').update(key).digest('hex').slice(0, 16);
  return {
    keyId,
    seal(secret, subscriptionId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(subscriptionId));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed, subscriptionId) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new Error('not a sealed webhook secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(subscriptionId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('the webhook secret does not open with this key (another webhooks key sealed it)');
      }
    },
  };
}

/** A box over a random key held only in memory (an in-memory store, tests). */
export function createEphemeralSecretBox(): SecretBox {
  return createSecretBox(randomBytes(MIN_KEY_BYTES));
}

/**
 * Reads the key file, creating it (32 random bytes, mode 0600) when it does not exist. Processes that
 * start together (the workers of a cluster) may all find it missing: each writes a key to a file of its
 * own and links that into place, which succeeds for one of them; the others read the winner's key. The
 * key file therefore never exists half-written (as it could with `open(wx)` then `write`).
 */
export async function readOrCreateKeyFile(file: string): Promise<Uint8Array> {
  try {
    return await readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(candidate, `${randomBytes(MIN_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    await link(candidate, file);
  } catch (error) {
    // Another process linked its key first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(candidate, { force: true });
  }
  return readKeyFile(file);
}

async function readKeyFile(file: string): Promise<Uint8Array> {
  const bytes = await readFile(file);
  if (bytes.byteLength < MIN_KEY_BYTES) throw new Error(`the webhooks key file ${file} holds fewer than ${MIN_KEY_BYTES} bytes`);
  return bytes;
}
