// The downloads artefact's reader: each translation whole, in every coding (layout in @skg/core
// `downloads.ts`). The table is in memory; a body is one positioned read of the file when asked for.

import { DOWNLOADS_CODINGS, DOWNLOADS_HEADER, DOWNLOADS_HEADER_BYTES, DOWNLOADS_MAGIC, type DownloadCoding, type StoredDownload } from '@skg/core';
import type { ArtefactFile } from './artefact-file.ts';
import { artefactError, checkHeader } from './binary.ts';

/** Header position of the tail offset, for `openArtefactFile`. */
export const DOWNLOADS_TAIL_OFFSET_AT = DOWNLOADS_HEADER.tailOffset;

/** One translation's download. */
export interface TranslationDownloadRecord {
  readonly translation: string;
  /** Hex sha256 of the uncoded JSON. */
  readonly sha256: string;
  /** Bytes of the body in each coding. */
  readonly bytes: Readonly<Record<DownloadCoding, number>>;
  /** The body in `coding`: one read of the file (a few MB; not cached). */
  read(coding: DownloadCoding): Buffer;
}

export interface DownloadStore {
  readonly downloads: readonly TranslationDownloadRecord[];
  /** The download of a translation id as /translations lists it (`KJV`), or undefined. */
  get(translation: string): TranslationDownloadRecord | undefined;
}

export function loadDownloads(artefact: ArtefactFile): DownloadStore {
  const { head, file } = artefact;
  checkHeader(head, DOWNLOADS_MAGIC, file, DOWNLOADS_HEADER_BYTES);
  const count = head.readUInt32LE(DOWNLOADS_HEADER.records);
  const tableBytes = head.readUInt32LE(DOWNLOADS_HEADER.tableBytes);
  if (DOWNLOADS_HEADER_BYTES + tableBytes > artefact.tailOffset) throw artefactError(file, 'is truncated or malformed');
  const table = JSON.parse(head.toString('utf8', DOWNLOADS_HEADER_BYTES, DOWNLOADS_HEADER_BYTES + tableBytes)) as StoredDownload[];
  if (!Array.isArray(table) || table.length !== count) throw artefactError(file, 'is truncated or malformed');
  const downloads = table.map((stored): TranslationDownloadRecord => {
    for (const coding of DOWNLOADS_CODINGS) {
      const [offset, bytes] = stored.bodies[coding];
      if (artefact.tailOffset + offset + bytes > artefact.bytes) throw artefactError(file, 'is truncated or malformed');
    }
    const bytes = Object.fromEntries(DOWNLOADS_CODINGS.map((coding) => [coding, stored.bodies[coding][1]])) as Record<DownloadCoding, number>;
    return {
      translation: stored.translation,
      sha256: stored.sha256,
      bytes,
      read(coding) {
        const [offset, length] = stored.bodies[coding];
        return artefact.read(artefact.tailOffset + offset, artefact.tailOffset + offset + length);
      },
    };
  });
  const byId = new Map(downloads.map((download) => [download.translation, download]));
  return { downloads, get: (translation) => byId.get(translation) };
}
