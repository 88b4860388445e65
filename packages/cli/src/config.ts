// Configuration for every command, resolved once: command-line flags, then environment, then defaults.

import os from 'node:os';
import path from 'node:path';
import { DEFAULT_XREF_MIN_VOTES, isOptionalArtefactName, OPTIONAL_ARTEFACTS, type OptionalArtefactName } from '@skg/core';

export interface SkgConfig {
  /** Directory holding the pinned upstream files (a `skg fetch` cache or a mirror). */
  readonly sources: string;
  /** The OKF bundle directory `skg ingest` writes and `skg build` reads. */
  readonly bundle: string;
  /** The artefact directory `skg build` writes and `skg serve` reads. */
  readonly dist: string;
  readonly port: number;
  readonly host: string;
  /** Take the client address from `X-Forwarded-For` (only behind a trusted reverse proxy). */
  readonly trustProxy: boolean;
  /** Fixed bundle generation time (ISO 8601); default: the newest pinned source date. */
  readonly generatedAt: string | undefined;
  /** Cross references with at least this many votes become links between chapters (`skg ingest`). */
  readonly xrefMinVotes: number;
  /** `skg build`: optional artefacts to leave out (`interlinear`, `connections`); their endpoints answer 503. */
  readonly without: readonly OptionalArtefactName[];
  /** `skg serve`: watch dist/ and switch to each new build while serving (hot swap). */
  readonly watch: boolean;
  /** `skg serve`: where webhook subscriptions live: `fs` (under `stateDir`), `memory`, or a `redis://` / `rediss://` URL. */
  readonly store: string;
  /** `skg serve`: the directory of the fs store (and of its webhooks key file). */
  readonly stateDir: string;
  /** `skg serve`: the key file sealing webhook secrets; default `<stateDir>/webhooks.key` (required with Redis). */
  readonly webhooksKeyFile: string | undefined;
  /** `skg serve`: let webhooks target private and loopback addresses. For local testing only. */
  readonly webhooksAllowPrivate: boolean;
  /** `skg serve`: server processes (node:cluster workers); 1 serves from this process alone. */
  readonly workers: number;
  /** `skg serve`: on SIGTERM / SIGINT, how long requests in flight may take before every connection is closed (ms). */
  readonly drainTimeoutMs: number;
}

export interface ConfigOption {
  readonly key: keyof SkgConfig;
  readonly flag: string;
  readonly env: string;
  readonly fallback: string;
  readonly description: string;
}

/** Every option, its flag, its environment variable and its default: the README's table. */
export const CONFIG_OPTIONS: readonly ConfigOption[] = [
  { key: 'sources', flag: '--sources <dir>', env: 'SKG_SOURCES', fallback: '.sources', description: 'upstream sources directory (fetch cache or mirror)' },
  { key: 'bundle', flag: '--bundle <dir>', env: 'SKG_BUNDLE', fallback: 'bundle', description: 'OKF bundle directory' },
  { key: 'dist', flag: '--dist <dir>', env: 'SKG_DIST', fallback: 'dist', description: 'compiled artefact directory' },
  { key: 'port', flag: '--port <n>', env: 'PORT', fallback: '3000', description: 'HTTP port' },
  { key: 'host', flag: '--host <addr>', env: 'HOST', fallback: '0.0.0.0', description: 'address to listen on' },
  { key: 'trustProxy', flag: '--trust-proxy', env: 'SKG_TRUST_PROXY', fallback: 'false', description: 'rate-limit by X-Forwarded-For (behind a trusted proxy only)' },
  { key: 'generatedAt', flag: '--generated-at <iso>', env: 'SKG_GENERATED_AT', fallback: '(newest pinned source date)', description: 'bundle generation time' },
  { key: 'xrefMinVotes', flag: '--xref-min-votes <n>', env: 'SKG_XREF_MIN_VOTES', fallback: String(DEFAULT_XREF_MIN_VOTES), description: 'vote floor of the cross references linked between chapters' },
  { key: 'without', flag: '--without <names>', env: 'SKG_WITHOUT', fallback: '(none: build all)', description: `optional artefacts to leave out of the build, comma-separated: ${OPTIONAL_ARTEFACTS.join(', ')}` },
  { key: 'watch', flag: '--no-watch', env: 'SKG_WATCH', fallback: 'true', description: 'switch to each new build of dist/ while serving (hot swap); SIGHUP switches on demand' },
  { key: 'store', flag: '--store <fs|memory|url>', env: 'SKG_STORE', fallback: 'fs', description: 'where webhook subscriptions live: fs (files under the state directory), memory (lost on exit), or a redis:// URL shared by several server processes' },
  { key: 'stateDir', flag: '--state-dir <dir>', env: 'SKG_STATE_DIR', fallback: '.skg-state', description: 'directory of the fs webhook store and its key file' },
  { key: 'webhooksKeyFile', flag: '--webhooks-key-file <file>', env: 'SKG_WEBHOOKS_KEY_FILE', fallback: '(<state dir>/webhooks.key, created on first start)', description: 'key file (32+ random bytes) sealing webhook secrets at rest; required with a redis store, the same file on every process' },
  { key: 'workers', flag: '--workers <n>', env: 'SKG_WORKERS', fallback: '(the number of cores; 1 with --store memory)', description: 'server processes sharing the port (node:cluster); 1 serves from one process' },
  { key: 'drainTimeoutMs', flag: '--drain-timeout <ms>', env: 'SKG_DRAIN_TIMEOUT', fallback: '10000', description: 'on SIGTERM/SIGINT, how long requests in flight may take before every connection is closed' },
  { key: 'webhooksAllowPrivate', flag: '--webhooks-allow-private', env: 'SKG_WEBHOOKS_ALLOW_PRIVATE', fallback: 'false', description: 'let webhooks target private and loopback addresses: for local testing only, never in production' },
];

