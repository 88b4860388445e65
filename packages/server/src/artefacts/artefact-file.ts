// An artefact kept partly on disk: the head (tables a request walks) is read into memory at load, the
// tail (records a request reads one at a time: document records, bodies, the FlexSearch export read
// once) is read from the open file when asked for, through the page cache. The open descriptor keeps
// the file readable even after a later build removes it, so a data set replaced by a hot swap answers
// its last requests; the descriptor is closed once nothing can read through it any more (the set was
// garbage-collected). A tail read of a file the integrity watch found changed throws 503 (integrity.ts).

import { closeSync, openSync, readSync } from 'node:fs';
import { alignBuffer, artefactError } from './binary.ts';
import { assertArtefactIntact, hasChangedArtefacts } from './integrity.ts';

export interface ArtefactFile {
  readonly file: string;
  /** Bytes `[0, tailOffset)`, in memory, 8-byte aligned. */
  readonly head: Buffer;
  /** Where the on-disk tail begins (the file's length when it has none). */
  readonly tailOffset: number;
  readonly bytes: number;
  /**
   * Bytes `[start, end)` of the file (any part; the head is served from memory). `short-lived`: bytes
   * used briefly and dropped (a response body, written to the socket), so a tail read is carved from a
   * shared 64 KiB slab instead of a buffer of its own; never keep such a result: it holds the whole slab.
   */
  read(start: number, end: number, use?: 'short-lived'): Buffer;
}

/**
 * The slab short-lived reads (`read(…, 'short-lived')`) are carved from. A read of its own costs a new ArrayBuffer for anything
 * over Buffer's 4 KiB pool limit (a chapter's answer is 6 KB): 1.85 against 1.39 µs for a 6 KB read
 * through the page cache, measured in process; 64 KiB stays under the 128 KiB above which glibc maps
 * (and unmaps) each block (MALLOC_MMAP_THRESHOLD_, README). A read over a quarter of it gets its own.
 */
const SLAB_BYTES = 64 * 1024;
let slab = Buffer.allocUnsafeSlow(0);
let slabUsed = 0;

function carve(length: number): Buffer {
  if (length > SLAB_BYTES / 4) return Buffer.allocUnsafe(length);
  if (slabUsed + length > slab.length) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const out = slab.subarray(slabUsed, slabUsed + length);
  slabUsed = (slabUsed + length + 7) & ~7;
  return out;
}

/** Bytes of header every artefact has before its tail offset could be read. */
const HEADER_PROBE = 64;

/**
 * Closes the descriptor behind a `read` function nobody holds any more. Keyed on `read` (not on the
 * ArtefactFile) because `read` is what reaches the descriptor: whoever can still read holds it.
 */
const descriptors = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
});

/**
 * Opens `file` (of `bytes` bytes, as the manifest says), reads its header, takes the tail offset from
 * the u32 at `tailOffsetAt` and reads everything before it into memory.
 */
export function openArtefactFile(file: string, bytes: number, tailOffsetAt: number): ArtefactFile {
  const fd = openSync(file, 'r');
  try {
    const readRange = (start: number, end: number, out: Buffer = Buffer.allocUnsafe(end - start)): Buffer => {
      let done = 0;
      while (done < out.length) {
        const n = readSync(fd, out, done, out.length - done, start + done);
        if (n === 0) throw artefactError(file, 'ended early');
        done += n;
      }
      return out;
    };
    const probe = readRange(0, Math.min(HEADER_PROBE, bytes));
    if (probe.length < tailOffsetAt + 4) throw artefactError(file, 'is truncated or malformed');
    const tailOffset = probe.readUInt32LE(tailOffsetAt);
    if (tailOffset < tailOffsetAt + 4 || tailOffset > bytes) throw artefactError(file, 'is truncated or malformed');
    const head = alignBuffer(readRange(0, tailOffset));
    const read = (start: number, end: number, use?: 'short-lived'): Buffer => {
      if (start < 0 || end > bytes || start > end) throw new RangeError(`${file}: no bytes [${start}, ${end})`);
      if (end <= tailOffset) return head.subarray(start, end);
      if (hasChangedArtefacts()) assertArtefactIntact(file);
      return use === 'short-lived' ? readRange(start, end, carve(end - start)) : readRange(start, end);
    };
    descriptors.register(read, fd);
    return { file, head, tailOffset, bytes, read };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** The same view over an artefact already in memory (tests, benchmarks). */
export function createMemoryArtefactFile(buffer: Buffer, file: string, tailOffsetAt: number): ArtefactFile {
  const aligned = alignBuffer(buffer);
  if (aligned.length < tailOffsetAt + 4) throw artefactError(file, 'is truncated or malformed');
  const tailOffset = aligned.readUInt32LE(tailOffsetAt);
  if (tailOffset > aligned.length) throw artefactError(file, 'is truncated or malformed');
  return {
    file,
    head: aligned.subarray(0, tailOffset),
    tailOffset,
    bytes: aligned.length,
    read: (start, end) => aligned.subarray(start, end),
  };
}
