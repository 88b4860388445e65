// The sections after an artefact's header, declared once in file order: each a run of u8, u16, u32 or
// f64 values or of raw bytes, its length worked out from the header (or from a section before it),
// starting on the boundary it names (the writer pads with zeros to it). The compiler writes them with
// ByteWriter.sections and the server views them with readSectionViews, so the order, the types and the
// padding cannot drift apart.

import type { ArtefactLayout } from './layout.ts';

export type SectionKind = 'u8' | 'u16' | 'u32' | 'f64' | 'bytes';

export interface SectionSpec<Field extends string = string> {
  readonly name: string;
  readonly kind: SectionKind;
  /**
   * Values in the section (bytes for `bytes`), from the header's fields (and, where the header does not
   * say, from a section before it: given what is known of those, their values or views by name).
   */
  readonly length: (header: Readonly<Record<Field, number>>, before: Readonly<Record<string, ArrayLike<number>>>) => number;
  /** The boundary it starts on; none: right after the section before. */
  readonly align?: 4 | 8 | undefined;
}

export interface ArtefactSections<Field extends string = string, Specs extends readonly SectionSpec<Field>[] = readonly SectionSpec<Field>[]> {
  readonly layout: ArtefactLayout<Field>;
  readonly sections: Specs;
  /** The boundary the last section is padded to; none: the file (or its head) ends with it. */
  readonly padEnd?: 4 | 8;
}

type ViewOf<Kind extends SectionKind> = Kind extends 'u32'
  ? Uint32Array
  : Kind extends 'u16'
    ? Uint16Array
    : Kind extends 'u8'
      ? Uint8Array
      : Kind extends 'f64'
        ? Float64Array
        : readonly [start: number, end: number];

/** What the reader gets: per section a typed-array view, or the byte range `[start, end)` of a `bytes` section. */
export type SectionViews<S extends ArtefactSections> = { readonly [P in S['sections'][number] as P['name']]: ViewOf<P['kind']> };

/** What the writer is given: per section its values, or its bytes. */
export type SectionValues<S extends ArtefactSections> = {
  readonly [P in S['sections'][number] as P['name']]: P['kind'] extends 'bytes' ? Uint8Array : ArrayLike<number>;
};

/** Declares the sections of `layout`'s artefact, in file order, after its header. */
export function defineSections<Field extends string, const Specs extends readonly SectionSpec<Field>[]>(
  layout: ArtefactLayout<Field>,
  sections: Specs,
  padEnd?: 4 | 8,
): ArtefactSections<Field, Specs> {
  return Object.freeze({ layout, sections: Object.freeze(sections), ...(padEnd ? { padEnd } : {}) });
}
