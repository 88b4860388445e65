// Accept-Encoding (RFC 9110 §12.5.3): does the client accept a content coding?

/**
 * True when `header` lists `coding` (or `*`) with a non-zero weight and does not refuse `coding`
 * explicitly (`br;q=0`). No header means no coding but identity.
 */
export function acceptsEncoding(header: string | null, coding: string): boolean {
  if (header === null || header === '') return false;
  let wildcard = false;
  for (const part of header.split(',')) {
    const semicolon = part.indexOf(';');
    const name = (semicolon === -1 ? part : part.slice(0, semicolon)).trim().toLowerCase();
    if (name !== coding && name !== '*') continue;
    const accepted = semicolon === -1 || !isZeroWeight(part.slice(semicolon + 1));
    if (name === coding) return accepted;
    wildcard = accepted;
  }
  return wildcard;
}

/** `q=0`, `q=0.0`, `q=0.000` (weights have at most three decimals). */
function isZeroWeight(params: string): boolean {
  for (const param of params.split(';')) {
    const [key, value] = param.split('=');
    if (key?.trim().toLowerCase() === 'q' && value !== undefined) return Number(value.trim()) === 0;
  }
  return false;
}

/** The codings a stored answer is kept in, best first for a client that accepts several. */
export type StoredCoding = 'br' | 'gzip' | 'identity';

/** Accept-Encoding values seen, with the coding each takes: clients send a handful of distinct values. */
const chosen = new Map<string, StoredCoding>();
const CHOSEN_MAX = 64;
let lastHeader = '';
let lastCoding: StoredCoding = 'identity';

/**
 * The coding a stored answer is sent in for a request's Accept-Encoding: br when accepted, else gzip,
 * else identity. Remembered per header value (a few dozen at most), so a request parses nothing.
 */
export function chooseStoredCoding(header: string | null): StoredCoding {
  if (header === null || header === '') return 'identity';
  // Most requests in a row come from one kind of client: the last value is compared first (a string
  // comparison, where the map hashes the header's new string every request).
  if (header === lastHeader) return lastCoding;
  let coding = chosen.get(header);
  if (coding === undefined) {
    coding = acceptsEncoding(header, 'br') ? 'br' : acceptsEncoding(header, 'gzip') ? 'gzip' : 'identity';
    if (chosen.size >= CHOSEN_MAX) chosen.clear();
    chosen.set(header, coding);
  }
  lastHeader = header;
  lastCoding = coding;
  return coding;
}
