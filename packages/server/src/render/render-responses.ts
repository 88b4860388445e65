// The build's render step: loads a freshly compiled build as a DataSet, asks the routes for every answer
// that depends only on the data and the path (targets.ts), and writes them in every coding, with their ETags,
// into the response artefact (layout in @skg/core `responses.ts`, reader in artefacts/responses.ts).
//
// Each body comes from `computeResponse`, the function the route handler answers and caches with, so a
// stored answer is byte-equal to the computed one by construction (test/acceptance/responses.test.ts
// checks a sample of every kind). `skg build` runs it between writing the build directory and switching
// the manifest (`BuildOptions.render` of @skg/compiler), so the manifest names the file from the start.
//
// The answers are rendered on every core (render-pool.ts: a worker thread per core, each loading the
// build) in chunks of record numbers, and written in record order, so the file's bytes do not depend on
// the number of threads. The file is written as it is rendered: the head's size is known before the first body (fingerprints
// and ETags derive from the paths alone), each canonical request and its br body are appended from the
// tail offset on (the gzip and identity entries to two files beside it, appended to it at the end: each
// coding's section follows the one before), and the head is written last, so memory holds the head and
// a few megabytes of bodies at a time.

import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ARTEFACT_FORMAT_VERSION,
  hashResponseFingerprint,
  hashResponseKey,
  type Manifest,
  type RenderedArtefactEntry,
  RESPONSES_ETAG_BASE_MAX,
  RESPONSES_FILE,
  RESPONSES_HEADER,
  RESPONSES_HEADER_BYTES,
  RESPONSES_MAGIC,
  RESPONSES_RECORD,
  RESPONSES_RECORD_WORDS,
  responseSlotCount,
  RESPONSES_ARTEFACT,
} from '@skg/core';
import { hashFile } from '../artefacts/check-dist.ts';
import { loadDataSet } from '../artefacts/dataset.ts';
import type { DataSet } from '../artefacts/types.ts';
import { writeFully } from '../internal/write-fully.ts';
import { renderDownloadArtefact, type RenderedDownloads } from './downloads.ts';
import { planResponses, type ResponsePlan } from './plan.ts';
import type { RenderedBody } from './render-chunk.ts';
import { type ChunkRenderer, createChunkRenderer } from './render-pool.ts';

export interface RenderInput {
  readonly distDir: string;
  /** The build directory the manifest names (its artefacts are written, the manifest not yet switched). */
  readonly buildDir: string;
  /** The manifest about to be switched in: it names the build's artefacts relative to `distDir`. */
  readonly manifest: Manifest;
  readonly log?: (message: string) => void;
  /** Worker threads rendering; default one per core (os.availableParallelism()); 1 renders in this thread. */
  readonly threads?: number;
  /** Records per chunk handed to a thread; default RENDER_CHUNK_RECORDS (tests use a few). */
  readonly chunkRecords?: number;
  /** Called as each chunk is written: answers planned so far and in all (for a progress display). */
  readonly onProgress?: (done: number, total: number) => void;
}

/** What the compiler adds to the manifest for the rendered file, and what the render counted. */
export interface RenderedArtefact extends RenderedArtefactEntry {
  /** Answers stored and bytes (br, gzip, uncompressed) per kind, for the build report. */
  readonly kinds: Readonly<Record<string, { readonly answers: number; readonly bytes: number; readonly gzipBytes: number; readonly rawBytes: number }>>;
}

/** Records a render request hands a worker at once: large enough to keep messages few, small enough to balance. */
export const RENDER_CHUNK_RECORDS = 512;

/** The ETag's 16 hex digits after `"<base>-`, as the two u32 a record stores; throws for a tag of another base. */
function splitEtag(etag: string, etagBase: string, key: string): [number, number] {
  const digits = /^"([0-9a-f]+)-([0-9a-f]{16})"$/.exec(etag);
  if (!digits || digits[1] !== etagBase) throw new Error(`render: ${key} has the ETag ${etag}, not one of the base ${etagBase}: its route cannot be stored`);
  return [parseInt(digits[2]!.slice(0, 8), 16), parseInt(digits[2]!.slice(8), 16)];
}

/**
 * Writes the answers `plan` lists into `file` (written in place) with `renderer`, taking its chunks in
 * record order whatever thread rendered them; returns records, kinds and bytes.
 */
