// Which network addresses a webhook may reach: public unicast only (the SSRF guard).
//
// An allowlist, not a blocklist: an address passes only when it is global unicast. IPv4: everything but
// loopback, RFC 1918 private, link-local, carrier-grade NAT, unspecified (0/8), multicast, broadcast and
// the reserved/documentation/benchmarking ranges (ipaddr.js's range table). IPv6: only 2000::/3 (global
// unicast) outside its special ranges, so loopback, unspecified, link-local, unique-local (fc00::/7),
// multicast, site-local, and every form that embeds an IPv4 address and could reach one through a
// translator or tunnel (IPv4-compatible ::/96, NAT64 64:ff9b::/96, 6to4, Teredo) are refused. An
// IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4 address it maps. Cloud metadata
// endpoints are refused by name too, one of them (Azure's) being in public space.
//
// Text encodings of IPv4 (`0x7f.1`, `2130706433`, octal) never get here as such: the URL parser
// normalises a host to dotted decimal, and resolver and socket answers are canonical.

import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Cloud instance-metadata endpoints (AWS, ECS, GCP, Azure, Alibaba, Oracle). */
export const METADATA_ADDRESSES: ReadonlySet<string> = new Set([
  '169.254.169.254',
  '169.254.170.2',
  'fd00:ec2::254',
  '168.63.129.16',
  '100.100.100.200',
  '192.0.0.192',
]);

const IPV4_REASONS: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT (shared) address',
  private: 'a private address',
  reserved: 'a reserved address',
  as112: 'a reserved (AS112) address',
  amt: 'a reserved (AMT) address',
};

const IPV6_REASONS: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  loopback: 'a loopback address',
  uniqueLocal: 'a unique-local (private) address',
  deprecatedSiteLocal: 'a site-local (private) address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address embedding an IPv4 address',
  '6to4': 'a 6to4 address embedding an IPv4 address',
  teredo: 'a Teredo address embedding an IPv4 address',
};

/**
 * Why `address` (an IP literal) is not a public address a webhook may reach, or null when it is.
 * A string that is not an IP address is refused too.
 */
export function getNonPublicReason(address: string): string | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (METADATA_ADDRESSES.has(parsed.toString()) || METADATA_ADDRESSES.has(parsed.toNormalizedString())) {
    return 'a cloud metadata address';
  }
  if (parsed.kind() === 'ipv4') {
    const range = (parsed as ipaddr.IPv4).range();
    return range === 'unicast' ? null : (IPV4_REASONS[range] ?? 'a reserved address');
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range !== 'unicast') return IPV6_REASONS[range] ?? 'a reserved address';
  // Global unicast is 2000::/3; everything else left over (::/96 IPv4-compatible among it) is reserved.
  const first = v6.parts[0] ?? 0;
  if (first < 0x2000 || first > 0x3fff) return first === 0 ? 'an IPv4-compatible or reserved address' : 'a reserved address';
  return null;
}

export function isPublicAddress(address: string): boolean {
  return getNonPublicReason(address) === null;
}

/** The block a client address is counted under for registration limits: its rate-limit key (an IPv6 address by its /64). */
export { getClientKey as getAddressBlock } from '../http/steps/client-key.ts';
