// Baseline for the throughput benchmark: bare node:http answering precomputed bytes, nothing else.
// Usage: tsx tools/bare-server.ts <body-file> <port>

import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [bodyFile, portText] = process.argv.slice(2);
if (!bodyFile || !portText) throw new Error('usage: bare-server.ts <body-file> <port>');
const body = readFileSync(bodyFile);
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(body.length),
  etag: 'W/"baseline"',
};

createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(portText), '127.0.0.1', () => console.log('ready'));
