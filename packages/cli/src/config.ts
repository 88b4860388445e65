// Configuration for every command, resolved once: command-line flags, then environment, then defaults.

import path from 'node:path';
import { DEFAULT_XREF_MIN_VOTES } from '@skg/ingest';

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
  return Object.freeze({
    sources: path.resolve(cwd, value('sources') ?? '.sources'),
    bundle: path.resolve(cwd, value('bundle') ?? 'bundle'),
    dist: path.resolve(cwd, value('dist') ?? 'dist'),
    port,
    host: value('host') ?? '0.0.0.0',
    trustProxy: trust === 'true' || trust === '1',
    generatedAt: generatedAt === undefined ? undefined : new Date(generatedAt).toISOString(),
    xrefMinVotes,
  });
}

function sourceDateEpoch(env: NodeJS.ProcessEnv): string | undefined {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (!epoch || !/^\d+$/.test(epoch)) return undefined;
  return new Date(Number(epoch) * 1000).toISOString();
}
