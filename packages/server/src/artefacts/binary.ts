// Helpers the artefact decoders share: header checks and zero-copy typed-array views.

import { ARTEFACT_FORMAT_VERSION } from '@skg/core';

/** Thrown when an artefact file is not what its manifest entry says; names the file and the fix. */
export function artefactError(file: string, problem: string): Error {
  return new Error(`${file}: ${problem}; run \`skg build\` to rebuild dist/`);
}

/**
 * Returns a buffer whose bytes start on an 8-byte boundary of their ArrayBuffer (copying only if
 * needed), so 4-byte sections can be viewed as Uint32Array / Uint16Array in place.
 */
export function alignBuffer(buffer: Buffer): Buffer {
  if (buffer.byteOffset % 8 === 0) return buffer;
  const copy = Buffer.alloc(buffer.length);
  buffer.copy(copy);
  return copy;
}

/** Checks the four-byte magic and the format version at the start of an artefact. */
export function checkHeader(buffer: Buffer, magic: string, file: string): void {
  if (buffer.length < 8 || buffer.toString('ascii', 0, 4) !== magic) {
    throw artefactError(file, `is not a ${magic} artefact`);
  }
  const version = buffer.readUInt32LE(4);
  if (version !== ARTEFACT_FORMAT_VERSION) {
    throw artefactError(file, `has format version ${version}, this server reads ${ARTEFACT_FORMAT_VERSION}`);
  }
}

export function viewU32(buffer: Buffer, byteOffset: number, length: number): Uint32Array {
  return new Uint32Array(buffer.buffer, buffer.byteOffset + byteOffset, length);
}

export function viewU16(buffer: Buffer, byteOffset: number, length: number): Uint16Array {
  return new Uint16Array(buffer.buffer, buffer.byteOffset + byteOffset, length);
}

export function align4(offset: number): number {
  return (offset + 3) & ~3;
}

/** The binary artefacts are little-endian; typed-array views read them natively only on such hosts. */
export function assertLittleEndian(): void {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    throw new Error('this server reads little-endian artefacts and needs a little-endian host');
  }
}
