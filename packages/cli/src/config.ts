// Configuration for every command, resolved once: command-line flags, then environment, then defaults.
//
// Each option is declared once, in CONFIG_OPTIONS: its flag, environment variable, default, help text
// and parser. The commands register their flags from it (`addConfigOptions`), `resolveConfig` reads
// flags, environment and defaults through it, and test/unit/readme.test.ts holds the README's
// Configuration table to it.

import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_XREF_MIN_VOTES, isOptionalArtefactName, OPTIONAL_ARTEFACTS, type OptionalArtefactName } from '@skg/core';

interface OptionSpec<T> {
  /** As commander takes it: `--dist <dir>`, `--trust-proxy` (sets true), `--no-watch` (sets false). */
  readonly flag: string;
  readonly env: string;
  /** The default as text, parsed like a value given; undefined when the option has none. */
  readonly default: string | undefined;
  /** The default as the README and `--help` show it, when the text above does not say it. */
  readonly shownDefault?: string;
  /** One line: the README's table and `--help`. */
  readonly description: string;
  /** For a `--no-x` switch, what giving it does (`--help` shows this; `description` says what the option is). */
  readonly flagHelp?: string;
  /** Text (flag, environment or default) → value; throws an Error naming the option on bad text. */
  parse(text: string | undefined, context: ParseContext): T;
  /** A second environment variable read when the first is unset (SOURCE_DATE_EPOCH). */
  readonly fallbackEnv?: (env: NodeJS.ProcessEnv) => string | undefined;
}

interface ParseContext {
  readonly cwd: string;
  /** `SKG_X / --x`, for messages. */
  readonly name: string;
}

const option = <T>(spec: OptionSpec<T>): OptionSpec<T> => spec;

function directory(text: string | undefined, { cwd }: ParseContext): string {
  return path.resolve(cwd, text ?? '.');
}

/**
 * The sources directory when none is given: `.sources` (where `skg fetch` downloads), unless only a
 * mirror beside the checkout exists (`../shared/upstream`), so a clone beside one starts with no setting.
 */
function findSources(cwd: string): string {
  const fetched = path.resolve(cwd, '.sources');
  const mirror = path.resolve(cwd, '../shared/upstream');
  return !existsSync(fetched) && existsSync(mirror) ? mirror : fetched;
}

function boolean(text: string | undefined, { name }: ParseContext): boolean {
  const value = (text ?? '').toLowerCase();
  if (!['true', 'false', '1', '0'].includes(value)) throw new Error(`${name} must be true or false, got '${text}'`);
  return value === 'true' || value === '1';
}

function integer(minimum: number, maximum = Number.MAX_SAFE_INTEGER) {
  return (text: string | undefined, { name }: ParseContext): number => {
    const value = Number(text);
    if (text === undefined || text.trim() === '' || !Number.isInteger(value) || value < minimum || value > maximum) {
      const range = maximum === Number.MAX_SAFE_INTEGER ? `of ${minimum} or more` : `from ${minimum} to ${maximum}`;
      throw new Error(`${name} must be an integer ${range}, got '${text}'`);
    }
    return value;
  };
}

