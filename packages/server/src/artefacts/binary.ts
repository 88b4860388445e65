// Helpers the artefact decoders share: header checks and zero-copy typed-array views.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_HEADER, type ArtefactLayout, type ArtefactSections, type SectionViews } from '@skg/core';

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

/**
 * Checks the four-byte magic and the format version at the start of an artefact and, given the size
 * of its fixed header, that the whole header is there.
 */
export function checkHeader(buffer: Buffer, magic: string, file: string, headerBytes = 8): void {
  if (buffer.length < 8 || buffer.toString('ascii', ARTEFACT_HEADER.magic, ARTEFACT_HEADER.magic + 4) !== magic) {
    throw artefactError(file, `is not a ${magic} artefact`);
  }
  const version = buffer.readUInt32LE(ARTEFACT_HEADER.formatVersion);
  if (version !== ARTEFACT_FORMAT_VERSION) {
    throw artefactError(file, `has format version ${version}, this server reads ${ARTEFACT_FORMAT_VERSION}`);
  }
  if (buffer.length < headerBytes) throw artefactError(file, 'is truncated');
}

/**
 * Checks an artefact's magic, format version and header size against its layout and reads every
 * header field by name.
 */
export function readHeader<Field extends string>(buffer: Buffer, layout: ArtefactLayout<Field>, file: string): Record<Field, number> {
  checkHeader(buffer, layout.magic, file, layout.headerBytes);
  const values = {} as Record<Field, number>;
  for (const field of Object.keys(layout.header) as Field[]) values[field] = buffer.readUInt32LE(layout.header[field]);
  return values;
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

/**
 * Walks an artefact's sections in order, as the compiler's ByteWriter wrote them, handing out
 * zero-copy typed-array views. `align` skips the writer's padding.
 */
export class SectionReader {
  readonly #buffer: Buffer;
  #offset: number;

  constructor(buffer: Buffer, offset: number) {
    this.#buffer = buffer;
    this.#offset = offset;
  }

  get offset(): number {
    return this.#offset;
  }

  #take(bytes: number): number {
    const at = this.#offset;
    if (at + bytes > this.#buffer.length) throw new RangeError('section runs past the end of the artefact');
    this.#offset += bytes;
    return at;
  }

  u32s(length: number): Uint32Array {
    return viewU32(this.#buffer, this.#take(length * 4), length);
  }

  u16s(length: number): Uint16Array {
    return viewU16(this.#buffer, this.#take(length * 2), length);
  }

  u8s(length: number): Uint8Array {
    const at = this.#take(length);
    return new Uint8Array(this.#buffer.buffer, this.#buffer.byteOffset + at, length);
  }

  f64s(length: number): Float64Array {
    return new Float64Array(this.#buffer.buffer, this.#buffer.byteOffset + this.#take(length * 8), length);
  }

  /** A byte range `[start, end)` of the buffer. */
  bytes(length: number): readonly [number, number] {
    const start = this.#take(length);
    return [start, start + length];
  }

  align(boundary = 4): this {
    this.#offset = Math.ceil(this.#offset / boundary) * boundary;
    return this;
  }
}

/** The UTF-8 strings of an offset table and blob: string i is `blob[offsets[i], offsets[i+1])`. */
export function readString(buffer: Buffer, blobStart: number, offsets: Uint32Array, index: number): string {
  return buffer.toString('utf8', blobStart + (offsets[index] ?? 0), blobStart + (offsets[index + 1] ?? 0));
}

/**
 * Views the declared sections of an artefact whose header is `header`, checking they end (padded as
 * declared) exactly at `end`: the file's length, or its tail offset. Anything else is "truncated or
 * malformed".
 */
export function readSectionViews<Field extends string, S extends ArtefactSections<Field>>(
  buffer: Buffer,
  file: string,
  declared: S,
  header: Readonly<Record<Field, number>>,
  end = buffer.length,
): SectionViews<S> {
  return readSections(file, () => {
    const reader = new SectionReader(buffer, declared.layout.headerBytes);
    const views: Record<string, unknown> = {};
    for (const section of declared.sections) {
      if (section.align) reader.align(section.align);
      const length = section.length(header, views as Record<string, ArrayLike<number>>);
      views[section.name] =
        section.kind === 'u32'
          ? reader.u32s(length)
          : section.kind === 'u16'
            ? reader.u16s(length)
            : section.kind === 'u8'
              ? reader.u8s(length)
              : section.kind === 'f64'
                ? reader.f64s(length)
                : reader.bytes(length);
    }
    if (declared.padEnd) reader.align(declared.padEnd);
    if (reader.offset !== end) throw new RangeError('the sections do not end where the artefact does');
    return views as SectionViews<S>;
  });
}

/** Runs a section walk; a section that runs past the end becomes the "truncated or malformed" error. */
export function readSections<T>(file: string, walk: () => T): T {
  try {
    return walk();
  } catch (error) {
    if (error instanceof RangeError) throw artefactError(file, 'is truncated or malformed');
    throw error;
  }
}

/**
 * Binary search over a sorted table of UTF-8 strings (`offsets` into the bytes at `start`): the first
 * row whose string is not below `key` in byte order, or `total` when every string is below it.
 */
export function lowerBoundString(buffer: Buffer, start: number, offsets: Uint32Array, total: number, key: Buffer): number {
  let low = 0;
  let high = total;
  while (low < high) {
    const mid = (low + high) >>> 1;
    // `buffer.compare(target, …, sourceStart, sourceEnd)` orders the source slice (row mid) against the key.
    if (buffer.compare(key, 0, key.length, start + (offsets[mid] ?? 0), start + (offsets[mid + 1] ?? 0)) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** True when row `index` of a string table holds exactly `key`. */
export function stringEquals(buffer: Buffer, start: number, offsets: Uint32Array, index: number, key: Buffer): boolean {
  return buffer.compare(key, 0, key.length, start + (offsets[index] ?? 0), start + (offsets[index + 1] ?? 0)) === 0;
}

/** Binary search over an ascending table of distinct u32 keys: the row holding `key`, or -1. */
export function indexOfKey(keys: Uint32Array, key: number): number {
  let low = 0;
  let high = keys.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = keys[mid] ?? 0;
    if (at === key) return mid;
    if (at < key) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
