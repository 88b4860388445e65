// Where webhook subscriptions live: an unstorage storage over its file-system driver (default), Redis
// (several server processes share one store), or memory (tests; nothing survives the process).
//
// Keys: `webhooks:subscriptions:<id>` (the record, JSON), `webhooks:meta:<name>`. Under the fs driver
// they are files below `<dir>/webhooks/`; under Redis they are prefixed `skg:`.
//
// `claim` is the one operation unstorage has no atomic form of: "first caller wins" for a key for a
// while. The dispatcher claims each (event, subscription) pair, so when several processes see the
// same event (each swaps to the same new build) exactly one of them delivers it. It uses what each
// backend offers: Redis `SET NX PX`, an exclusive file create, a map. Expired claims go away by
// themselves in Redis (PX) and in memory (swept at each claim); claim files are swept at a claim at
// most once a minute, deleting those older than the window (every claim has the dispatcher's one window).
//
// `replace` is the write of an existing record (a delivery outcome, a disable): it must never bring
// back a record deleted meanwhile. Redis does it in one command (`SET … XX`, written exactly as the
// unstorage driver writes the key). unstorage has no conditional write, so memory and fs check that
// the record exists just before writing it: within one process the dispatcher's per-subscription queue
// orders every update and delete, so nothing can fall between the two; between processes sharing an
// fs store a delete landing in that gap (the time of one file write) can still be undone.

import { createHash } from 'node:crypto';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { createStorage, type Storage } from 'unstorage';
import { createAtomicFsDriver } from './atomic-fs-driver.ts';
import memoryDriver from 'unstorage/drivers/memory';
import { ApiError } from '@skg/core';
import { CONNECT_TIMEOUT_MS, DEFAULT_STORE_TIMEOUT_MS, getRedisClientOptions, redactUrl } from '../redis-client.ts';
import { createStoreOutage, describeFailure, type StoreHealth, type StoreOutage } from '../store-outage.ts';
import { type StoredSubscription, toStoredSubscription } from './subscription.ts';

export type WebhookStoreConfig =
  | { readonly kind: 'memory' }
  | { readonly kind: 'fs'; readonly dir: string }
  | { readonly kind: 'redis'; readonly url: string; /** Each command's deadline; default DEFAULT_STORE_TIMEOUT_MS. */ readonly timeoutMs?: number };

export interface WebhookStore {
  /** `fs <dir>`, `redis <host>` or `memory`: for the start-up line. */
  readonly description: string;
  readonly kind: WebhookStoreConfig['kind'];
  get(id: string): Promise<StoredSubscription | null>;
  /** Creates or overwrites. */
  set(record: StoredSubscription): Promise<void>;
  /** Overwrites the record only if it still exists (see above); false, writing nothing, when it does not. */
  replace(record: StoredSubscription): Promise<boolean>;
  remove(id: string): Promise<void>;
  list(): Promise<StoredSubscription[]>;
  getMeta(name: string): Promise<string | null>;
  setMeta(name: string, value: string): Promise<void>;
  /** True for the first caller of `key` within `ttlMs` (across every process sharing the store). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
  /** A shared store's health, for `/status` (absent for a store of this process). */
  health?(): StoreHealth;
}

const SUBSCRIPTIONS = 'webhooks:subscriptions';
const META = 'webhooks:meta';

/** A store in process memory: tests, and `createApp` without a store. */
export function createMemoryWebhookStore(): WebhookStore {
  return wrap(createStorage({ driver: memoryDriver() }), 'memory', 'memory', createMemoryClaims());
}

export interface WebhookStoreOptions {
  /** Where a shared store's outage and recovery lines go; default `console.log`. */
  readonly log?: (line: string) => void;
}

