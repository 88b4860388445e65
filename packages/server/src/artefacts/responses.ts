// The response artefact's reader: answers rendered ahead of time (layout in @skg/core `responses.ts`).
// The head (hash table, records, canonical requests and ETags) is in memory; a body is one positioned
// read of the file through the page cache, so resident memory does not grow with the paths asked for.

import {
  hashResponseKey,
  RESPONSES_ENCODING,
  RESPONSES_HEADER,
  RESPONSES_HEADER_BYTES,
  RESPONSES_MAGIC,
  RESPONSES_RECORD,
  RESPONSES_RECORD_WORDS,
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
  /** The Content-Encoding of every body (`br`). */
  readonly encoding: string;
  /** The record holding the answer to a canonical request (`GET /api/v1/passage/John.3.16`), or -1. */
  find(canonical: string): number;
  etag(record: number): string;
  /** The compressed body: one read of the file. */
  body(record: number): Buffer;
}

export function loadResponses(file: ArtefactFile): ResponseStore {
  const { head } = file;
  checkHeader(head, RESPONSES_MAGIC, file.file, RESPONSES_HEADER_BYTES);
  const count = head.readUInt32LE(RESPONSES_HEADER.records);
  const slotCount = head.readUInt32LE(RESPONSES_HEADER.slots);
  const stringBytes = head.readUInt32LE(RESPONSES_HEADER.stringBytes);
  const baseLength = head.readUInt32LE(RESPONSES_HEADER.etagBaseLength);
  const etagBase = head.toString('ascii', RESPONSES_HEADER.etagBase, RESPONSES_HEADER.etagBase + baseLength);
  const slotsAt = RESPONSES_HEADER_BYTES;
  const recordsAt = slotsAt + slotCount * 4;
  const stringsAt = recordsAt + count * RESPONSES_RECORD_WORDS * 4;
  if ((slotCount & (slotCount - 1)) !== 0 || slotCount < count * 2 || stringsAt + stringBytes > file.tailOffset) throw artefactError(file.file, 'is truncated or malformed');
  const slots = viewU32(head, slotsAt, slotCount);
  const records = viewU32(head, recordsAt, count * RESPONSES_RECORD_WORDS);
  const mask = slotCount - 1;
  const tail = file.tailOffset;

  function keyEquals(record: number, key: string): boolean {
    const at = record * RESPONSES_RECORD_WORDS;
    const length = records[at + RESPONSES_RECORD.keyLength]!;
    if (length !== key.length) return false;
    const start = stringsAt + records[at + RESPONSES_RECORD.keyStart]!;
    for (let i = 0; i < length; i++) if (head[start + i] !== key.charCodeAt(i)) return false;
    return true;
  }

  return {
    count,
    usable: true,
    problem: undefined,
    etagBase,
    encoding: RESPONSES_ENCODING,
    find(canonical) {
      for (let slot = hashResponseKey(canonical) & mask; ; slot = (slot + 1) & mask) {
        const entry = slots[slot]!;
        if (entry === 0) return -1;
        const record = entry - 1;
        if (keyEquals(record, canonical)) return records[record * RESPONSES_RECORD_WORDS + RESPONSES_RECORD.bodyLength] === 0 ? -1 : record;
      }
    },
    etag(record) {
      const at = record * RESPONSES_RECORD_WORDS;
      const start = stringsAt + records[at + RESPONSES_RECORD.keyStart]! + records[at + RESPONSES_RECORD.keyLength]!;
      return head.toString('latin1', start, start + records[at + RESPONSES_RECORD.etagLength]!);
    },
    body(record) {
      const at = record * RESPONSES_RECORD_WORDS;
      const start = tail + records[at + RESPONSES_RECORD.bodyStart]!;
      return file.read(start, start + records[at + RESPONSES_RECORD.bodyLength]!);
    },
  };
}
