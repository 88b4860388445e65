// What writing a stored answer's head costs in Node (issue 20, item 2), in process: `writeHead` with the
// plain header object the engine builds (16 headers of a br answer, as sent), with a flat
// [name, value, …] array copied from a per-answer template with the five per-request values written in,
// and a head block prebuilt once with only those values joined in (what a socket write of our own would
// cost; Node's public API has no way to send it: `writeHead` validates every name and value, object and
// array alike), and the head writer the Node listener uses (packages/server/src/http/node/response-head.ts:
// the same text by concatenation, set as the response's head as `writeHead` leaves it). Each on a fresh
// `ServerResponse`; prints ns per answer, three rounds.
//
// Usage: flock /tmp/skg-bench.lock npx tsx tools/bench-write-head.ts [--answers 300000]

import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { createHeadWriter } from '../packages/server/src/http/node/response-head.ts';
import { CORS_EXPOSE_HEADERS } from '../packages/server/src/http/steps/cors.ts';

const { values: args } = parseArgs({ options: { answers: { type: 'string', default: '300000' } } });
const answers = Number(args.answers);

const req = new IncomingMessage(new Socket());
req.httpVersionMajor = 1;
req.httpVersionMinor = 1;
req.method = 'GET';

const PER_REQUEST = ['x-request-id', 'x-ratelimit-remaining', 'ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit-reset'];

function headersOf(requestId: string): Record<string, string> {
  return {
    'x-request-id': requestId,
    'access-control-allow-origin': '*',
    'access-control-expose-headers': CORS_EXPOSE_HEADERS,
    'x-ratelimit-limit': '600',
    'ratelimit-limit': '600',
    'ratelimit-policy': '600;w=60',
    'x-ratelimit-remaining': '599',
    'ratelimit-remaining': '599',
    'x-ratelimit-reset': '60',
    'ratelimit-reset': '60',
    'cache-control': 'public, max-age=300, stale-while-revalidate=3600',
    etag: '"0123456789abcdef-0123456789abcdef"',
    vary: 'Accept-Encoding',
    'content-type': 'application/json; charset=utf-8',
    'content-encoding': 'br',
    'content-length': '981',
  };
}

const template = Object.entries(headersOf('')).flat();
const slots = PER_REQUEST.map((name) => template.indexOf(name) + 1);
const constantLines = Object.entries(headersOf(''))
  .filter(([name]) => !PER_REQUEST.includes(name))
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

function measure(label: string, answer: (i: number) => void): void {
  for (let i = 0; i < 20_000; i++) answer(i);
  const started = process.hrtime.bigint();
  for (let i = 0; i < answers; i++) answer(i);
  console.log(`${label}: ${(Number(process.hrtime.bigint() - started) / answers).toFixed(0)} ns/answer`);
}

const heads = createHeadWriter();
const body = Buffer.alloc(981);
let sink = 0;
for (let round = 1; round <= 3; round++) {
  console.log(`round ${round}`);
  measure('  object (as the engine answers): build + writeHead', (i) => {
    new ServerResponse(req).writeHead(200, 'OK', headersOf(String(i)));
  });
  measure('  flat array from a per-answer template + writeHead', (i) => {
    const headers = template.slice();
    const values = [String(i), '599', '599', '60', '60'];
    for (let slot = 0; slot < slots.length; slot++) headers[slots[slot]!] = values[slot]!;
    new ServerResponse(req).writeHead(200, 'OK', headers);
  });
  measure('  object + the head writer (http/node/response-head.ts, what the Node listener does)', (i) => {
    const res = new ServerResponse(req);
    res.shouldKeepAlive = true;
    if (!heads.setHead(res, { status: 200, statusText: 'OK', headers: headersOf(String(i)), body })) throw new Error('the head writer did not take the answer');
  });
  measure('  a fresh ServerResponse alone', () => {
    new ServerResponse(req);
  });
  measure('  a prebuilt head block, per-request lines joined in (not sendable through the public API)', (i) => {
    const head = `HTTP/1.1 200 OK\r\nx-request-id: ${i}\r\nx-ratelimit-remaining: 599\r\nratelimit-remaining: 599\r\nx-ratelimit-reset: 60\r\nratelimit-reset: 60\r\n${constantLines}Connection: keep-alive\r\n\r\n`;
    sink += Buffer.byteLength(head);
  });
}
if (sink === 0) console.log('');
