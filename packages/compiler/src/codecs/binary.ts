// A little-endian byte writer for the binary artefacts; sections are padded to 4-byte boundaries so
// the reader can view them as typed arrays without copying.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_HEADER, type ArtefactLayout, type ArtefactSections, type SectionValues } from '@skg/core';
import type { EncodedArtefact } from '../stages/write.ts';

/** An encoded artefact, named and filed as its layout declares. */
export function encodedArtefact(layout: ArtefactLayout, data: Buffer, records: number, optional = false): EncodedArtefact {
  return { name: layout.name, fileName: layout.file, data, records, optional };
}

export class ByteWriter {
  private readonly parts: Buffer[] = [];
  private length = 0;

  get offset(): number {
    return this.length;
  }

  /**
   * An artefact's fixed header, first in the file: its magic, the format version and every field of
   * its layout by name (reserved bytes zero).
   */
  header<Field extends string>(layout: ArtefactLayout<Field>, values: Readonly<Record<Field, number>>): this {
    if (this.length !== 0) throw new Error(`${layout.file}: the header goes first`);
    const buffer = Buffer.alloc(layout.headerBytes);
    buffer.write(layout.magic, ARTEFACT_HEADER.magic, 'ascii');
    buffer.writeUInt32LE(ARTEFACT_FORMAT_VERSION, ARTEFACT_HEADER.formatVersion);
    for (const field of Object.keys(layout.header) as Field[]) buffer.writeUInt32LE(values[field], layout.header[field]);
    return this.bytes(buffer);
  }

  /**
   * The declared sections after the header, in order and padded as declared; each must hold as many
   * values as the header says.
   */
  sections<Field extends string, S extends ArtefactSections<Field>>(declared: S, header: Readonly<Record<Field, number>>, values: SectionValues<S>): this {
    for (const section of declared.sections) {
      const value = (values as Record<string, ArrayLike<number>>)[section.name] ?? [];
      const expected = section.length(header, values as Record<string, ArrayLike<number>>);
      if (value.length !== expected) throw new Error(`${declared.layout.file}: section ${section.name} holds ${value.length}, the header says ${expected}`);
      if (section.align) this.align(section.align);
      if (section.kind === 'u32') this.u32s(value);
      else if (section.kind === 'u16') this.u16s(value);
      else if (section.kind === 'u8') this.u8s(value);
      else if (section.kind === 'f64') this.f64s(value);
      else this.bytes(value as Uint8Array);
    }
    return declared.padEnd ? this.align(declared.padEnd) : this;
  }

  ascii(text: string): this {
    return this.bytes(Buffer.from(text, 'ascii'));
  }

  u32(value: number): this {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    return this.bytes(buffer);
  }

  u32s(values: ArrayLike<number>): this {
    const buffer = Buffer.alloc(values.length * 4);
    for (let i = 0; i < values.length; i++) buffer.writeUInt32LE(values[i] ?? 0, i * 4);
    return this.bytes(buffer);
  }

  u16s(values: ArrayLike<number>): this {
    const buffer = Buffer.alloc(values.length * 2);
    for (let i = 0; i < values.length; i++) buffer.writeUInt16LE(values[i] ?? 0, i * 2);
    return this.bytes(buffer);
  }

  u8s(values: ArrayLike<number>): this {
    return this.bytes(Buffer.from(Uint8Array.from(values)));
  }

  f64s(values: ArrayLike<number>): this {
    const buffer = Buffer.alloc(values.length * 8);
    for (let i = 0; i < values.length; i++) buffer.writeDoubleLE(values[i] ?? 0, i * 8);
    return this.bytes(buffer);
  }

  bytes(buffer: Uint8Array): this {
    const part = Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    this.parts.push(part);
    this.length += part.length;
    return this;
  }

  /** Zero bytes up to the next multiple of `boundary` (four unless said). */
  align(boundary = 4): this {
    const pad = (boundary - (this.length % boundary)) % boundary;
    return pad ? this.bytes(Buffer.alloc(pad)) : this;
  }

  /** Writes each item in order: sections an artefact's layout declares as a list. */
  each<T>(items: readonly T[], write: (writer: this, item: T) => unknown): this {
    for (const item of items) write(this, item);
    return this;
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.parts, this.length);
  }
}

/** Offsets of variable-length records laid end to end: record i is `[offsets[i], offsets[i+1])`. */
export function concatRecords(records: readonly Uint8Array[]): { offsets: Uint32Array; data: Buffer } {
  const offsets = new Uint32Array(records.length + 1);
  let at = 0;
  records.forEach((record, i) => {
    offsets[i] = at;
    at += record.length;
  });
  offsets[records.length] = at;
  return { offsets, data: Buffer.concat(records, at) };
}

/** Lists flattened: list i is `values[start[i], start[i+1])` (compressed sparse rows). */
export function flattenLists(lists: readonly (readonly number[])[]): { start: Uint32Array; values: Uint32Array } {
  const start = new Uint32Array(lists.length + 1);
  let total = 0;
  lists.forEach((list, i) => {
    start[i] = total;
    total += list.length;
  });
  start[lists.length] = total;
  const values = new Uint32Array(total);
  lists.forEach((list, i) => values.set(list, start[i] ?? 0));
  return { start, values };
}
