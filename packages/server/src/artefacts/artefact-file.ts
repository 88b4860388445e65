// An artefact kept partly on disk: the head (tables a request walks) is read into memory at load, the
// tail (records a request reads one at a time: document records, bodies, the FlexSearch export read
// once) is read from the open file when asked for, through the page cache. The open descriptor keeps
// the file readable even after a later build removes it, so a data set replaced by a hot swap answers
// its last requests; the descriptor is closed once nothing can read through it any more (the set was
// garbage-collected).

import { closeSync, openSync, readSync } from 'node:fs';
import { alignBuffer, artefactError } from './binary.ts';

export interface ArtefactFile {
  readonly file: string;
  /** Bytes `[0, tailOffset)`, in memory, 8-byte aligned. */
  readonly head: Buffer;
  /** Where the on-disk tail begins (the file's length when it has none). */
  readonly tailOffset: number;
  readonly bytes: number;
  /** Bytes `[start, end)` of the file (any part; the head is served from memory). */
  read(start: number, end: number): Buffer;
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
    const readRange = (start: number, end: number): Buffer => {
      const out = Buffer.allocUnsafe(end - start);
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
    const read = (start: number, end: number): Buffer => {
      if (start < 0 || end > bytes || start > end) throw new RangeError(`${file}: no bytes [${start}, ${end})`);
      return end <= tailOffset ? head.subarray(start, end) : readRange(start, end);
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
