// The render step's second file: each translation whole (routes/translation-download.ts builds the
// JSON from the formatters /passage answers with), stored br, gzip and uncoded in `downloads.bin`
// (layout in @skg/core `downloads.ts`, reader in artefacts/downloads.ts).
//
// Built here rather than in the compiler because the download is /passage's chapters put together: its
// verses and headings come from `formatVerse` and `formatHeadings`, so it holds exactly what the answers
// carry (a field added to a verse reaches the download with no second copy of the shape). The render
// step has the build loaded as a DataSet already.

import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import {
  ARTEFACT_FORMAT_VERSION,
  DOWNLOADS_ARTEFACT,
  DOWNLOADS_BROTLI_QUALITY,
  DOWNLOADS_CODINGS,
  DOWNLOADS_FILE,
  DOWNLOADS_GZIP_LEVEL,
  DOWNLOADS_HEADER,
  DOWNLOADS_HEADER_BYTES,
  DOWNLOADS_MAGIC,
  type DownloadCoding,
  type RenderedArtefactEntry,
  type StoredDownload,
} from '@skg/core';
import { hashFile } from '../artefacts/check-dist.ts';
import type { DataSet } from '../artefacts/types.ts';
import { writeFully } from '../internal/write-fully.ts';
import { encodeTranslationDownload } from '../routes/translation-download.ts';
import { availableTranslations } from '../routes/translation.ts';

/** The uncoded JSON in each stored coding. */
function encodeCodings(identity: Uint8Array): Record<DownloadCoding, Uint8Array> {
  const br = brotliCompressSync(identity, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: DOWNLOADS_BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
      [zlib.BROTLI_PARAM_LGWIN]: 24,
    },
  });
  return { br, gzip: gzipSync(identity, { level: DOWNLOADS_GZIP_LEVEL }), identity };
}

/** What the render step reports of the downloads: per translation, its bytes in each coding. */
export interface RenderedDownloads extends RenderedArtefactEntry {
  readonly translations: Readonly<Record<string, Readonly<Record<DownloadCoding, number>>>>;
}

/** Writes every translation `dataSet` serves (the BSB first) into `file`; returns bytes and sizes. */
export function writeDownloads(dataSet: DataSet, file: string): Pick<RenderedDownloads, 'bytes' | 'records' | 'translations'> {
  const table: StoredDownload[] = [];
  const bodies: Uint8Array[] = [];
  const translations: Record<string, Record<DownloadCoding, number>> = {};
  let tailBytes = 0;
  for (const id of availableTranslations(dataSet)) {
    const identity = encodeTranslationDownload(dataSet, id);
    const coded = encodeCodings(identity);
    const entry = {} as Record<DownloadCoding, readonly [number, number]>;
    for (const coding of DOWNLOADS_CODINGS) {
      entry[coding] = [tailBytes, coded[coding].byteLength];
      bodies.push(coded[coding]);
      tailBytes += coded[coding].byteLength;
    }
    table.push({ translation: id, sha256: createHash('sha256').update(identity).digest('hex'), bodies: entry });
    translations[id] = { br: coded.br.byteLength, gzip: coded.gzip.byteLength, identity: identity.byteLength };
  }
  const tableBytes = Buffer.from(JSON.stringify(table), 'utf8');
  const tailOffset = Math.ceil((DOWNLOADS_HEADER_BYTES + tableBytes.length) / 8) * 8;
  const head = Buffer.alloc(tailOffset);
  head.write(DOWNLOADS_MAGIC, DOWNLOADS_HEADER.magic, 'ascii');
  head.writeUInt32LE(ARTEFACT_FORMAT_VERSION, DOWNLOADS_HEADER.formatVersion);
  head.writeUInt32LE(tailOffset, DOWNLOADS_HEADER.tailOffset);
  head.writeUInt32LE(table.length, DOWNLOADS_HEADER.records);
  head.writeUInt32LE(tableBytes.length, DOWNLOADS_HEADER.tableBytes);
  tableBytes.copy(head, DOWNLOADS_HEADER_BYTES);
  const fd = openSync(file, 'w');
  try {
    for (const chunk of [head, ...bodies]) writeFully(fd, chunk);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return { bytes: tailOffset + tailBytes, records: table.length, translations };
}

/**
 * Writes `downloads.bin` into the build directory (through a temporary file renamed into place) and
 * returns its manifest entry.
 */
export async function renderDownloadArtefact(dataSet: DataSet, buildDir: string, log?: (message: string) => void): Promise<RenderedDownloads> {
  const file = path.join(buildDir, DOWNLOADS_FILE);
  const temp = path.join(buildDir, `.${DOWNLOADS_FILE}.${process.pid}.tmp`);
  try {
    const started = performance.now();
    const written = writeDownloads(dataSet, temp);
    const seconds = (performance.now() - started) / 1000;
    const sha256 = await hashFile(temp);
    renameSync(temp, file);
    for (const [id, sizes] of Object.entries(written.translations)) {
      log?.(`render download ${id}: ${(sizes.identity / 1e6).toFixed(1)} MB → ${(sizes.br / 1e6).toFixed(1)} MB brotli, ${(sizes.gzip / 1e6).toFixed(1)} MB gzip`);
    }
    log?.(`render downloads: ${written.records} translations in ${seconds.toFixed(1)} s`);
    return { name: DOWNLOADS_ARTEFACT, fileName: DOWNLOADS_FILE, sha256, optional: true, ...written };
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