export async function createWebhookStore(config: WebhookStoreConfig, options: WebhookStoreOptions = {}): Promise<WebhookStore> {
  if (config.kind === 'memory') return createMemoryWebhookStore();
  if (config.kind === 'fs') {
    const dir = path.resolve(config.dir);
    await mkdir(path.join(dir, 'webhooks'), { recursive: true, mode: 0o700 });
    return wrap(createStorage({ driver: await createAtomicFsDriver(dir) }), 'fs', `fs ${dir}`, createFileClaims(path.join(dir, 'webhooks', 'claims')));
  }
  // Loaded only when asked for: ioredis is not needed by a single process.
  const { default: redisDriver } = await import('unstorage/drivers/redis');
  const driver = redisDriver({ url: config.url, base: 'skg', lazyConnect: true, ...getRedisClientOptions(config.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS) });
  const redis = driver.getInstance?.();
  if (!redis) throw new Error('the unstorage redis driver gave no client');
  redis.on('error', () => undefined); // said through the outage (below), once
  const store = wrap(
    createStorage({ driver }),
    'redis',
    `redis ${redactUrl(config.url)}`,
    {
      async claim(key, ttlMs) {
        return (await redis.set(`skg:webhooks:claims:${key}`, '1', 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
      },
    },
    // The key and the JSON text the driver's own setItem would write, set only if the key exists.
    async (record) => (await redis.set(`skg:${SUBSCRIPTIONS}:${record.id}`, JSON.stringify(record), 'XX')) === 'OK',
  );
  try {
    await withTimeout(redis.connect(), CONNECT_TIMEOUT_MS, `no answer from ${redactUrl(config.url)} within ${CONNECT_TIMEOUT_MS} ms`);
  } catch (error) {
    await store.close().catch(() => undefined);
    redis.disconnect();
    throw new Error(`cannot use the webhook store at ${redactUrl(config.url)}: ${describeFailure(error)}`);
  }
  const outage = createStoreOutage({
    what: `Redis at ${redactUrl(config.url)} (webhook subscriptions)`,
    meanwhile: 'webhook registration and reads answer 503',
    probe: () => redis.ping(),
    log: options.log ?? ((line) => console.log(line)),
  });
  return guardStore(store, outage);
}

/** How long a client is told to wait when the shared webhook store does not answer. */
const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * Every call of a shared store, within its deadline or failing: a failure is said once (the outage) and
 * answered 503 `dataset_unavailable` with `Retry-After` (a retryable code: nothing is wrong with the
 * request), never a 500 after seconds.
 */
function guardStore(store: WebhookStore, outage: StoreOutage): WebhookStore {
  function guard<A extends unknown[], R>(call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return (...args) =>
      call(...args).then(
        (result) => {
          outage.recover();
          return result;
        },
        (error: unknown) => {
          outage.fail(describeFailure(error));
          throw new ApiError('dataset_unavailable', `the webhook subscription store is not answering: try again in ${STORE_RETRY_AFTER_SECONDS} seconds`, {
            headers: { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
          });
        },
      );
  }
  return {
    kind: store.kind,
    description: store.description,
    get: guard(store.get),
    set: guard(store.set),
    replace: guard(store.replace),
    remove: guard(store.remove),
    list: guard(store.list),
    getMeta: guard(store.getMeta),
    setMeta: guard(store.setMeta),
    claim: guard(store.claim),
    close() {
      outage.stop();
      return store.close();
    },
    health: () => outage.health(),
  };
}

export interface Claims {
  claim(key: string, ttlMs: number): Promise<boolean>;
}

function wrap(
  storage: Storage,
  kind: WebhookStoreConfig['kind'],
  description: string,
  claims: Claims,
  replaceIfExists?: (record: StoredSubscription) => Promise<boolean>,
): WebhookStore {
  return {
    kind,
    description,
    async get(id) {
      return toStoredSubscription(await storage.getItem(`${SUBSCRIPTIONS}:${id}`));
    },
    async set(record) {
      await storage.setItem(`${SUBSCRIPTIONS}:${record.id}`, record as never);
    },
    async replace(record) {
      if (replaceIfExists) return replaceIfExists(record);
      if (!(await storage.hasItem(`${SUBSCRIPTIONS}:${record.id}`))) return false;
      await storage.setItem(`${SUBSCRIPTIONS}:${record.id}`, record as never);
      return true;
    },
    async remove(id) {
      await storage.removeItem(`${SUBSCRIPTIONS}:${id}`);
    },
    async list() {
      const keys = await storage.getKeys(SUBSCRIPTIONS);
      if (keys.length === 0) return [];
      const items = await storage.getItems(keys);
      return items.map((item) => toStoredSubscription(item.value)).filter((record) => record !== null);
    },
    async getMeta(name) {
      const value = await storage.getItem(`${META}:${name}`);
      return typeof value === 'string' ? value : null;
    },
    async setMeta(name, value) {
      // Stored as a JSON string so a value that looks like a number stays a string.
      await storage.setItem(`${META}:${name}`, JSON.stringify(value) as never);
    },
    claim: (key, ttlMs) => claims.claim(hashKey(key), ttlMs),
    async close() {
      await storage.dispose();
    },
  };
}

function createMemoryClaims(): Claims {
  const until = new Map<string, number>();
  return {
    async claim(key, ttlMs) {
      const now = Date.now();
      for (const [k, expires] of until) if (expires <= now) until.delete(k);
      if (until.has(key)) return false;
      until.set(key, now + ttlMs);
      return true;
    },
  };
}

/** How often claim files are swept, at most. */
const CLAIM_SWEEP_MS = 60_000;

/**
 * An exclusive create (`wx`) is atomic across processes on one file system; an expired file is replaced
 * once. Claims older than their window are deleted at a claim, at most once a minute per process.
 */
/** How long the check of the state directory may take before start-up fails (a hung file system). */
const STATE_DIRECTORY_CHECK_MS = 5_000;

/**
 * Creates the fs store's directories under the state directory `dir` and proves this process can write
 * there, by writing and removing a file: an unwritable state directory is a start-up error naming it
 * and what to set, never a 500 at the first registration. The directories are made one level at a
 * time (Node's recursive mkdir loops forever at full CPU under /proc, where a missing directory cannot
 * be made and its parent always exists), and the whole check has a deadline.
 */
export async function assertWritableStateDirectory(dir: string): Promise<void> {
  const subdir = path.join(dir, 'webhooks');
  const probe = path.join(subdir, `.write-check-${process.pid}`);
  try {
    await withTimeout(
      (async () => {
        await makeDirectories(subdir);
        const handle = await open(probe, 'w', 0o600);
        await handle.close();
        await unlink(probe);
      })(),
      STATE_DIRECTORY_CHECK_MS,
      `no answer within ${STATE_DIRECTORY_CHECK_MS} ms`,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new Error(
      `the webhook state directory ${dir} is not writable (${code} on ${subdir}): give this process write access to it, ` +
        'or set --state-dir / SKG_STATE_DIR to a writable directory (or --store memory, or a redis:// URL)',
    );
  }
}

/** `mkdir -p`, one level at a time from the first missing ancestor (see above). */
async function makeDirectories(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const info = await stat(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (info !== null) {
      if (!info.isDirectory()) throw Object.assign(new Error(`${at} is not a directory`), { code: 'ENOTDIR' });
      break;
    }
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const at of missing) {
    await mkdir(at, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

export function createFileClaims(dir: string, now: () => number = Date.now): Claims {
  let lastSweep = Number.NEGATIVE_INFINITY;
  async function sweep(ttlMs: number): Promise<void> {
    const at = now();
    if (at - lastSweep < CLAIM_SWEEP_MS) return;
    lastSweep = at;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info !== null && info.isFile() && at - info.mtimeMs >= ttlMs) await unlink(file).catch(() => undefined);
    }
  }
  return {
    async claim(key, ttlMs) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await sweep(ttlMs);
      const file = path.join(dir, key);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          const handle = await open(file, 'wx', 0o600);
          await handle.close();
          return true;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
        const info = await stat(file).catch(() => null);
        if (info !== null && now() - info.mtimeMs < ttlMs) return false;
        await unlink(file).catch(() => undefined);
      }
      return false;
    },
  };
}

/** Claim keys become file names and Redis keys: a fixed-length hash of whatever the caller passed. */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
