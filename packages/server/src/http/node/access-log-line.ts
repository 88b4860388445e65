// One access-log line, encoded straight into the log's batch buffer (access-log.ts): the bytes of
//
//   {"level":"info","time":"…",<fields>…the entry's fields as JSON.stringify(entry) writes them…}\n
//
// without making the line as a string first. A string line was the larger part of what the log cost a
// request (issue 20): some twenty pieces joined, the result flattened, then encoded into the buffer, and
// its garbage collected; here the usual field (ASCII with nothing to escape) is copied a character at a
// time as it is checked, the keys are bytes made once, and numbers are written digit by digit. A string
// with anything JSON escapes, or any character outside ASCII, goes through `JSON.stringify` and a
// UTF-8 `write`, so the bytes are always those of `JSON.stringify` (test/unit/access-log.test.ts
// compares them). Measured in process (`npx tsx tools/bench-access-log.ts --rounds 0`) and on
// the server (`tools/bench-steps.ts`, a build before and after).

import type { AccessLogEntry } from './access-log.ts';

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));

const METHOD = ascii('"method":');
const PATH = ascii(',"path":');
const STATUS = ascii(',"status":');
const BYTES = ascii(',"bytes":');
const DURATION = ascii(',"durationMs":');
const REQUEST_ID = ascii(',"requestId":');
const CLIENT = ascii(',"client":');
const FORWARDED_FOR = ascii(',"forwardedFor":');
const USER_AGENT = ascii(',"userAgent":');
const TOOLS = ascii(',"tools":');
const NULL = ascii('null');
const END = ascii('}\n');

/**
 * Bytes of a line beyond its prefix and its strings' characters: the keys and `}\n`, the three numbers
 * (`String` of a number is at most 25 characters: `-0.0000012345678901234567`), the quotes or `null`
 * of six strings, and the brackets of `tools`.
 */
const FIXED_BYTES = [METHOD, PATH, STATUS, BYTES, DURATION, REQUEST_ID, CLIENT, FORWARDED_FOR, USER_AGENT, TOOLS, END].reduce((sum, key) => sum + key.length, 0) + 3 * 25 + 6 * 4 + 2;

/**
 * The most bytes `entry`'s line after `prefix` can take: six for each character of its strings (a
 * `\uXXXX` escape; a character outside ASCII is at most three bytes of UTF-8), and the rest.
 */
export function lineBound(entry: AccessLogEntry, prefix: Uint8Array): number {
  let characters = (entry.method?.length ?? 0) + (entry.path?.length ?? 0) + entry.requestId.length + (entry.client?.length ?? 0);
  characters += (entry.forwardedFor?.length ?? 0) + (entry.userAgent?.length ?? 0);
  if (entry.tools !== undefined) for (const tool of entry.tools) characters += tool.length + 3;
  return prefix.length + FIXED_BYTES + 6 * characters;
}

/**
 * Writes `prefix` (the line's start, up to and including the comma before the entry's first field),
 * then the entry's fields and `}\n`, at `at` of `buffer`, which has `lineBound(entry, prefix)` bytes
 * free there; returns where the line ends.
 */
export function writeLine(buffer: Buffer, at: number, prefix: Uint8Array, entry: AccessLogEntry): number {
  // Each field: its key, then its value where the key ends.
  at = putString(buffer, put(buffer, put(buffer, at, prefix), METHOD), entry.method);
  at = putString(buffer, put(buffer, at, PATH), entry.path);
  at = putNumber(buffer, put(buffer, at, STATUS), entry.status);
  at = putNumber(buffer, put(buffer, at, BYTES), entry.bytes);
  at = putNumber(buffer, put(buffer, at, DURATION), entry.durationMs);
  at = putString(buffer, put(buffer, at, REQUEST_ID), entry.requestId);
  at = putString(buffer, put(buffer, at, CLIENT), entry.client);
  if (entry.forwardedFor !== undefined) at = putString(buffer, put(buffer, at, FORWARDED_FOR), entry.forwardedFor);
  if (entry.userAgent !== undefined) at = putString(buffer, put(buffer, at, USER_AGENT), entry.userAgent);
  if (entry.tools !== undefined) {
    at = put(buffer, at, TOOLS);
    at += buffer.write(JSON.stringify(entry.tools), at, 'utf8');
  }
  return put(buffer, at, END);
}

/** Copies `bytes` (a few dozen at most) to `at`; a loop, as `set` costs more for so few. */
function put(buffer: Buffer, at: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) buffer[at + i] = bytes[i]!;
  return at + bytes.length;
}

/** `text` as a JSON string (quoted), or `null`. */
function putString(buffer: Buffer, at: number, text: string | null): number {
  if (text === null) return put(buffer, at, NULL);
  buffer[at] = 0x22;
  let to = at + 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Printable ASCII but `"` and `\`: as it is. Anything else: the whole string by JSON.stringify.
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return at + buffer.write(JSON.stringify(text), at, 'utf8');
    buffer[to++] = code;
  }
  buffer[to] = 0x22;
  return to + 1;
}

/**
 * `value` as JSON.stringify writes it (`null` for null and non-finite numbers). Digits are written for
 * a whole number that is not negative (up to 2^53) and for one of at most three decimals below 2^31 / 1000 (a duration in milliseconds:
 * 0.214, 12.5), where `micros / 1000` is the number: its shortest spelling is then those digits with
 * the decimal point put in and trailing zeros dropped. Anything else goes through `String`.
 */
function putNumber(buffer: Buffer, at: number, value: number | null): number {
  if (value === null || !Number.isFinite(value)) return put(buffer, at, NULL);
  if (Number.isSafeInteger(value) && value >= 0) return putDigits(buffer, at, value);
  const micros = Math.round(value * 1000);
  if (value < 0 || micros >= 2 ** 31 || micros / 1000 !== value) return at + buffer.write(String(value), at, 'latin1');
  const whole = Math.floor(micros / 1000);
  let fraction = micros - whole * 1000;
  at = putDigits(buffer, at, whole);
  if (fraction === 0) return at;
  buffer[at++] = 0x2e;
  let width = 3;
  while (fraction % 10 === 0) {
    fraction /= 10;
    width--;
  }
  for (let place = width - 1; place >= 0; place--) {
    buffer[at + place] = 0x30 + (fraction % 10);
    fraction = Math.floor(fraction / 10);
  }
  return at + width;
}

/** The decimal digits of a whole number (a safe integer, not negative). */
function putDigits(buffer: Buffer, at: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let place = digits - 1; place >= 0; place--) {
    buffer[at + place] = 0x30 + (value % 10);
    value = Math.floor(value / 10);
  }
  return at + digits;
}
