// Baseline for the wide benchmark: bare node:http answering many paths, each with the bytes and headers
// our server answered it with, from memory (a Map lookup and a write, nothing else).
// Usage: tsx tools/bare-server-paths.ts <answers-file> <port>
//   <answers-file>: a JSON index (`[path, contentEncoding | null, etag, bodyLength][]`) on the first
//   line, then every body concatenated in that order.

import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';

const [answersFile, portText] = process.argv.slice(2);
if (!answersFile || !portText) throw new Error('usage: bare-server-paths.ts <answers-file> <port>');
const data = readFileSync(answersFile);
const newline = data.indexOf(10);
const index = JSON.parse(data.toString('utf8', 0, newline)) as Array<[string, string | null, string, number]>;
const answers = new Map<string, { headers: OutgoingHttpHeaders; body: Buffer }>();
let offset = newline + 1;
for (const [path, encoding, etag, length] of index) {
  const body = Buffer.from(data.subarray(offset, offset + length));
  offset += length;
  const headers: OutgoingHttpHeaders = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(length), etag };
  if (encoding) headers['content-encoding'] = encoding;
  answers.set(path, { headers, body });
}

createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404, { 'content-length': '0' });
    response.end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
}).listen(Number(portText), '127.0.0.1', () => console.log('ready'));
