// Stage 2, parse: reads each discovered file and splits it into YAML frontmatter and markdown body.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import type { Diagnostics } from '../diagnostics.ts';
import type { DiscoveredBundle } from './discover.ts';

export interface ParsedDocument {
  readonly id: string;
  readonly file: string;
  /** The frontmatter as YAML parsed it (dates stay strings when the bundle quotes them). */
  readonly data: Readonly<Record<string, unknown>>;
  readonly body: string;
  /** The raw frontmatter text, kept to point diagnostics at a line. */
  readonly frontmatter: string;
}

export interface ParsedBundle {
  readonly bundleDir: string;
  /** The root `index.md`'s frontmatter, or null when missing or unreadable. */
  readonly root: ParsedDocument | null;
  /** The root `log.md` markdown, or null. */
  readonly log: string | null;
  /** Documents in id order; files that failed to parse are left out (with an error). */
  readonly documents: readonly ParsedDocument[];
}

const CONCURRENCY = 64;

/** 1-based line in the file of the first frontmatter line matching `pattern`, or undefined. */
export function findFrontmatterLine(document: Pick<ParsedDocument, 'frontmatter'>, pattern: RegExp): number | undefined {
  const lines = document.frontmatter.split('\n');
  // `frontmatter` starts right after the opening `---`, so its line 0 is the file's line 1.
  const index = lines.findIndex((line) => pattern.test(line));
  return index < 0 ? undefined : index + 1;
}

async function parseFile(bundleDir: string, id: string, file: string, diagnostics: Diagnostics): Promise<ParsedDocument | null> {
  let source: string;
  try {
    source = await readFile(path.join(bundleDir, file), 'utf8');
  } catch (error) {
    diagnostics.error('parse', `cannot read: ${(error as Error).message}`, { file });
    return null;
  }
  if (source.charCodeAt(0) === 0xfeff) diagnostics.warning('parse', 'starts with a byte-order mark', { file });
  if (source.includes('\r\n')) diagnostics.warning('parse', 'uses CRLF line ends; the profile asks for LF', { file });
  try {
    // Passing options turns off gray-matter's cache, which would keep every file's text alive.
    const parsed = matter(source, { excerpt: false });
    const data = parsed.data as Record<string, unknown>;
    return { id, file, data, body: parsed.content, frontmatter: parsed.matter ?? '' };
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    diagnostics.error('parse', `frontmatter is not valid YAML: ${reason}`, {
      file,
      ...(mark?.line !== undefined ? { line: mark.line + 2 } : {}),
    });
    return null;
  }
}

export async function parse(discovered: DiscoveredBundle, diagnostics: Diagnostics): Promise<ParsedBundle> {
  const { bundleDir } = discovered;
  const root = discovered.rootIndex ? await parseFile(bundleDir, 'index', discovered.rootIndex, diagnostics) : null;
  let log: string | null = null;
  if (discovered.log) {
    log = await readFile(path.join(bundleDir, discovered.log), 'utf8').catch((error: Error) => {
      diagnostics.error('parse', `cannot read: ${error.message}`, { file: discovered.log ?? 'log.md' });
      return null;
    });
  }
  const documents: ParsedDocument[] = [];
  const files = discovered.documents;
  for (let start = 0; start < files.length; start += CONCURRENCY) {
    const batch = files.slice(start, start + CONCURRENCY);
    const parsed = await Promise.all(batch.map((f) => parseFile(bundleDir, f.id, f.file, diagnostics)));
    for (const document of parsed) if (document) documents.push(document);
  }
  return { bundleDir, root, log, documents };
}
