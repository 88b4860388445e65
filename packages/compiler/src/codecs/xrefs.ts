// Encodes the cross-reference shards (`xrefs.bin`). The layout is documented above its decoder,
// packages/server/src/artefacts/xrefs.ts.

import { ARTEFACT_FORMAT_VERSION, encodeConfidence, packChapter, XREF_ARTEFACT_MAGIC, XREFS_ARTEFACT } from '@skg/core';
import type { CrossReferenceIndex } from '../stages/index-cross-references.ts';
import type { LinkedChapter } from '../stages/link.ts';
import type { EncodedArtefact } from '../stages/write.ts';
import { ByteWriter } from './binary.ts';

/**
 * One shard per chapter (its rows laid end to end, in the index stage's order: votes highest first),
 * addressed by the chapter's canonical ordinal.
 */
export function encodeCrossReferences(chapters: readonly LinkedChapter[], index: CrossReferenceIndex): Buffer {
  const { references } = index;
  const start = new Uint32Array(chapters.length + 1);
  for (const reference of references) start[reference.fromChapter + 1] = (start[reference.fromChapter + 1] ?? 0) + 1;
  for (let i = 0; i < chapters.length; i++) start[i + 1] = (start[i + 1] ?? 0) + (start[i] ?? 0);
  return new ByteWriter()
    .ascii(XREF_ARTEFACT_MAGIC.crossReferences)
    .u32(ARTEFACT_FORMAT_VERSION)
    .u32(chapters.length)
    .u32(references.length)
    .u32(index.threshold)
    .u32(0)
    .u32s(chapters.map((chapter) => packChapter(chapter.book, chapter.chapter)))
    .u32s(start)
    .u32s(references.map((reference) => reference.start))
    .u32s(references.map((reference) => reference.end))
    .u8s(references.map((reference) => reference.fromVerse))
    .align()
    .u8s(references.map((reference) => encodeConfidence(reference.votes)))
    .align()
    .toBuffer();
}

/** The required `xrefs` artefact (empty when the bundle has no cross references). */
export function createCrossReferencesArtefact(chapters: readonly LinkedChapter[], index: CrossReferenceIndex): EncodedArtefact {
  return { name: XREFS_ARTEFACT, fileName: 'xrefs.bin', data: encodeCrossReferences(chapters, index), records: index.references.length, optional: false };
}
