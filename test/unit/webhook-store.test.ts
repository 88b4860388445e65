import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openWebhooks } from '../../packages/server/src/webhooks/open.ts';
import { parseRegistration } from '../../packages/server/src/webhooks/registration.ts';
import { createFileClaims, createWebhookStore, type WebhookStore, type WebhookStoreConfig } from '../../packages/server/src/webhooks/store.ts';
import { subscriptionRecord } from '../helpers/subscription-record.ts';
import type { StoredSubscription } from '../../packages/server/src/webhooks/subscription.ts';
import { freePort } from '../helpers/cli-server.ts';
import { createTempDir, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

const RECORD: StoredSubscription = subscriptionRecord(0, { id: 'wh_0123456789abcdef01234567' });

describe('the fs webhook store under kill -9', () => {
  it('never leaves a partial record: every file under subscriptions/ is a whole record after a kill during writes', async () => {
    const dir = await createTempDir();
    for (let round = 0; round < 5; round += 1) {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../helpers/write-subscriptions.ts'), dir], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      await new Promise((resolve) => child.once('message', resolve));
      await new Promise((resolve) => setTimeout(resolve, 100 + round * 60));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const recordsDir = path.join(dir, 'webhooks', 'subscriptions');
    const files = await readdir(recordsDir);
    assert.ok(files.length > 3, `the writer wrote records (${files.length})`);
    for (const name of files) {
      const text = await readFile(path.join(recordsDir, name), 'utf8');
      assert.doesNotThrow(() => JSON.parse(text), `${name} (${text.length} bytes) is a whole record`);
    }
    const store = await createWebhookStore({ kind: 'fs', dir });
    assert.equal((await store.list()).length, files.length, 'every record reads back');
    await store.close();
  });
});

/** What every store must do; run against each backend. */
async function checkStore(config: WebhookStoreConfig, reopen: boolean): Promise<void> {
  let store: WebhookStore = await createWebhookStore(config);
  try {
    assert.equal(await store.get(RECORD.id), null);
    await store.set(RECORD);
    await store.set({ ...RECORD, id: 'wh_fedcba9876543210fedcba98', status: 'disabled' });
    if (reopen) {
      await store.close();
      store = await createWebhookStore(config);
    }
    assert.deepEqual(await store.get(RECORD.id), RECORD);
    assert.deepEqual((await store.list()).map((record) => record.id).sort(), ['wh_0123456789abcdef01234567', 'wh_fedcba9876543210fedcba98']);
    assert.equal(await store.replace({ ...RECORD, consecutiveFailures: 2 }), true, 'an existing record is replaced');
    assert.equal((await store.get(RECORD.id))?.consecutiveFailures, 2);
    await store.remove(RECORD.id);
    assert.equal(await store.get(RECORD.id), null);
    assert.equal(await store.replace({ ...RECORD, consecutiveFailures: 3 }), false, 'a deleted record is not replaced…');
    assert.equal(await store.get(RECORD.id), null, '…nor brought back');
    await store.set({ ...RECORD, consecutiveFailures: 0 });
    assert.deepEqual(await store.get(RECORD.id), RECORD, 'what replace leaves is what set and get read (the same encoding)');
    await store.remove(RECORD.id);
    await store.setMeta('probe', '0123');
    assert.equal(await store.getMeta('probe'), '0123', 'a value that looks like a number stays a string');
    assert.equal(await store.claim('evt_1:wh_1', 60_000), true);
    assert.equal(await store.claim('evt_1:wh_1', 60_000), false, 'the second claim of a key loses');
    assert.equal(await store.claim('evt_2:wh_1', 60_000), true);
  } finally {
    await store.close();
  }
}

describe('webhook store', () => {
  it('keeps subscriptions in memory, with claims', async () => {
    await checkStore({ kind: 'memory' }, false);
  });

  it('keeps subscriptions in files that a new store over the same directory reads (a restart)', async () => {
    const dir = await createTempDir();
    await checkStore({ kind: 'fs', dir }, true);
  });

  it('lets a claim be taken again once it has expired', async () => {
    const store = await createWebhookStore({ kind: 'fs', dir: await createTempDir() });
    assert.equal(await store.claim('k', 1), true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(await store.claim('k', 1), true);
    await store.close();
  });

  it('deletes claim files older than their window at a later claim, at most once a minute', async () => {
    const dir = path.join(await createTempDir(), 'claims');
    let clock = Date.now();
    const claims = createFileClaims(dir, () => clock);
    assert.equal(await claims.claim('old', 3_600_000), true);
    clock += 30_000;
    assert.equal(await claims.claim('newer', 3_600_000), true);
    assert.deepEqual((await readdir(dir)).sort(), ['newer', 'old'], 'nothing is swept within the minute, nothing is expired');
    clock += 2 * 3_600_000;
    assert.equal(await claims.claim('latest', 3_600_000), true);
    assert.deepEqual((await readdir(dir)).sort(), ['latest'], 'the expired claims are gone');
  });

  it('reads a record of the earlier format (createdAt) as created', async () => {
    const dir = await createTempDir();
    const { created, ...rest } = RECORD;
    await mkdir(path.join(dir, 'webhooks', 'subscriptions'), { recursive: true });
    await writeFile(path.join(dir, 'webhooks', 'subscriptions', RECORD.id), JSON.stringify({ ...rest, createdAt: created }));
    const store = await createWebhookStore({ kind: 'fs', dir });
    assert.deepEqual(await store.get(RECORD.id), RECORD);
    assert.deepEqual(await store.list(), [RECORD]);
    await store.close();
  });

  it('skips a record it cannot read (edited by hand) instead of failing the list', async () => {
    const dir = await createTempDir();
    const store = await createWebhookStore({ kind: 'fs', dir });
    await store.set(RECORD);
    await writeFile(path.join(dir, 'webhooks', 'subscriptions', 'wh_junk'), '{"id": 3}');
    assert.deepEqual((await store.list()).map((record) => record.id), [RECORD.id]);
    await store.close();
  });
});

describe('openWebhooks', () => {
  const resolveHost = async () => ['93.184.215.14'];

  it('keeps registrations across a restart over the same fs store, signing with the same key', async () => {
    const dir = await createTempDir();
    const first = await openWebhooks({ store: { kind: 'fs', dir } }, { resolveHost });
    const { subscription, secret } = await first.register(parseRegistration({ url: 'https://hooks.example.org/in' }), false);
    await first.close();
    const key = await readFile(path.join(dir, 'webhooks.key'));
    assert.ok(key.byteLength >= 32, 'the key file was created beside the store');
    const files = await readFile(path.join(dir, 'webhooks', 'subscriptions', subscription.id), 'utf8');
    assert.doesNotMatch(files, new RegExp(secret.slice(6)), 'the stored record holds no secret in clear');

    const second = await openWebhooks({ store: { kind: 'fs', dir } }, { resolveHost });
    assert.deepEqual(await second.read(subscription.id, secret), subscription);
    await second.close();
  });

  it('refuses to start over a store whose secrets another key sealed', async () => {
    const dir = await createTempDir();
    const other = path.join(await createTempDir(), 'other.key');
    (await openWebhooks({ store: { kind: 'fs', dir } })).close();
    await assert.rejects(openWebhooks({ store: { kind: 'fs', dir }, keyFile: other }), /sealed with another key/);
  });

  it('asks for a key file with a Redis store, as every process must share the key', async () => {
    await assert.rejects(openWebhooks({ store: { kind: 'redis', url: 'redis://127.0.0.1:1' } }), /SKG_WEBHOOKS_KEY_FILE/);
  });
});

const redisServer = spawnSync('redis-server', ['--version']).status === 0;

describe('webhook store on Redis', { skip: redisServer ? false : 'redis-server is not on PATH' }, () => {
  let server: ChildProcess | undefined;
  let url = '';

  after(() => {
    server?.kill();
  });

  it('shares subscriptions and claims between stores over one Redis (several processes)', async () => {
    const port = await freePort();
    server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${port}/0`;
    await waitForRedis(url);
    await checkStore({ kind: 'redis', url }, true);
    const keyFile = path.join(await createTempDir(), 'webhooks.key');
    const one = await openWebhooks({ store: { kind: 'redis', url }, keyFile }, { resolveHost: async () => ['93.184.215.14'] });
    const two = await openWebhooks({ store: { kind: 'redis', url }, keyFile });
    const { subscription, secret } = await one.register(parseRegistration({ url: 'https://hooks.example.org/in' }), false);
    assert.deepEqual(await two.read(subscription.id, secret), subscription);
    await one.close();
    await two.close();
  });

  it('fails to start, naming the store, when Redis does not answer', async () => {
    const port = await freePort();
    const keyFile = path.join(await createTempDir(), 'webhooks.key');
    await assert.rejects(openWebhooks({ store: { kind: 'redis', url: `redis://127.0.0.1:${port}` }, keyFile }), /cannot use the webhook store at redis:\/\/127\.0\.0\.1/);
  });
});

async function waitForRedis(url: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      const store = await createWebhookStore({ kind: 'redis', url });
      await store.close();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`redis-server at ${url} did not start`);
}