export type ConfigFlags = Partial<Record<keyof SkgConfig, string | boolean | undefined>>;

function pick(flags: ConfigFlags, env: NodeJS.ProcessEnv, option: ConfigOption): string | undefined {
  const flag = flags[option.key];
  if (flag !== undefined) return String(flag);
  const fromEnv = env[option.env];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return undefined;
}

/** Resolves, validates and freezes the configuration. Throws an Error naming the bad option. */
export function resolveConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): SkgConfig {
  const value = (key: keyof SkgConfig): string | undefined => {
    const option = CONFIG_OPTIONS.find((o) => o.key === key);
    if (!option) throw new Error(`unknown option ${key}`);
    return pick(flags, env, option);
  };
  const port = Number(value('port') ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT / --port must be an integer from 0 to 65535, got '${value('port')}'`);
  }
  const trust = (value('trustProxy') ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(trust)) {
    throw new Error(`SKG_TRUST_PROXY / --trust-proxy must be true or false, got '${trust}'`);
  }
  const generatedAt = value('generatedAt') ?? sourceDateEpoch(env);
  if (generatedAt !== undefined && Number.isNaN(Date.parse(generatedAt))) {
    throw new Error(`SKG_GENERATED_AT / --generated-at must be an ISO 8601 date-time, got '${generatedAt}'`);
  }
  const xrefMinVotes = Number(value('xrefMinVotes') ?? DEFAULT_XREF_MIN_VOTES);
  if (!Number.isInteger(xrefMinVotes) || xrefMinVotes < 1) {
    throw new Error(`SKG_XREF_MIN_VOTES / --xref-min-votes must be an integer of 1 or more, got '${value('xrefMinVotes')}'`);
  }
  const watch = (value('watch') ?? 'true').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(watch)) {
    throw new Error(`SKG_WATCH must be true or false, got '${watch}'`);
  }
  const without = parseOptionalArtefactList(value('without') ?? '');
  const store = value('store') ?? 'fs';
  if (store !== 'fs' && store !== 'memory' && !/^rediss?:\/\/./.test(store)) {
    throw new Error(`SKG_STORE / --store must be fs, memory or a redis:// URL, got '${store}'`);
  }
  const allowPrivate = (value('webhooksAllowPrivate') ?? 'false').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(allowPrivate)) {
    throw new Error(`SKG_WEBHOOKS_ALLOW_PRIVATE / --webhooks-allow-private must be true or false, got '${allowPrivate}'`);
  }
  const keyFile = value('webhooksKeyFile');
  const workersText = value('workers');
  const workers = workersText === undefined ? (store === 'memory' ? 1 : os.availableParallelism()) : Number(workersText);
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) {
    throw new Error(`SKG_WORKERS / --workers must be an integer from 1 to 256, got '${workersText}'`);
  }
  if (workers > 1 && store === 'memory') {
    throw new Error(`--store memory keeps webhook subscriptions in one process: use --workers 1 with it, or --store fs / a redis:// URL with ${workers} workers`);
  }
  const drainTimeoutMs = Number(value('drainTimeoutMs') ?? 10_000);
  if (!Number.isInteger(drainTimeoutMs) || drainTimeoutMs < 0) {
    throw new Error(`SKG_DRAIN_TIMEOUT / --drain-timeout must be a whole number of milliseconds, got '${value('drainTimeoutMs')}'`);
  }
  return Object.freeze({
    sources: path.resolve(cwd, value('sources') ?? '.sources'),
    bundle: path.resolve(cwd, value('bundle') ?? 'bundle'),
    dist: path.resolve(cwd, value('dist') ?? 'dist'),
    port,
    host: value('host') ?? '0.0.0.0',
    trustProxy: trust === 'true' || trust === '1',
    generatedAt: generatedAt === undefined ? undefined : new Date(generatedAt).toISOString(),
    xrefMinVotes,
    without,
    watch: watch === 'true' || watch === '1',
    store,
    stateDir: path.resolve(cwd, value('stateDir') ?? '.skg-state'),
    webhooksKeyFile: keyFile === undefined ? undefined : path.resolve(cwd, keyFile),
    webhooksAllowPrivate: allowPrivate === 'true' || allowPrivate === '1',
    workers,
    drainTimeoutMs,
  });
}

/** `interlinear,connections` (commas or spaces; `none` or empty for none) → the names, checked. */
export function parseOptionalArtefactList(text: string): OptionalArtefactName[] {
  const names = text.split(/[\s,]+/).filter((name) => name !== '' && name.toLowerCase() !== 'none');
  const unknown = names.filter((name) => !isOptionalArtefactName(name));
  if (unknown.length > 0) {
    throw new Error(`SKG_WITHOUT / --without names optional artefacts: ${OPTIONAL_ARTEFACTS.join(', ')}; got '${unknown.join("', '")}'`);
  }
  return [...new Set(names as OptionalArtefactName[])];
}

/** The optional artefacts a build should make: all but those `without` names. */
export function selectOptionalArtefacts(without: readonly OptionalArtefactName[]): ReadonlySet<OptionalArtefactName> {
  return new Set(OPTIONAL_ARTEFACTS.filter((name) => !without.includes(name)));
}

function sourceDateEpoch(env: NodeJS.ProcessEnv): string | undefined {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (!epoch || !/^\d+$/.test(epoch)) return undefined;
  return new Date(Number(epoch) * 1000).toISOString();
}
