// What every binary artefact declares once, for the compiler's writer and the server's reader alike:
// its manifest name, file name, four-byte magic and fixed header. Every header begins with the magic
// (four ASCII bytes at 0) and the format version (a u32 at 4, ARTEFACT_FORMAT_VERSION); the fields
// after them are u32s at the byte offsets the artefact's `header` names. Bytes of the header no field
// names are reserved and written as 0. All artefacts are little-endian; the sections after the header
// are declared in ./sections.ts terms by each artefact's module.

/** Byte offsets of the two fields every artefact header starts with. */
export const ARTEFACT_HEADER = Object.freeze({ magic: 0, formatVersion: 4 } as const);

export interface ArtefactLayout<Field extends string = string> {
  /** The artefact's name in the manifest. */
  readonly name: string;
  /** Its file name in a build directory. */
  readonly file: string;
  /** Four ASCII bytes at offset 0. */
  readonly magic: string;
  /** Byte offsets of the header's u32 fields after the magic and the format version. */
  readonly header: Readonly<Record<Field, number>>;
  /** Bytes of the fixed header: the first section starts here. */
  readonly headerBytes: number;
}

/** The u32 values of a header, by field name. */
export type ArtefactHeaderValues<L extends ArtefactLayout> = L extends ArtefactLayout<infer Field> ? Record<Field, number> : never;

/**
 * Freezes an artefact's layout after checking it: a four-byte magic, every field a 4-byte-aligned u32
 * after the format version and inside the header, no two fields at the same offset.
 */
export function defineArtefactLayout<Field extends string>(layout: ArtefactLayout<Field>): ArtefactLayout<Field> {
  if (!/^[\x20-\x7e]{4}$/.test(layout.magic)) throw new Error(`${layout.name}: the magic must be four ASCII characters`);
  const taken = new Set<number>();
  for (const [field, offset] of Object.entries<number>(layout.header)) {
    if (offset % 4 !== 0 || offset < 8 || offset + 4 > layout.headerBytes || taken.has(offset)) {
      throw new Error(`${layout.name}: header field ${field} at ${offset} is not a free 4-byte slot after the format version`);
    }
    taken.add(offset);
  }
  return Object.freeze({ ...layout, header: Object.freeze({ ...layout.header }) });
}
