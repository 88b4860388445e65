// Pipeline step: the request id, `X-Request-Id` on every response.
//
// A sane incoming `X-Request-Id` (1–128 characters of letters, digits and `._:+=/-`, e.g. from a proxy
// that already assigned one) is kept so one id follows the request through the logs; anything else is
// replaced by a random UUID. Every Error body carries the same id as `requestId`.

import { randomFillSync } from 'node:crypto';
import type { ResponseHeaders } from '../../context.ts';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:+=/-]{1,128}$/;

export function resolveRequestId(incoming: string | null): string {
  return incoming !== null && SANE_REQUEST_ID.test(incoming) ? incoming : randomRequestId();
}

/** Random bytes for 256 ids, refilled (crypto-strong, as `randomUUID`'s own cache) when used up. */
const pool = Buffer.allocUnsafeSlow(16 * 256);
let poolUsed = pool.length;
/** The id's text, its dashes in place: the hex digits are written in, and one string is read out. */
const text = Buffer.from('00000000-0000-4000-8000-000000000000', 'latin1');
/** The two ASCII codes of each byte's hex digits, low byte first. */
const HEX_PAIRS = Uint16Array.from({ length: 256 }, (_, byte) => {
  const digits = byte.toString(16).padStart(2, '0');
  return digits.charCodeAt(0) | (digits.charCodeAt(1) << 8);
});
/** Where each of the 16 bytes' two digits go in the text. */
const DIGIT_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/**
 * A random (version 4) UUID, as `crypto.randomUUID()` makes it: on every answer without a sane
 * incoming id. Made as one flat string (digits written into a reused buffer, read out once) where
 * `randomUUID` joins 20 pieces: 100 against 230 ns, and one small string instead of a chain of them for
 * the young generation (`npx tsx tools/bench-request-id.ts`).
 */
export function randomRequestId(): string {
  if (poolUsed === pool.length) {
    randomFillSync(pool);
    poolUsed = 0;
  }
  const at = poolUsed;
  poolUsed += 16;
  for (let i = 0; i < 16; i++) {
    let byte = pool[at + i]!;
    if (i === 6) byte = (byte & 0x0f) | 0x40; // version 4
    else if (i === 8) byte = (byte & 0x3f) | 0x80; // variant 10
    const pair = HEX_PAIRS[byte]!;
    const to = DIGIT_AT[i]!;
    text[to] = pair & 0xff;
    text[to + 1] = pair >>> 8;
  }
  return text.toString('latin1', 0, 36);
}

/** Resolves the request's id from its `X-Request-Id` (null when absent) and puts it on the response; never throws. */
export function setRequestId(incoming: string | null, headers: ResponseHeaders): string {
  const id = resolveRequestId(incoming);
  headers['x-request-id'] = id;
  return id;
}