/** Every option: the README's Configuration table, `--help`, and what `resolveConfig` reads. */
export const CONFIG_OPTIONS = {
  sources: option({
    flag: '--sources <dir>',
    env: 'SKG_SOURCES',
    default: undefined,
    shownDefault: '`.sources`; `../shared/upstream` when that exists and `.sources` does not',
    description: 'upstream sources directory (a `skg fetch` cache or a mirror)',
    parse: (text, context) => (text !== undefined ? directory(text, context) : findSources(context.cwd)),
  }),
  bundle: option({ flag: '--bundle <dir>', env: 'SKG_BUNDLE', default: 'bundle', description: 'OKF bundle directory', parse: directory }),
  dist: option({ flag: '--dist <dir>', env: 'SKG_DIST', default: 'dist', description: 'compiled artefact directory', parse: directory }),
  port: option({ flag: '--port <n>', env: 'PORT', default: '3000', description: 'HTTP port, 0 for any free port', parse: integer(0, 65535) }),
  host: option({ flag: '--host <addr>', env: 'HOST', default: '0.0.0.0', description: 'address to listen on', parse: (text) => text ?? '0.0.0.0' }),
  trustProxy: option({
    flag: '--trust-proxy',
    env: 'SKG_TRUST_PROXY',
    default: 'false',
    shownDefault: '`false` (the socket address)',
    description: 'take the client address for rate limiting from `X-Forwarded-For` (only behind a proxy you trust); lifts the per-address connection cap',
    parse: boolean,
  }),
  generatedAt: option({
    flag: '--generated-at <iso>',
    env: 'SKG_GENERATED_AT',
    default: undefined,
    shownDefault: 'the newest pinned source date (or `SOURCE_DATE_EPOCH`)',
    description: 'bundle generation time (ISO 8601), for reproducible bundles',
    fallbackEnv: (env) => {
      const epoch = env.SOURCE_DATE_EPOCH;
      return epoch && /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000).toISOString() : undefined;
    },
    parse: (text, { name }): string | undefined => {
      if (text === undefined) return undefined;
      if (Number.isNaN(Date.parse(text))) throw new Error(`${name} must be an ISO 8601 date-time, got '${text}'`);
      return new Date(text).toISOString();
    },
  }),
  xrefMinVotes: option({
    flag: '--xref-min-votes <n>',
    env: 'SKG_XREF_MIN_VOTES',
    default: String(DEFAULT_XREF_MIN_VOTES),
    description: 'vote floor: cross references with at least this many votes become links between chapters (`skg ingest`)',
    parse: integer(1),
  }),
  without: option({
    flag: '--without <names>',
    env: 'SKG_WITHOUT',
    default: '',
    shownDefault: 'none (build all)',
    description: `optional artefacts to leave out of a build (${OPTIONAL_ARTEFACTS.join(', ')}), comma-separated; their endpoints answer 503`,
    parse: (text) => parseOptionalArtefactList(text ?? ''),
  }),
  watch: option({
    flag: '--no-watch',
    env: 'SKG_WATCH',
    default: 'true',
    description: 'switch to each new build of `dist/` while serving (hot swap); SIGHUP switches on demand',
    flagHelp: 'do not watch `dist/` for new builds: keep serving the one loaded at start until SIGHUP switches',
    parse: boolean,
  }),
  store: option({
    flag: '--store <fs|memory|url>',
    env: 'SKG_STORE',
    default: 'fs',
    description: 'where webhook subscriptions live: `fs`, `memory` (lost on exit) or a `redis://` URL shared by several servers',
    parse: (text, { name }) => {
      const store = text ?? 'fs';
      if (store !== 'fs' && store !== 'memory' && !/^rediss?:\/\/./.test(store)) throw new Error(`${name} must be fs, memory or a redis:// URL, got '${store}'`);
      return store;
    },
  }),
  storeTimeoutMs: option({
    flag: '--store-timeout <ms>',
    env: 'SKG_STORE_TIMEOUT',
    default: '50',
    description: 'with a `redis://` store, how long a Redis command may take; past it the rate limit is counted in the process and webhook registration answers 503',
    parse: integer(1),
  }),
  stateDir: option({
    flag: '--state-dir <dir>',
    env: 'SKG_STATE_DIR',
    default: '.skg-state',
    description: 'directory of the fs webhook store and its key file (checked writable at start)',
    parse: directory,
  }),
  webhooksKeyFile: option({
    flag: '--webhooks-key-file <file>',
    env: 'SKG_WEBHOOKS_KEY_FILE',
    default: undefined,
    shownDefault: '`<state dir>/webhooks.key`, created on first start',
    description: 'key file sealing webhook secrets at rest (required with Redis: the same file on every process)',
    parse: (text, { cwd }) => (text === undefined ? undefined : path.resolve(cwd, text)),
  }),
  webhooksAllowPrivate: option({
    flag: '--webhooks-allow-private',
    env: 'SKG_WEBHOOKS_ALLOW_PRIVATE',
    default: 'false',
    description: 'let webhooks target private and loopback addresses: **local testing only**',
    parse: boolean,
  }),
  accessLog: option({
    flag: '--no-access-log',
    env: 'SKG_ACCESS_LOG',
    default: 'true',
    description: 'a JSON line per request on stdout: time, method, path, status, bytes, duration, request id, client, user agent, MCP tools',
    flagHelp: 'write no access log (no JSON line per request on stdout)',
    parse: boolean,
  }),
  workers: option({
    flag: '--workers <n>',
    env: 'SKG_WORKERS',
    default: undefined,
    shownDefault: 'the number of cores; 1 with `--store memory`',
    description: 'server processes sharing the port (node:cluster); 1 serves from one process',
    parse: (text, context): number | undefined => (text === undefined ? undefined : integer(1, 256)(text, context)),
  }),
  drainTimeoutMs: option({
    flag: '--drain-timeout <ms>',
    env: 'SKG_DRAIN_TIMEOUT',
    default: '10000',
    description: 'on SIGTERM/SIGINT, how long requests in flight may take before every connection is closed',
    parse: integer(0),
  }),
  maxConnections: option({
    flag: '--max-connections <n>',
    env: 'SKG_MAX_CONNECTIONS',
    default: '1000',
    description: 'open connections in all; one more is answered 503 and closed',
    parse: integer(1),
  }),
  maxConnectionsPerAddress: option({
    flag: '--max-connections-per-address <n>',
    env: 'SKG_MAX_CONNECTIONS_PER_ADDRESS',
    default: '64',
    description: 'open connections from one client address (not applied with `--trust-proxy`); one more is answered 429 and closed',
    parse: integer(1),
  }),
} as const;

