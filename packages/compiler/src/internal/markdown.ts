// What the link stage reads from a markdown body: its links to other documents and its word count.

import path from 'node:path';

/** `[text](target)` or `[text](target "title")`, not an image; the text may hold one level of brackets. */
const LINK = /(!?)\[((?:[^\[\]\\]|\\.|\[[^\[\]]*\])*)\]\(\s*<?([^()\s<>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const FENCE = /^ {0,3}(```|~~~)/;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;
const WORD = /[\p{L}\p{N}]+(?:['\u2019][\p{L}\p{N}]+)*/gu;
const RESERVED = new Set(['index', 'log']);

export interface BodyLink {
  /** The raw target as written. */
  readonly href: string;
  /** The document id it names, or null when it is external, navigation (`index.md`, `log.md`) or empty. */
  readonly id: string | null;
  /** 1-based line of the body the link is on. */
  readonly line: number;
}

/**
 * Resolves a link target to a document id: `/x/y` is relative to the bundle root, anything else to
 * the linking document's folder; `.md`, a `#fragment` and a `?query` are dropped; `http(s):`,
 * `mailto:` and other schemes are external; links to `index.md` / `log.md` (and bare folders) are
 * navigation. Returns null for everything that is not a link between documents.
 */
export function resolveLinkTarget(href: string, fromId: string): string | null {
  if (EXTERNAL.test(href) || href.startsWith('#') || href.startsWith('//')) return null;
  let target = href.replace(/[#?].*$/, '');
  try {
    target = decodeURIComponent(target);
  } catch {
    // keep it as written
  }
  if (target === '' || target.endsWith('/')) return null;
  const joined = target.startsWith('/') ? path.posix.normalize(target) : path.posix.join('/', path.posix.dirname(fromId), target);
  const id = joined.replace(/^\/+/, '').replace(/\.md$/, '');
  if (id === '' || id.startsWith('..')) return null;
  if (RESERVED.has(path.posix.basename(id))) return null;
  return id;
}

/** Every inline link of a markdown body in reading order, skipping fenced code blocks and images. */
export function extractLinks(body: string, fromId: string): BodyLink[] {
  if (!body.includes('](')) return [];
  const links: BodyLink[] = [];
  const lines = body.split('\n');
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (FENCE.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced || !line.includes('](')) continue;
    for (const match of line.matchAll(LINK)) {
      if (match[1] === '!') continue;
      const href = match[3] ?? '';
      links.push({ href, id: resolveLinkTarget(href, fromId), line: i + 1 });
    }
  }
  return links;
}

/** Words of a markdown body as a reader counts them: link targets and markup are not words. */
export function countWords(body: string): number {
  const text = body.includes('](') ? body.replace(/\]\([^)]*\)/g, ']') : body;
  let count = 0;
  for (const _ of text.matchAll(WORD)) count++;
  return count;
}
