// The response artefact (`responses.bin`): answers rendered ahead of time, one compressed body per
// canonical request. The server's render step (packages/server/src/render/) writes it, the server's
// reader (packages/server/src/artefacts/responses.ts) answers from it; both take the layout from here.
//
//   header (RESPONSES_HEADER_BYTES)   the fields of RESPONSES_HEADER, u32 each, then the ETag base
//   slots    u32 × slots              open-addressing hash table: record index + 1, 0 = empty
//   records  u32 × records × 5        the fields of RESPONSES_RECORD for each record
//   strings  keyBytes                 per record its canonical request then its ETag (ASCII)
//   (padding to 8)
//   tail     the bodies, each compressed with RESPONSES_ENCODING; a record's body is at tail + bodyStart
//
// The head (everything before the tail) is held in memory; the bodies stay on disk and are read by
// offset through the page cache.

/** The artefact's name in the manifest and its file name in a build directory. */
export const RESPONSES_ARTEFACT = 'responses';
export const RESPONSES_FILE = 'responses.bin';
export const RESPONSES_MAGIC = 'SKGR';

/** Byte offsets of the header's u32 fields. */
export const RESPONSES_HEADER = Object.freeze({
  magic: 0,
  /** ARTEFACT_FORMAT_VERSION, like every artefact. */
  formatVersion: 4,
  /** Where the bodies begin: everything before is the head, read into memory. */
  tailOffset: 8,
  records: 12,
  /** Hash-table slots: a power of two, at least twice the records. */
  slots: 16,
  /** Bytes of the strings section. */
  stringBytes: 20,
  /** Bytes of the ETag base that follows at `etagBase`. */
  etagBaseLength: 24,
  /** The ETag base (ASCII) the bodies were rendered for: the server's base for this data version and its response format. */
  etagBase: 28,
});
export const RESPONSES_HEADER_BYTES = 64;
/** Most bytes the ETag base may take in the header. */
export const RESPONSES_ETAG_BASE_MAX = RESPONSES_HEADER_BYTES - RESPONSES_HEADER.etagBase;

/** Word positions of one record's u32 fields. */
export const RESPONSES_RECORD = Object.freeze({
  /** Offset of its canonical request in the strings section. */
  keyStart: 0,
  keyLength: 1,
  /** Its ETag follows the key in the strings section. */
  etagLength: 2,
  /** Offset of the body from the tail; a record with bodyLength 0 holds no answer (the route refused it). */
  bodyStart: 3,
  bodyLength: 4,
});
export const RESPONSES_RECORD_WORDS = 5;

/** The Content-Encoding of every stored body. */
export const RESPONSES_ENCODING = 'br';
/** Brotli quality of the stored bodies (measured in docs/artefacts.md, "Response artefacts"). */
export const RESPONSES_BROTLI_QUALITY = 6;

/** FNV-1a over the UTF-16 code units of a canonical request (ASCII: one unit a byte). */
export function hashResponseKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The hash table's size for `records`: the power of two at least twice as large (load ≤ 0.5). */
export function responseSlotCount(records: number): number {
  let slots = 16;
  while (slots < records * 2) slots *= 2;
  return slots;
}
