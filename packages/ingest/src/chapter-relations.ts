// Merges the relations other collections store on chapter documents into those documents.

import type { ChapterRelation } from './collections/collection.ts';
import type { BundleDocument } from './document.ts';
import type { FrontmatterValue } from './frontmatter.ts';

/** Code-unit order: the same on every machine, unlike localeCompare. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function verseOf(osis: string): number {
  return Number(osis.split('.')[2] ?? 0);
}

/**
 * The chapter's `sources` plus every Source document its new relations name in `source`, so that each
 * source's usage count includes the chapters that carry its relations. Order: existing first, then the
 * added ones by path.
 */
function citeRelationSources(document: BundleDocument, added: readonly ChapterRelation['relation'][]): FrontmatterValue {
  const existing = (document.frontmatter.sources ?? []) as readonly { readonly resource?: FrontmatterValue }[];
  const cited = new Set(existing.map((source) => String(source.resource)));
  const extra = [...new Set(added.map((relation) => relation.source).filter((source): source is string => source?.startsWith('sources/') === true))]
    .filter((source) => !cited.has(source))
    .sort(compare)
    .map((resource) => ({ resource }));
  return [...(existing as readonly FrontmatterValue[]), ...extra];
}

/**
 * Returns the documents with each chapter's `relations` extended by the given chapter relations,
 * ordered by anchor verse, predicate, target and surface (so the output is deterministic), with exact
 * duplicates dropped. Relations naming a chapter that does not exist are left out; the caller's
 * collection report should have counted them.
 */
export function mergeChapterRelations(
  documents: readonly BundleDocument[],
  chapterRelations: readonly ChapterRelation[],
): BundleDocument[] {
  if (chapterRelations.length === 0) return [...documents];
  const byChapter = new Map<string, ChapterRelation['relation'][]>();
  for (const { chapter, relation } of chapterRelations) {
    let list = byChapter.get(chapter);
    if (!list) byChapter.set(chapter, (list = []));
    list.push(relation);
  }
  return documents.map((document) => {
    const added = byChapter.get(document.id);
    if (!added || document.frontmatter.type !== 'Chapter') return document;
    const existing = (document.frontmatter.relations ?? []) as readonly FrontmatterValue[];
    const seen = new Set<string>();
    const merged = [...added]
      .sort(
        (a, b) =>
          verseOf(a.from) - verseOf(b.from) ||
          compare(a.predicate, b.predicate) ||
          compare(a.target, b.target) ||
          compare(a.surface ?? '', b.surface ?? ''),
      )
      .filter((relation) => {
        const key = JSON.stringify(relation);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((relation): FrontmatterValue => ({
        predicate: relation.predicate,
        target: relation.target,
        from: relation.from,
        surface: relation.surface,
        note: relation.note,
        label: relation.label,
        inHeading: relation.inHeading,
        source: relation.source,
      }));
    return {
      ...document,
      frontmatter: { ...document.frontmatter, sources: citeRelationSources(document, added), relations: [...existing, ...merged] },
    };
  });
}
