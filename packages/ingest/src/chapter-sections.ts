// Merges the sections other collections add to chapter documents (a frontmatter field and a body
// section, e.g. the cross references) into those documents.

import type { ChapterSection } from './collections/collection.ts';
import type { BundleDocument } from './document.ts';
import type { FrontmatterValue } from './frontmatter.ts';

/** Code-unit order: the same on every machine, unlike localeCompare. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Returns the documents with each chapter's sections added: fields after the existing frontmatter keys
 * and body sections after the body, both in field order; the sections' sources join the chapter's
 * `sources` (existing first, then the added ones by path). Sections naming a document that is not a
 * chapter are left out. Throws when two sections give one chapter the same field, or a field the
 * chapter already has: that is a bug in a collection, not a data problem.
 */
export function mergeChapterSections(documents: readonly BundleDocument[], sections: readonly ChapterSection[]): BundleDocument[] {
  if (sections.length === 0) return [...documents];
  const byChapter = new Map<string, ChapterSection[]>();
  for (const section of sections) {
    let list = byChapter.get(section.chapter);
    if (!list) byChapter.set(section.chapter, (list = []));
    list.push(section);
  }
  return documents.map((document) => {
    const added = byChapter.get(document.id);
    if (!added || document.frontmatter.type !== 'Chapter') return document;
    const ordered = [...added].sort((a, b) => compare(a.field, b.field));
    const frontmatter: Record<string, FrontmatterValue | undefined> = { ...document.frontmatter };
    for (const section of ordered) {
      if (section.field in frontmatter) throw new Error(`${document.id}: two sections write the field '${section.field}'`);
      frontmatter[section.field] = section.value;
    }
    const existing = (document.frontmatter.sources ?? []) as readonly { readonly resource?: FrontmatterValue }[];
    const cited = new Set(existing.map((source) => String(source.resource)));
    const extra = [...new Set(ordered.flatMap((section) => section.sources))].filter((source) => !cited.has(source)).sort(compare);
    frontmatter.sources = [...(existing as readonly FrontmatterValue[]), ...extra.map((resource) => ({ resource }))];
    return {
      ...document,
      frontmatter,
      body: [document.body.trimEnd(), ...ordered.map((section) => section.body.trimEnd())].join('\n\n'),
    };
  });
}
