// Streams the records of a SWORD import-format export (`mod2imp <module> | gzip`).
//
// The format: a line `$$$<key>` starts a record; the lines up to the next `$$$` line are its body (in
// practice one line, often empty). Keys are `[ Module Heading ]`, `[ Testament N Heading ]` or
// `<Book name> <chapter>:<verse>`, where verse 0 is the chapter's introduction (its `<chapter>`
// milestone, headings before verse 1) and chapter 0 verse 0 the book's (its `<div type="book">` and
// titles). The file is read through gunzip a line at a time, so a whole Bible is never in memory.

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

export interface ImpRecord {
  /** The key as written after `$$$`. */
  readonly key: string;
  /** Set for `<Book> <c>:<v>` keys; absent for the module and testament headings. */
  readonly reference?: { readonly book: string; readonly chapter: number; readonly verse: number };
  /** The OSIS XML fragment (body lines joined by a newline; `''` for an empty record). */
  readonly body: string;
}

const REFERENCE_KEY = /^(.+) (\d+):(\d+)$/;

/** Parses a record key; `undefined` reference for the heading keys. */
export function parseImpKey(key: string): ImpRecord['reference'] {
  const match = REFERENCE_KEY.exec(key);
  if (!match) return undefined;
  return { book: match[1] ?? '', chapter: Number(match[2]), verse: Number(match[3]) };
}

/** Splits import-format lines into records (used on a stream and, in tests, on an array). */
export async function* parseImpLines(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<ImpRecord> {
  let key: string | undefined;
  let body: string[] = [];
  const record = (): ImpRecord => {
    const reference = parseImpKey(key ?? '');
    return { key: key ?? '', ...(reference ? { reference } : {}), body: body.join('\n').trim() };
  };
  for await (const line of lines) {
    if (line.startsWith('$$$')) {
      if (key !== undefined) yield record();
      key = line.slice(3);
      body = [];
    } else if (key !== undefined) {
      body.push(line);
    } else if (line.trim() !== '') {
      throw new Error(`import format: text before the first $$$ key: ${line.slice(0, 60)}`);
    }
  }
  if (key !== undefined) yield record();
}

/** Streams the records of a gzipped `.imp.gz` file. */
export function readImpRecords(file: string): AsyncGenerator<ImpRecord> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  return parseImpLines(lines);
}
