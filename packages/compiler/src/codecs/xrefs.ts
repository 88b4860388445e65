// Encodes the cross-reference shards (`xrefs.bin`); the layout is XREFS_LAYOUT (@skg/core `artefacts/xrefs.ts`).

import { encodeConfidence, packChapter, XREFS_LAYOUT, XREFS_SECTIONS } from '@skg/core';
import type { CrossReferenceIndex } from '../stages/index-cross-references.ts';
import type { LinkedChapter } from '../stages/link.ts';
import type { EncodedArtefact } from '../stages/write.ts';
import { ByteWriter, encodedArtefact } from './binary.ts';

/**
 * One shard per chapter (its rows laid end to end, in the index stage's order: votes highest first),
 * addressed by the chapter's canonical ordinal.
 */
export function encodeCrossReferences(chapters: readonly LinkedChapter[], index: CrossReferenceIndex): Buffer {
  const { references } = index;
  const start = new Uint32Array(chapters.length + 1);
  for (const reference of references) start[reference.fromChapter + 1] = (start[reference.fromChapter + 1] ?? 0) + 1;
  for (let i = 0; i < chapters.length; i++) start[i + 1] = (start[i + 1] ?? 0) + (start[i] ?? 0);
  const header = { chapters: chapters.length, references: references.length, threshold: index.threshold };
  return new ByteWriter()
    .header(XREFS_LAYOUT, header)
    .sections(XREFS_SECTIONS, header, {
      keys: chapters.map((chapter) => packChapter(chapter.book, chapter.chapter)),
      start,
      targetStart: references.map((reference) => reference.start),
      targetEnd: references.map((reference) => reference.end),
      fromVerse: references.map((reference) => reference.fromVerse),
      confidence: references.map((reference) => encodeConfidence(reference.votes)),
    })
    .toBuffer();
}

/** The required `xrefs` artefact (empty when the bundle has no cross references). */
export function createCrossReferencesArtefact(chapters: readonly LinkedChapter[], index: CrossReferenceIndex): EncodedArtefact {
  return encodedArtefact(XREFS_LAYOUT, encodeCrossReferences(chapters, index), index.references.length);
}
