import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { Answer } from '../../packages/server/src/http/engine.ts';
import { createHeadWriter } from '../../packages/server/src/http/node/response-head.ts';

const CORS = 'X-Request-Id, ETag, Idempotency-Key';

/** An engine answer as the stored lane makes it (the order of its headers is the engine's). */
function storedAnswer(body: Uint8Array | string): Answer {
  return {
    status: 200,
    statusText: 'OK',
    headers: {
      'x-request-id': 'b8c6c1a4-6f0e-4d7e-9a59-3f7b1f0c2d11',
      'idempotency-key': 'key é ~ 1',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': CORS,
      'ratelimit-remaining': '599',
      etag: '"d406c0529418-0e2b9073401f3ebf"',
      vary: 'Accept-Encoding',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength),
    },
    body,
  };
}

/**
 * The raw bytes of the answers of a server whose listener answers each request with `answer`, made
 * through `writeHead` (`?node`) or through the head writer; `requests` are written as they are on one
 * connection, which is read until the server closes it or 300 ms pass.
 */
async function wireBytes(answer: Answer, requests: string, options: { maxRequestsPerSocket?: number; keepAliveTimeout?: number } = {}): Promise<{ bytes: string; taken: number }> {
  const heads = createHeadWriter();
  let taken = 0;
  const server = createServer((req, res: ServerResponse) => {
    if (!req.url?.endsWith('?node') && heads.setHead(res, answer)) {
      taken += 1;
      res.end(answer.body);
    } else {
      res.writeHead(answer.status, answer.statusText, answer.headers);
      res.end(answer.body ?? undefined);
    }
  });
  if (options.maxRequestsPerSocket !== undefined) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(requests);
  await Promise.race([once(socket, 'end'), new Promise((resolve) => setTimeout(resolve, 300))]);
  socket.destroy();
  server.close();
  // The Date of two answers may differ by a second.
  return { bytes: Buffer.concat(chunks).toString('latin1').replace(/Date: [^\r]*\r\n/g, 'Date: <date>\r\n'), taken };
}

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`;

describe('the head writer', () => {
  // [name, answer, requests, answers the head writer makes (the rest go through writeHead), options]
  const cases: Array<[string, Answer, string, number, { maxRequestsPerSocket?: number; keepAliveTimeout?: number }?]> = [
    ['a stored answer (bytes), two on one connection', storedAnswer(Buffer.from('{"a":1}')), get('/x') + get('/y'), 2],
    ['a computed answer (text, not ASCII)', storedAnswer('{"text":"Ἐν ἀρχῇ"}'), get('/x'), 1],
    ['HTTP/1.0 without keep-alive (Connection: close)', storedAnswer(Buffer.from('{}')), 'GET /x HTTP/1.0\r\n\r\n', 0],
    ['HTTP/1.0 asking for keep-alive', storedAnswer(Buffer.from('{}')), 'GET /x HTTP/1.0\r\nConnection: keep-alive\r\n\r\n', 1],
    ['a client closing (Connection: close)', storedAnswer(Buffer.from('{}')), get('/x', 'Connection: close\r\n'), 0],
    ['HEAD (no body written)', storedAnswer(Buffer.from('{}')), 'HEAD /x HTTP/1.1\r\nHost: x\r\n\r\n', 0],
    ['a 304 without a body', { status: 304, statusText: 'Not Modified', headers: { etag: '"a"', vary: 'Accept-Encoding' }, body: null }, get('/x'), 0],
    ['the last request a connection may carry (max requests)', storedAnswer(Buffer.from('{}')), get('/x') + get('/y'), 1, { maxRequestsPerSocket: 2 }],
    ['an answer closing its connection (Connection: close)', { ...storedAnswer(Buffer.from('{}')), headers: { ...storedAnswer(Buffer.from('{}')).headers, connection: 'close' } }, get('/x') + get('/y'), 0],
    ['an answer without Content-Length', { ...storedAnswer(Buffer.from('{}')), headers: { etag: '"a"' } }, get('/x') + get('/y'), 0],
    ['another keep-alive timeout', storedAnswer(Buffer.from('{}')), get('/x'), 1, { keepAliveTimeout: 65_000 }],
  ];
  for (const [name, answer, requests, taken, options] of cases) {
    it(`writes what writeHead writes: ${name}`, async () => {
      const ours = await wireBytes(answer, requests, options);
      const node = await wireBytes(answer, requests.replaceAll(/ (\/[xy]) HTTP/g, ' $1?node HTTP'), options);
      assert.ok(ours.bytes.startsWith('HTTP/1.'), ours.bytes);
      assert.equal(ours.bytes, node.bytes);
      assert.equal(ours.taken, taken, 'answers whose head the head writer made');
      assert.equal(node.taken, 0);
    });
  }

  it('leaves a response it cannot vouch for to writeHead, setting nothing', async () => {
    const heads = createHeadWriter();
    const server = createServer((_req, res) => {
      res.shouldKeepAlive = false; // as the drain does
      const taken = heads.setHead(res, storedAnswer(Buffer.from('{}')));
      res.writeHead(taken ? 500 : 200, { 'content-length': '0' });
      res.end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const response = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    server.close();
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('connection'), 'close');
  });
});
