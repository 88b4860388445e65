// A little-endian byte writer for the binary artefacts; sections are padded to 4-byte boundaries so
// the reader can view them as typed arrays without copying.

export class ByteWriter {
  private readonly parts: Buffer[] = [];
  private length = 0;

  get offset(): number {
    return this.length;
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

  bytes(buffer: Uint8Array): this {
    const part = Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    this.parts.push(part);
    this.length += part.length;
    return this;
  }

  /** Zero bytes up to the next multiple of four. */
  align(): this {
    const pad = (4 - (this.length % 4)) % 4;
    return pad ? this.bytes(Buffer.alloc(pad)) : this;
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.parts, this.length);
  }
}
