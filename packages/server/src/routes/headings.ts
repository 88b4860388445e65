// Headings as /passage serves them: the chapter's section headings, Psalm titles, parallel-passage
// lines …, each anchored to the verse it is printed before (docs/api-decisions.md, "Headings").

import type { Heading } from '@skg/core';

/** One heading of a Passage or Chapter body; `before` is the OSIS id of the verse it precedes. */
export function formatHeading(chapterOsis: string, heading: Heading) {
  return {
    text: heading.text,
    before: `${chapterOsis}.${heading.before}`,
    level: heading.level,
    ...(heading.midVerse ? { midVerse: true as const } : {}),
    ...(heading.footnotes ? { footnotes: heading.footnotes.map((note) => ({ offset: note.offset, text: note.text, type: note.type })) } : {}),
  };
}

/**
 * The headings printed before (or, `midVerse`, inside) verses `from`…`to` of a chapter, in text order.
 * A heading before the first verse is the passage's own (Ps 23:1 has the Psalm's title); the section
 * a later verse falls under is not repeated (the chapter lists every heading).
 */
export function formatHeadings(chapterOsis: string, headings: readonly Heading[], from = 1, to = Number.MAX_SAFE_INTEGER) {
  return headings.filter((heading) => heading.before >= from && heading.before <= to).map((heading) => formatHeading(chapterOsis, heading));
}