export async function writeResponses(
  { etagBase, planned }: ResponsePlan,
  file: string,
  renderer: Pick<ChunkRenderer, 'threads' | 'render'>,
  chunkRecords = RENDER_CHUNK_RECORDS,
  onProgress?: (done: number, total: number) => void,
): Promise<Omit<RenderedArtefact, 'name' | 'fileName' | 'sha256' | 'optional'>> {
  if (etagBase.length > RESPONSES_ETAG_BASE_MAX) throw new Error(`the ETag base ${etagBase} does not fit the response artefact header`);

  // The head: header, hash table and records, padded to 8; its size is known before the first body.
  const count = planned.length;
  const slotCount = responseSlotCount(count);
  const slots = new Uint32Array(slotCount);
  const records = new Uint32Array(count * RESPONSES_RECORD_WORDS);
  planned.forEach(({ key, etag }, record) => {
    const at = record * RESPONSES_RECORD_WORDS;
    const [etagHigh, etagLow] = splitEtag(etag, etagBase, key);
    records[at + RESPONSES_RECORD.fingerprint] = hashResponseFingerprint(key);
    records[at + RESPONSES_RECORD.keyLength] = key.length;
    records[at + RESPONSES_RECORD.etagHigh] = etagHigh;
    records[at + RESPONSES_RECORD.etagLow] = etagLow;
    let slot = hashResponseKey(key) & (slotCount - 1);
    while (slots[slot] !== 0) {
      if (planned[slots[slot]! - 1]?.key === key) throw new Error(`render: ${key} is listed twice`);
      slot = (slot + 1) & (slotCount - 1);
    }
    slots[slot] = record + 1;
  });
  const recordsAt = RESPONSES_HEADER_BYTES + slotCount * 4;
  const tailOffset = Math.ceil((recordsAt + records.byteLength) / 8) * 8;

  // The br section is written into the file from the tail on; the gzip and identity sections, whose
  // places are known only once the br section's size is, into files of their own beside it, appended
  // when every body is written.
  const fd = openSync(file, 'w');
  const sideFiles = [`${file}.gzip`, `${file}.identity`] as const;
  const sections = [
    createSectionWriter(fd, tailOffset),
    createSectionWriter(openSync(sideFiles[0], 'w+'), 0),
    createSectionWriter(openSync(sideFiles[1], 'w+'), 0),
  ] as const;
  const STARTS = [RESPONSES_RECORD.brStart, RESPONSES_RECORD.gzipStart, RESPONSES_RECORD.identityStart] as const;
  try {
    const kinds: Record<string, { answers: number; bytes: number; gzipBytes: number; rawBytes: number }> = {};
    // Chunks asked for ahead (two per thread), taken in order; a later chunk's failure is seen when reached.
    const ahead: Array<Promise<RenderedBody[]>> = [];
    let asked = 0;
    const askNext = () => {
      if (asked >= count) return;
      const chunk = renderer.render(asked, Math.min(count, asked + chunkRecords));
      chunk.catch(() => {});
      ahead.push(chunk);
      asked += chunkRecords;
    };
    for (let i = 0; i < Math.max(2, renderer.threads * 2); i++) askNext();
    for (let chunkStart = 0; chunkStart < count; chunkStart += chunkRecords) {
      const rendered = await ahead.shift()!;
      askNext();
      rendered.forEach(({ bodies, rawBytes }, offset) => {
        const record = chunkStart + offset;
        const at = record * RESPONSES_RECORD_WORDS;
        // Every record's entries start where the section stands (from the section's start; made from the
        // tail's below), a record without an answer's too: its entries are empty, and each entry ends where
        // the next record's begin (layout in @skg/core).
        for (const [coding, section] of sections.entries()) records[at + STARTS[coding]!] = section.bytes;
        if (!bodies) return; // no answer to store: the route refuses this path (e.g. a verse without interlinear data)
        const { target, key } = planned[record]!;
        const [br, gzip] = bodies;
        records[at + RESPONSES_RECORD.brLength] = br.byteLength;
        const keyBytes = Buffer.from(key, 'ascii');
        // Each coding's body after its own copy of the request, in that coding's section: one read gives both.
        for (const [coding, body] of bodies.entries()) sections[coding]!.append(keyBytes, Buffer.from(body.buffer, body.byteOffset, body.byteLength));
        const totals = (kinds[target.kind] ??= { answers: 0, bytes: 0, gzipBytes: 0, rawBytes: 0 });
        totals.answers++;
        totals.bytes += br.byteLength;
        totals.gzipBytes += gzip.byteLength;
        totals.rawBytes += rawBytes;
      });
      onProgress?.(Math.min(count, chunkStart + chunkRecords), count);
    }
    for (const section of sections) section.flush();
    const [brSection, gzipSection, identitySection] = sections;
    const tailBytes = brSection.bytes + gzipSection.bytes + identitySection.bytes;
    if (tailBytes > 0xffffffff) throw new Error('render: the response bodies exceed 4 GiB');
    for (let record = 0; record < count; record++) {
      const at = record * RESPONSES_RECORD_WORDS;
      records[at + RESPONSES_RECORD.gzipStart]! += brSection.bytes;
      records[at + RESPONSES_RECORD.identityStart]! += brSection.bytes + gzipSection.bytes;
    }
    appendFile(fd, gzipSection.fd, tailOffset + brSection.bytes, gzipSection.bytes);
    appendFile(fd, identitySection.fd, tailOffset + brSection.bytes + gzipSection.bytes, identitySection.bytes);

    const head = Buffer.alloc(tailOffset);
    head.write(RESPONSES_MAGIC, RESPONSES_HEADER.magic, 'ascii');
    head.writeUInt32LE(ARTEFACT_FORMAT_VERSION, RESPONSES_HEADER.formatVersion);
    head.writeUInt32LE(tailOffset, RESPONSES_HEADER.tailOffset);
    head.writeUInt32LE(count, RESPONSES_HEADER.records);
    head.writeUInt32LE(slotCount, RESPONSES_HEADER.slots);
    head.writeUInt32LE(etagBase.length, RESPONSES_HEADER.etagBaseLength);
    head.write(etagBase, RESPONSES_HEADER.etagBase, 'ascii');
    Buffer.from(slots.buffer).copy(head, RESPONSES_HEADER_BYTES);
    Buffer.from(records.buffer).copy(head, recordsAt);
    writeFully(fd, head, 0);
    fsyncSync(fd);
    const answers = Object.values(kinds).reduce((sum, kind) => sum + kind.answers, 0);
    return { bytes: tailOffset + tailBytes, records: answers, kinds };
  } finally {
    closeSync(fd);
    for (const [i, sideFile] of sideFiles.entries()) {
      closeSync(sections[i + 1]!.fd);
      rmSync(sideFile, { force: true });
    }
  }
}

