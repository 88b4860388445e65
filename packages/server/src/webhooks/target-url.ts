// Registration-time checks of a subscription `url`: https, no credentials, and a host that resolves
// (with DNS, as a delivery would) only to public addresses (address-policy.ts). Delivery checks the
// address again on every connection (guarded-lookup.ts), so a DNS answer that changes later cannot
// reach inside.
//
// A refusal never says what a name resolved to: "resolves to a non-public address", not which one, or
// registration would be a way to read this server's internal DNS. The address and why it was refused
// go to the debug log only. A host written as an IP literal is described (the caller wrote it).
// Echoed input is cut to 100 characters (echo.ts).

import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import { ApiError } from '@skg/core';
import { getNonPublicReason } from './address-policy.ts';
import { truncateEcho } from './echo.ts';

/** Every address `hostname` resolves to (A and AAAA, as the system resolver answers a connection). */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

export const resolveHostWithDns: ResolveHost = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};

export interface TargetPolicy {
  /** Let webhooks reach private and loopback addresses: for local testing only. */
  readonly allowPrivate: boolean;
  readonly resolveHost: ResolveHost;
  /** How long a registration waits for DNS. */
  readonly resolveTimeoutMs: number;
  /** Where the detail of a refusal goes (the resolved address and its range); default nowhere. */
  readonly logDebug?: (message: string) => void;
}

export const MAX_URL_LENGTH = 2048;

function invalid(message: string): ApiError {
  return new ApiError('invalid_parameter', message, { param: 'url' });
}

/**
 * The syntax checks: an absolute https URL of at most 2,048 characters, without user name or
 * password. The fragment is dropped (it is never sent). Answers the normalised URL.
 */
export function parseTargetUrl(input: string): URL {
  if (input.length > MAX_URL_LENGTH) throw invalid(`url is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw invalid(`url '${truncateEcho(input)}' is not an absolute URL`);
  }
  if (url.protocol !== 'https:') throw invalid(`url must use https, not ${url.protocol.replace(/:$/, '')}`);
  if (url.username !== '' || url.password !== '') throw invalid('url must not carry a user name or password');
  url.hash = '';
  return url;
}

/** Throws 400 `invalid_parameter` (param `url`) unless the URL's host reaches only public addresses. */
export async function assertPublicTarget(url: URL, policy: TargetPolicy): Promise<void> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) !== 0) {
    if (policy.allowPrivate) return;
    const reason = getNonPublicReason(host);
    if (reason !== null) throw invalid(`url must reach a public address; ${host} is ${reason}`);
    return;
  }
  const addresses = await resolveWithin(host, policy);
  if (policy.allowPrivate) return;
  for (const address of addresses) {
    const reason = getNonPublicReason(address);
    if (reason !== null) {
      policy.logDebug?.(`webhook registration refused: ${host} resolves to ${address}, ${reason}`);
      throw invalid(`url must reach a public address; ${truncateEcho(host)} resolves to a non-public address`);
    }
  }
}

async function resolveWithin(host: string, policy: TargetPolicy): Promise<readonly string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(invalid(`url host ${truncateEcho(host)} did not resolve within ${policy.resolveTimeoutMs} ms`)), policy.resolveTimeoutMs);
  });
  try {
    const addresses = await Promise.race([policy.resolveHost(host), timeout]);
    if (addresses.length === 0) throw invalid(`url host ${truncateEcho(host)} does not resolve to any address`);
    return addresses;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    policy.logDebug?.(`webhook registration: resolving ${host} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw invalid(`url host ${truncateEcho(host)} does not resolve`);
    const token = code !== undefined && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) ? ` (${code})` : '';
    throw invalid(`url host ${truncateEcho(host)} could not be resolved${token}`);
  } finally {
    clearTimeout(timer);
  }
}
