// A bundle document (frontmatter + markdown body) and the bytes it is written as.

import { type Frontmatter, formatFrontmatter } from './frontmatter.ts';

export interface BundleDocument {
  /** Path relative to the bundle root without `.md` (`bible/john/3`). */
  readonly id: string;
  readonly frontmatter: Frontmatter;
  /** Markdown body, without a trailing newline. */
  readonly body: string;
}

/** A file of the bundle that is not a document (`index.md` of a folder, later data files). */
export interface BundleFile {
  /** Path relative to the bundle root, with its extension. */
  readonly path: string;
  readonly content: string;
}

/** `---`, the frontmatter, `---`, a blank line, the body: UTF-8, LF, one final newline. */
export function formatDocument(document: BundleDocument): string {
  return `---\n${formatFrontmatter(document.frontmatter)}---\n\n${document.body.trimEnd()}\n`;
}

/** The document as a file of the bundle. */
export function createDocumentFile(document: BundleDocument): BundleFile {
  return { path: `${document.id}.md`, content: formatDocument(document) };
}

/** Escapes text so markdown shows it as written and reads no link, emphasis or HTML into it. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, (char) => `\\${char}`);
}
