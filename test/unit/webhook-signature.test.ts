import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createEphemeralSecretBox, createSecretBox, readOrCreateKeyFile } from '../../packages/server/src/webhooks/secret-box.ts';
import { createSecret, hashSecret, secretMatchesHash, signBody, verifySignature } from '../../packages/server/src/webhooks/signature.ts';
import { createTempDir, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

describe('webhook secret and signature', () => {
  it('makes secrets with the whsec_ prefix and 32 random bytes, each different', () => {
    const a = createSecret();
    const b = createSecret();
    assert.match(a, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.notEqual(a, b);
  });

  it('signs the raw body as sha256=<hex HMAC-SHA256 keyed with the secret>, as a receiver recomputes it', () => {
    const secret = 'whsec_test-secret';
    const body = '{"id":"evt_1","event":"data.updated","test":false,"data":{"é":"ü"}}';
    const independent = `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(body, 'utf8')).digest('hex')}`;
    assert.equal(signBody(secret, body), independent);
    assert.equal(signBody(secret, Buffer.from(body)), independent, 'bytes and string sign alike');
    assert.equal(verifySignature(secret, body, independent), true);
    assert.equal(verifySignature(secret, `${body} `, independent), false, 'one byte more');
    assert.equal(verifySignature('whsec_other', body, independent), false, 'another secret');
    assert.equal(verifySignature(secret, body, 'sha256=00'), false, 'a short signature');
  });

  it('checks a presented secret against the stored hash only', () => {
    const secret = createSecret();
    const stored = hashSecret(secret);
    assert.doesNotMatch(stored, new RegExp(secret.slice(6)));
    assert.equal(secretMatchesHash(secret, stored), true);
    assert.equal(secretMatchesHash(`${secret}x`, stored), false);
    assert.equal(secretMatchesHash('', stored), false);
    assert.equal(secretMatchesHash(secret, 'abc'), false, 'a malformed stored hash');
  });
});

describe('secret box', () => {
  it('seals a secret so only the same key and the same subscription id open it', () => {
    const box = createEphemeralSecretBox();
    const sealed = box.seal('whsec_abc', 'wh_1');
    assert.doesNotMatch(sealed, /whsec_abc/);
    assert.notEqual(box.seal('whsec_abc', 'wh_1'), sealed, 'a fresh nonce each time');
    assert.equal(box.open(sealed, 'wh_1'), 'whsec_abc');
    assert.throws(() => box.open(sealed, 'wh_2'), /does not open/);
    assert.throws(() => createEphemeralSecretBox().open(sealed, 'wh_1'), /does not open/);
    assert.throws(() => box.open('garbage', 'wh_1'), /not a sealed/);
  });

  it('creates a missing key file once (mode 0600), then reads the same key', async () => {
    const dir = await createTempDir();
    const file = path.join(dir, 'state', 'webhooks.key');
    const first = createSecretBox(await readOrCreateKeyFile(file));
    const second = createSecretBox(await readOrCreateKeyFile(file));
    assert.equal(first.keyId, second.keyId);
    assert.equal(second.open(first.seal('whsec_x', 'wh_1'), 'wh_1'), 'whsec_x');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.ok((await readFile(file)).byteLength >= 32);
  });

  it('gives processes that start together on a new state directory one key, never a half-written file', async () => {
    // Two cluster workers start at once: each finds no key file and makes one.
    for (let round = 0; round < 5; round += 1) {
      const file = path.join(await createTempDir(), 'state', 'webhooks.key');
      const keys = await Promise.all(Array.from({ length: 8 }, () => readOrCreateKeyFile(file)));
      const ids = new Set(keys.map((key) => createSecretBox(key).keyId));
      assert.equal(ids.size, 1, `round ${round + 1}: one key for all`);
    }
  });

  it('refuses a key file shorter than 32 bytes', async () => {
    const file = path.join(await createTempDir(), 'short.key');
    await writeFile(file, 'short');
    await assert.rejects(readOrCreateKeyFile(file), /fewer than 32 bytes/);
  });
});
