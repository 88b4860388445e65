// The downloads artefact (`downloads.bin`): each translation whole, as one JSON document, stored in every
// content coding a client may ask for (br, gzip, identity), for GET /translations/{id}/download. The
// server's render step (packages/server/src/render/downloads.ts) writes it, the server's reader
// (packages/server/src/artefacts/downloads.ts) answers from it; both take the layout from here.
//
//   header (DOWNLOADS_HEADER_BYTES)   the fields of DOWNLOADS_HEADER, u32 each
//   table    UTF-8 JSON, `tableBytes` long: StoredDownload[] in the order /translations lists them
//   (padding to 8)
//   tail     per download, its bodies in DOWNLOADS_CODINGS order (offsets in the table, from the tail)
//
// The head (a few hundred bytes) is held in memory; a body is one positioned read of the file.

import { RESPONSES_CODINGS, type ResponseCoding } from './responses.ts';

/** The artefact's name in the manifest and its file name in a build directory. */
export const DOWNLOADS_ARTEFACT = 'downloads';
export const DOWNLOADS_FILE = 'downloads.bin';
export const DOWNLOADS_MAGIC = 'SKGD';

/** Byte offsets of the header's u32 fields. */
export const DOWNLOADS_HEADER = Object.freeze({
  magic: 0,
  /** ARTEFACT_FORMAT_VERSION, like every artefact. */
  formatVersion: 4,
  /** Where the tail begins: everything before is the head. */
  tailOffset: 8,
  /** Downloads in the table. */
  records: 12,
  /** Bytes of the JSON table that follows the header. */
  tableBytes: 16,
});
export const DOWNLOADS_HEADER_BYTES = 24;

/** The content codings each download is stored in, in tail order: those of every stored answer (`identity` the JSON uncoded). */
export const DOWNLOADS_CODINGS = RESPONSES_CODINGS;
export type DownloadCoding = ResponseCoding;

/**
 * Brotli quality and zlib level of the stored downloads: compressed once per build and fetched whole,
 * so the smallest settings are worth their time (docs/artefacts.md, "Downloads").
 */
export const DOWNLOADS_BROTLI_QUALITY = 11;
export const DOWNLOADS_GZIP_LEVEL = 9;

/** One download as the table stores it. */
export interface StoredDownload {
  /** The translation id (`KJV`). */
  readonly translation: string;
  /** Hex sha256 of the identity body: the translation's `checksum` on /translations and the download's ETag. */
  readonly sha256: string;
  /** Per coding: `[offset from the tail, bytes]`. */
  readonly bodies: Readonly<Record<DownloadCoding, readonly [number, number]>>;
}
