// Opens the webhooks of a serving process from its configuration: the store, the key that seals the
// secrets, and the check that the two belong together.
//
// Key file: the one configured; else, with the fs store, `<state dir>/webhooks.key` (created on first
// start); with the memory store a key in memory. A Redis store is shared by several processes, which
// must all seal with one key, so it needs the key file configured (the same file on every process).
// The store remembers the id of the key its secrets were sealed with and refuses a process holding
// another: deliveries signed with a wrong key would fail every receiver's check.

import path from 'node:path';
import { createEphemeralSecretBox, createSecretBox, readOrCreateKeyFile, type SecretBox } from './secret-box.ts';
import { createWebhooks, type WebhookOptions, type Webhooks } from './service.ts';
import { assertWritableStateDirectory, createWebhookStore, type WebhookStore, type WebhookStoreConfig } from './store.ts';

export interface WebhookServeConfig {
  readonly store: WebhookStoreConfig;
  /** The key file sealing subscription secrets; see above for the default. */
  readonly keyFile?: string;
  /** Let webhooks target private and loopback addresses: local testing only. */
  readonly allowPrivate?: boolean;
}

const KEY_ID = 'key-id';

export async function openWebhooks(
  config: WebhookServeConfig,
  options: Omit<WebhookOptions, 'store' | 'secretBox' | 'allowPrivate'> & { readonly log?: (line: string) => void } = {},
): Promise<Webhooks> {
  if (config.store.kind === 'fs') await assertWritableStateDirectory(path.resolve(config.store.dir));
  const secretBox = await openSecretBox(config);
  const store = await createWebhookStore(config.store, options.log ? { log: options.log } : {});
  try {
    await assertKeyMatches(store, secretBox, config);
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  const { log: _log, ...webhookOptions } = options;
  return createWebhooks({ ...webhookOptions, store, secretBox, allowPrivate: config.allowPrivate ?? false });
}

/** Where the key lives for this configuration, or null for a key held in memory. */
export function getKeyFile(config: WebhookServeConfig): string | null {
  if (config.keyFile !== undefined) return path.resolve(config.keyFile);
  if (config.store.kind === 'fs') return path.join(path.resolve(config.store.dir), 'webhooks.key');
  if (config.store.kind === 'memory') return null;
  throw new Error(
    'a Redis webhook store needs the key file that seals subscription secrets, the same file on every process: ' +
      'set SKG_WEBHOOKS_KEY_FILE / --webhooks-key-file (any file of 32 or more random bytes, e.g. `openssl rand -base64 32 > webhooks.key`)',
  );
}

async function openSecretBox(config: WebhookServeConfig): Promise<SecretBox> {
  const file = getKeyFile(config);
  if (file === null) return createEphemeralSecretBox();
  try {
    return createSecretBox(await readOrCreateKeyFile(file));
  } catch (error) {
    throw new Error(`cannot use the webhooks key file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function assertKeyMatches(store: WebhookStore, secretBox: SecretBox, config: WebhookServeConfig): Promise<void> {
  const stored = await store.getMeta(KEY_ID);
  if (stored === null) {
    await store.setMeta(KEY_ID, secretBox.keyId);
    return;
  }
  if (stored !== secretBox.keyId) {
    throw new Error(
      `the webhook store (${store.description}) was sealed with another key than ${getKeyFile(config) ?? 'this one'}: ` +
        'use the key file its subscriptions were registered under, or start from an empty store',
    );
  }
}