/** Appends entries to one coding's section, from `position` of `fd` on, a few megabytes at a time. */
function createSectionWriter(fd: number, position: number) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let bytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    writeFully(fd, Buffer.concat(pending, pendingBytes), position);
    position += pendingBytes;
    pending = [];
    pendingBytes = 0;
  };
  return {
    fd,
    /** Bytes appended so far. */
    get bytes() {
      return bytes;
    },
    append(key: Buffer, body: Buffer) {
      pending.push(key, body);
      pendingBytes += key.length + body.length;
      bytes += key.length + body.length;
      if (pendingBytes >= 4 * 1024 * 1024) flush();
    },
    flush,
  };
}

/** Copies the first `bytes` of the file `from` into `to` at `position`, 8 MiB at a time. */
function appendFile(to: number, from: number, position: number, bytes: number): void {
  const chunk = Buffer.allocUnsafe(8 * 1024 * 1024);
  for (let done = 0; done < bytes; ) {
    const read = readSync(from, chunk, 0, Math.min(chunk.length, bytes - done), done);
    if (read === 0) throw new Error('render: a section file ended early');
    writeFully(to, chunk.subarray(0, read), position + done);
    done += read;
  }
}

/**
 * The render step of `skg build`: loads the build `manifest` names, writes `responses.bin` into the
 * build directory (through a temporary file renamed into place: a server reading the previous file of
 * an unchanged rebuild keeps its descriptor) and returns its manifest entry.
 */
export async function renderResponseArtefact(input: RenderInput): Promise<RenderedArtefact> {
  return renderResponses(await loadDataSet(input.distDir, { manifest: input.manifest }), input);
}

/**
 * The render step of `skg build`: the response artefact, then each translation's download
 * (render/downloads.ts), from one load of the build; returns both manifest entries.
 */
export async function renderBuildArtefacts(input: RenderInput): Promise<[RenderedArtefact, RenderedDownloads]> {
  const dataSet = await loadDataSet(input.distDir, { manifest: input.manifest });
  const responses = await renderResponses(dataSet, input);
  return [responses, await renderDownloadArtefact(dataSet, input.buildDir, input.log)];
}

/** A render step writing only the downloads (a build whose answers are all computed: the fixture's tests). */
export async function renderDownloadsOnly(input: RenderInput): Promise<RenderedDownloads> {
  return renderDownloadArtefact(await loadDataSet(input.distDir, { manifest: input.manifest }), input.buildDir, input.log);
}

async function renderResponses(dataSet: DataSet, input: RenderInput): Promise<RenderedArtefact> {
  const file = path.join(input.buildDir, RESPONSES_FILE);
  const temp = path.join(input.buildDir, `.${RESPONSES_FILE}.${process.pid}.tmp`);
  const threads = input.threads ?? os.availableParallelism();
  const plan = planResponses(dataSet);
  const renderer = createChunkRenderer(threads, dataSet, plan.planned, { distDir: input.distDir, manifest: input.manifest });
  try {
    const written = await writeResponses(plan, temp, renderer, input.chunkRecords, input.onProgress);
    const sha256 = await hashFile(temp);
    renameSync(temp, file);
    for (const [kind, totals] of Object.entries(written.kinds)) {
      input.log?.(`render ${kind}: ${totals.answers} answers, ${(totals.rawBytes / 1e6).toFixed(1)} MB → ${(totals.bytes / 1e6).toFixed(1)} MB brotli, ${(totals.gzipBytes / 1e6).toFixed(1)} MB gzip`);
    }
    return { name: RESPONSES_ARTEFACT, fileName: RESPONSES_FILE, sha256, optional: true, ...written };
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  } finally {
    await renderer.close();
  }
}
