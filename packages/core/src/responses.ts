// The response artefact (`responses.bin`): answers rendered ahead of time, each stored in every content
// coding a client may ask for (br, gzip, identity), per canonical request. The server's render step
// (packages/server/src/render/) writes it, the server's reader (packages/server/src/artefacts/responses.ts)
// answers from it; both take the layout from here.
//
//   header (RESPONSES_HEADER_BYTES)   the fields of RESPONSES_HEADER, u32 each, then the ETag base
//   slots    u32 × slots              open-addressing hash table: record index + 1, 0 = empty
//   records  u32 × records × 8        the fields of RESPONSES_RECORD for each record
//   (padding to 8)
//   tail     one section per coding, in RESPONSES_CODINGS order (br, gzip, identity); in each, per
//            record with an answer (from tail + the record's start in that coding), an entry: its
//            canonical request (ASCII), then its body in that coding
//
// A coding's bodies lie together, so the answers one kind of client is sent span that section alone
// (the br bodies of the full data are a ninth of the file): fewer pages of the file are read, which
// costs a stored answer measurably less system time than bodies spread over the whole file (issue 20).
// The head (everything before the tail) is held in memory: 32 bytes a record and 8 a slot, about 9.5 MB
// for the full data's 230,000 answers (the translations' included). A lookup hashes the canonical request twice: the first hash
// picks the slot, the second (the record's fingerprint) tells the records of other requests apart
// without reading them. The canonical request itself is read with the body of the coding served, in the
// same positioned read (each coding's body follows its own copy of the request), and compared before
// the body is used, so a fingerprint collision costs a read, never a wrong answer. A record's ETag is
// the data's ETag base (in the header) and the 16 hex digits of its request (two u32 in the record):
// `"<base>-<digits>"`, the same for every coding (the server adds `Vary: Accept-Encoding`).
//
// Every coding is stored so that no client's answer is decoded or compressed per request (issue 20; the
// cost in disk and build time is measured in docs/artefacts.md, "Response artefacts").

/** The artefact's name in the manifest and its file name in a build directory. */
export const RESPONSES_ARTEFACT = 'responses';
export const RESPONSES_FILE = 'responses.bin';
/**
 * `C` for answers in every coding (`SKGA`, br only, is read as no artefact: the routes compute); the
 * cross-reference artefact is `SKGR`.
 */
export const RESPONSES_MAGIC = 'SKGC';

/** Byte offsets of the header's u32 fields. */
export const RESPONSES_HEADER = Object.freeze({
  magic: 0,
  /** ARTEFACT_FORMAT_VERSION, like every artefact. */
  formatVersion: 4,
  /** Where the tail begins: everything before is the head, read into memory. */
  tailOffset: 8,
  records: 12,
  /** Hash-table slots: a power of two, at least twice the records. */
  slots: 16,
  /** Bytes of the ETag base that follows at `etagBase`. */
  etagBaseLength: 20,
  /** The ETag base (ASCII) the bodies were rendered for: the server's base for this data version. */
  etagBase: 24,
});
export const RESPONSES_HEADER_BYTES = 64;
/** Most bytes the ETag base may take in the header. */
export const RESPONSES_ETAG_BASE_MAX = RESPONSES_HEADER_BYTES - RESPONSES_HEADER.etagBase;

/**
 * Word positions of one record's u32 fields. A record without an answer has its starts where the next
 * record's entries begin (empty entries), so the entries of record r in a coding's section end where
 * record r + 1's begin: a gzip or identity body's length is the next record's start in that section
 * (for the last record, the section's end: the gzip section ends where record 0's identity entry
 * begins, the identity section at the end of the file), less this one's start and its request's length.
 */
export const RESPONSES_RECORD = Object.freeze({
  /** `hashResponseFingerprint` of its canonical request. */
  fingerprint: 0,
  /** Offset from the tail of its br entry (its canonical request, which the br body follows). */
  brStart: 1,
  keyLength: 2,
  /** Bytes of the br body; 0: the record holds no answer (the route refused the request). */
  brLength: 3,
  /** The ETag's 16 hex digits after the base, as two u32 (the first 8 digits, then the last 8). */
  etagHigh: 4,
  etagLow: 5,
  /** Offset from the tail of its gzip entry. */
  gzipStart: 6,
  /** Offset from the tail of its identity entry. */
  identityStart: 7,
});
export const RESPONSES_RECORD_WORDS = 8;

/** The content codings every answer is stored in, in tail order; `identity` is the body uncoded. */
export const RESPONSES_CODINGS = Object.freeze(['br', 'gzip', 'identity'] as const);
export type ResponseCoding = (typeof RESPONSES_CODINGS)[number];

/** Brotli quality of the stored br bodies (measured in docs/artefacts.md, "Response artefacts"). */
export const RESPONSES_BROTLI_QUALITY = 6;
/** zlib level of the stored gzip bodies (measured in docs/artefacts.md, "Response artefacts"). */
export const RESPONSES_GZIP_LEVEL = 6;

/** FNV-1a over the UTF-16 code units of a canonical request (ASCII: one unit a byte). */
export function hashResponseKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The record's fingerprint: FNV-1a again, from another offset basis, so it differs where the slot hash collides. */
export function hashResponseFingerprint(key: string): number {
  let hash = 0x9dc5811c;
  for (let i = key.length - 1; i >= 0; i--) {
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
