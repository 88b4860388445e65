// The response artefact's reader: answers rendered ahead of time, in every coding (layout in @skg/core
// `responses.ts`). The head (hash table and records) is in memory; a body is one positioned read of the
// file through the page cache, of the coding the client takes, with the canonical request it answers, so
// resident memory does not grow with the paths asked for and no body is decoded per request.

import {
  hashResponseFingerprint,
  hashResponseKey,
  RESPONSES_ETAG_BASE_MAX,
  RESPONSES_HEADER,
  RESPONSES_HEADER_BYTES,
  RESPONSES_MAGIC,
  RESPONSES_RECORD,
  RESPONSES_RECORD_WORDS,
  type ResponseCoding,
} from '@skg/core';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, checkHeader, viewU32 } from './binary.ts';

/** Header position of the tail offset, for `openArtefactFile`. */
export const RESPONSES_TAIL_OFFSET_AT = RESPONSES_HEADER.tailOffset;

export interface ResponseStore {
  /** Answers stored. */
  readonly count: number;
  /**
   * False while its checksum is being verified after start (`skg serve` checks this artefact beside
   * serving, serve.ts), or when it failed: the routes then compute every answer.
   */
  usable: boolean;
  /** Why it is not usable, once its checksum failed: `/status` reports it as a failing check. */
  problem: string | undefined;
  /** The ETag base the bodies were rendered for (see etag-base.ts). */
  readonly etagBase: string;
  /** The record that may hold the answer to a canonical request (`GET /api/v1/passage/John.3.16`), or -1. */
  find(canonical: string): number;
  etag(record: number): string;
  /**
   * The body in `coding`, one read of the file; undefined when the record is another request's (its
   * fingerprint matched by chance): the answer is then computed. Short-lived: write it and drop it
   * (it is carved from a shared slab, artefact-file.ts), never cache it.
   */
  body(record: number, canonical: string, coding: ResponseCoding): Buffer | undefined;
}

/** Two hex digits of each byte value. */
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * Eight hex digits of a u32, a byte at a time from a table: 75 against 500 ns for the whole tag with
 * `toString(16).padStart(8, '0')` (in process), on every stored answer.
 */
function hex8(word: number): string {
  return HEX_BYTES[word >>> 24]! + HEX_BYTES[(word >>> 16) & 255]! + HEX_BYTES[(word >>> 8) & 255]! + HEX_BYTES[word & 255]!;
}

export function loadResponses(file: ArtefactFile): ResponseStore {
  const { head } = file;
  checkHeader(head, RESPONSES_MAGIC, file.file, RESPONSES_HEADER_BYTES);
  const count = head.readUInt32LE(RESPONSES_HEADER.records);
  const slotCount = head.readUInt32LE(RESPONSES_HEADER.slots);
  const baseLength = head.readUInt32LE(RESPONSES_HEADER.etagBaseLength);
  if (baseLength > RESPONSES_ETAG_BASE_MAX) throw artefactError(file.file, 'is truncated or malformed');
  const etagBase = head.toString('ascii', RESPONSES_HEADER.etagBase, RESPONSES_HEADER.etagBase + baseLength);
  const slotsAt = RESPONSES_HEADER_BYTES;
  const recordsAt = slotsAt + slotCount * 4;
  if ((slotCount & (slotCount - 1)) !== 0 || slotCount < count * 2 || recordsAt + count * RESPONSES_RECORD_WORDS * 4 > file.tailOffset) {
    throw artefactError(file.file, 'is truncated or malformed');
  }
  const slots = viewU32(head, slotsAt, slotCount);
  const records = viewU32(head, recordsAt, count * RESPONSES_RECORD_WORDS);
  const mask = slotCount - 1;
  const tail = file.tailOffset;
  // Where the last record's gzip and identity entries end: the identity section's start, the file's end.
  const gzipEnd = count === 0 ? 0 : records[RESPONSES_RECORD.identityStart]!;
  const identityEnd = file.bytes - tail;

  return {
    count,
    usable: true,
    problem: undefined,
    etagBase,
    find(canonical) {
      const fingerprint = hashResponseFingerprint(canonical);
      for (let slot = hashResponseKey(canonical) & mask; ; slot = (slot + 1) & mask) {
        const entry = slots[slot]!;
        if (entry === 0) return -1;
        const at = (entry - 1) * RESPONSES_RECORD_WORDS;
        if (records[at + RESPONSES_RECORD.fingerprint] === fingerprint && records[at + RESPONSES_RECORD.keyLength] === canonical.length) {
          return records[at + RESPONSES_RECORD.brLength] === 0 ? -1 : entry - 1;
        }
      }
    },
    etag(record) {
      const at = record * RESPONSES_RECORD_WORDS;
      return `"${etagBase}-${hex8(records[at + RESPONSES_RECORD.etagHigh]!)}${hex8(records[at + RESPONSES_RECORD.etagLow]!)}"`;
    },
    body(record, canonical, coding) {
      const at = record * RESPONSES_RECORD_WORDS;
      const keyLength = records[at + RESPONSES_RECORD.keyLength]!;
      // Each coding's entries in a section of their own, in record order (layout in @skg/core): a gzip or
      // identity entry ends where the next record's begins.
      const next = at + RESPONSES_RECORD_WORDS;
      let start: number;
      let end: number;
      if (coding === 'br') {
        start = records[at + RESPONSES_RECORD.brStart]!;
        end = start + keyLength + records[at + RESPONSES_RECORD.brLength]!;
      } else if (coding === 'gzip') {
        start = records[at + RESPONSES_RECORD.gzipStart]!;
        end = next < records.length ? records[next + RESPONSES_RECORD.gzipStart]! : gzipEnd;
      } else {
        start = records[at + RESPONSES_RECORD.identityStart]!;
        end = next < records.length ? records[next + RESPONSES_RECORD.identityStart]! : identityEnd;
      }
      const length = end - start - keyLength;
      start += tail;
      // The body is written to the socket and dropped (stored answers never enter the response cache).
      const entry = file.read(start, start + keyLength + length, 'short-lived');
      for (let i = 0; i < keyLength; i++) if (entry[i] !== canonical.charCodeAt(i)) return undefined;
      return entry.subarray(keyLength);
    },
  };
}
