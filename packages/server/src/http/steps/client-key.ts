// The key a client address is counted under (the request rate limit, webhook registrations): one key
// per client, whatever spelling the address arrives in.
//
// - IPv4 in its canonical dotted decimal: `010.200.000.001` and `10.200.0.1` are one client (leading
//   zeros read as decimal, as every proxy writes them; never as octal). A port (`10.0.0.1:5123`, as some
//   proxies append) is dropped.
// - An IPv4-mapped IPv6 address (`::ffff:10.200.0.1`) is its IPv4 address.
// - Any other IPv6 address by its /64 (`2001:db8:1:2::/64`): one subscriber's usual allocation, which it
//   can fill with addresses at will. Brackets and a port (`[2001:db8::1]:443`) and a zone id are dropped.
// - Anything else (no address known, a malformed forwarded entry) is its own key, cut to 100 characters.

import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

const DOTTED_DECIMAL = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::\d{1,5})?$/;
/** An IPv4 address already in its canonical spelling (no leading zeros, no port), optionally IPv4-mapped. */
const CANONICAL_IPV4 = /^(?:::ffff:)?(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const MAPPED_PREFIX = '::ffff:';

export function getClientKey(address: string): string {
  // Every request asks this: the common spellings (a socket's peer, a proxy's entry) are answered
  // without parsing or allocating.
  if (CANONICAL_IPV4.test(address)) return address.startsWith(MAPPED_PREFIX) ? address.slice(MAPPED_PREFIX.length) : address;
  const v4 = DOTTED_DECIMAL.exec(address);
  if (v4 !== null) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    const c = Number(v4[3]);
    const d = Number(v4[4]);
    if (a <= 255 && b <= 255 && c <= 255 && d <= 255) return `${a}.${b}.${c}.${d}`;
    return address.slice(0, 100);
  }
  let bare = address;
  if (bare.startsWith('[')) {
    const end = bare.indexOf(']');
    if (end > 0) bare = bare.slice(1, end);
  }
  const zone = bare.indexOf('%');
  if (zone > 0) bare = bare.slice(0, zone);
  if (isIP(bare) === 6) {
    try {
      const parsed = ipaddr.IPv6.parse(bare);
      if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
      return `${parsed.parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`;
    } catch {
      // Not something ipaddr.js reads: the address is its own key.
    }
  }
  return address.slice(0, 100);
}
