// Writing all of a buffer with `writeSync`, which may take only part of it (a pipe, a signal, a full
// disk): the one loop the server's file writers share (the render steps, the access log).

import { writeSync } from 'node:fs';

/**
 * Writes all of `bytes` to `fd`, at `position` of the file when given, else at the descriptor's offset
 * (a file opened to append, stdout). Throws what `writeSync` throws; the bytes before it are written.
 */
export function writeFully(fd: number, bytes: Uint8Array, position?: number): void {
  for (let written = 0; written < bytes.byteLength; ) {
    written += writeSync(fd, bytes, written, bytes.byteLength - written, position === undefined ? null : position + written);
  }
}