export type ConfigKey = keyof typeof CONFIG_OPTIONS;

export type SkgConfig = { readonly [K in Exclude<ConfigKey, 'workers'>]: ReturnType<(typeof CONFIG_OPTIONS)[K]['parse']> } & {
  /** Resolved against the store: the cores, or 1 with `--store memory`. */
  readonly workers: number;
};

/** Flag values by option, as commander parsed them (text, or a boolean for a switch). */
export type ConfigFlags = Partial<Record<ConfigKey, string | boolean | undefined>>;

/** The environment variable's text, or its fallback's; an empty variable counts as unset. */
function fromEnvironment(spec: OptionSpec<unknown>, env: NodeJS.ProcessEnv): string | undefined {
  const text = env[spec.env];
  if (text !== undefined && text !== '') return text;
  return spec.fallbackEnv?.(env);
}

/** Resolves, validates and freezes the configuration. Throws an Error naming the bad option. */
export function resolveConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): SkgConfig {
  const config: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(CONFIG_OPTIONS) as Array<[ConfigKey, OptionSpec<unknown>]>) {
    const flag = flags[key];
    const text = flag !== undefined ? String(flag) : (fromEnvironment(spec, env) ?? spec.default);
    // A switch (`--trust-proxy`, `--no-watch`) gives no text: only its variable can be wrong.
    const name = spec.flag.includes('<') ? `${spec.env} / ${spec.flag.replace(/ <.*$/, '')}` : spec.env;
    config[key] = spec.parse(text, { cwd, name });
  }
  // The workers' default and limit depend on the store.
  const store = config.store as string;
  const workers = (config.workers as number | undefined) ?? (store === 'memory' ? 1 : os.availableParallelism());
  if (workers > 1 && store === 'memory') {
    throw new Error(`--store memory keeps webhook subscriptions in one process: use --workers 1 with it, or --store fs / a redis:// URL with ${workers} workers`);
  }
  config.workers = workers;
  return Object.freeze(config) as SkgConfig;
}

/** The help text of an option: its description, environment variable and default. */
export function describeOption(key: ConfigKey): string {
  const spec: OptionSpec<unknown> = CONFIG_OPTIONS[key];
  const shown = (spec.shownDefault ?? (spec.default === undefined ? 'none' : spec.default)).replace(/`/g, '');
  const help = spec.flag.startsWith('--no-') ? spec.flagHelp : spec.description;
  if (help === undefined) throw new Error(`${spec.flag}: a --no- switch needs a flagHelp saying what giving it does`);
  return `${help.replace(/`|\*\*/g, '')} [env ${spec.env}, default ${shown}]`;
}

/** Registers the flags of `keys` on a command, with their help text. */
export function addConfigOptions(command: Command, keys: readonly ConfigKey[]): Command {
  for (const key of keys) command.option(CONFIG_OPTIONS[key].flag, describeOption(key));
  return command;
}

/**
 * The flags of `keys` the user actually gave. Commander gives a `--no-x` switch the value true when it
 * is absent; only a flag from the command line may override the environment.
 */
export function readConfigFlags(command: Command, keys: readonly ConfigKey[]): ConfigFlags {
  const values = command.opts<Record<string, string | boolean | undefined>>();
  const flags: ConfigFlags = {};
  for (const key of keys) {
    if (command.getOptionValueSource(key) === 'cli') flags[key] = values[key];
  }
  return flags;
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
