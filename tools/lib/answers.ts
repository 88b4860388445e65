// The answers our server gives to a list of paths for one client (its Accept-Encoding), taken in
// process from the same dist, written to one file that the baselines serve from: bare node:http
// (tools/bare-server-paths.ts) from memory, nginx (tools/lib/nginx.ts) as files.
//
//   line 1   JSON: [path, headers, bodyLength][] in order (headers as our server sent them, lower-case)
//   then     every body, concatenated in that order

import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import type { BenchApp } from './in-process.ts';

export type AnswerIndex = Array<[string, Record<string, string>, number]>;

export interface Answer {
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/** What `writeAnswers` wrote. */
export interface WrittenAnswers {
  readonly count: number;
  /** Answers with a Content-Encoding. */
  readonly encoded: number;
  readonly bodyBytes: number;
  /** The Content-Encoding answers carry (the first seen), or `identity`. */
  readonly coding: string;
}

/** Asks `app` for every path with `headers` and writes the answers to `file`; throws on an answer that is not 200. */
export async function writeAnswers(app: BenchApp, paths: readonly string[], headers: Record<string, string>, file: string): Promise<WrittenAnswers> {
  const index: AnswerIndex = [];
  const bodies: Buffer[] = [];
  let encoded = 0;
  let bodyBytes = 0;
  let coding = 'identity';
  for (const route of paths) {
    const response = await app.fetch(new Request(`http://localhost${route}`, { headers }));
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}`);
    const sent: Record<string, string> = {};
    response.headers.forEach((value, name) => (sent[name] = value));
    sent['content-length'] = String(body.length);
    const encoding = sent['content-encoding'];
    if (encoding !== undefined) {
      if (encoded++ === 0) coding = encoding;
    }
    index.push([route, sent, body.length]);
    bodies.push(body);
    bodyBytes += body.length;
  }
  const out = createWriteStream(file);
  out.write(`${JSON.stringify(index)}\n`);
  for (const body of bodies) if (!out.write(body)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return { count: paths.length, encoded, bodyBytes, coding };
}

/** The answers of a file `writeAnswers` wrote, by path. */
export function readAnswers(file: string): Map<string, Answer> {
  const data = readFileSync(file);
  const newline = data.indexOf(10);
  const index = JSON.parse(data.toString('utf8', 0, newline)) as AnswerIndex;
  const answers = new Map<string, Answer>();
  let offset = newline + 1;
  for (const [path, headers, length] of index) {
    answers.set(path, { headers, body: Buffer.from(data.subarray(offset, offset + length)) });
    offset += length;
  }
  return answers;
}
